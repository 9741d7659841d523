/**
 * The controller harness: write a controller as `{ name, watches, initialState, keysFor, reconcile }` and the
 * manager does the rest, as client-go's workqueue and controller-runtime's controller do for a real one:
 * - a key is *processing* from its reconcile until every API request that reconcile sent has answered; events for it
 *   in the meantime mark it dirty and it is reconciled once more afterwards (the workqueue's dirty/processing sets);
 * - a sync whose request failed is retried with the per-item exponential back-off (`AddRateLimited`), a sync that
 *   succeeded resets it (`Forget`);
 * - `{ requeueAfter }` from reconcile queues the key again after that long (`AddAfter`);
 * - work that is not a workqueue's — a periodic pass (`wait.Until`), per-object deadlines (the taint-eviction
 *   controller's TimedWorkerQueue), informer handlers that act at once — uses `ctx.timer` + `onTimer` and `onWatch`;
 *   requests sent from them still keep their key processing.
 * State lives in the controller manager's checkpointed state, so forks and restarts need nothing more.
 */
import type { EventSpec } from '../kernel/Envelope';
import type { Simulation } from '../kernel/Simulation';
import type { ApiRequest, ApiResponse, WatchEvent } from '../messages';
import type { Phase } from '../types';
import type { Controller, WatchSpec } from '../components/controllers/Controller';
import type { ControllerManager } from '../components/controllers/ControllerManager';
import { cacheKey } from '../components/controllers/objectKeys';
import { itemBackoffMs } from './rateLimiter';

export type ApiCall = Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>;

interface RequestView {
  summary: string;
  narration: { key: string; params?: Record<string, string | number> };
  phase?: Phase;
  delay?: number;
  /** The drawn sender when it is another part of this controller (the root-CA publisher beside `serviceaccount`). */
  part?: string;
}

/** What reconcile and the response handler get: the informer caches, the controller's state and its API client. */
export interface ReconcileContext<S> {
  readonly sim: Simulation;
  /** The shared informers: `get`, `list`, `ownedBy`, `ownedTally`. */
  readonly kcm: ControllerManager;
  readonly state: S;
  /** The key being reconciled (or whose request answered). */
  readonly key: string;
  /** Sends an API request for this key; `data` comes back on the response as `resp.ctx`. */
  request(call: ApiCall, data: Record<string, unknown>, view: RequestView): void;
  /** Records a Kubernetes Event from this controller (its `source` component name). */
  event(e: Omit<EventSpec, 'source'>): void;
  /** Queues another key of this controller (e.g. the owner of a changed dependent). */
  enqueue(key: string, delayMs?: number): void;
}

/**
 * What every hook gets at run time (reconcile too, whose declared type stays the narrower one its unit tests build):
 * timers, and the keys beside `ctx.key`.
 */
export interface ControllerContext<S> extends ReconcileContext<S> {
  /**
   * Wakes `onTimer(name, data, ctx)` after `delayMs`, with `ctx.key` this context's key. A foreground timer keeps
   * the run going until it fires; `background: true` for one that should not (a periodic pass).
   */
  timer(name: string, delayMs: number, data?: Record<string, unknown>, opts?: { background?: boolean }): void;
  /** The same context for another key (a pass over every node sends each node's writes under that node's key). */
  forKey(key: string): ControllerContext<S>;
  /** Whether `key` (default: this context's) is processing: a request its sync sent has not answered yet. */
  isProcessing(key?: string): boolean;
}

/**
 * `requeueAfter`: queue the key again after that long (a foreground timer keeps the run going until it fires;
 * `background: true` for a deadline that should not, like a Deployment's progress deadline).
 */
export type ReconcileResult =
  | void
  | { requeueAfter: number; background?: boolean }
  | { requeue: true }
  /** From onResponse: an error response that is what the controller wanted (a 404 on a delete) is not a failure. */
  | { forget: true };

export interface ControllerDefinition<S> {
  /** The part name drawn inside kube-controller-manager (`job`, `statefulset` …). */
  name: string;
  /** The `source` of the Events it records (`job-controller`, `statefulset-controller` …). */
  eventSource: string;
  watches: readonly WatchSpec[] | '*';
  parts?: readonly string[];
  initialState(): S;
  keysFor(ev: WatchEvent, ctx: { kcm: ControllerManager; state: S }): string[];
  reconcile(ctx: ReconcileContext<S>): ReconcileResult;
  /** Each response to a request `reconcile` sent; returning `{ requeue: true }` counts the sync as failed. */
  onResponse?(resp: ApiResponse, ctx: ControllerContext<S>): ReconcileResult;
  /** When the controller starts (and again after a restart, once its informers have synced); `ctx.key` is its name. */
  start?(ctx: ControllerContext<S>): void;
  /** After a restart, the objects the informers' first list handed over as additions (`Controller.relisted`). */
  relisted?(ctx: ControllerContext<S>): void;
  /**
   * An informer event handler that acts at once rather than through the workqueue (the taint-eviction controller's
   * handleNodeUpdate / handlePodUpdate); `ctx.key` is the object's `namespace/name`. Runs after `keysFor`.
   */
  onWatch?(ev: WatchEvent, ctx: ControllerContext<S>): void;
  /** A timer set with `ctx.timer`; its result applies to `ctx.key` like reconcile's. */
  onTimer?(name: string, data: Record<string, unknown>, ctx: ControllerContext<S>): ReconcileResult;
  /** True while the controller waits on something that happens without outside help (a back-off, a deadline). */
  hasPendingWork?(ctx: Omit<ReconcileContext<S>, 'key' | 'request' | 'event'>): boolean;
}

interface HarnessState<S> {
  user: S;
  /** key → requests of its current sync still unanswered. */
  processing: Map<string, number>;
  dirty: Set<string>;
  failed: Set<string>;
  failures: Map<string, number>;
}

export function defineController<S>(def: ControllerDefinition<S>): Controller {
  const name = def.name;
  const hs = (kcm: ControllerManager): HarnessState<S> => {
    let s = kcm.s.ctrl.get(name) as HarnessState<S> | undefined;
    if (!s) {
      s = {
        user: def.initialState(),
        processing: new Map(),
        dirty: new Set(),
        failed: new Set(),
        failures: new Map(),
      };
      kcm.s.ctrl.set(name, s);
    }
    return s;
  };
  const enqueue = (kcm: ControllerManager, sim: Simulation, key: string, delayMs?: number, background = false) => {
    if (delayMs !== undefined && delayMs > 0)
      sim.timer(kcm.address, delayMs, 'requeue', { controller: name, key }, background);
    else kcm.enqueue(name, key, sim);
  };
  /**
   * One context per hook call, so it is a class: its methods live on the prototype and a context costs one small
   * object (with a closure per method it cost ~40 µs under tsx's name-keeping transform, a third of a 1,000-pod run
   * spent in the node-lifecycle controller's watch handler). `state` is read through the manager each time, as a
   * restore replaces the checkpointed harness state.
   */
  class Context implements ControllerContext<S> {
    constructor(
      readonly kcm: ControllerManager,
      readonly sim: Simulation,
      readonly key: string,
    ) {}
    get state(): S {
      return hs(this.kcm).user;
    }
    enqueue(key: string, delayMs?: number): void {
      enqueue(this.kcm, this.sim, key, delayMs);
    }
    request(call: ApiCall, data: Record<string, unknown>, view: RequestView): void {
      const s = hs(this.kcm);
      s.processing.set(this.key, (s.processing.get(this.key) ?? 0) + 1);
      this.kcm.request(this.sim, name, call, { ...data, key: this.key }, view);
    }
    event(e: Omit<EventSpec, 'source'>): void {
      this.sim.recordEvent({ ...e, source: def.eventSource });
    }
    timer(timer: string, delayMs: number, data?: Record<string, unknown>, opts?: { background?: boolean }): void {
      if (timer === 'requeue') throw new Error(`${name}: the timer name 'requeue' is the workqueue's`);
      this.sim.timer(
        this.kcm.address,
        delayMs,
        timer,
        { ...data, controller: name, key: this.key },
        opts?.background ?? false,
      );
    }
    forKey(other: string): ControllerContext<S> {
      return new Context(this.kcm, this.sim, other);
    }
    isProcessing(other: string = this.key): boolean {
      return (hs(this.kcm).processing.get(other) ?? 0) > 0;
    }
  }
  const context = (kcm: ControllerManager, sim: Simulation, key: string): ControllerContext<S> =>
    new Context(kcm, sim, key);
  const settle = (kcm: ControllerManager, sim: Simulation, s: HarnessState<S>, key: string, r: ReconcileResult) => {
    if (r && 'requeue' in r) s.failed.add(key);
    // AddAfter does not wait for the sync: if the key is still processing when the timer fires, it is marked dirty.
    if (r && 'requeueAfter' in r) enqueue(kcm, sim, key, r.requeueAfter, r.background);
    if ((s.processing.get(key) ?? 0) > 0) return;
    s.processing.delete(key);
    if (s.failed.delete(key)) {
      const n = (s.failures.get(key) ?? 0) + 1;
      s.failures.set(key, n);
      enqueue(kcm, sim, key, itemBackoffMs(n));
    } else s.failures.delete(key);
    if (s.dirty.delete(key)) kcm.enqueue(name, key, sim);
  };
  return {
    name,
    watches: def.watches,
    parts: def.parts,
    keysFor: (ev, kcm) => def.keysFor(ev, { kcm, state: hs(kcm).user }),
    start(kcm, sim) {
      def.start?.(context(kcm, sim, name));
    },
    relisted: def.relisted && ((kcm, sim) => def.relisted!(context(kcm, sim, name))),
    onWatch:
      def.onWatch &&
      ((ev, kcm, sim) =>
        def.onWatch!(ev, context(kcm, sim, cacheKey(ev.object.metadata.namespace, ev.object.metadata.name)))),
    reconcile(key, kcm, sim) {
      const s = hs(kcm);
      if ((s.processing.get(key) ?? 0) > 0) {
        s.dirty.add(key);
        return;
      }
      settle(kcm, sim, s, key, def.reconcile(context(kcm, sim, key)));
    },
    onResponse(resp, kcm, sim) {
      const s = hs(kcm);
      const key = String(resp.ctx?.key);
      const left = (s.processing.get(key) ?? 1) - 1;
      if (left > 0) s.processing.set(key, left);
      else s.processing.set(key, 0);
      const r = def.onResponse?.(resp, context(kcm, sim, key));
      const failed = resp.error !== undefined || resp.unreachable;
      settle(kcm, sim, s, key, failed && !r ? { requeue: true } : r);
    },
    onTimer(timer, data, kcm, sim) {
      const key = String(data.key);
      if (timer === 'requeue') return kcm.enqueue(name, key, sim);
      const r = def.onTimer?.(timer, data, context(kcm, sim, key));
      if (r) settle(kcm, sim, hs(kcm), key, r);
    },
    hasPendingWork(kcm, sim) {
      const s = hs(kcm);
      for (const n of s.processing.values()) if (n > 0) return true;
      return def.hasPendingWork?.(context(kcm, sim, name)) ?? false;
    },
  };
}
