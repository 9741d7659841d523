/**
 * What a ReplicaSet's status counts, kept as a running tally of its pods (OwnerIndex updates it pod by pod), so a
 * sync of a ReplicaSet with N pods does not have to read all N pods again after every pod event.
 */
import { canonicalJson } from '../../../objects/names';
import type { KObject } from '../../../types';
import type { Tally } from '../OwnerIndex';
import { podFacts } from './podHelpers';

export interface PodCounts {
  /** Active pods (FilterActivePods). */
  active: number;
  /** Active pods with Ready=True. */
  ready: number;
  /** Active pods by label set (replicas share a handful at most), for fullyLabeledReplicas. */
  labelSets: Map<string, { labels: Record<string, string> | undefined; count: number }>;
}

export const podTally: Tally<PodCounts> = {
  empty: () => ({ active: 0, ready: 0, labelSets: new Map() }),
  add(sum, p) {
    count(sum, p, 1);
  },
  remove(sum, p) {
    count(sum, p, -1);
  },
};

function count(sum: PodCounts, p: KObject, by: 1 | -1): void {
  const f = podFacts(p);
  if (!f.active) return;
  sum.active += by;
  if (f.ready) sum.ready += by;
  const key = canonicalJson(f.labels ?? null);
  const set = sum.labelSets.get(key) ?? { labels: f.labels, count: 0 };
  set.count += by;
  if (set.count === 0) sum.labelSets.delete(key);
  else sum.labelSets.set(key, set);
}
