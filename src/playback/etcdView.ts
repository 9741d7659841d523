/**
 * The etcd inspector: the keys under /registry after a step, and which ones that step wrote (history entries
 * carry the seq of the step whose commit produced them).
 */
import type { HistoryEntry, Run, WorldState } from '../engine/api';
import { firstIndexAfter } from '../engine/trace/worldAt';

interface EtcdKeyRow {
  key: string;
  changed: boolean;
  deleted: boolean;
  resourceVersion?: string;
}

/** History entries written by step `seq`. */
export function writesAt(history: readonly HistoryEntry[], seq: number): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (let i = firstIndexAfter(history, seq - 1); i < history.length && history[i].seq === seq; i++)
    out.push(history[i]);
  return out;
}

export function etcdRows(run: Pick<Run, 'history'>, world: WorldState, seq: number, filter = ''): EtcdKeyRow[] {
  const writes = writesAt(run.history, seq).filter((h) => h.key.startsWith('/registry/'));
  const changed = new Set(writes.map((h) => h.key));
  const deleted = new Set(writes.filter((h) => h.value === null).map((h) => h.key));
  const f = filter.trim().toLowerCase();
  const rows: EtcdKeyRow[] = [];
  for (const [key, obj] of world.etcd) {
    if (f && !key.toLowerCase().includes(f)) continue;
    rows.push({ key, changed: changed.has(key), deleted: false, resourceVersion: obj.metadata?.resourceVersion });
  }
  for (const key of deleted) if (!f || key.toLowerCase().includes(f)) rows.push({ key, changed: true, deleted: true });
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return rows;
}
