/**
 * The kernel: a virtual clock, one queue of envelopes ordered by (time, order), seeded random streams, per-run id
 * counters, the etcd keyspace, and the trace being written. Components talk only through `send`; each delivered
 * envelope becomes one Step. Nothing here reads the wall clock or ambient randomness, so the same input and seed
 * give the same trace in Node and in the browser.
 */
import type { HistoryEntry } from '../api';
import type { Endpoint, KEvent, ObjectRef, Step } from '../types';
import { MvccStore } from '../components/etcd/MvccStore';
import { addressKey, type Component } from './Component';
import { checkpointClone } from './deepClone';
import type { Envelope, StepSpec } from './Envelope';
import { EventQueue } from './EventQueue';
import { Rng, type RngState } from './Rng';
import { withFields } from './withFields';
import { EPOCH_MS } from '../api';
import { hex8 } from '../objects/names';
import type { Message } from '../messages';

export interface KernelState {
  now: number;
  order: number;
  queue: Envelope[];
  rngs: Map<string, RngState>;
  counters: Map<string, number>;
  /**
   * The store's revision. Its keys and values are not copied: the history up to `historyCount` holds every write
   * (bootstrap, etcd commits, events), so `restore` replays it (see MvccStore.replay).
   */
  storeRevision: number;
  components: Map<string, unknown>;
  down: Set<string>;
  stepCount: number;
  historyCount: number;
  foreground: number;
  /** Event aggregation index: correlation key → event key in the store. */
  eventIndex: Map<string, string>;
}

export class Simulation {
  now = 0;
  order = 0;
  readonly queue = new EventQueue<Envelope>();
  readonly steps: Step[] = [];
  readonly history: HistoryEntry[] = [];
  readonly components = new Map<string, Component>();
  store = MvccStore.empty();
  down = new Set<string>();
  private rngs = new Map<string, Rng>();
  /** Stream names by endpoint object (endpoints are long-lived, mostly frozen, shared objects). */
  private readonly latencyStreams = new WeakMap<Endpoint, string>();
  private counters = new Map<string, number>();
  private eventIndex = new Map<string, string>();
  /** component id → node ('' for none) → instance: every delivery looks its receiver up, without building a key. */
  private byAddress = new Map<string, Map<string, Component>>();
  /** Queued envelopes that keep the run alive (not background). */
  foreground = 0;
  /** Step whose handler is running; sends and events attach to it. */
  current: number | undefined;
  /** Cause inherited by timers that fire without a step of their own. */
  private inheritedCause: number | undefined;
  /**
   * Streaming (see `streamSteps`): where finished steps go instead of staying in `steps`, and how many went there.
   * `steps` then holds only the tail a later event or revision can still reach.
   */
  private sink: ((steps: readonly Step[]) => void) | undefined;
  private streamed = 0;

  constructor(readonly seed: number) {}

  /** Steps made so far, streamed ones included: the next step's `seq`. */
  get stepCount(): number {
    return this.streamed + this.steps.length;
  }

  /**
   * From now on, hand finished steps to `sink` and forget them, and keep no playback history: a long run's memory
   * is then its cluster state, not its trace. For output that is written as it is made (the CLI's text format); a
   * streamed run cannot be forked, played back or shown as a world at a step.
   */
  streamSteps(sink: (steps: readonly Step[]) => void): void {
    this.sink = sink;
    this.history.length = 0;
  }

  /**
   * Streams the steps nothing can change any more: all of them at the end (`all`), otherwise those before the
   * current step (events attach to it, or to the last step when there is none, as in `recordEvent`).
   */
  flushSteps(all = false): void {
    if (!this.sink || this.steps.length === 0) return;
    const last = this.stepCount - 1;
    const keepFrom = all ? this.stepCount : Math.min(this.current ?? last, last);
    const n = keepFrom - this.streamed;
    if (n <= 0) return;
    this.sink(this.steps.splice(0, n));
    this.streamed += n;
  }

  // ---- randomness and ids -------------------------------------------------------------------------------------

  rng(stream: string): Rng {
    let r = this.rngs.get(stream);
    if (!r) {
      r = Rng.fromSeed(this.seed, stream);
      this.rngs.set(stream, r);
    }
    return r;
  }

  /**
   * The latency stream of one component instance (`latency/<component>@<node>`): a draw by one component never
   * shifts another's timings, so a change in one component changes only the steps it really affects.
   */
  latency(owner: Endpoint): Rng {
    let name = this.latencyStreams.get(owner);
    if (name === undefined) {
      name = `latency/${addressKey({ component: owner.component, node: owner.node })}`;
      this.latencyStreams.set(owner, name);
    }
    return this.rng(name);
  }

  nextId(counter: string): number {
    const n = (this.counters.get(counter) ?? 0) + 1;
    this.counters.set(counter, n);
    return n;
  }

  // ---- components ---------------------------------------------------------------------------------------------

  register(c: Component): void {
    this.components.set(addressKey(c.address), c);
    let nodes = this.byAddress.get(c.address.component);
    if (!nodes) this.byAddress.set(c.address.component, (nodes = new Map()));
    nodes.set(c.address.node || '', c);
  }

  component<T extends Component>(address: Endpoint): T | undefined {
    return this.byAddress.get(address.component)?.get(address.node || '') as T | undefined;
  }

  isUp(address: Endpoint): boolean {
    return this.down.size === 0 || !this.down.has(addressKey({ component: address.component, node: address.node }));
  }

  // ---- messaging ----------------------------------------------------------------------------------------------

  /** Queues a message; when delivered it becomes a Step drawn from `step`. */
  send(from: Endpoint, to: Endpoint, msg: Message, step: StepSpec, delay = 0): void {
    this.queue.push({
      time: this.now + Math.max(0, delay),
      order: this.order++,
      from,
      to,
      msg,
      cause: this.current ?? this.inheritedCause,
      step,
      background: step.background,
    });
    if (!step.background) this.foreground++;
  }

  /** A self-addressed wake-up; not drawn. Background timers do not keep the run alive. */
  timer(owner: Endpoint, delay: number, name: string, data?: Record<string, unknown>, background = false): void {
    this.queue.push({
      time: this.now + Math.max(0, delay),
      order: this.order++,
      from: owner,
      to: owner,
      msg: { kind: 'timer', name, data },
      cause: this.current ?? this.inheritedCause,
      background,
    });
    if (!background) this.foreground++;
  }

  /** Records an internal decision of a component as a step at the current time, and makes it the current step. */
  decide(at: Endpoint, spec: StepSpec, to: Endpoint = at): number {
    const step = this.makeStep(at, to, spec, this.current ?? this.inheritedCause);
    this.current = step.seq;
    for (const e of spec.events ?? []) this.recordEvent(e);
    return step.seq;
  }

  private makeStep(from: Endpoint, to: Endpoint, spec: StepSpec, cause: number | undefined): Step {
    const seq = this.stepCount;
    const { phase, verb, summary, label, narration, object, source, detail } = spec;
    const revision = this.store.revision;
    // Flattened now (charCodeAt flattens a concatenated string): a template literal is a tree of cons strings,
    // about 250 bytes for a summary against 110 flat, and every step keeps its texts for the life of the run.
    void summary.charCodeAt(0);
    void label.charCodeAt(0);
    let step: Step;
    // The usual field sets as one literal each, in the order the generic path adds them: a field added after the
    // literal moves the step's extra fields into a separate PropertyArray (40 bytes and an allocation for each of
    // the 45,000 steps of a 1,000-pod run, all of them kept and copied by the scavenger).
    if (cause !== undefined && object && !spec.background && !source && !detail) {
      step = {
        seq,
        time: this.now,
        phase,
        from,
        to,
        verb,
        summary,
        label,
        narration,
        events: NO_EVENTS,
        revision,
        object,
        cause,
      };
    } else if (cause !== undefined && object && !spec.background && !source) {
      step = {
        seq,
        time: this.now,
        phase,
        from,
        to,
        verb,
        summary,
        label,
        narration,
        events: NO_EVENTS,
        revision,
        object,
        cause,
        detail,
      };
    } else if (cause !== undefined && !object && !spec.background && !source && !detail) {
      step = {
        seq,
        time: this.now,
        phase,
        from,
        to,
        verb,
        summary,
        label,
        narration,
        events: NO_EVENTS,
        revision,
        cause,
      };
    } else if (cause !== undefined && object && !spec.background && !detail) {
      step = {
        seq,
        time: this.now,
        phase,
        from,
        to,
        verb,
        summary,
        label,
        narration,
        events: NO_EVENTS,
        revision,
        object,
        cause,
        source,
      };
    } else {
      step = { seq, time: this.now, phase, from, to, verb, summary, label, narration, events: NO_EVENTS, revision };
      if (object) step.object = object;
      if (cause !== undefined) step.cause = cause;
      if (source) step.source = source;
      if (detail) step.detail = detail;
      if (spec.background) step.background = true;
    }
    this.steps.push(step);
    return step;
  }

  /** Delivers one envelope: draws its step (if any) and runs the receiver. */
  deliver(env: Envelope): void {
    if (!env.background) this.foreground--;
    this.now = env.time;
    const first = this.steps.length;
    this.current = undefined;
    this.inheritedCause = env.cause;
    if (env.step) {
      this.current = this.makeStep(env.from, env.to, env.step, env.cause).seq;
      for (const e of env.step.events ?? []) this.recordEvent(e);
    }
    const target = this.component(env.to);
    if (target && this.isUp(env.to)) {
      target.handle(env, this);
    } else if (env.msg && (env.msg as Message).kind === 'api-request') {
      // Nobody listens: the client sees a refused connection (and retries on its own schedule).
      const req = env.msg as Extract<Message, { kind: 'api-request' }>;
      this.queue.push({
        time: this.now,
        order: this.order++,
        from: env.to,
        to: env.from,
        msg: { kind: 'api-response', reqId: req.reqId, status: 0, unreachable: true, ctx: req.ctx },
        cause: this.current,
      });
      this.foreground++;
    }
    for (let i = first; i < this.steps.length; i++) this.steps[i].revision = this.store.revision;
  }

  // ---- recorded state -----------------------------------------------------------------------------------------

  /** Appends a playback history entry for the current step. */
  recordHistory(key: string, value: unknown): void {
    if (this.sink) return;
    this.history.push({
      seq: this.current ?? Math.max(0, this.stepCount - 1),
      key,
      value,
      revision: this.store.revision,
    });
  }

  /** Node-local facts (images, sandboxes, iptables) for playback views; not in etcd. */
  writeRuntime(key: string, value: unknown): void {
    this.recordHistory(key, value);
  }

  /**
   * Records a Kubernetes Event on the current step. Components post Events to the apiserver; drawing each of those
   * POSTs would double the trace for no insight, so they are stored without a step of their own. Identical events
   * are aggregated (count, lastTimestamp) as client-go's EventCorrelator does.
   */
  recordEvent(e: {
    type: 'Normal' | 'Warning';
    reason: string;
    message: string;
    source: string;
    host?: string;
    involvedObject: ObjectRef & { fieldPath?: string };
  }): KEvent | undefined {
    const ns = e.involvedObject.namespace ?? 'default';
    // The recorder's POST is refused by NamespaceLifecycle in a namespace being deleted ("unable to create new
    // content in namespace … because it is being terminated") or gone; client-go drops the event.
    const namespace = this.store.get(`/registry/namespaces/${ns}`);
    if (!namespace || namespace.status?.phase === 'Terminating') return undefined;
    const corr = `${e.source}|${e.involvedObject.uid ?? e.involvedObject.name}|${e.involvedObject.fieldPath ?? ''}|${e.type}|${e.reason}|${e.message}`;
    const existingKey = this.eventIndex.get(corr);
    const existing = existingKey ? this.store.get(existingKey) : undefined;
    let ev: KEvent;
    let key: string;
    if (existing && this.now - (existing.lastTimestamp as number) < 600_000) {
      key = existingKey!;
      ev = { ...(existing as unknown as KEvent), count: (existing.count as number) + 1, lastTimestamp: this.now };
    } else {
      const nanos = nanosHex(EPOCH_MS + this.now, this.nextId('event') % 1_000_000);
      const name = `${e.involvedObject.name}.${nanos}`;
      key = `/registry/events/${ns}/${name}`;
      ev = withFields(e, { firstTimestamp: this.now, lastTimestamp: this.now, count: 1, name, namespace: ns });
      this.eventIndex.set(corr, key);
    }
    const obj = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: ev.name, namespace: ns, creationTimestamp: ev.firstTimestamp },
      ...ev,
    };
    const res = this.store.txn([{ type: 'put', key, value: obj as never }]);
    if (res) this.recordHistory(key, res.values[0]);
    const stepIdx = (this.current ?? this.stepCount - 1) - this.streamed;
    if (stepIdx >= 0) {
      const step = this.steps[stepIdx];
      // A step's first event gets an array of its own, sized for it (push onto an empty array reserves 17 slots).
      if (step.events.length === 0) step.events = [ev];
      else step.events.push(ev);
    }
    return ev;
  }

  // ---- checkpoints --------------------------------------------------------------------------------------------

  snapshot(): KernelState {
    const rngs = new Map<string, RngState>();
    for (const [k, r] of this.rngs) rngs.set(k, [...r.state] as RngState);
    const comps = new Map<string, unknown>();
    for (const [k, c] of this.components) comps.set(k, checkpointClone(c.s));
    return {
      now: this.now,
      order: this.order,
      queue: checkpointClone(this.queue.items),
      rngs,
      counters: new Map(this.counters),
      storeRevision: this.store.revision,
      components: comps,
      down: new Set(this.down),
      stepCount: this.steps.length,
      historyCount: this.history.length,
      foreground: this.foreground,
      eventIndex: new Map(this.eventIndex),
    };
  }

  /** Rewinds to a snapshot taken from this same simulation; the trace after it is dropped. */
  restore(k: KernelState): void {
    this.now = k.now;
    this.order = k.order;
    this.queue.items = [];
    for (const e of checkpointClone(k.queue)) this.queue.push(e);
    this.rngs = new Map();
    for (const [name, st] of k.rngs) this.rngs.set(name, new Rng([...st] as RngState));
    this.counters = new Map(k.counters);
    this.history.length = k.historyCount;
    this.store = MvccStore.replay(this.history, k.storeRevision);
    for (const [key, st] of k.components) {
      const c = this.components.get(key);
      if (c) c.s = checkpointClone(st);
    }
    this.down = new Set(k.down);
    this.steps.length = k.stepCount;
    this.foreground = k.foreground;
    this.eventIndex = new Map(k.eventIndex);
    this.current = undefined;
    this.inheritedCause = undefined;
  }
}

/**
 * The events of every step that records none (most of them): one frozen array instead of an empty one per step
 * (32 bytes each, kept for the life of the run). Frozen, so a stray push fails loudly instead of adding an event to
 * every step; recordEvent gives a step its own array.
 */
const NO_EVENTS: KEvent[] = Object.freeze([]) as unknown as KEvent[];

const TWO_32 = 2 ** 32;

/**
 * `(BigInt(ms) * 1_000_000n + BigInt(n)).toString(16)` for integers ms ≥ 0 and 0 ≤ n < 1e6, in plain numbers:
 * the product passes 2^53, so it is worked out in 32-bit halves. BigInts cost an allocation per operation, and
 * every new Event names itself this way.
 */
export function nanosHex(ms: number, n: number): string {
  const msHigh = Math.floor(ms / TWO_32);
  const low = (ms - msHigh * TWO_32) * 1_000_000 + n; // < 2^32 · 1e6 + 1e6 < 2^53: exact
  const carry = Math.floor(low / TWO_32);
  const high = msHigh * 1_000_000 + carry;
  const low32 = low - carry * TWO_32;
  return high > 0 ? high.toString(16) + hex8(low32) : low32.toString(16);
}
