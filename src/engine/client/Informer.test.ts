/** The informer indexes: each answer equals filtering the whole cache, in cache order, as objects change. */
import { describe, expect, it } from 'vitest';
import { ControllerManager } from '../components/controllers/ControllerManager';
import type { KObject } from '../types';
import { makePod } from '../testing/builders';

const pod = (name: string, ns: string, labels?: Record<string, string>, node?: string): KObject =>
  Object.freeze(
    makePod(name)
      .namespace(ns)
      .labels(labels ?? {})
      .node(node)
      .obj(),
  );

const names = (os: KObject[]) => os.map((o) => o.metadata.name);

function manager() {
  const kcm = new ControllerManager(() => [], []);
  const scan = {
    inNamespace: (ns: string) => kcm.list('Pod').filter((p) => p.metadata.namespace === ns),
    onNode: (node: string) => kcm.list('Pod').filter((p) => p.spec?.nodeName === node),
    selected: (ns: string, set: Record<string, string>) =>
      kcm
        .list('Pod')
        .filter(
          (p) => p.metadata.namespace === ns && Object.entries(set).every(([k, v]) => p.metadata.labels?.[k] === v),
        ),
  };
  return { kcm, scan };
}

describe('InformerIndexes', () => {
  it('lists by namespace, node and label as objects are added, updated and deleted', () => {
    const { kcm, scan } = manager();
    kcm.remember(pod('a', 'shop', { app: 'web', tier: 'front' }));
    kcm.remember(pod('b', 'shop', { app: 'db' }));
    kcm.remember(pod('c', 'default', { app: 'web' }));
    expect(names(kcm.listIn('Pod', 'shop'))).toEqual(['a', 'b']);
    expect(names(kcm.select('Pod', 'shop', { app: 'web' }))).toEqual(['a']);
    expect(names(kcm.select('Pod', 'default', { app: 'web' }))).toEqual(['c']);
    expect(names(kcm.select('Pod', 'shop', { app: 'web', tier: 'back' }))).toEqual([]);
    expect(names(kcm.select('Pod', 'shop', {}))).toEqual(['a', 'b']);
    // An update replaces the object in its buckets (the newest version is returned).
    const a2 = pod('a', 'shop', { app: 'web', tier: 'front' }, 'node-1');
    kcm.remember(a2);
    expect(kcm.select('Pod', 'shop', { app: 'web' })[0]).toBe(a2);
    expect(names(kcm.podsOnNode('node-1'))).toEqual(['a']);
    kcm.remember(a2, true);
    expect(names(kcm.listIn('Pod', 'shop'))).toEqual(['b']);
    expect(kcm.select('Pod', 'shop', { app: 'web' })).toEqual([]);
    expect(kcm.podsOnNode('node-1')).toEqual([]);
    for (const ns of ['shop', 'default']) expect(kcm.listIn('Pod', ns)).toEqual(scan.inNamespace(ns));
  });

  it('follows a relabel and a bind, keeping cache order', () => {
    const { kcm, scan } = manager();
    for (const n of ['p1', 'p2', 'p3', 'p4']) kcm.remember(pod(n, 'default', { app: 'old' }));
    // Read first, so the indexes exist before the changes (they are built lazily).
    expect(names(kcm.select('Pod', 'default', { app: 'new' }))).toEqual([]);
    kcm.remember(pod('p3', 'default', { app: 'new' }));
    kcm.remember(pod('p1', 'default', { app: 'new' }));
    expect(names(kcm.select('Pod', 'default', { app: 'new' }))).toEqual(['p1', 'p3']);
    expect(names(kcm.select('Pod', 'default', { app: 'old' }))).toEqual(['p2', 'p4']);
    // The scheduler binds p4 first, then p2: the node's list is still in cache order.
    kcm.remember(pod('p4', 'default', { app: 'old' }, 'node-2'));
    kcm.remember(pod('p2', 'default', { app: 'old' }, 'node-2'));
    expect(names(kcm.podsOnNode('node-2'))).toEqual(['p2', 'p4']);
    // Moving to another node (a delete and re-create elsewhere, or a test's rebind) leaves the old node's list.
    kcm.remember(pod('p2', 'default', { app: 'old' }, 'node-3'));
    expect(names(kcm.podsOnNode('node-2'))).toEqual(['p4']);
    expect(names(kcm.podsOnNode('node-3'))).toEqual(['p2']);
    for (const node of ['node-2', 'node-3']) expect(kcm.podsOnNode(node)).toEqual(scan.onNode(node));
    for (const app of ['old', 'new'])
      expect(kcm.select('Pod', 'default', { app })).toEqual(scan.selected('default', { app }));
  });

  it('a pod deleted and added again goes last, as in the cache', () => {
    const { kcm, scan } = manager();
    for (const n of ['x', 'y', 'z']) kcm.remember(pod(n, 'default', { app: 'web' }, 'node-1'));
    expect(names(kcm.podsOnNode('node-1'))).toEqual(['x', 'y', 'z']);
    kcm.remember(pod('x', 'default', { app: 'web' }, 'node-1'), true);
    kcm.remember(pod('x', 'default', { app: 'web' }, 'node-1'));
    expect(names(kcm.podsOnNode('node-1'))).toEqual(['y', 'z', 'x']);
    expect(kcm.select('Pod', 'default', { app: 'web' })).toEqual(scan.selected('default', { app: 'web' }));
  });

  it('is rebuilt from a replaced cache (a checkpoint restore or a re-list)', () => {
    const { kcm } = manager();
    kcm.remember(pod('a', 'default', { app: 'web' }, 'node-1'));
    expect(names(kcm.podsOnNode('node-1'))).toEqual(['a']);
    const restored = new Map([['Pod', new Map([['default/b', pod('b', 'default', { app: 'web' }, 'node-1')]])]]);
    kcm.s = { ...kcm.s, cache: restored };
    expect(names(kcm.podsOnNode('node-1'))).toEqual(['b']);
    expect(names(kcm.select('Pod', 'default', { app: 'web' }))).toEqual(['b']);
    expect(names(kcm.listIn('Pod', 'default'))).toEqual(['b']);
  });

  it('agrees with a scan of the cache through a random sequence of changes', () => {
    const { kcm, scan } = manager();
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 400; i++) {
      const name = `p${rand(30)}`;
      const ns = rand(2) ? 'a' : 'b';
      const o = pod(
        name,
        ns,
        rand(4) ? { app: `v${rand(3)}`, tier: `t${rand(2)}` } : undefined,
        rand(3) ? `n${rand(3)}` : undefined,
      );
      kcm.remember(o, rand(5) === 0);
      if (i % 37 === 0) {
        for (const n of ['n0', 'n1', 'n2']) expect(kcm.podsOnNode(n)).toEqual(scan.onNode(n));
        for (const space of ['a', 'b']) {
          expect(kcm.listIn('Pod', space)).toEqual(scan.inNamespace(space));
          expect(kcm.select('Pod', space, { app: 'v1' })).toEqual(scan.selected(space, { app: 'v1' }));
          expect(kcm.select('Pod', space, { app: 'v2', tier: 't0' })).toEqual(
            scan.selected(space, { app: 'v2', tier: 't0' }),
          );
        }
      }
    }
  });
});
