/**
 * What each diagram box shows at the current step (highlight, its Pods, its Node's flags), kept apart from
 * the React Flow nodes. The nodes stay the same objects from step to step, so React Flow's own store is not touched
 * by a step (handing it a new node list ran every node's and edge's store selector, ~1 ms a step at 300 Pods); each
 * box reads its state from this small store instead, and only boxes whose state changed re-render.
 */
import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import type { Box, DiagramLayout } from '../playback/diagramLayout';
import type { DiagramState } from '../playback/diagramState';
import { NODE_COMPONENTS } from '../playback/instances';
import type { NodeFlags } from '../playback/nodeSummary';
import type { PodsView } from '../playback/podBadges';
import type { ActiveLink } from './flowModel';

export interface BoxState {
  id: string;
  active: boolean;
  activeParts: readonly string[];
  pods?: PodsView;
  revision?: number;
  /** Node tiles: the node components involved in this step, the message between two of them, the Node's flags. */
  activeMarks?: readonly string[];
  note?: DiagramState['note'];
  flags?: NodeFlags;
  /** A component a fault has stopped: drawn struck through. */
  down?: boolean;
  /** The component the run's diagnosis names, on the run's last step: where the journey stopped. */
  stuck?: boolean;
}

const NO_PARTS: readonly string[] = [];
const NO_DOWN: ReadonlySet<string> = new Set();

export function boxStates(
  layout: DiagramLayout,
  state: DiagramState,
  pods: PodsView | undefined,
  revision: number | undefined,
  flags?: Readonly<Record<string, NodeFlags>>,
  down: ReadonlySet<string> = NO_DOWN,
  stuck?: string,
): BoxState[] {
  return layout.boxes.map((box) => {
    const s: BoxState = {
      id: box.id,
      active: state.active.has(box.id),
      activeParts: state.activeParts.get(box.id) ?? NO_PARTS,
      pods: podsFor(box, pods),
      revision: box.component === 'etcd' ? revision : undefined,
    };
    if (box.kind === 'tile') {
      const marks = NODE_COMPONENTS.filter((c) => state.active.has(`${c}@${box.node}`));
      s.active = marks.length > 0;
      s.activeMarks = marks;
      s.note = state.pulse === box.id ? state.note : undefined;
      s.flags = flags?.[box.node!];
      if (NODE_COMPONENTS.some((c) => down.has(`${c}@${box.node}`))) s.down = true;
      if (stuck && NODE_COMPONENTS.some((c) => stuck === `${c}@${box.node}`)) s.stuck = true;
    }
    // A lane's label carries its Node's flags: NotReady, cordoned or tainted shows where the node is drawn.
    if (box.kind === 'label' && box.node) s.flags = flags?.[box.node];
    if (box.kind === 'component' && down.has(box.id)) s.down = true;
    if (box.kind === 'component' && stuck === box.id) s.stuck = true;
    return s;
  });
}

/**
 * Only the part of the Pods view a box draws (its node's Pods, or the scheduler's queue), so that a Pod changing
 * on one node leaves every other box's state equal and it does not re-render.
 */
function podsFor(box: Box, pods: PodsView | undefined): PodsView | undefined {
  if (!pods) return undefined;
  if (box.kind === 'pods' || box.kind === 'tile')
    return { byNode: box.node && pods.byNode[box.node] ? { [box.node]: pods.byNode[box.node] } : {}, unscheduled: [] };
  if (box.component === 'kube-scheduler') return { byNode: {}, unscheduled: pods.unscheduled };
  return undefined;
}

/** What the diagram shows at a step beyond its fixed shape: each box's state and the link carrying the message. */
interface StepView {
  boxes: ReadonlyMap<string, BoxState>;
  link: ActiveLink | undefined;
}

type BoxStateStore = StoreApi<StepView>;

export function createBoxStateStore(view: StepView): BoxStateStore {
  return createStore<StepView>(() => view);
}

export function byId(states: readonly BoxState[]): ReadonlyMap<string, BoxState> {
  return new Map(states.map((s) => [s.id, s]));
}

export const BoxStateContext = createContext<BoxStateStore | null>(null);

const IDLE: Omit<BoxState, 'id'> = { active: false, activeParts: NO_PARTS };

/**
 * The state of box `id` at the current step. States that did not change keep their identity (IdentityKeeper in
 * ClusterDiagram), so this re-renders its caller only when its own box changed.
 */
export function useBoxState(id: string): Omit<BoxState, 'id'> {
  const store = useContext(BoxStateContext);
  if (!store) throw new Error('useBoxState outside a diagram');
  return useStore(store, (v) => v.boxes.get(id) ?? IDLE);
}

/** The message link `id` carries at the current step, or undefined: only the links it leaves and enters re-render. */
export function useActiveLink(id: string): ActiveLink | undefined {
  const store = useContext(BoxStateContext);
  if (!store) throw new Error('useActiveLink outside a diagram');
  return useStore(store, (v) => (v.link?.id === id ? v.link : undefined));
}
