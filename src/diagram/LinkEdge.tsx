/**
 * A communication path. Idle: a quiet line. Active: coloured like the sender, with an arrowhead at the receiver,
 * the message's label, and (unless motion is reduced) a dot travelling from sender to receiver.
 */
import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react';
import { useLayoutEffect, useRef } from 'react';
import { useApp } from '../app/store/useApp';
import { travelMs } from '../playback/speed';
import { useActiveLink } from './boxStates';
import { ACTIVE_LINK_Z, LINK_Z, type LinkEdge as LinkEdgeType } from './flowModel';
import { useMessageMarks } from './messageMarks';

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
  const message = useActiveLink(id);
  const active = !!message;
  const color = `var(${message?.color ?? '--border-strong'})`;
  const marker = `url(#arrow-${id})`;
  // React Flow stacks each edge in an <svg> of its own by the edge's zIndex; the active one is raised here, on the
  // element, so that the edge objects need not change (a CSS :has() rule did the same, but made every change inside
  // the edges re-check it during style recalc).
  const defs = useRef<SVGDefsElement>(null);
  useLayoutEffect(() => {
    const svg = defs.current?.ownerSVGElement;
    if (!svg || !active) return;
    svg.style.zIndex = String(ACTIVE_LINK_Z);
    return () => void (svg.style.zIndex = String(LINK_Z));
  }, [active]);
  useMessageMarks(
    message && !reduced
      ? { seq: message.seq, path, reverse: message.reverse, color, durationMs: travelMs(speed) }
      : null,
    message?.label
      ? { text: message.label, x: data?.labelAt?.x ?? labelX, y: data?.labelAt?.y ?? labelY, color }
      : null,
  );
  return (
    <>
      {/* Always there, used only while active: a marker added and removed each step changed the SVG's structure. */}
      <defs ref={defs}>
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
      <BaseEdge
        id={id}
        path={path}
        className={active ? 'link is-active' : 'link'}
        style={{ stroke: color }}
        markerEnd={message && !message.reverse ? marker : undefined}
        markerStart={message?.reverse ? marker : undefined}
      />
    </>
  );
}
