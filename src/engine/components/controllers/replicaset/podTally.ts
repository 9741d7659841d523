/**
 * What a ReplicaSet's status counts, kept as a running tally of its pods (OwnerIndex updates it pod by pod), so a
 * sync of a ReplicaSet with N pods does not have to read all N pods again after every pod event.
 */
import { canonicalJson } from '../../../objects/names';
import type { Tally } from '../OwnerIndex';
import { podFacts } from './podHelpers';
import type { Pod } from '../../../objects/typed';

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
    count(sum, p as Pod, 1);
  },
  remove(sum, p) {
    count(sum, p as Pod, -1);
  },
};

const keyOf = new WeakMap<object, string>();

/**
 * canonicalJson of a label set, kept per (frozen, stored) labels object: a pod's versions share theirs, and every
 * version is counted in and out once, which made these strings most of the tally's cost.
 */
function labelSetKey(labels: Record<string, string> | undefined): string {
  if (!labels) return canonicalJson(null);
  let key = keyOf.get(labels);
  if (key === undefined) {
    key = canonicalJson(labels);
    if (Object.isFrozen(labels)) keyOf.set(labels, key);
  }
  return key;
}

function count(sum: PodCounts, p: Pod, by: 1 | -1): void {
  const f = podFacts(p);
  if (!f.active) return;
  sum.active += by;
  if (f.ready) sum.ready += by;
  const key = labelSetKey(f.labels);
  const set = sum.labelSets.get(key) ?? { labels: f.labels, count: 0 };
  set.count += by;
  if (set.count === 0) sum.labelSets.delete(key);
  else sum.labelSets.set(key, set);
}
