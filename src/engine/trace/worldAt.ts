/**
 * The world after a given step, folded from the run's history: etcd contents (with resourceVersions), node-local
 * runtime facts, and the Events. Views use it for inspectors; the CLI uses it for the final `kubectl get` tables.
 */
import type { HistoryEntry, Run, WorldState } from '../api';
import type { KEvent, KObject } from '../types';

/** Folds `history` entries with seq ≤ `seq` onto `base` (or an empty world). History is ordered by seq. */
export function worldAt(run: Pick<Run, 'history' | 'steps'>, seq: number, base?: WorldState): WorldState {
  const etcd = new Map(base?.etcd ?? []);
  const runtime = new Map(base?.runtime ?? []);
  let revision = base?.revision ?? 0;
  const start = base ? firstIndexAfter(run.history, base.seq) : 0;
  for (let i = start; i < run.history.length; i++) {
    const h = run.history[i];
    if (h.seq > seq) break;
    apply(etcd, runtime, h);
    revision = Math.max(revision, h.revision);
  }
  const events: KEvent[] = [];
  for (const [k, v] of etcd) if (k.startsWith('/registry/events/')) events.push(v as unknown as KEvent);
  const step = run.steps[Math.max(0, Math.min(seq, run.steps.length - 1))];
  return { seq, time: seq < 0 ? 0 : (step?.time ?? 0), revision, etcd, runtime, events };
}

function apply(etcd: Map<string, KObject>, runtime: Map<string, unknown>, h: HistoryEntry): void {
  if (h.key.startsWith('/registry/')) {
    if (h.value === null) etcd.delete(h.key);
    else etcd.set(h.key, h.value as KObject);
  } else if (h.value === null) runtime.delete(h.key);
  else runtime.set(h.key, h.value);
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
