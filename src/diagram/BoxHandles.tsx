import { Handle, Position } from '@xyflow/react';
import type { HandleSpec } from './flowModel';

const POSITION = { top: Position.Top, bottom: Position.Bottom, left: Position.Left, right: Position.Right } as const;

/** Invisible attachment points: links are fixed, so nothing is connectable. */
export function BoxHandles({ handles }: { handles: readonly HandleSpec[] }) {
  return handles.map((h) => (
    <Handle
      key={h.id}
      id={h.id}
      type={h.type}
      position={POSITION[h.side]}
      isConnectable={false}
      className="box-handle"
      style={h.side === 'top' || h.side === 'bottom' ? { left: h.offset } : { top: h.offset }}
    />
  ));
}
