/**
 * Layout boxes → React Flow nodes, and layout links → edges. Neither changes between steps: what a box shows comes
 * from boxStates.ts and what the link carrying the message shows from `activeLink` (read through the same store), so
 * a step hands React Flow nothing new. Only the tile carrying a message's note is lifted, and in the tile layout the
 * one on-demand link carrying the message is added.
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

interface BoxData extends Record<string, unknown> {
  box: Box;
  handles: HandleSpec[];
}

interface LinkData extends Record<string, unknown> {
  labelAt?: { x: number; y: number };
}

/** The link the current step's message travels on, and how it is drawn. */
export interface ActiveLink {
  id: string;
  reverse: boolean;
  label: string;
  /** The step: a new one restarts the travelling dot. */
  seq: number;
  /** Component colour of the sender (CSS variable name). */
  color: string;
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

export function activeLink(state: DiagramState): ActiveLink | undefined {
  const m = state.message;
  if (!m) return undefined;
  return { id: m.linkId, reverse: m.reverse, label: m.label, seq: state.seq, color: `--c-${componentOf(m.from)}` };
}

/** Links are drawn under the boxes; the one carrying the message is drawn again above them (MessageLayer.tsx). */
const LINK_Z = 1;

/**
 * The permanent links, plus `onDemand` when it is an on-demand link (the tile layout draws a tile's link only while
 * it carries a message). The edge objects stay the same from step to step: the active link is an overlay.
 */
export function flowEdges(layout: DiagramLayout, onDemand?: string): LinkEdge[] {
  const shown = layout.links.filter((l) => !l.onDemand || l.id === onDemand);
  return shown.map((l) => ({
    id: l.id,
    type: 'link',
    source: l.a,
    target: l.b,
    sourceHandle: sourceHandle(l),
    targetHandle: `${l.id}:b`,
    zIndex: LINK_Z,
    focusable: false,
    selectable: false,
    data: { labelAt: l.labelAt },
  }));
}

/** The on-demand link `flowEdges` must add for this step, if any. */
export function onDemandLink(layout: DiagramLayout, state: DiagramState): string | undefined {
  const id = state.message?.linkId;
  return id && layout.links.some((l) => l.id === id && l.onDemand) ? id : undefined;
}
