/**
 * A communication path. Idle: a quiet line. Active: coloured like the sender, with an arrowhead at the receiver,
 * the message's label, and (unless motion is reduced) a dot travelling from sender to receiver.
 */
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { useApp } from '../app/store/useApp';
import { travelMs } from '../playback/speed';
import type { LinkEdge as LinkEdgeType } from './flowModel';
import { MessageDot } from './MessageDot';

export function LinkEdge(props: EdgeProps<LinkEdgeType>) {
  const { id, data } = props;
  const reduced = useApp((s) => s.reducedMotion);
  const speed = useApp((s) => s.speed);
  const [path, labelX, labelY] = getBezierPath({
    sourceX: props.sourceX,
    sourceY: props.sourceY,
    sourcePosition: props.sourcePosition,
    targetX: props.targetX,
    targetY: props.targetY,
    targetPosition: props.targetPosition,
    curvature: 0.3,
  });
  const active = !!data?.active;
  const color = `var(${data?.color ?? '--border-strong'})`;
  const marker = `url(#arrow-${id})`;
  return (
    <>
      {active && (
        <defs>
          <marker
            id={`arrow-${id}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={color} />
          </marker>
        </defs>
      )}
      <BaseEdge
        id={id}
        path={path}
        className={active ? 'link is-active' : 'link'}
        style={{ stroke: color }}
        markerEnd={active && !data?.reverse ? marker : undefined}
        markerStart={active && data?.reverse ? marker : undefined}
      />
      {active && !reduced && (
        <MessageDot key={data!.seq} path={path} reverse={data!.reverse} color={color} durationMs={travelMs(speed)} />
      )}
      {active && data?.label && (
        <EdgeLabelRenderer>
          <div
            className="link-label"
            style={{
              transform: `translate(-50%, -50%) translate(${data.labelAt?.x ?? labelX}px, ${data.labelAt?.y ?? labelY}px)`,
              borderColor: color,
            }}
            title={data.label}
          >
            {data.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
