/**
 * Layout boxes → React Flow nodes, and the step's links → edges. Nodes do not change between steps (what a box
 * shows at a step comes from boxStates.ts), except that the tile carrying a message's note is lifted; edges change
 * only on the link the message travels.
 */
import type { Edge, Node } from '@xyflow/react';
import type { Box, DiagramLayout, Link, Side } from '../playback/diagramLayout';
import type { DiagramState } from '../playback/diagramState';

export interface HandleSpec {
  id: string;
  type: 'source' | 'target';
  side: Side;
  offset: number;
}

export interface BoxData extends Record<string, unknown> {
  box: Box;
  handles: HandleSpec[];
}

export interface LinkData extends Record<string, unknown> {
  active: boolean;
  reverse: boolean;
  label: string;
  seq: number;
  /** Component colour of the sender (CSS variable name). */
  color: string;
  labelAt?: { x: number; y: number };
}

export type BoxNode = Node<BoxData>;
export type LinkEdge = Edge<LinkData>;

export function handlesByBox(layout: DiagramLayout): Map<string, HandleSpec[]> {
  const map = new Map<string, HandleSpec[]>();
  const add = (box: string, h: HandleSpec) => {
    const list = map.get(box) ?? [];
    // A shared handle (all tile links leave the apiserver at one point) is drawn once.
    if (!list.some((x) => x.id === h.id)) map.set(box, [...list, h]);
  };
  for (const l of layout.links) {
    add(l.a, { id: sourceHandle(l), type: 'source', side: l.aSide, offset: l.aOffset });
    add(l.b, { id: `${l.id}:b`, type: 'target', side: l.bSide, offset: l.bOffset });
  }
  return map;
}

const sourceHandle = (l: Link) => l.aHandle ?? `${l.id}:a`;

const Z = { frame: 0, label: 2, component: 2, pods: 2, tile: 2 } as const;
const CLICKABLE = { pointerEvents: 'all' } as const;

/** `lifted`: the tile carrying a message's note, drawn above its neighbours, over which the note hangs. */
export function flowNodes(layout: DiagramLayout, handles: Map<string, HandleSpec[]>, lifted?: string): BoxNode[] {
  return layout.boxes.map((box) => ({
    id: box.id,
    type: box.kind,
    position: { x: box.x, y: box.y },
    width: box.w,
    height: box.h,
    // Boxes have fixed sizes. Saying so keeps the handle bounds React Flow measured when the box mounted: a node
    // handed over as a new object without `measured` loses them, and is observed and measured again (a
    // ResizeObserver round with layout reads and a second render on the step's first frame).
    measured: { width: box.w, height: box.h },
    zIndex: Z[box.kind] + (box.kind === 'tile' && box.id === lifted ? 1 : 0),
    draggable: false,
    selectable: false,
    focusable: false,
    // React Flow passes no pointer events to nodes that are neither selectable nor draggable; a tile is a button,
    // and a Pods box holds a button per Pod.
    ...((box.kind === 'tile' || box.kind === 'pods') && { style: CLICKABLE }),
    data: { box, handles: handles.get(box.id) ?? [] },
  }));
}

export function componentOf(instance: string): string {
  return instance.split('@')[0];
}

export function flowEdges(layout: DiagramLayout, state: DiagramState): LinkEdge[] {
  const shown = layout.links.filter((l) => !l.onDemand || state.message?.linkId === l.id);
  return shown.map((l) => {
    const active = state.message?.linkId === l.id;
    return {
      id: l.id,
      type: 'link',
      source: l.a,
      target: l.b,
      sourceHandle: sourceHandle(l),
      targetHandle: `${l.id}:b`,
      zIndex: active ? 3 : 1,
      focusable: false,
      selectable: false,
      data: {
        active,
        reverse: active ? state.message!.reverse : false,
        label: active ? state.message!.label : '',
        // Only the active link needs the step (it restarts the travelling dot); idle links stay equal.
        seq: active ? state.seq : -1,
        color: active ? `--c-${componentOf(state.message!.from)}` : '--border-strong',
        labelAt: l.labelAt,
      },
    };
  });
}
