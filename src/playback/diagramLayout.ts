/**
 * The diagram's fixed geometry, computed once per cluster shape. It mirrors the architecture: the user's machine
 * on the left, the control plane above (kube-apiserver in the middle as the hub, controllers and scheduler above
 * it, etcd beside it), one lane per node below. Space for Pods is reserved up front so that nothing moves when
 * Pods appear. Links exist only for real communication paths (docs/CONTRACTS.md §1: nobody but the apiserver talks to
 * etcd; everyone else talks to the apiserver; kubelet → runtime over CRI; runtime → CNI).
 *
 * Large clusters (more than TILE_THRESHOLD nodes) get one compact tile per node instead of a lane
 * (diagramLayoutTiles.ts): 100 lanes would be 17 rows scaled past legibility and thousands of DOM nodes.
 */
import { CONTROLLER_PARTS } from '../engine/components/controllers/controllerParts';
import type { ComponentId } from '../engine/types';
import { addTileGrid, tileGridWidth, tilesPerRow } from './diagramLayoutTiles';

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface Box {
  id: string;
  /** `label`: a frame's title drawn above the links, so a link passing under it never strikes it through. */
  kind: 'frame' | 'component' | 'pods' | 'label' | 'tile';
  x: number;
  y: number;
  w: number;
  h: number;
  /** frame: what it groups (`nodes`: the grid of node tiles). */
  frame?: 'machine' | 'control-plane' | 'node' | 'nodes';
  /** frame `nodes`: how many node tiles it holds. */
  count?: number;
  component?: ComponentId;
  node?: string;
  controlPlaneNode?: boolean;
  /** Sub-parts shown inside a component (apiserver stages, controllers, etcd members, runtime layers). */
  parts?: string[];
}

export interface Link {
  id: string;
  /** Instance ids; a message from `a` to `b` travels forward, from `b` to `a` backward. */
  a: string;
  b: string;
  aSide: Side;
  bSide: Side;
  /** Offset of the attachment point along the side, from the box's left (top/bottom) or top (left/right). */
  aOffset: number;
  bOffset: number;
  /** Where the message label goes when the link is too short to hold it (default: the link's midpoint). */
  labelAt?: { x: number; y: number };
  /** Attachment point on `a` shared with other links (default: one of its own). */
  aHandle?: string;
  /** Drawn only while it carries the current message: a tile grid's 100 permanent links would bury the tiles. */
  onDemand?: boolean;
}

export interface DiagramLayout {
  boxes: Box[];
  links: Link[];
  width: number;
  height: number;
  /** Instances drawn inside another box (a node's components inside its tile): instance id → box id. */
  hosts?: Readonly<Record<string, string>>;
}

/** More nodes than this and each node is a tile; every built-in scenario and the default cluster stay below it. */
export const TILE_THRESHOLD = 12;

/** The box an instance is drawn in: its own, or the tile that hosts it. */
export function boxOf(layout: DiagramLayout, instance: string): string {
  return layout.hosts?.[instance] ?? instance;
}

const APISERVER_STAGES = ['authn', 'authz', 'mutating-admission', 'validation', 'validating-admission'];
/** The controllers the engine runs inside kube-controller-manager (their `part` names in the trace). */
export const CONTROLLERS: string[] = [...CONTROLLER_PARTS];
const RUNTIME_LAYERS = ['containerd', 'containerd-shim', 'runc'];

/** Geometry constants (canvas units; React Flow scales the whole canvas to fit). */
export const G = {
  laneW: 250,
  cpLaneW: 250,
  laneGap: 18,
  laneH: 226,
  lanesPerRow: 6,
  rowGap: 24,
  lanesTop: 262,
  /** Pod badges reserved per lane; more Pods collapse into grouped badges. */
  podSlots: 4,
} as const;

export interface LayoutNode {
  name: string;
  controlPlane: boolean;
}

export type LayoutVariant = 'wide' | 'narrow';

/**
 * `wide`: the control plane in one band above a row of node lanes. `narrow` (phones, down to 480 px): the control
 * plane stacked in rows and two lanes per row, so the canvas is tall instead of wide and stays readable.
 */
export function layoutDiagram(
  nodes: readonly LayoutNode[],
  etcdMembers = 3,
  variant: LayoutVariant = 'wide',
): DiagramLayout {
  if (nodes.length > TILE_THRESHOLD) return layoutTiles(nodes, etcdMembers, variant);
  const boxes: Box[] = [];
  const links: Link[] = [];
  const perRow = variant === 'narrow' ? 2 : G.lanesPerRow;

  // ---- node lanes (computed first: the top part is centred over them) ----
  const lanes = nodes.map((n) => ({ ...n, w: n.controlPlane ? G.cpLaneW : G.laneW }));
  const rows: (typeof lanes)[] = [];
  for (let i = 0; i < lanes.length; i += perRow) rows.push(lanes.slice(i, i + perRow));
  const rowWidth = (row: typeof lanes) => row.reduce((s, l) => s + l.w, 0) + G.laneGap * Math.max(0, row.length - 1);
  const lanesWidth = Math.max(0, ...rows.map(rowWidth));

  const topWidth = variant === 'narrow' ? 518 : 968;
  const width = Math.max(lanesWidth, topWidth);
  const ox = Math.round((width - topWidth) / 2);
  const top = variant === 'narrow' ? narrowTop(boxes, links, ox, etcdMembers) : wideTop(boxes, links, ox, etcdMembers);

  // ---- lanes ----
  let y = top.lanesTop;
  for (const row of rows) {
    let x = Math.round((width - rowWidth(row)) / 2);
    for (const lane of row) {
      addLane(boxes, links, lane, x, y, top.api);
      x += lane.w + G.laneGap;
    }
    y += G.laneH + G.rowGap;
  }
  const height = rows.length ? y - G.rowGap : top.lanesTop;
  return { boxes, links, width, height };
}

/** The same control plane above a grid of node tiles. */
function layoutTiles(nodes: readonly LayoutNode[], etcdMembers: number, variant: LayoutVariant): DiagramLayout {
  const boxes: Box[] = [];
  const links: Link[] = [];
  const hosts: Record<string, string> = {};
  const perRow = tilesPerRow(nodes.length, variant);
  const gridWidth = tileGridWidth(Math.min(perRow, nodes.length));
  const topWidth = variant === 'narrow' ? 518 : 968;
  const width = Math.max(gridWidth, topWidth);
  const ox = Math.round((width - topWidth) / 2);
  const top = variant === 'narrow' ? narrowTop(boxes, links, ox, etcdMembers) : wideTop(boxes, links, ox, etcdMembers);
  const bottom = addTileGrid(
    { boxes, links, hosts },
    nodes,
    { x: Math.round((width - gridWidth) / 2), y: top.lanesTop, perRow },
    top.api,
  );
  return { boxes, links, width, height: bottom, hosts };
}

const members = (n: number) => Array.from({ length: n }, (_, i) => `etcd-${i}`);

function wideTop(boxes: Box[], links: Link[], ox: number, etcdMembers: number): { api: Box; lanesTop: number } {
  boxes.push({ id: 'frame:machine', kind: 'frame', frame: 'machine', x: ox, y: 128, w: 150, h: 104 });
  const kubectl: Box = { id: 'kubectl', kind: 'component', component: 'kubectl', x: ox + 14, y: 162, w: 122, h: 56 };
  boxes.push(kubectl);
  boxes.push({ id: 'frame:control-plane', kind: 'frame', frame: 'control-plane', x: ox + 178, y: 0, w: 790, h: 240 });
  const kcm: Box = {
    id: 'kube-controller-manager',
    kind: 'component',
    component: 'kube-controller-manager',
    // Tall enough for every controller's part in four rows (the registry has 18 with their parts); the scheduler
    // matches it.
    x: ox + 196,
    y: 20,
    w: 392,
    h: 120,
    parts: CONTROLLERS,
  };
  const sched: Box = {
    id: 'kube-scheduler',
    kind: 'component',
    component: 'kube-scheduler',
    x: ox + 600,
    y: 20,
    w: 144,
    h: 120,
  };
  const api: Box = {
    id: 'kube-apiserver',
    kind: 'component',
    component: 'kube-apiserver',
    x: ox + 196,
    y: 152,
    w: 548,
    h: 74,
    parts: APISERVER_STAGES,
  };
  const etcd: Box = {
    id: 'etcd',
    kind: 'component',
    component: 'etcd',
    x: ox + 796,
    y: 20,
    w: 154,
    h: 206,
    parts: members(etcdMembers),
  };
  boxes.push(kcm, sched, api, etcd);
  // Short horizontal links: their labels go in the free band under the control plane instead of over the boxes.
  const band = api.y + api.h + 22;
  links.push({
    ...link('kubectl', 'kube-apiserver', 'right', 'left', kubectl.h / 2, kubectl.y + kubectl.h / 2 - api.y),
    labelAt: { x: ox + 150, y: band },
  });
  links.push({
    ...link('kube-apiserver', 'etcd', 'right', 'left', api.h / 2, api.y + api.h / 2 - etcd.y),
    labelAt: { x: ox + 770, y: band },
  });
  links.push(link('kube-apiserver', 'kube-controller-manager', 'top', 'bottom', kcm.x + kcm.w / 2 - api.x, kcm.w / 2));
  links.push(link('kube-apiserver', 'kube-scheduler', 'top', 'bottom', sched.x + sched.w / 2 - api.x, sched.w / 2));
  return { api, lanesTop: G.lanesTop };
}

function narrowTop(boxes: Box[], links: Link[], ox: number, etcdMembers: number): { api: Box; lanesTop: number } {
  // The user's machine sits top right, so its link runs down the free right margin to the apiserver.
  boxes.push({ id: 'frame:machine', kind: 'frame', frame: 'machine', x: ox + 358, y: 0, w: 160, h: 96 });
  const kubectl: Box = { id: 'kubectl', kind: 'component', component: 'kubectl', x: ox + 374, y: 30, w: 128, h: 52 };
  boxes.push(kubectl);
  boxes.push({ id: 'frame:control-plane', kind: 'frame', frame: 'control-plane', x: ox, y: 116, w: 518, h: 370 });
  const kcm: Box = {
    id: 'kube-controller-manager',
    kind: 'component',
    component: 'kube-controller-manager',
    x: ox + 14,
    y: 140,
    w: 490,
    h: 102,
    parts: CONTROLLERS,
  };
  const sched: Box = {
    id: 'kube-scheduler',
    kind: 'component',
    component: 'kube-scheduler',
    x: ox + 14,
    y: 252,
    w: 200,
    h: 108,
  };
  const etcd: Box = {
    id: 'etcd',
    kind: 'component',
    component: 'etcd',
    x: ox + 304,
    y: 252,
    w: 200,
    h: 108,
    parts: members(etcdMembers),
  };
  const api: Box = {
    id: 'kube-apiserver',
    kind: 'component',
    component: 'kube-apiserver',
    x: ox + 14,
    y: 392,
    w: 490,
    h: 78,
    parts: APISERVER_STAGES,
  };
  boxes.push(kcm, sched, etcd, api);
  links.push(link('kubectl', 'kube-apiserver', 'right', 'right', kubectl.h / 2, api.h / 2));
  // kube-controller-manager is reached through the gap between the scheduler and etcd.
  links.push(
    link(
      'kube-apiserver',
      'kube-controller-manager',
      'top',
      'bottom',
      (sched.x + sched.w + etcd.x) / 2 - api.x,
      (sched.x + sched.w + etcd.x) / 2 - kcm.x,
    ),
  );
  links.push(link('kube-apiserver', 'kube-scheduler', 'top', 'bottom', sched.x + sched.w / 2 - api.x, sched.w / 2));
  links.push(link('kube-apiserver', 'etcd', 'top', 'bottom', etcd.x + etcd.w / 2 - api.x, etcd.w / 2));
  return { api, lanesTop: 512 };
}

function addLane(boxes: Box[], links: Link[], lane: LayoutNode & { w: number }, x: number, y: number, api: Box): void {
  const n = lane.name;
  boxes.push({
    id: `frame:node:${n}`,
    kind: 'frame',
    frame: 'node',
    node: n,
    controlPlaneNode: lane.controlPlane,
    x,
    y,
    w: lane.w,
    h: G.laneH,
  });
  boxes.push({
    id: `label:node:${n}`,
    kind: 'label',
    node: n,
    controlPlaneNode: lane.controlPlane,
    x: x + 10,
    y: y + 6,
    w: 120,
    h: 22,
  });
  const pad = 12;
  const half = Math.floor((lane.w - pad * 2 - 8) / 2);
  const kubelet: Box = {
    id: `kubelet@${n}`,
    kind: 'component',
    component: 'kubelet',
    node: n,
    x: x + pad,
    y: y + 34,
    w: half,
    h: 40,
  };
  const proxy: Box = {
    id: `kube-proxy@${n}`,
    kind: 'component',
    component: 'kube-proxy',
    node: n,
    x: x + pad + half + 8,
    y: y + 34,
    w: half,
    h: 40,
  };
  const cniW = 46;
  const runtime: Box = {
    id: `container-runtime@${n}`,
    kind: 'component',
    component: 'container-runtime',
    node: n,
    x: x + pad,
    y: y + 84,
    w: lane.w - pad * 2 - cniW - 8,
    h: 56,
    parts: RUNTIME_LAYERS,
  };
  const cni: Box = {
    id: `cni@${n}`,
    kind: 'component',
    component: 'cni',
    node: n,
    x: runtime.x + runtime.w + 8,
    y: y + 84,
    w: cniW,
    h: 56,
  };
  const pods: Box = {
    id: `pods@${n}`,
    kind: 'pods',
    node: n,
    x: x + pad,
    y: y + 150,
    w: lane.w - pad * 2,
    h: G.laneH - 150 - 10,
  };
  boxes.push(kubelet, proxy, runtime, cni, pods);

  links.push(
    link(
      'kube-apiserver',
      kubelet.id,
      'bottom',
      'top',
      clampOffset(kubelet.x + kubelet.w / 2 - api.x, api.w),
      kubelet.w / 2,
    ),
  );
  links.push(
    link('kube-apiserver', proxy.id, 'bottom', 'top', clampOffset(proxy.x + proxy.w / 2 - api.x, api.w), proxy.w / 2),
  );
  links.push(link(kubelet.id, runtime.id, 'bottom', 'top', kubelet.w / 2, kubelet.w / 2));
  links.push(link(runtime.id, cni.id, 'right', 'left', runtime.h / 2, cni.h / 2));
}

function clampOffset(offset: number, width: number): number {
  return Math.max(16, Math.min(width - 16, offset));
}

function link(a: string, b: string, aSide: Side, bSide: Side, aOffset: number, bOffset: number): Link {
  return { id: `${a}--${b}`, a, b, aSide, bSide, aOffset: Math.round(aOffset), bOffset: Math.round(bOffset) };
}

/** The link a message between two instances travels on, and whether it runs b → a. */
export function linkBetween(
  layout: DiagramLayout,
  from: string,
  to: string,
): { link: Link; reverse: boolean } | undefined {
  from = boxOf(layout, from);
  to = boxOf(layout, to);
  for (const l of layout.links) {
    if (l.a === from && l.b === to) return { link: l, reverse: false };
    if (l.a === to && l.b === from) return { link: l, reverse: true };
  }
  return undefined;
}
