/**
 * The incrementally kept snapshot must equal the one built from scratch (buildSnapshot over every bound or assumed
 * pod), whatever sequence of pod stores, removals and assumptions led to it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../etcd/MvccStore';
import type { KObject } from '../../types';
import { buildSnapshot, type Snapshot } from './framework/nodeInfo';
import { kindCluster, node, pod } from '../../testing/builders';
import type { SchedulerState } from './Scheduler';
import { SnapshotCache } from './SnapshotCache';

type Op =
  | { op: 'store'; pod: number; node?: number; phase?: string; deleting?: boolean; cpu: number }
  | { op: 'remove'; pod: number }
  | { op: 'assume'; pod: number; node: number }
  | { op: 'forget'; pod: number }
  | { op: 'node'; node: number; cpu: number };

const NODES = ['control-plane', 'node-1', 'node-2', 'node-3'];

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    // Mostly running pods on a few nodes, so that nodes hold several pods whose versions get replaced.
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('store' as const),
      pod: fc.nat(5),
      node: fc.constantFrom(undefined, 1, 1, 2, 2, 3),
      phase: fc.constantFrom(undefined, undefined, undefined, 'Running', 'Succeeded', 'Failed'),
      deleting: fc.constantFrom(false, false, false, true),
      cpu: fc.integer({ min: 1, max: 500 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), pod: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('assume' as const), pod: fc.nat(5), node: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('forget' as const), pod: fc.nat(5) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('node' as const), node: fc.nat(3), cpu: fc.integer({ min: 1, max: 8 }) }),
  },
);

function freshState(): SchedulerState {
  const nodes = new Map<string, KObject>();
  for (const n of kindCluster(3)) nodes.set(n.metadata.name, deepFreeze(n));
  return {
    cache: new Map([
      ['Node', nodes],
      ['Pod', new Map()],
    ]),
    activeQ: [],
    unschedulable: new Map(),
    attempts: new Map(),
    backoff: new Map(),
    busy: false,
    assumed: new Map(),
    waitingVolumes: new Map(),
    nominated: new Map(),
  };
}

/** What the scheduler built every cycle before the cache existed (Scheduler.scheduleOne, as it was). */
function fromScratch(s: SchedulerState, exclude: string): Snapshot {
  const podsOnNodes = [...s.cache.get('Pod')!.entries()]
    .filter(([, p]) => p.metadata.deletionTimestamp === undefined || p.spec.nodeName)
    .map(([k, p]) =>
      s.assumed.has(k) && !p.spec.nodeName ? { ...p, spec: { ...p.spec, nodeName: s.assumed.get(k) } } : p,
    )
    .filter((p) => p.spec.nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
  return buildSnapshot({
    nodes: [...s.cache.get('Node')!.values()],
    podsOnNodes,
    exclude: (p) => `${p.metadata.namespace}/${p.metadata.name}` === exclude,
  });
}

function summary(s: Snapshot) {
  return {
    nodes: s.nodes.map((n) => ({
      name: n.name,
      pods: n.pods.map((p) => [p.key, p.pod.spec.nodeName]),
      requested: n.requested,
      nonZeroRequested: n.nonZeroRequested,
      allocatable: n.allocatable,
      images: [...n.images],
    })),
    imageStates: [...s.imageStates],
    names: [...s.names],
    byName: s.nodes.every((n) => s.byName.get(n.name) === n) && s.byName.size === s.nodes.length,
  };
}

describe('SnapshotCache', () => {
  it('matches a snapshot built from scratch after any sequence of cache changes', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), fc.nat(5), (ops, excluded) => {
        const s = freshState();
        const cache = new SnapshotCache();
        const pods = s.cache.get('Pod')!;
        const key = (i: number) => `default/p${i}`;
        cache.snapshot(s, '', {}); // start following `s`
        for (const o of ops) {
          if (o.op === 'store') {
            const p = pod(`p${o.pod}`, {
              cpu: `${o.cpu}m`,
              nodeName: o.node === undefined ? undefined : NODES[o.node],
            });
            if (o.phase) p.status = { phase: o.phase };
            if (o.deleting) p.metadata.deletionTimestamp = 1;
            pods.set(key(o.pod), deepFreeze(p));
            cache.podStored(s, key(o.pod));
          } else if (o.op === 'remove') {
            pods.delete(key(o.pod));
            cache.podRemoved(s, key(o.pod));
          } else if (o.op === 'assume') {
            s.assumed.set(key(o.pod), NODES[o.node]);
            cache.assumeChanged(s, key(o.pod));
          } else if (o.op === 'forget') {
            if (s.assumed.delete(key(o.pod))) cache.assumeChanged(s, key(o.pod));
          } else {
            s.cache.get('Node')!.set(NODES[o.node], deepFreeze(node(NODES[o.node], { cpu: String(o.cpu) })));
          }
          const ex = key(excluded);
          expect(summary(cache.snapshot(s, ex, {}))).toEqual(summary(fromScratch(s, ex)));
        }
      }),
      { numRuns: 200 },
    );
  }, 30_000); // property runs: generous under a loaded CI machine

  it('starts over when the state object is replaced (a checkpoint restore)', () => {
    const s = freshState();
    s.cache.get('Pod')!.set('default/a', deepFreeze(pod('a', { nodeName: 'node-1', cpu: '100m' })));
    const cache = new SnapshotCache();
    expect(cache.snapshot(s, '', {}).byName.get('node-1')!.pods).toHaveLength(1);
    const restored = freshState();
    expect(cache.snapshot(restored, '', {}).byName.get('node-1')!.pods).toHaveLength(0);
  });
});
