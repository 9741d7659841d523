import { describe, expect, it } from 'vitest';
import { defaultCluster } from '../engine/cluster/defaultCluster';
import { diagramState } from './diagramState';
import { layoutDiagram, linkBetween, type Box } from './diagramLayout';
import { clusterInstances, nodeRoles } from './instances';
import { scenarioRun } from './testRuns';

const cluster = defaultCluster(3);
const layout = layoutDiagram(nodeRoles(cluster), 3);

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('layoutDiagram', () => {
  it('has exactly one box per component instance, node-local ones in their node lane', () => {
    const ids = layout.boxes.filter((b) => b.kind === 'component').map((b) => b.id);
    expect(ids.sort()).toEqual(
      clusterInstances(cluster)
        .map((i) => i.id)
        .sort(),
    );
    for (const b of layout.boxes.filter((x) => x.kind !== 'frame' && x.node)) {
      const lane = layout.boxes.find((f) => f.id === `frame:node:${b.node}`)!;
      expect(b.x >= lane.x && b.x + b.w <= lane.x + lane.w && b.y >= lane.y && b.y + b.h <= lane.y + lane.h).toBe(true);
    }
  });

  it('never overlaps two components or a component and a Pod area, in either variant', () => {
    for (const variant of ['wide', 'narrow'] as const) {
      const l = layoutDiagram(nodeRoles(cluster), 3, variant);
      const solid = l.boxes.filter((b) => b.kind !== 'frame');
      for (let i = 0; i < solid.length; i++)
        for (let j = i + 1; j < solid.length; j++) expect(overlaps(solid[i], solid[j])).toBe(false);
      expect(l.links.map((x) => x.id).sort()).toEqual(layout.links.map((x) => x.id).sort());
    }
    const narrow = layoutDiagram(nodeRoles(cluster), 3, 'narrow');
    expect(narrow.height).toBeGreaterThan(narrow.width);
  });

  it('links only real communication paths', () => {
    const pairs = layout.links.map((l) => `${l.a.split('@')[0]}→${l.b.split('@')[0]}`);
    const allowed = new Set([
      'kubectl→kube-apiserver',
      'kube-apiserver→etcd',
      'kube-apiserver→kube-controller-manager',
      'kube-apiserver→kube-scheduler',
      'kube-apiserver→kubelet',
      'kube-apiserver→kube-proxy',
      'kubelet→container-runtime',
      'container-runtime→cni',
    ]);
    for (const p of pairs) expect(allowed.has(p)).toBe(true);
    expect(pairs.filter((p) => p === 'kube-apiserver→kubelet')).toHaveLength(4);
    expect(pairs.some((p) => p.includes('etcd') && !p.startsWith('kube-apiserver'))).toBe(false);
  });

  it('gives every message of a real run a link (or an internal decision)', () => {
    const run = scenarioRun('happy-path');
    const l = layoutDiagram(nodeRoles(run.cluster), run.cluster.etcdMembers);
    for (const step of run.steps) {
      const state = diagramState(l, step);
      expect(state.message !== undefined || state.pulse !== undefined).toBe(true);
    }
  });

  it('finds links in both directions', () => {
    expect(linkBetween(layout, 'kube-apiserver', 'kubectl')).toMatchObject({ reverse: true });
    expect(linkBetween(layout, 'kubelet@node-1', 'container-runtime@node-1')).toMatchObject({ reverse: false });
    expect(linkBetween(layout, 'kubelet@node-1', 'container-runtime@node-2')).toBeUndefined();
  });

  it('wraps many nodes into rows and stays deterministic', () => {
    // 12 nodes is the most that get lanes (TILE_THRESHOLD; diagramLayoutTiles.test.ts covers what comes after).
    const big = layoutDiagram(nodeRoles(defaultCluster(11)), 3);
    expect(big.boxes.filter((b) => b.frame === 'node')).toHaveLength(12);
    expect(new Set(big.boxes.filter((b) => b.frame === 'node').map((b) => b.y)).size).toBe(2);
    expect(layoutDiagram(nodeRoles(defaultCluster(11)), 3)).toEqual(big);
  });
});

describe('diagramState', () => {
  it('marks both ends active and the sub-parts the step names', () => {
    const run = scenarioRun('happy-path');
    // A Pod watch event: every part whose informers watch Pods (the registry's order).
    const watch = run.steps.find((s) => s.to.part?.startsWith('replicaset,'))!;
    const state = diagramState(layout, watch);
    expect([...state.active].sort()).toEqual(['kube-apiserver', 'kube-controller-manager']);
    expect(state.activeParts.get('kube-controller-manager')).toEqual(watch.to.part!.split(','));
    expect(watch.to.part!.split(',')).toEqual(
      expect.arrayContaining(['replicaset', 'endpointslice', 'node-lifecycle']),
    );
    expect(state.message).toMatchObject({ linkId: 'kube-apiserver--kube-controller-manager', reverse: false });
  });
});
