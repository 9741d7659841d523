/**
 * A communication path: always a quiet line. While it carries the step's message, the diagram's overlay draws it
 * over the others, coloured like the sender with an arrowhead at the receiver, with the message's label and (unless
 * motion is reduced) a dot travelling from sender to receiver (messageMarks.ts); the line itself never changes.
 */
import { BaseEdge, getBezierPath, type EdgeProps } from '@xyflow/react';
import { useApp } from '../ui/store/useApp';
import { travelMs } from '../playback/speed';
import { useActiveLink } from './boxStates';
import type { LinkEdge as LinkEdgeType } from './flowModel';
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
  const color = `var(${message?.color})`;
  useMessageMarks(
    message ? { path, color, reverse: message.reverse } : null,
    message && !reduced
      ? { seq: message.seq, path, reverse: message.reverse, color, durationMs: travelMs(speed) }
      : null,
    message?.label
      ? { text: message.label, x: data?.labelAt?.x ?? labelX, y: data?.labelAt?.y ?? labelY, color }
      : null,
  );
  return <BaseEdge id={id} path={path} className="link" />;
}
