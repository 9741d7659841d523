/**
 * The world after a given step, folded from the run's history: etcd contents (with resourceVersions), node-local
 * runtime facts, and the Events. Views use it for inspectors; the CLI uses it for the final `kubectl get` tables.
 */
import type { HistoryEntry, Run, WorldState } from '../api';
import type { KEvent, KObject } from '../types';

/**
 * Folds `history` entries with seq ≤ `seq` onto `base` (or an empty world). History is ordered by seq.
 *
 * Copy on write: a map (etcd, runtime) or the Event list is copied only when an entry in the fold changes it, and
 * is otherwise shared with `base`. Most steps write nothing (a watch event, a CRI call, a decision), so stepping
 * through a large run no longer copies thousands of keys per step. Worlds are immutable for their readers.
 */
export function worldAt(run: Pick<Run, 'history' | 'steps'>, seq: number, base?: WorldState): WorldState {
  let etcd = base?.etcd ?? new Map<string, KObject>();
  let runtime = base?.runtime ?? new Map<string, unknown>();
  let ownEtcd = !base;
  let ownRuntime = !base;
  let eventsChanged = !base;
  let revision = base?.revision ?? 0;
  const start = base ? firstIndexAfter(run.history, base.seq) : 0;
  for (let i = start; i < run.history.length; i++) {
    const h = run.history[i];
    if (h.seq > seq) break;
    if (h.key.startsWith('/registry/')) {
      if (!ownEtcd) [etcd, ownEtcd] = [new Map(etcd), true];
      if (h.value === null) etcd.delete(h.key);
      else etcd.set(h.key, h.value as KObject);
      if (h.key.startsWith('/registry/events/')) eventsChanged = true;
    } else {
      if (!ownRuntime) [runtime, ownRuntime] = [new Map(runtime), true];
      if (h.value === null) runtime.delete(h.key);
      else runtime.set(h.key, h.value);
    }
    revision = Math.max(revision, h.revision);
  }
  let events = base?.events ?? [];
  if (eventsChanged) {
    events = [];
    for (const [k, v] of etcd) if (k.startsWith('/registry/events/')) events.push(v as unknown as KEvent);
  }
  const step = run.steps[Math.max(0, Math.min(seq, run.steps.length - 1))];
  return { seq, time: seq < 0 ? 0 : (step?.time ?? 0), revision, etcd, runtime, events };
}

/** Index of the first history entry with seq > `seq` (binary search). */
export function firstIndexAfter(history: readonly HistoryEntry[], seq: number): number {
  let lo = 0;
  let hi = history.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (history[mid].seq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** All API objects in a world except Events, in key order. */
export function objectsOf(world: WorldState): KObject[] {
  return [...world.etcd.entries()]
    .filter(([k]) => !k.startsWith('/registry/events/'))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([, v]) => v);
}
