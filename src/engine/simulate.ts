/**
 * Runs a simulation: parse the manifest, build the cluster, let kubectl apply each document, and deliver messages
 * until the run is quiescent, reaches its virtual-time horizon, or hits the step cap. `Engine` also keeps
 * checkpoints so a run can be forked at any step with an intervention inserted.
 */
import { kubeconfigUser } from './cluster/kubeconfigUser';
import { schedulerWatches } from './components/scheduler/schedulerWatches';
import { kcmWatchRoutes } from './components/controllers/kcmWatchRoutes';
import { CONTROLLERS } from './components/controllers/registry';
import {
  KUBERNETES_VERSION,
  type ClusterSpec,
  type Run,
  type SimulationInput,
  type TimedAction,
  type UserAction,
} from './api';
import { applyAction, type ActionWorld } from './actions';
import { bootstrapObjects, keyOf } from './cluster/bootstrap';
import { resolveCluster } from './cluster/defaultCluster';
import { Apiserver } from './components/apiserver/Apiserver';
import { Cni } from './components/cni/Cni';
import { ControllerManager } from './components/controllers/ControllerManager';
import { Etcd } from './components/etcd/Etcd';
import { KubeProxy } from './components/kube-proxy/KubeProxy';
import { Kubectl, type RemoteRequest } from './components/kubectl/Kubectl';
import { Kubelet } from './components/kubelet/Kubelet';
import { adoptRunningPod } from './components/kubelet/adoptRunningPod';
import { ContainerRuntime } from './components/runtime/ContainerRuntime';
import { Scheduler } from './components/scheduler/Scheduler';
import { desiredEndpoints, endpointSliceMetadata, selectorMatches } from './controllers-support/endpointSlices';
import {
  ANNOTATION_TRIGGER_TIME,
  desiredSubsets,
  endpointsLabels,
  triggerTimeAnnotation,
} from './controllers-support/endpoints';
import type { KernelState } from './kernel/Simulation';
import { Simulation } from './kernel/Simulation';
import { parseManifest } from './manifest/parseManifest';
import { generateName } from './objects/names';
import type { KObject, Step } from './types';
import type { ApiResponse } from './messages';
import { worldAt } from './trace/worldAt';
import type { WorldState } from './api';

const DEFAULT_HORIZON_MS = 10 * 60_000;
const DEFAULT_MAX_STEPS = 200_000;
/**
 * Steps between checkpoints. A checkpoint copies the mutable state, which grows with the cluster, so in a large
 * cluster they are spaced by its size (CHECKPOINT_STEPS_PER_KEY per etcd key) to keep their cost a few percent of
 * the run; a fork then replays at most that many steps from the checkpoint before it.
 */
const CHECKPOINT_EVERY = 5_000;
/**
 * 4, not 2: at 2 a 1,000-pod run on 100 nodes took six checkpoints costing about 7% of it, more than "a few percent"
 * once the rest got faster; at 4 it takes three (under 4%), and a fork there replays at most ~14,000 steps.
 */
const CHECKPOINT_STEPS_PER_KEY = 4;

interface SimulateOptions {
  /**
   * Stream the trace: each finished step goes to `onSteps` (in order, once) and is not kept, nor is the playback
   * history, so memory stays that of the cluster however long the run. The returned Run then has no steps or
   * history; its apply results, kubectl output and end are complete. For output written as it is made.
   */
  onSteps?: (steps: readonly Step[]) => void;
}

export function simulate(input: SimulationInput, options: SimulateOptions = {}): Run {
  const engine = new Engine(input);
  if (options.onSteps) engine.stream(options.onSteps);
  return engine.run();
}

interface Checkpoint {
  step: number;
  kernel: KernelState;
  world: ActionWorld;
  actionIndex: number;
  end?: Run['end'];
}

/** How often a long run reports progress (a few times a second at the engine's speed). */
const PROGRESS_EVERY_STEPS = 5_000;

/** Who watches what, built once: the controller registry and the scheduler's informers are fixed for the page's life. */
const WATCH_ROUTES = { kcm: kcmWatchRoutes(CONTROLLERS), scheduler: schedulerWatches };

export class Engine {
  readonly cluster: ClusterSpec;
  readonly seed: number;
  private sim!: Simulation;
  private world: ActionWorld = { registryReachable: true };
  private actions: TimedAction[];
  private actionIndex = 0;
  /** For each applied action, the number of steps that existed when it was applied (forks keep earlier ones). */
  private appliedAt: number[] = [];
  private checkpoints: Checkpoint[] = [];
  private streaming = false;
  private inputErrors: Run['inputErrors'] = [];
  private kubectl!: Kubectl;
  /** Live mode: the callers waiting for the responses to `submit` requests, by request id. */
  private waiters = new Map<number, (resp: ApiResponse) => void>();
  /** Live mode: the world folded from the history so far, and how many history entries it has folded. */
  private liveWorld: WorldState | undefined;
  private liveFolded = 0;
  /**
   * Called every PROGRESS_EVERY_STEPS steps while `run` works (steps so far, virtual ms): a long run in a worker
   * tells the page how far it got. Not part of the input, so it changes nothing in the trace.
   */
  onProgress?: (steps: number, timeMs: number) => void;

  constructor(readonly input: SimulationInput) {
    this.cluster = resolveCluster(input.cluster);
    this.seed = (input.seed ?? 1) >>> 0;
    this.actions = sortActions(input.actions ?? []);
    this.build();
  }

  private build(): void {
    const sim = new Simulation(this.seed);
    this.sim = sim;
    const cluster = this.cluster;
    const boot = bootstrapObjects(cluster, sim.rng('bootstrap'), sim.rng('bootstrap-system'));
    this.kubectl = new Kubectl(kubeconfigUser(cluster.user), this.input.filename ?? 'manifest.yaml');
    this.kubectl.onRemoteResponse = (resp) => {
      const waiter = this.waiters.get(resp.reqId);
      this.waiters.delete(resp.reqId);
      waiter?.(resp);
    };
    sim.register(this.kubectl);
    sim.register(new Apiserver(cluster, WATCH_ROUTES));
    sim.register(new Etcd(cluster.etcdMembers));
    const kcm = new ControllerManager(() => boot.addressing.map((a) => a.name));
    sim.register(kcm);
    const scheduler = new Scheduler();
    sim.register(scheduler);
    const world = this.world;
    const proxies: KubeProxy[] = [];
    const kubelets: Kubelet[] = [];
    cluster.nodes.forEach((n, i) => {
      const a = boot.addressing[i];
      const running = boot.runningPods.get(n.name) ?? [];
      const preload = [...(n.images ?? []), ...running.map((r) => r.pod.spec.containers[0].image)].map((ref) => ({
        ref,
        size: 0,
      }));
      const kubelet = new Kubelet(n.name, a.ip);
      const cni = new Cni(n.name, a.podCIDR);
      for (const r of running) {
        adoptRunningPod(kubelet, r.pod, r.ip);
        if (!r.pod.spec.hostNetwork) cni.reserve(r.ip, r.pod.metadata.uid!);
      }
      sim.register(kubelet);
      sim.register(new ContainerRuntime(n.name, { registryReachable: () => world.registryReachable }, preload));
      sim.register(cni);
      const proxy = new KubeProxy(n.name);
      sim.register(proxy);
      proxies.push(proxy);
      kubelets.push(kubelet);
    });
    // EndpointSlices for Services that already select running pods (kube-dns).
    const pods = boot.objects.filter((o) => o.kind === 'Pod');
    const nodes = boot.objects.filter((o) => o.kind === 'Node');
    for (const svc of boot.objects.filter((o) => o.kind === 'Service' && o.spec?.selector)) {
      const want = desiredEndpoints(
        svc,
        pods.filter((p) => p.metadata.namespace === svc.metadata.namespace),
        nodes,
      );
      const meta = endpointSliceMetadata(svc);
      boot.objects.push({
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: {
          ...meta,
          name: generateName(sim.rng('bootstrap'), meta.generateName),
          uid: `boot-${svc.metadata.name}`,
          creationTimestamp: svc.metadata.creationTimestamp,
        } as never,
        addressType: 'IPv4',
        endpoints: want.endpoints,
        ports: want.ports,
      });
      // The endpoints controller's legacy Endpoints of the same name (kube-dns).
      const { subsets } = desiredSubsets(
        svc,
        pods.filter(
          (p) =>
            p.metadata.namespace === svc.metadata.namespace && selectorMatches(svc.spec.selector, p.metadata.labels),
        ),
      );
      boot.objects.push({
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: {
          name: svc.metadata.name,
          namespace: svc.metadata.namespace,
          uid: `boot-ep-${svc.metadata.name}`,
          creationTimestamp: svc.metadata.creationTimestamp,
          labels: endpointsLabels(svc),
          annotations: { [ANNOTATION_TRIGGER_TIME]: triggerTimeAnnotation(svc.metadata.creationTimestamp ?? 0) },
        } as never,
        ...(subsets.length ? { subsets } : {}),
      });
    }
    for (const o of boot.objects) {
      const key = keyOf(o);
      const res = sim.store.txn([{ type: 'put', key, value: o }]);
      if (res) sim.history.push({ seq: -1, key, value: res.values[0], revision: res.revision });
    }
    const stored = boot.objects.map((o) => sim.store.get(keyOf(o))!);
    kcm.prime(stored, sim);
    scheduler.prime(stored);
    const network = stored.filter((o) => o.kind === 'Service' || o.kind === 'EndpointSlice');
    for (const p of proxies) p.prime(network, sim);
    for (let i = 0; i < kubelets.length; i++) {
      const lease = sim.store.get(`/registry/leases/kube-node-lease/${kubelets[i].node}`);
      kubelets[i].start(sim, 10_000 + (lease?.spec?.renewTime ?? 0));
      for (const r of boot.runningPods.get(kubelets[i].node) ?? [])
        kubelets[i].s.podObjs.set(r.pod.metadata.uid!, sim.store.get(keyOf(r.pod))!);
    }
    for (const h of sim.history) h.seq = -1;
    const parsed = parseManifest(this.input.yaml);
    this.inputErrors = parsed.errors.map((e) => ({ message: e.message, line: e.line, column: e.column, kind: e.kind }));
    if (parsed.errors.length === 0) {
      this.kubectl.enqueue(
        sim,
        parsed.docs.map((d) => ({ type: 'apply' as const, doc: d.index, obj: d.object as KObject })),
      );
    }
  }

  /** See `SimulateOptions.onSteps`; before `run`. A streamed run takes no checkpoints: it cannot be forked. */
  stream(onSteps: (steps: readonly Step[]) => void): void {
    this.streaming = true;
    this.sim.streamSteps(onSteps);
  }

  /** Runs to the end and returns the trace. */
  run(): Run {
    const sim = this.sim;
    const horizon = this.input.untilMs ?? DEFAULT_HORIZON_MS;
    const maxSteps = this.input.maxSteps ?? DEFAULT_MAX_STEPS;
    if (this.inputErrors.length) return this.result({ reason: 'quiescent', time: 0 });
    let nextProgress = sim.stepCount + PROGRESS_EVERY_STEPS;
    for (;;) {
      if (sim.stepCount >= nextProgress) {
        nextProgress += PROGRESS_EVERY_STEPS;
        this.onProgress?.(sim.stepCount, sim.now);
      }
      this.applyDueActions();
      if (this.checkpointDue()) this.checkpoint();
      const next = sim.queue.peek();
      const pendingActions = this.actionIndex < this.actions.length;
      if (sim.stepCount >= maxSteps) return this.finish('step-cap');
      if (!next) {
        if (
          pendingActions &&
          this.actions[this.actionIndex].atMs !== undefined &&
          this.actions[this.actionIndex].atMs! <= horizon
        ) {
          sim.now = this.actions[this.actionIndex].atMs!;
          this.appliedAt[this.actionIndex] = sim.stepCount;
          this.applyAction(this.actions[this.actionIndex++].action);
          continue;
        }
        if (this.input.runToHorizon) sim.now = horizon;
        return this.finish(this.input.runToHorizon ? 'horizon' : 'quiescent');
      }
      if (next.time > horizon) {
        sim.now = horizon;
        return this.finish('horizon');
      }
      if (!this.input.runToHorizon && sim.foreground <= 0 && !pendingActions && !this.anyPendingWork())
        return this.finish('quiescent');
      sim.deliver(sim.queue.pop()!);
      sim.flushSteps();
    }
  }

  // ---- live mode (`npm run serve`): the clock is driven from outside, requests arrive while it runs ----------

  /** Virtual ms the run has reached. */
  get now(): number {
    return this.sim.now;
  }

  /**
   * Live mode: delivers every message due at or before virtual time `ms` (and the actions due by then), then sets
   * the clock to `ms`. Unlike `run` it neither ends the run nor takes checkpoints (a live run is not forked); the
   * horizon and step cap do not apply. Time never goes back: an earlier `ms` delivers nothing.
   */
  advanceTo(ms: number): void {
    const sim = this.sim;
    for (;;) {
      this.applyDueActions();
      const next = sim.queue.peek();
      if (!next || next.time > ms) break;
      sim.deliver(sim.queue.pop()!);
      sim.flushSteps();
    }
    if (ms > sim.now) sim.now = ms;
  }

  /**
   * Live mode: a request a real client made, sent now by the kubectl component — a drawn step to kube-apiserver
   * through authentication, authorization, admission, validation and etcd like any of kubectl's own. Its response
   * is handed to `onResponse` when delivered (during a later `advanceTo`). Returns the request id.
   */
  submit(request: RemoteRequest, onResponse: (resp: ApiResponse) => void): number {
    this.sim.current = undefined;
    const reqId = this.kubectl.sendRemote(this.sim, request);
    this.sim.current = undefined;
    this.waiters.set(reqId, onResponse);
    return reqId;
  }

  /** Live mode: the world as it stands (etcd, runtime facts, Events), folded incrementally from the history. */
  currentWorld(): WorldState {
    const history = this.sim.history;
    // Folded by position, not by step: an undrawn timer writes runtime facts on the last step after it was drawn.
    if (!this.liveWorld || this.liveFolded !== history.length) {
      const base = this.liveWorld ?? worldAt({ history: [], steps: [] }, -1);
      const etcd = new Map(base.etcd);
      const runtime = new Map(base.runtime);
      let revision = base.revision;
      let events = base.events;
      for (let i = this.liveFolded; i < history.length; i++) {
        const h = history[i];
        const map: Map<string, unknown> = h.key.startsWith('/registry/') ? etcd : runtime;
        if (h.value === null) map.delete(h.key);
        else map.set(h.key, h.value);
        if (h.key.startsWith('/registry/events/')) events = [];
        revision = Math.max(revision, h.revision);
      }
      if (events !== base.events || !this.liveWorld)
        events = [...etcd].filter(([k]) => k.startsWith('/registry/events/')).map(([, v]) => v as never);
      this.liveFolded = history.length;
      this.liveWorld = { seq: this.sim.steps.length - 1, time: this.sim.now, revision, etcd, runtime, events };
    }
    return { ...this.liveWorld, seq: this.sim.steps.length - 1, time: this.sim.now };
  }

  /** Live mode: the run so far (its steps and history are the engine's own arrays, still growing). */
  runSoFar(): Omit<Run, 'end'> {
    const run: Partial<Run> = this.result({ reason: 'quiescent', time: this.sim.now });
    delete run.end;
    return run as Omit<Run, 'end'>;
  }

  /**
   * A stopped kubelet has consequences the cluster has not seen yet (the Lease goes stale, the node controller
   * taints the node, evicts its pods): keep the run going until they have played out.
   */
  private faultConsequencesPending(): boolean {
    for (const key of this.sim.down) {
      if (!key.startsWith('kubelet@')) continue;
      const node = key.slice('kubelet@'.length);
      const n = this.sim.store.get(`/registry/minions/${node}`);
      if (!n?.spec?.taints?.some((t: { key: string }) => t.key === 'node.kubernetes.io/unreachable')) return true;
      const evictable = this.sim.store
        .list('/registry/pods/')
        .filter((p) => p.spec?.nodeName === node && p.metadata.deletionTimestamp === undefined)
        .filter(
          (p) =>
            !(p.spec.tolerations ?? []).some(
              (t: { key?: string; operator?: string; tolerationSeconds?: number }) =>
                !t.key && t.operator === 'Exists' && t.tolerationSeconds === undefined,
            ),
        );
      if (evictable.length) return true;
    }
    return false;
  }

  private anyPendingWork(): boolean {
    if (this.faultConsequencesPending()) return true;
    for (const c of this.sim.components.values())
      if (this.sim.isUp(c.address) && c.hasPendingWork?.(this.sim)) return true;
    return false;
  }

  private applyDueActions(): void {
    const sim = this.sim;
    while (this.actionIndex < this.actions.length) {
      const a = this.actions[this.actionIndex];
      if (a.atStep !== undefined) {
        if (sim.stepCount < a.atStep) return;
        // A fork replays a time-placed action at the step it originally landed on, at its original time — and
        // after the undrawn envelopes (timers) due before that time, as the original run delivered them first:
        // applying it as soon as the step count is reached would put it ahead of them (another cause, another
        // order of random draws), and the fork would no longer share the original's prefix.
        if (a.atMs !== undefined) {
          const next = sim.queue.peek();
          if (next && next.time < a.atMs) return;
          sim.now = Math.max(sim.now, a.atMs);
        }
      } else if (a.atMs !== undefined) {
        const next = sim.queue.peek();
        if (!next || next.time < a.atMs) return;
        sim.now = Math.max(sim.now, a.atMs);
      }
      this.appliedAt[this.actionIndex] = sim.stepCount;
      this.actionIndex++;
      this.applyAction(a.action);
    }
  }

  private applyAction(action: UserAction): void {
    this.sim.current = undefined;
    applyAction(action, this.sim, this.world);
    this.sim.current = undefined;
  }

  private checkpointDue(): boolean {
    if (this.streaming) return false;
    const last = this.checkpoints.at(-1)?.step;
    if (last === undefined) return true;
    const every = Math.max(CHECKPOINT_EVERY, CHECKPOINT_STEPS_PER_KEY * this.sim.store.s.kv.size);
    return this.sim.steps.length - last >= every;
  }

  private checkpoint(): void {
    this.checkpoints.push({
      step: this.sim.steps.length,
      kernel: this.sim.snapshot(),
      world: { ...this.world },
      actionIndex: this.actionIndex,
    });
  }

  private finish(reason: Run['end']['reason']): Run {
    const sim = this.sim;
    const labels = {
      quiescent: 'nothing left to do: the cluster has converged (or is waiting for something that will not come)',
      horizon: 'the time horizon is reached',
      'step-cap': 'the step cap is reached',
    };
    sim.current = undefined;
    sim.decide(
      { component: 'kubectl' },
      {
        phase: 'status',
        verb: 'END',
        label: `end: ${reason}`,
        summary: `The run ends at t=${(sim.now / 1000).toFixed(3)}s: ${labels[reason]}`,
        narration: { key: `end.${reason}`, params: { time: (sim.now / 1000).toFixed(1) } },
        detail: { type: 'end', reason },
      },
    );
    sim.flushSteps(true);
    return this.result({ reason, time: sim.now });
  }

  private result(end: Run['end']): Run {
    return {
      kubernetesVersion: KUBERNETES_VERSION,
      seed: this.seed,
      cluster: this.cluster,
      steps: this.sim.steps,
      history: this.sim.history,
      apply: this.kubectl.s.results,
      output: this.kubectl.s.output,
      inputErrors: this.inputErrors,
      end,
    };
  }

  /**
   * A new run that shares this one's first `atStep` steps and then applies `action` (the actions this run had at
   * or after that step are dropped: the future is replaced). Resumes from the nearest checkpoint.
   */
  fork(atStep: number, action: UserAction): Run {
    const kept = this.actionsBefore(atStep);
    const actions: TimedAction[] = [...kept, { atStep, action }];
    const next = new Engine({ ...this.input, actions });
    next.onProgress = this.onProgress;
    const cp = [...this.checkpoints].reverse().find((c) => c.step <= atStep && c.actionIndex <= kept.length);
    if (cp) next.resumeFrom(cp, this);
    return next.run();
  }

  /**
   * The actions this run had applied before step `step`, each pinned to the step it landed on: what a fork at
   * `step` keeps, and with the fork's own action what a fresh run needs to reproduce the fork.
   */
  actionsBefore(step: number): TimedAction[] {
    const kept: TimedAction[] = [];
    this.actions.forEach((a, i) => {
      const at = this.appliedAt[i];
      if (at !== undefined && at < step) kept.push({ ...a, atStep: at });
    });
    return kept;
  }

  private resumeFrom(cp: Checkpoint, from: Engine): void {
    // Share the immutable prefix of the trace, then rewind the kernel to the checkpoint.
    this.sim.steps.length = 0;
    this.sim.history.length = 0;
    for (let i = 0; i < cp.step; i++) this.sim.steps.push(from.sim.steps[i]);
    for (const h of from.sim.history) {
      if (this.sim.history.length >= cp.kernel.historyCount) break;
      this.sim.history.push(h);
    }
    this.sim.restore(cp.kernel);
    this.world.registryReachable = cp.world.registryReachable;
    this.actionIndex = cp.actionIndex;
    this.appliedAt = from.appliedAt.slice(0, cp.actionIndex);
    this.checkpoints = from.checkpoints.filter((c) => c.step <= cp.step);
  }
}

function sortActions(actions: TimedAction[]): TimedAction[] {
  return [...actions].sort(
    (a, b) => (a.atStep ?? Infinity) - (b.atStep ?? Infinity) || (a.atMs ?? Infinity) - (b.atMs ?? Infinity),
  );
}
