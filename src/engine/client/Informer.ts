/**
 * The shared informers' indexes (client-go's `cache.Indexer`; kube-controller-manager registers the namespace index
 * on every informer and controllers add their own, e.g. the pod informer's `spec.nodeName` index): which cached
 * objects are in a namespace, which Pods are on a node, which objects in a namespace carry a label, and (through
 * `OwnerIndex`) which objects a given object controls. They are kept up to date object by object as watch events
 * come, so a controller reads the few objects it needs instead of scanning every object of a kind.
 *
 * Results are in informer-cache order (the order a scan of the whole cache would give), so reading an index
 * instead of filtering the cache changes nothing in a run. Like `OwnerIndex`, the indexes are derived: they follow
 * one cache object and are rebuilt when handed another (a checkpoint restore or a re-list replaces the cache).
 */
import type { KObject } from '../types';
import { OwnerIndex, type Tally } from '../components/controllers/OwnerIndex';

type KindCache = Map<string, KObject>;
type InformerCache = Map<string, KindCache>;

interface Bucket {
  objects: KindCache;
  /** An object joined after objects that came later in the cache (a Pod bound to a node, a relabelled object). */
  unordered: boolean;
}

/**
 * One index: each object goes into the buckets `values` names. `fingerprint` is what the values are computed from;
 * when a new version of an object has the same one (stored labels are shared between versions), the values are
 * not computed again.
 */
interface IndexSpec {
  fingerprint(o: KObject): unknown;
  values(o: KObject): readonly string[];
}

const NONE: readonly string[] = [];

const byNamespace: IndexSpec = {
  fingerprint: (o) => o.metadata.namespace,
  values: (o) => [namespaceBucket(o.kind, o.metadata.namespace)],
};

const byNodeName: IndexSpec = {
  fingerprint: (o) => (o.kind === 'Pod' ? o.spec?.nodeName : undefined),
  values: (o) => (o.kind === 'Pod' && o.spec?.nodeName ? [nodeBucket(o.spec.nodeName)] : NONE),
};

const byLabel: IndexSpec = {
  fingerprint: (o) => o.metadata.labels,
  values(o) {
    const labels = o.metadata.labels;
    if (!labels) return NONE;
    const out: string[] = [];
    for (const k in labels) out.push(labelBucket(o.kind, o.metadata.namespace, k, labels[k]));
    return out;
  },
};

class ValueIndex {
  readonly buckets = new Map<string, Bucket>();
  /** kind → cache key → the fingerprint and buckets it was indexed under. */
  private readonly of = new Map<string, Map<string, { fp: unknown; values: readonly string[] }>>();

  constructor(private readonly spec: IndexSpec) {}

  stored(o: KObject, key: string, isNew: boolean): void {
    let of = this.of.get(o.kind);
    if (!of) this.of.set(o.kind, (of = new Map()));
    const before = of.get(key);
    const fp = this.spec.fingerprint(o);
    if (before && before.fp === fp) {
      for (const v of before.values) this.buckets.get(v)!.objects.set(key, o);
      return;
    }
    const values = this.spec.values(o);
    if (before) for (const v of before.values) if (!values.includes(v)) this.buckets.get(v)!.objects.delete(key);
    for (const v of values) {
      let b = this.buckets.get(v);
      if (!b) this.buckets.set(v, (b = { objects: new Map(), unordered: false }));
      // A new cache key goes last in the cache too; an old one joining a bucket may land out of order.
      if (!isNew && !before?.values.includes(v)) b.unordered = true;
      b.objects.set(key, o);
    }
    of.set(key, { fp, values });
  }

  removed(kind: string, key: string): void {
    const of = this.of.get(kind);
    const before = of?.get(key);
    if (!before) return;
    for (const v of before.values) this.buckets.get(v)!.objects.delete(key);
    of!.delete(key);
  }

  clear(): void {
    this.buckets.clear();
    this.of.clear();
  }
}

export class InformerIndexes {
  private cache: InformerCache | undefined;
  private readonly indexes = {
    namespace: new ValueIndex(byNamespace),
    node: new ValueIndex(byNodeName),
    label: new ValueIndex(byLabel),
  };
  /** kind → cache key → its place in the cache (a key re-added after a delete goes last, as in a Map). */
  private readonly seq = new Map<string, Map<string, number>>();
  private next = 0;
  /**
   * The kinds each index is kept for: those it has been asked about. Keeping every index for every kind cost a
   * 1,000-pod run ~7 µs per cached write (three indexes, every kind) for lookups nothing made.
   */
  private readonly wanted = new Map<keyof InformerIndexes['indexes'], Set<string>>();
  readonly owners = new OwnerIndex();

  /** Call after the cache stored `o` under `key`; `isNew` says whether the key was absent before. */
  stored(cache: InformerCache, o: KObject, key: string, isNew: boolean): void {
    this.owners.stored(cache, o, key, isNew);
    if (this.cache !== cache) return;
    this.store(o, key, isNew);
  }

  /** Call after the cache dropped `key` of `kind`. */
  removed(cache: InformerCache, kind: string, key: string): void {
    this.owners.removed(cache, kind, key);
    if (this.cache !== cache) return;
    this.seq.get(kind)?.delete(key);
    for (const [name, kinds] of this.wanted) if (kinds.has(kind)) this.indexes[name].removed(kind, key);
  }

  /** The cached objects of `kind` in `namespace` (cluster-scoped kinds: `undefined`). */
  inNamespace(cache: InformerCache, kind: string, namespace: string | undefined): KObject[] {
    return this.read(cache, 'namespace', kind, namespaceBucket(kind, namespace));
  }

  /** The cached Pods whose `spec.nodeName` is `node`. */
  podsOnNode(cache: InformerCache, node: string): KObject[] {
    return this.read(cache, 'node', 'Pod', nodeBucket(node));
  }

  /**
   * The cached objects of `kind` in `namespace` whose labels contain every pair of `set` (a Service's selector,
   * `labels.SelectorFromSet`); an empty set selects every object in the namespace.
   */
  selected(cache: InformerCache, kind: string, namespace: string | undefined, set: Record<string, string>): KObject[] {
    this.ready(cache, 'label', kind);
    let smallest: Bucket | undefined;
    let id = '';
    for (const k in set) {
      const b = this.indexes.label.buckets.get(labelBucket(kind, namespace, k, set[k]));
      if (!b || b.objects.size === 0) return [];
      if (!smallest || b.objects.size < smallest.objects.size)
        [smallest, id] = [b, labelBucket(kind, namespace, k, set[k])];
    }
    if (!smallest) return this.inNamespace(cache, kind, namespace);
    const out: KObject[] = [];
    for (const o of this.read(cache, 'label', kind, id)) if (hasAll(o.metadata.labels, set)) out.push(o);
    return out;
  }

  owned(cache: InformerCache, kind: string, namespace: string | undefined, ownerUid: string): KObject[] {
    return this.owners.owned(cache, kind, namespace, ownerUid);
  }

  summary<S>(cache: InformerCache, kind: string, namespace: string | undefined, ownerUid: string, tally: Tally<S>): S {
    return this.owners.summary(cache, kind, namespace, ownerUid, tally);
  }

  private read(cache: InformerCache, index: keyof InformerIndexes['indexes'], kind: string, id: string): KObject[] {
    this.ready(cache, index, kind);
    const b = this.indexes[index].buckets.get(id);
    if (!b) return [];
    if (b.unordered) {
      const seq = this.seq.get(kind)!;
      b.objects = new Map([...b.objects].sort((x, y) => seq.get(x[0])! - seq.get(y[0])!));
      b.unordered = false;
    }
    return [...b.objects.values()];
  }

  /** Makes `index` current for `kind` on `cache`: indexes what is cached the first time the pair is asked for. */
  private ready(cache: InformerCache, index: keyof InformerIndexes['indexes'], kind: string): void {
    if (this.cache !== cache) this.rebuild(cache);
    let kinds = this.wanted.get(index);
    if (!kinds) this.wanted.set(index, (kinds = new Set()));
    if (kinds.has(kind)) return;
    kinds.add(kind);
    const objects = cache.get(kind);
    if (!objects) return;
    const fresh = !this.seq.has(kind);
    for (const [key, o] of objects) {
      if (fresh) this.sequence(kind, key);
      this.indexes[index].stored(o, key, true);
    }
  }

  private sequence(kind: string, key: string): void {
    let seq = this.seq.get(kind);
    if (!seq) this.seq.set(kind, (seq = new Map()));
    seq.set(key, this.next++);
  }

  private store(o: KObject, key: string, isNew: boolean): void {
    let any = false;
    for (const [name, kinds] of this.wanted) {
      if (!kinds.has(o.kind)) continue;
      any = true;
      this.indexes[name].stored(o, key, isNew);
    }
    if (any && isNew) this.sequence(o.kind, key);
  }

  private rebuild(cache: InformerCache): void {
    this.cache = cache;
    this.seq.clear();
    for (const ix of Object.values(this.indexes)) ix.clear();
    for (const [name, kinds] of this.wanted)
      for (const kind of kinds)
        for (const [key, o] of cache.get(kind) ?? []) {
          if (!this.seq.get(kind)?.has(key)) this.sequence(kind, key);
          this.indexes[name].stored(o, key, true);
        }
  }
}

function hasAll(labels: Record<string, string> | undefined, set: Record<string, string>): boolean {
  if (!labels) return false;
  for (const k in set) if (labels[k] !== set[k]) return false;
  return true;
}

/** Bucket ids; "\0" cannot occur in names, labels or kinds. */
function namespaceBucket(kind: string, namespace: string | undefined): string {
  return `${kind}\u0000${namespace ?? ''}`;
}

function nodeBucket(node: string): string {
  return node;
}

function labelBucket(kind: string, namespace: string | undefined, key: string, value: string): string {
  return `${kind}\u0000${namespace ?? ''}\u0000${key}\u0000${value}`;
}
