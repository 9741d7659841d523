/**
 * kube-controller-manager: shared informers (a cache per kind, fed only by watch events) and one dedup workqueue
 * per controller. A watch event maps to keys; a short moment later the controller drains its queue and calls
 * `reconcile(key)`, which reads the cache and converges by sending API requests — the controller-runtime shape.
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import { partOf } from '../../kernel/partOf';
import type { Simulation } from '../../kernel/Simulation';
import { withFields } from '../../kernel/withFields';
import type { ApiRequest, ApiResponse, Message, UserInfo, WatchEvent } from '../../messages';
import type { Endpoint, KObject, Phase } from '../../types';
import { sendApiRequest } from '../../client/ApiClient';
import { primaryKind, type Controller } from './Controller';
import { InformerIndexes } from '../../client/Informer';
import type { ObjectOf, Pod } from '../../objects/typed';
import type { Tally } from './OwnerIndex';
import { CONTROLLERS } from './registry';
import { cacheKey } from './objectKeys';
import { boundedMemo } from '../../util/boundedMemo';

export { cacheKey, controllerOf } from './objectKeys';

const KCM: Endpoint = { component: 'kube-controller-manager' };

interface KcmState {
  /** kind → "ns/name" → object, as last seen through watch. */
  cache: Map<string, Map<string, KObject>>;
  queues: Map<string, string[]>;
  scheduled: Set<string>;
  /** Per-controller private state (expectations, timers, health bookkeeping). */
  ctrl: Map<string, any>;
  unreachableRetries?: number;
  /** After a restart: the informers whose LIST has not answered yet (kind → namespace or ''). */
  relisting?: Map<string, string>;
  /**
   * "kind/ns/name" → the resourceVersion its DELETED event carried. A real watch delivers one object's events in
   * order; Podyssey draws each delivery with its own latency, so an update written just before a delete can arrive
   * after it, and must not bring the object back into the cache.
   */
  deletedAt?: Map<string, number>;
}

export class ControllerManager implements Component<KcmState> {
  readonly address = KCM;
  s: KcmState = { cache: new Map(), queues: new Map(), scheduled: new Set(), ctrl: new Map() };
  /** Derived from `s.cache`: objects by namespace, node, label and controller owner. */
  private readonly indexes = new InformerIndexes();

  private readonly byName: Map<string, Controller>;

  /** `controllers`: the registry; a test can run a manager with just the controller it checks. */
  constructor(
    readonly clusterNodes: () => string[],
    readonly controllers: readonly Controller[] = CONTROLLERS,
  ) {
    this.byName = new Map(controllers.map((c) => [c.name, c]));
  }

  /** Seeds the informer caches with what exists before the run (the initial LIST of each informer). */
  prime(objects: KObject[], sim: Simulation): void {
    for (const o of objects) this.cacheSet(o);
    for (const c of this.controllers) c.start?.(this, sim);
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'watch') this.onWatch(msg, sim);
    else if (msg.kind === 'api-response') this.onResponse(msg, sim);
    else if (msg.kind === 'timer') {
      if (msg.name === 'reconcile') this.drain(String(msg.data!.controller), sim);
      else if (msg.name === 'resync-all') this.resyncAll(sim);
      else if (msg.name === 'relist') {
        const kind = String(msg.data!.kind);
        const ns = this.s.relisting?.get(kind);
        if (ns !== undefined) this.sendList(sim, kind, ns);
      } else this.byName.get(String(msg.data?.controller))?.onTimer?.(msg.name, msg.data ?? {}, this, sim);
    }
  }

  hasPendingWork(sim: Simulation): boolean {
    if (this.s.scheduled.size > 0) return true;
    return this.controllers.some((c) => c.hasPendingWork?.(this, sim));
  }

  // ---- informers ----------------------------------------------------------------------------------------------

  cacheOf(kind: string): Map<string, KObject> {
    let m = this.s.cache.get(kind);
    if (!m) {
      m = new Map();
      this.s.cache.set(kind, m);
    }
    return m;
  }

  get<K extends string>(kind: K, namespace: string | undefined, name: string): ObjectOf<K> | undefined {
    return this.cacheOf(kind).get(cacheKey(namespace, name)) as ObjectOf<K> | undefined;
  }

  list<K extends string>(kind: K): ObjectOf<K>[] {
    return [...this.cacheOf(kind).values()] as ObjectOf<K>[];
  }

  /** The cached objects of `kind` in `namespace`, in cache order (the namespace index). */
  listIn<K extends string>(kind: K, namespace: string | undefined): ObjectOf<K>[] {
    return this.indexes.inNamespace(this.s.cache, kind, namespace) as ObjectOf<K>[];
  }

  /** The cached Pods bound to `node`, in cache order (the pod informer's `spec.nodeName` index). */
  podsOnNode(node: string): Pod[] {
    return this.indexes.podsOnNode(this.s.cache, node) as Pod[];
  }

  /** The cached objects of `kind` in `namespace` whose labels contain every pair of `set`, in cache order. */
  select<K extends string>(kind: K, namespace: string | undefined, set: Record<string, string>): ObjectOf<K>[] {
    return this.indexes.selected(this.s.cache, kind, namespace, set) as ObjectOf<K>[];
  }

  /** The cached objects of `kind` in `namespace` controlled by the object with `ownerUid`, in cache order. */
  ownedBy<K extends string>(kind: K, namespace: string | undefined, ownerUid: string): ObjectOf<K>[] {
    return this.indexes.owned(this.s.cache, kind, namespace, ownerUid) as ObjectOf<K>[];
  }

  /** A running `tally` over the same objects as `ownedBy`, updated as the cache changes instead of recounted. */
  ownedTally<S>(kind: string, namespace: string | undefined, ownerUid: string, tally: Tally<S>): S {
    return this.indexes.summary(this.s.cache, kind, namespace, ownerUid, tally);
  }

  /** Records the controller's own write before its watch event arrives (like the controllers' trackers). */
  remember(o: KObject, deleted = false): void {
    if (deleted) this.cacheDelete(o);
    else this.cacheSet(o);
  }

  private cacheSet(o: KObject): void {
    const objects = this.cacheOf(o.kind);
    const key = cacheKey(o.metadata.namespace, o.metadata.name);
    const isNew = !objects.has(key);
    objects.set(key, o);
    this.indexes.stored(this.s.cache, o, key, isNew);
  }

  private cacheDelete(o: KObject): void {
    const key = cacheKey(o.metadata.namespace, o.metadata.name);
    if (this.cacheOf(o.kind).delete(key)) this.indexes.removed(this.s.cache, o.kind, key);
  }

  private onWatch(ev: WatchEvent, sim: Simulation): void {
    const o = ev.object;
    const rv = Number(o.metadata.resourceVersion);
    if (this.s.deletedAt?.size || ev.type === 'DELETED') {
      const k = `${o.kind}/${cacheKey(o.metadata.namespace, o.metadata.name)}`;
      const gone = this.s.deletedAt?.get(k);
      if (ev.type !== 'DELETED' && gone !== undefined && rv <= gone) return;
      if (ev.type === 'DELETED') (this.s.deletedAt ??= new Map()).set(k, Math.max(rv, gone ?? 0));
      else if (gone !== undefined) this.s.deletedAt!.delete(k);
    }
    if (ev.type === 'DELETED') this.cacheDelete(o);
    else this.cacheSet(o);
    for (const c of this.controllers) {
      for (const key of c.keysFor?.(ev, this) ?? []) this.enqueue(c.name, key, sim);
      c.onWatch?.(ev, this, sim);
    }
  }

  // ---- workqueues ---------------------------------------------------------------------------------------------

  enqueue(controller: string, key: string, sim: Simulation, delay?: number): void {
    const q = this.s.queues.get(controller) ?? [];
    if (!q.includes(key)) q.push(key);
    this.s.queues.set(controller, q);
    if (!this.s.scheduled.has(controller)) {
      this.s.scheduled.add(controller);
      // Informer handler → workqueue → worker goroutine: a few milliseconds.
      sim.timer(KCM, delay ?? sim.latency(KCM).between(3, 12), 'reconcile', { controller });
    }
  }

  private drain(controller: string, sim: Simulation): void {
    this.s.scheduled.delete(controller);
    const keys = this.s.queues.get(controller) ?? [];
    this.s.queues.set(controller, []);
    const c = this.byName.get(controller);
    if (!c) return;
    for (const key of keys) c.reconcile(key, this, sim);
  }

  // ---- API client ---------------------------------------------------------------------------------------------

  request(
    sim: Simulation,
    controller: string,
    r: Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>,
    ctx: Record<string, unknown>,
    view: {
      summary: string;
      narration: { key: string; params?: Record<string, string | number> };
      phase?: Phase;
      delay?: number;
      /** The drawn sender, when not the controller's own part; responses still go to `controller`. */
      part?: string;
    },
  ): void {
    const phase = view.phase ?? 'reconcile';
    sendApiRequest(sim, KCM_CLIENT, r, withFields(ctx, { controller, phase }), {
      phase,
      summary: view.summary,
      narration: view.narration,
      from: controllerEndpoint(view.part ?? controller),
      delay: view.delay,
    });
  }

  private onResponse(resp: ApiResponse, sim: Simulation): void {
    if (resp.ctx?.relist !== undefined) return this.onRelist(resp, sim);
    const c = this.byName.get(String(resp.ctx?.controller));
    if (resp.unreachable) {
      // client-go cannot reach the apiserver: the controller's sync fails and the key is retried later.
      this.s.unreachableRetries = (this.s.unreachableRetries ?? 0) + 1;
      sim.timer(
        KCM,
        Math.min(1000 * 2 ** Math.min(this.s.unreachableRetries, 5), 30_000),
        'resync-all',
        undefined,
        true,
      );
      c?.onResponse?.(
        { ...resp, error: { code: 0, reason: 'ServiceUnavailable', message: 'connection refused' } },
        this,
        sim,
      );
      return;
    }
    this.s.unreachableRetries = 0;
    c?.onResponse?.(resp, this, sim);
  }

  /**
   * After a restart the shared informers start empty: each sends its LIST (drawn), fills its cache from the answer
   * and watches from there; once every informer has synced (WaitForCacheSync), the controllers start and every
   * primary object is reconciled again.
   */
  restart(sim: Simulation): void {
    this.s.cache = new Map();
    this.s.queues = new Map();
    this.s.scheduled = new Set();
    this.s.ctrl = new Map();
    this.s.relisting = new Map(informers(this.controllers));
    for (const [kind, namespace] of this.s.relisting) this.sendList(sim, kind, namespace);
  }

  private sendList(sim: Simulation, kind: string, namespace: string): void {
    sendApiRequest(
      sim,
      KCM_CLIENT,
      { verb: 'list', resourceKind: kind, namespace: namespace || undefined },
      { relist: kind, phase: 'reconcile' },
      {
        phase: 'reconcile',
        summary: `kube-controller-manager's ${kind} informer lists every ${kind}${namespace ? ` in ${namespace}` : ''}, then watches for changes from that resourceVersion`,
        narration: { key: 'kcm.relist', params: { kind, namespace } },
      },
    );
  }

  private onRelist(resp: ApiResponse, sim: Simulation): void {
    const kind = String(resp.ctx!.relist);
    const pending = this.s.relisting;
    if (!pending?.has(kind)) return;
    if (resp.unreachable || resp.error) {
      // The reflector backs off and lists again (client-go reflector: 800 ms doubling to 30 s; a fixed 1 s here).
      sim.timer(KCM, 1000, 'relist', { kind });
      return;
    }
    for (const o of resp.items ?? []) this.cacheSet(o);
    pending.delete(kind);
    if (pending.size > 0) return;
    this.s.relisting = undefined;
    for (const c of this.controllers) c.start?.(this, sim);
    for (const c of this.controllers) c.relisted?.(this, sim);
    this.resyncAll(sim);
  }

  private resyncAll(sim: Simulation): void {
    // Each controller's primary objects are queued again (controller-runtime's For() kind on a re-list).
    for (const c of this.controllers) {
      const kind = primaryKind(c);
      if (!kind || !c.keysFor) continue;
      for (const o of this.list(kind))
        for (const key of c.keysFor({ kind: 'watch', type: 'MODIFIED', object: o }, this))
          this.enqueue(c.name, key, sim);
    }
  }
}

/** partOf(KCM, controller) by name: every controller request is drawn from one, and a map by name is one lookup. */
const controllerEndpoint = boundedMemo(1_000, (controller: string): Endpoint => partOf(KCM, controller));

const CONTROLLER_USER: UserInfo = { name: 'system:kube-controller-manager', groups: ['system:authenticated'] };

const KCM_CLIENT = { address: KCM, user: CONTROLLER_USER };

/** One shared informer per watched kind (namespace-scoped when every watch of it is), in registry order. */
function informers(controllers: readonly Controller[]): Array<[string, string]> {
  const out = new Map<string, string>();
  for (const c of controllers) {
    if (c.watches === '*') continue;
    for (const w of c.watches) {
      const kind = typeof w === 'string' ? w : w.kind;
      const ns = typeof w === 'string' ? '' : (w.namespace ?? '');
      const had = out.get(kind);
      out.set(kind, had === undefined ? ns : had === ns ? ns : '');
    }
  }
  return [...out];
}
