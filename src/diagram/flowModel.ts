/**
 * Layout boxes + the step's highlight state → React Flow nodes and edges. Positions never change between steps;
 * only `data` does, so React Flow re-renders the few nodes whose state changed.
 */
import type { Edge, Node } from '@xyflow/react';
import type { Box, DiagramLayout, Link, Side } from '../playback/diagramLayout';
import type { DiagramState } from '../playback/diagramState';
import { NODE_COMPONENTS } from '../playback/instances';
import type { NodeFlags } from '../playback/nodeSummary';
import type { PodsView } from '../playback/podBadges';

export interface HandleSpec {
  id: string;
  type: 'source' | 'target';
  side: Side;
  offset: number;
}

export interface BoxData extends Record<string, unknown> {
  box: Box;
  active: boolean;
  activeParts: readonly string[];
  /** Seq of the internal decision this component is making (restarts the pulse animation), or null. */
  pulseSeq: number | null;
  handles: HandleSpec[];
  pods?: PodsView;
  revision?: number;
  /** Node tiles: the node components involved in this step, the message between two of them, the Node's flags. */
  activeMarks?: readonly string[];
  note?: DiagramState['note'];
  flags?: NodeFlags;
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

export function flowNodes(
  layout: DiagramLayout,
  handles: Map<string, HandleSpec[]>,
  state: DiagramState,
  pods: PodsView | undefined,
  revision: number | undefined,
  flags?: Readonly<Record<string, NodeFlags>>,
): BoxNode[] {
  return layout.boxes.map((box) => {
    const data: BoxData = {
      box,
      active: state.active.has(box.id),
      activeParts: state.activeParts.get(box.id) ?? [],
      pulseSeq: state.pulse === box.id ? state.seq : null,
      handles: handles.get(box.id) ?? [],
      pods: podsFor(box, pods),
      revision: box.component === 'etcd' ? revision : undefined,
    };
    if (box.kind === 'tile') {
      const marks = NODE_COMPONENTS.filter((c) => state.active.has(`${c}@${box.node}`));
      data.active = marks.length > 0;
      data.activeMarks = marks;
      data.note = state.pulse === box.id ? state.note : undefined;
      data.flags = flags?.[box.node!];
    }
    return {
      id: box.id,
      type: box.kind,
      position: { x: box.x, y: box.y },
      width: box.w,
      height: box.h,
      // Boxes have fixed sizes. Saying so keeps the handle bounds React Flow measured when the box mounted: a node
      // handed over as a new object without `measured` loses them, and is observed and measured again (a
      // ResizeObserver round with layout reads and a second render on the step's first frame).
      measured: { width: box.w, height: box.h },
      // The tile carrying a message's note lifts above its neighbours, over which the note hangs.
      zIndex: Z[box.kind] + (data.note ? 1 : 0),
      draggable: false,
      selectable: false,
      focusable: false,
      // React Flow passes no pointer events to nodes that are neither selectable nor draggable; a tile is a button,
      // and a Pods box holds a button per Pod.
      ...((box.kind === 'tile' || box.kind === 'pods') && { style: CLICKABLE }),
      data,
    };
  });
}

/**
 * Only the part of the Pods view a box draws (its node's Pods, or the scheduler's queue), so that a Pod changing
 * on one node leaves every other box's data equal and React Flow does not re-render it.
 */
function podsFor(box: Box, pods: PodsView | undefined): PodsView | undefined {
  if (!pods) return undefined;
  if (box.kind === 'pods' || box.kind === 'tile')
    return { byNode: box.node && pods.byNode[box.node] ? { [box.node]: pods.byNode[box.node] } : {}, unscheduled: [] };
  if (box.component === 'kube-scheduler') return { byNode: {}, unscheduled: pods.unscheduled };
  return undefined;
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
