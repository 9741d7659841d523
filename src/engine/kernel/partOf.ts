import type { Endpoint } from '../types';

const parts = new WeakMap<Endpoint, Map<string, Endpoint>>();

/**
 * `{ ...base, part }`, one frozen object per base and part (`etcd` / `etcd-0`, `kube-controller-manager` /
 * `replicaset`): every step keeps its endpoints, and a fresh copy per message was tens of thousands of objects in a
 * large run for the garbage collector to copy.
 */
export function partOf(base: Endpoint, part: string): Endpoint {
  let byPart = parts.get(base);
  if (!byPart) parts.set(base, (byPart = new Map()));
  let e = byPart.get(part);
  if (!e) byPart.set(part, (e = Object.freeze({ ...base, part })));
  return e;
}
