/**
 * The compact half of the diagram layout: for large clusters each node is one tile (name, role, its four node
 * components as marks, Pod counts) in a grid under the control plane. The node's instances (`kubelet@node-7`…) are
 * hosted by the tile, so messages still have somewhere to go: one link apiserver → tile per node, drawn only while it
 * carries the current message, plus one permanent trunk apiserver → grid that says "the apiserver talks to all of
 * these". Only type imports from diagramLayout.ts, which calls into this file.
 */
import type { Box, LayoutNode, LayoutVariant, Link } from './diagramLayout';
import { NODE_COMPONENTS } from './instances';

/** Tile geometry (canvas units). */
export const T = {
  w: 184,
  h: 88,
  gap: 12,
  /** Grid frame padding, and its title band above the first row. */
  pad: 16,
  head: 38,
  maxPerRow: 10,
  minPerRow: 6,
  narrowMaxPerRow: 6,
  narrowMinPerRow: 3,
} as const;

/** The shared attachment point under the apiserver where the trunk and every tile link start. */
export const TRUNK_HANDLE = 'kube-apiserver:nodes';

/**
 * Tiles per row, so that the grid has roughly the panel's shape (the fitted scale, and so the text size, is set by
 * whichever side overflows most): wide panels get about 1.6 columns per row, tall phone panels about one per two
 * rows. 100 nodes → 10 per row (rows then start at node-10, node-20…), or 6 on a phone.
 */
export function tilesPerRow(count: number, variant: LayoutVariant): number {
  const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(n)));
  return variant === 'narrow'
    ? clamp(Math.sqrt(count / 2), T.narrowMinPerRow, T.narrowMaxPerRow)
    : clamp(Math.sqrt(count * 1.6), T.minPerRow, T.maxPerRow);
}

export function tileGridWidth(columns: number): number {
  return columns * T.w + Math.max(0, columns - 1) * T.gap + T.pad * 2;
}

const tileId = (node: string) => `tile:${node}`;

/** Adds the grid frame, one tile per node and their links; returns the grid's bottom edge. */
export function addTileGrid(
  into: { boxes: Box[]; links: Link[]; hosts: Record<string, string> },
  nodes: readonly LayoutNode[],
  at: { x: number; y: number; perRow: number },
  api: Box,
): number {
  const columns = Math.min(at.perRow, nodes.length);
  const rows = Math.ceil(nodes.length / at.perRow);
  const frame: Box = {
    id: 'frame:nodes',
    kind: 'frame',
    frame: 'nodes',
    count: nodes.length,
    x: at.x,
    y: at.y,
    w: tileGridWidth(columns),
    h: T.head + rows * T.h + Math.max(0, rows - 1) * T.gap + T.pad,
  };
  into.boxes.push(frame);
  const apiCentre = api.x + api.w / 2;
  into.links.push(link(api, frame, apiCentre - frame.x));
  nodes.forEach((n, i) => {
    const tile: Box = {
      id: tileId(n.name),
      kind: 'tile',
      node: n.name,
      controlPlaneNode: n.controlPlane,
      x: frame.x + T.pad + (i % at.perRow) * (T.w + T.gap),
      y: frame.y + T.head + Math.floor(i / at.perRow) * (T.h + T.gap),
      w: T.w,
      h: T.h,
    };
    into.boxes.push(tile);
    for (const c of NODE_COMPONENTS) into.hosts[`${c}@${n.name}`] = tile.id;
    into.links.push({ ...link(api, tile, T.w / 2), onDemand: true });
  });
  return frame.y + frame.h;
}

/** From the shared point under the apiserver's centre down to the top of `b`. */
function link(api: Box, b: Box, bOffset: number): Link {
  return {
    id: `${api.id}--${b.id}`,
    a: api.id,
    b: b.id,
    aSide: 'bottom',
    bSide: 'top',
    aOffset: Math.round(api.w / 2),
    bOffset: Math.round(bOffset),
    aHandle: TRUNK_HANDLE,
  };
}
