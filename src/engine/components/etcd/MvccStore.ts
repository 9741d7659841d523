/**
 * etcd's MVCC keyspace reduced to what the apiserver uses: one global revision bumped once per write
 * transaction, per-key create/mod revisions, and optimistic-concurrency checks
 * (staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go). `resourceVersion` is the key's mod revision.
 */
import type { KObject } from '../../types';

export interface KeyValue {
  value: KObject;
  createRevision: number;
  modRevision: number;
}

export interface MvccState {
  revision: number;
  kv: Map<string, KeyValue>;
}

export class MvccStore {
  /** Range-read results by prefix, dropped when a write touches the prefix (reads vastly outnumber writes). */
  private listCache = new Map<string, KObject[]>();

  constructor(public s: MvccState) {}

  static empty(): MvccStore {
    return new MvccStore({ revision: 1, kv: new Map() });
  }

  get revision(): number {
    return this.s.revision;
  }

  get(key: string): KObject | undefined {
    return this.s.kv.get(key)?.value;
  }

  modRevision(key: string): number {
    return this.s.kv.get(key)?.modRevision ?? 0;
  }

  /** Every value whose key starts with `prefix` (a range read), in key order like etcd. */
  list(prefix: string): KObject[] {
    const cached = this.listCache.get(prefix);
    if (cached) return cached;
    const out: Array<[string, KObject]> = [];
    for (const [k, kv] of this.s.kv) if (k.startsWith(prefix)) out.push([k, kv.value]);
    out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const list = out.map((x) => x[1]);
    this.listCache.set(prefix, list);
    return list;
  }

  /**
   * Applies a write transaction atomically: one revision for all its ops. The stored value gets
   * `metadata.resourceVersion` = the new revision. Returns null when a precondition fails.
   */
  txn(
    ops: Array<{ type: 'put' | 'delete'; key: string; value?: KObject; expectModRevision?: number }>,
  ): { revision: number; values: Array<KObject | null> } | null {
    for (const op of ops) {
      if (op.expectModRevision !== undefined && this.modRevision(op.key) !== op.expectModRevision) return null;
    }
    const rev = this.s.revision + 1;
    const values: Array<KObject | null> = [];
    for (const op of ops) {
      for (const prefix of this.listCache.keys()) if (op.key.startsWith(prefix)) this.listCache.delete(prefix);
      if (op.type === 'delete') {
        this.s.kv.delete(op.key);
        values.push(null);
        continue;
      }
      const prev = this.s.kv.get(op.key);
      // Stored values are immutable snapshots: components copy before changing, and checkpoints share them.
      const value = deepFreeze({ ...op.value!, metadata: { ...op.value!.metadata, resourceVersion: String(rev) } });
      // The entry is replaced, never edited, so checkpoints can share it too.
      this.s.kv.set(op.key, Object.freeze({ value, createRevision: prev?.createRevision ?? rev, modRevision: rev }));
      values.push(value);
    }
    this.s.revision = rev;
    return { revision: rev, values };
  }
}

/** Freezes an object graph so that an accidental in-place change of a stored object fails loudly. */
export function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  return v;
}
