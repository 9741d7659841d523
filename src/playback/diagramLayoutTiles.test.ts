import { describe, expect, it } from 'vitest';
import { defaultCluster } from '../engine/cluster/defaultCluster';
import { simulate } from '../engine/simulate';
import { deployment } from '../scenarios/manifests';
import { boxOf, layoutDiagram, linkBetween, TILE_THRESHOLD, type Box, type DiagramLayout } from './diagramLayout';
import { TRUNK_HANDLE } from './diagramLayoutTiles';
import { diagramState } from './diagramState';
import { clusterInstances, NODE_COMPONENTS, nodeRoles } from './instances';
import { testStep } from './testRuns';

const hundred = defaultCluster(100);
const layout = layoutDiagram(nodeRoles(hundred), 3);
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

const step = testStep;

describe('tile layout for large clusters', () => {
  it('starts above the threshold: every built-in cluster size keeps its lanes', () => {
    const atThreshold = layoutDiagram(nodeRoles(defaultCluster(TILE_THRESHOLD - 1)), 3);
    expect(atThreshold.boxes.some((b) => b.kind === 'tile')).toBe(false);
    expect(atThreshold.hosts).toBeUndefined();
    const above = layoutDiagram(nodeRoles(defaultCluster(TILE_THRESHOLD)), 3);
    expect(above.boxes.filter((b) => b.kind === 'tile')).toHaveLength(TILE_THRESHOLD + 1);
    expect(above.boxes.some((b) => b.kind === 'pods' || b.frame === 'node')).toBe(false);
  });

  it('gives every node one tile that hosts its four components, in a grid of 10 per row', () => {
    const tiles = layout.boxes.filter((b) => b.kind === 'tile');
    expect(tiles.map((b) => b.node)).toEqual(hundred.nodes.map((n) => n.name));
    expect(tiles[0]).toMatchObject({ node: 'control-plane', controlPlaneNode: true });
    expect(new Set(tiles.map((b) => b.y)).size).toBe(11);
    expect(tiles.filter((b) => b.y === tiles[0].y)).toHaveLength(10);
    for (const inst of clusterInstances(hundred)) {
      const box = boxOf(layout, inst.id);
      if (inst.node) expect(box).toBe(`tile:${inst.node}`);
      else expect(layout.boxes.some((b) => b.id === box && b.kind === 'component')).toBe(true);
    }
    const solid = layout.boxes.filter((b) => b.kind !== 'frame');
    const clashes = solid.flatMap((a, i) =>
      solid
        .slice(i + 1)
        .filter((b) => overlaps(a, b))
        .map((b) => `${a.id}/${b.id}`),
    );
    expect(clashes).toEqual([]);
    const grid = layout.boxes.find((b) => b.id === 'frame:nodes')!;
    expect(grid.count).toBe(101);
    const outside = tiles.filter((t) => t.x < grid.x || t.x + t.w > grid.x + grid.w || t.y + t.h > grid.y + grid.h);
    expect(outside).toEqual([]);
    // Far fewer boxes than 101 lanes of six.
    expect(layout.boxes.length).toBeLessThan(120);
  });

  it('links the apiserver to each tile on demand and keeps one permanent trunk', () => {
    const permanent = layout.links.filter((l) => !l.onDemand);
    expect(permanent.map((l) => l.id)).toContain('kube-apiserver--frame:nodes');
    expect(permanent.some((l) => l.b.startsWith('tile:'))).toBe(false);
    const onDemand = layout.links.filter((l) => l.onDemand);
    expect(onDemand).toHaveLength(101);
    for (const l of onDemand) expect(l).toMatchObject({ a: 'kube-apiserver', aHandle: TRUNK_HANDLE });
    for (const c of ['kubelet', 'kube-proxy'])
      expect(linkBetween(layout, `${c}@node-7`, 'kube-apiserver')).toMatchObject({
        link: { id: 'kube-apiserver--tile:node-7' },
        reverse: true,
      });
    expect(linkBetween(layout, 'kubelet@node-7', 'container-runtime@node-7')).toBeUndefined();
  });

  it('highlights the tile of node 57 of 100 for a kubelet message, on that tile’s link', () => {
    const state = diagramState(layout, step({}));
    expect([...state.active].sort()).toEqual(['kube-apiserver', 'kubelet@node-57']);
    expect(state.message).toMatchObject({
      linkId: 'kube-apiserver--tile:node-57',
      reverse: false,
      from: 'kube-apiserver',
      to: 'kubelet@node-57',
    });
    expect(state.pulse).toBeUndefined();
  });

  it('turns a message inside one node into a pulse of its tile, with the message as a note', () => {
    const state = diagramState(
      layout,
      step({
        from: { component: 'kubelet', node: 'node-57' },
        to: { component: 'container-runtime', node: 'node-57', part: 'containerd' },
        label: 'RunPodSandbox',
      }),
    );
    expect(state.message).toBeUndefined();
    expect(state.pulse).toBe('tile:node-57');
    expect(state.note).toEqual({
      label: 'RunPodSandbox',
      from: 'kubelet@node-57',
      to: 'container-runtime@node-57',
    });
    expect(state.active.has('container-runtime@node-57')).toBe(true);
    // A decision inside one component pulses its tile without a note.
    const decision = diagramState(
      layout,
      step({ from: { component: 'kubelet', node: 'node-3' }, to: { component: 'kubelet', node: 'node-3' } }),
    );
    expect(decision).toMatchObject({ pulse: 'tile:node-3' });
    expect(decision.note).toBeUndefined();
  });

  it('gives every message of a real 20-node run a link or a pulse', () => {
    const run = simulate({ yaml: deployment({ replicas: 6 }), cluster: { nodeCount: 20 } });
    const l = layoutDiagram(nodeRoles(run.cluster), run.cluster.etcdMembers);
    expect(l.hosts).toBeDefined();
    let toNodes = 0;
    for (const s of run.steps) {
      const state = diagramState(l, s);
      expect(state.message !== undefined || state.pulse !== undefined, `#${s.seq} ${s.label}`).toBe(true);
      if (state.message?.linkId.includes('tile:')) toNodes++;
    }
    expect(toNodes).toBeGreaterThan(0);
  });

  it('makes the narrow variant tall (3 to 6 tiles per row) and stays deterministic', () => {
    const perRow = (l: DiagramLayout) => {
      const tiles = l.boxes.filter((b) => b.kind === 'tile');
      return tiles.filter((b) => b.y === tiles[0].y).length;
    };
    const narrow = layoutDiagram(nodeRoles(defaultCluster(16)), 3, 'narrow');
    expect(perRow(narrow)).toBe(3);
    expect(narrow.height).toBeGreaterThan(narrow.width);
    expect(layoutDiagram(nodeRoles(defaultCluster(16)), 3, 'narrow')).toEqual(narrow);
    for (const c of NODE_COMPONENTS) expect(boxOf(narrow, `${c}@node-16`)).toBe('tile:node-16');
    const phone100 = layoutDiagram(nodeRoles(hundred), 3, 'narrow');
    expect(perRow(phone100)).toBe(6);
    expect(phone100.height).toBeGreaterThan(phone100.width);
  });
});
