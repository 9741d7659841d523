/**
 * The cluster diagram: a pure function of (layout, current step, world). React Flow supplies pan/zoom; nothing
 * is draggable or connectable, and its keyboard bindings are off (Space belongs to play/pause).
 */
import {
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useNodesInitialized,
  useReactFlow,
  type EdgeTypes,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { firstDiagramShown } from '../ui/firstDiagram';
import { markOnce, PERF_MARKS } from '../ui/perfMarks';
import { useApp } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { defaultCluster } from '../engine/cluster/defaultCluster';
import { componentsDown } from '../engine/cluster/componentsDown';
import { G, layoutDiagram, type DiagramLayout } from '../playback/diagramLayout';
import { nodeRoles } from '../playback/instances';
import { diagramState, type DiagramState } from '../playback/diagramState';
import { nodeFlags } from '../playback/nodeSummary';
import { useStuckInstance } from './useStuckInstance';
import { podsView } from '../playback/podBadges';
import { boxStates, BoxStateContext, byId, createBoxStateStore, type BoxState } from './boxStates';
import { ComponentNode } from './ComponentNode';
import {
  activeLink,
  flowEdges,
  flowNodes,
  handlesByBox,
  onDemandLink,
  type BoxNode,
  type LinkEdge as LinkEdgeModel,
} from './flowModel';
import { IdentityKeeper } from './IdentityKeeper';
import { FrameNode, LaneLabelNode } from './FrameNode';
import { LinkEdge } from './LinkEdge';
import { MessageLayer, MessageMarksProvider } from './MessageLayer';
import { usePulseRing, useStepped, type Pulse } from './messageMarks';
import { NodeTile } from './NodeTile';
import { PodsNode } from './PodsNode';
import './diagram.css';

const nodeTypes: NodeTypes = {
  frame: FrameNode,
  label: LaneLabelNode,
  component: ComponentNode,
  pods: PodsNode,
  tile: NodeTile,
};
const edgeTypes: EdgeTypes = { link: LinkEdge };
const FIT = { padding: 0.04, duration: 0 };
const NO_DOWN: readonly string[] = [];

export function ClusterDiagram() {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const { session, step, world } = useCurrent();
  const workers = useApp((s) => s.nodes);
  const reduced = useApp((s) => s.reducedMotion);
  // Before the first run, the default cluster's shape (docs/CONTRACTS.md §5), so the page never starts empty.
  const cluster = useMemo(() => session?.run.cluster ?? defaultCluster(workers ?? 3), [session, workers]);
  const layouts = useMemo(() => {
    const roles = nodeRoles(cluster);
    return {
      wide: layoutDiagram(roles, cluster.etcdMembers, 'wide'),
      narrow: layoutDiagram(roles, cluster.etcdMembers, 'narrow'),
    };
  }, [cluster]);
  const narrow = useNarrow(container, layouts);
  const layout = narrow ? layouts.narrow : layouts.wide;
  const handles = useMemo(() => handlesByBox(layout), [layout]);
  const state = useMemo(() => diagramState(layout, step), [layout, step]);
  const tiles = useMemo(() => layout.boxes.filter((b) => b.kind === 'tile').map((b) => b.node!), [layout]);
  const nodeNames = useMemo(
    () => (tiles.length ? tiles : layout.boxes.filter((b) => b.kind === 'pods').map((b) => b.node!)),
    [layout, tiles],
  );
  // Both read only the stored objects, and most steps write nothing: keyed on the etcd map, which worlds share until
  // a write (worldAt), they are rebuilt only then.
  const etcd = world?.etcd;
  const pods = useMemo(() => (etcd ? podsView({ etcd }, nodeNames, G.podSlots) : undefined), [etcd, nodeNames]);
  // Each node's lane label or tile carries its Node's flags (NotReady, cordoned, tainted).
  const flags = useMemo(() => (etcd ? nodeFlags({ etcd }, nodeNames) : undefined), [etcd, nodeNames]);
  const downList = world ? componentsDown(world) : NO_DOWN;
  const stuck = useStuckInstance();
  const down = useMemo(() => new Set(downList), [downList]);
  const revision = world?.revision;
  const [stateIds] = useState(() => new IdentityKeeper<BoxState>());
  const states = useMemo(
    () => stateIds.keep(boxStates(layout, state, pods, revision, flags, down, stuck)),
    [stateIds, layout, state, pods, revision, flags, down, stuck],
  );
  const link = useMemo(() => activeLink(state), [state]);
  const [store] = useState(() => createBoxStateStore({ boxes: byId(states), link }));
  // Before paint, in the same task: the boxes and links whose state changed re-render in a pass of their own.
  useLayoutEffect(() => store.setState({ boxes: byId(states), link }, true), [store, states, link]);
  const pulse = useMemo(() => pulseOf(layout, state, states, reduced), [layout, state, states, reduced]);
  const lifted = state.note ? state.pulse : undefined;
  const nodes = useMemo(() => flowNodes(layout, handles, lifted), [layout, handles, lifted]);
  const onDemand = onDemandLink(layout, state);
  const edges = useMemo(() => flowEdges(layout, onDemand), [layout, onDemand]);
  // React Flow's store starts with the first nodes and edges (the same objects the canvas then hands it), so its
  // first render already draws the boxes: handed over only through the `nodes` prop, they reach the store in an
  // effect and are drawn by a second render, a frame later (on a 2-core machine ~0.2–0.4 s of the cold load).
  const [initial] = useState(() => ({ nodes, edges }));
  return (
    <div ref={container} className="diagram" data-testid="diagram" role="region" aria-label={t('diagram.label')}>
      <ReactFlowProvider initialNodes={initial.nodes} initialEdges={initial.edges}>
        <BoxStateContext.Provider value={store}>
          <MessageMarksProvider root={container}>
            <StepTracker seq={state.seq} />
            <PulseRing pulse={pulse} />
            <DiagramFlow container={container} layout={layout} nodes={nodes} edges={edges} reduced={reduced} />
          </MessageMarksProvider>
        </BoxStateContext.Provider>
      </ReactFlowProvider>
    </div>
  );
}

/** Tells the marks a step is shown, before the ring and the links draw theirs (layout effects run in tree order). */
function StepTracker({ seq }: { seq: number }) {
  useStepped(seq);
  return null;
}

/** Rings the box making the step's internal decision: a component of its own, so a step re-renders only it. */
function PulseRing({ pulse }: { pulse: Pulse | null }) {
  usePulseRing(pulse);
  return null;
}

/**
 * The React Flow canvas, inside the providers of the step's box states and message marks. Memoised: its props stay
 * the same from step to step (what a step changes reaches the boxes, links and marks through those providers), so
 * a step does not render React Flow again.
 */
const DiagramFlow = memo(function DiagramFlow({
  container,
  layout,
  nodes,
  edges,
  reduced,
}: {
  container: RefObject<HTMLDivElement | null>;
  layout: DiagramLayout;
  nodes: BoxNode[];
  edges: LinkEdgeModel[];
  reduced: boolean;
}) {
  const t = useT();
  // In a course page the wheel scrolls the page, not the diagram: zoom there is Ctrl+wheel, pinch or the buttons.
  const embed = useApp((s) => s.embed);
  useRefitOnResize(container, layout);
  const initialized = useNodesInitialized();
  useEffect(() => {
    if (!initialized) return;
    markOnce(PERF_MARKS.firstDiagram);
    firstDiagramShown();
  }, [initialized]);

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      fitView
      fitViewOptions={FIT}
      minZoom={0.2}
      maxZoom={2.5}
      nodesDraggable={false}
      nodesConnectable={false}
      nodesFocusable={false}
      edgesFocusable={false}
      elementsSelectable={false}
      panActivationKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={null}
      deleteKeyCode={null}
      zoomActivationKeyCode={null}
      disableKeyboardA11y
      zoomOnDoubleClick={false}
      zoomOnScroll={!embed}
      preventScrolling={!embed}
      proOptions={{ hideAttribution: false }}
    >
      <Controls showInteractive={false} fitViewOptions={FIT} aria-label={t('diagram.fit')} />
      <MessageLayer dot={!reduced} />
    </ReactFlow>
  );
});

/** The ring round the box making the step's internal decision, in its component's colour (a tile: its mark's). */
function pulseOf(layout: DiagramLayout, state: DiagramState, states: BoxState[], reduced: boolean): Pulse | null {
  const box = state.pulse ? layout.boxes.find((b) => b.id === state.pulse) : undefined;
  if (!box) return null;
  const component =
    box.kind === 'tile' ? (states.find((s) => s.id === box.id)?.activeMarks?.[0] ?? 'kubelet') : box.component;
  return { seq: state.seq, x: box.x, y: box.y, w: box.w, h: box.h, color: `var(--c-${component})`, still: reduced };
}

/** Keep the whole cluster in view when the panel is resized or the cluster's shape changes. */
function useRefitOnResize(container: RefObject<HTMLDivElement | null>, layout: unknown) {
  const { fitView } = useReactFlow();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const refit = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void fitView(FIT), 60);
    };
    refit();
    const ro = new ResizeObserver(refit);
    ro.observe(el);
    return () => {
      ro.disconnect();
      window.clearTimeout(timer.current);
    };
  }, [container, fitView, layout]);
}

/** Below this width the diagram may switch to the tall `narrow` layout. */
const NARROW_PX = 720;

/**
 * The tall layout when the box is narrow and the tall shape would be drawn larger there than the wide one: a phone
 * gets it; a short, wide-ish box (an embed at 700 × 560, where narration and controls leave ~290 px) keeps the wide.
 */
function useNarrow(container: RefObject<HTMLDivElement | null>, shapes: { wide: Size; narrow: Size }): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      const scale = (s: Size) => Math.min(w / s.width, (h || Infinity) / s.height);
      setNarrow(w > 0 && w < NARROW_PX && scale(shapes.narrow) > scale(shapes.wide));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [container, shapes]);
  return narrow;
}

interface Size {
  width: number;
  height: number;
}
