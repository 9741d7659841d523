/**
 * The owner index must answer exactly what filtering the whole informer cache would (same objects, same order),
 * and a bucket's running tally must equal a recount, whatever sequence of stores and removals led there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../types';
import { OwnerIndex, type Tally } from './OwnerIndex';

type Op = { op: 'store'; pod: number; ns: number; owner?: number; ready: boolean } | { op: 'remove'; pod: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('store' as const),
      pod: fc.nat(6),
      ns: fc.nat(1),
      owner: fc.constantFrom(undefined, 0, 0, 1, 2),
      ready: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), pod: fc.nat(6) }) },
);

const NAMESPACES = ['default', 'other'];

function podObject(o: Extract<Op, { op: 'store' }>): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `p${o.pod}`,
      namespace: NAMESPACES[o.ns],
      ...(o.owner === undefined
        ? {}
        : {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: `u${o.owner}`, controller: true },
            ],
          }),
    },
    status: { ready: o.ready },
  };
}

/** Counts objects and ready ones. */
const readyTally: Tally<{ n: number; ready: number }> = {
  empty: () => ({ n: 0, ready: 0 }),
  add: (s, o) => {
    s.n++;
    if (o.status.ready) s.ready++;
  },
  remove: (s, o) => {
    s.n--;
    if (o.status.ready) s.ready--;
  },
};

describe('OwnerIndex', () => {
  it('agrees with filtering the cache, in cache order, and keeps tallies equal to a recount', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const cache = new Map<string, Map<string, KObject>>([['Pod', new Map()]]);
        const pods = cache.get('Pod')!;
        const index = new OwnerIndex();
        index.owned(cache, 'Pod', 'default', 'u0'); // start following `cache`
        for (const o of ops) {
          const key = `p${o.pod}`; // one namespace-less key space keeps owner and namespace changes frequent
          if (o.op === 'store') {
            const isNew = !pods.has(key);
            pods.set(key, podObject(o));
            index.stored(cache, pods.get(key)!, key, isNew);
          } else if (pods.delete(key)) index.removed(cache, 'Pod', key);
          for (const ns of NAMESPACES)
            for (const uid of ['u0', 'u1', 'u2']) {
              const want = [...pods.values()].filter(
                (p) =>
                  p.metadata.namespace === ns && p.metadata.ownerReferences?.find((r) => r.controller)?.uid === uid,
              );
              expect(index.owned(cache, 'Pod', ns, uid)).toEqual(want);
              expect(index.summary(cache, 'Pod', ns, uid, readyTally)).toEqual({
                n: want.length,
                ready: want.filter((p) => p.status.ready).length,
              });
            }
        }
      }),
      { numRuns: 200 },
    );
  }, 30_000); // property runs: generous under a loaded CI machine
});
