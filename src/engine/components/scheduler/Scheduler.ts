/**
 * kube-scheduler (default profile): an active queue of unscheduled pods (PrioritySort), one scheduling cycle at a
 * time (filter → score → select, verdicts kept in the step for "why not node-2?"), then an asynchronous binding
 * cycle (POST pods/<name>/binding). Failed pods get FailedScheduling and wait in the unschedulable pool until a
 * cluster event may help, retried with back-off 1 s … 10 s (podInitialBackoffSeconds/podMaxBackoffSeconds).
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import { withFields } from '../../kernel/withFields';
import type { ApiRequest, ApiResponse, Message, UserInfo, WatchEvent } from '../../messages';
import type { Endpoint, KObject } from '../../types';
import { sendApiRequest } from '../../client/ApiClient';
import { scheduleOnSnapshot } from './framework/scheduleOne';
import { SnapshotCache } from './SnapshotCache';

const SCHEDULER: Endpoint = { component: 'kube-scheduler' };
const USER: UserInfo = { name: 'system:kube-scheduler', groups: ['system:authenticated'] };
const SCHEDULER_CLIENT = { address: SCHEDULER, user: USER };
const SOURCE = 'default-scheduler';
const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const MAX_UNSCHEDULABLE_MS = 5 * 60_000;

export interface SchedulerState {
  cache: Map<string, Map<string, KObject>>;
  activeQ: string[];
  unschedulable: Map<string, number>;
  attempts: Map<string, number>;
  backoff: Map<string, number>;
  busy: boolean;
  /** pod key → node while its binding (or volume pre-binding) is in flight. */
  assumed: Map<string, string>;
  waitingVolumes: Map<string, { node: string; claims: string[] }>;
  /**
   * Pods a preemption nominated a node for (their status.nominatedNodeName; the scheduler is not told about its own
   * status patches), tried first on their next attempt.
   */
  nominated: Map<string, string>;
}

export class Scheduler implements Component<SchedulerState> {
  readonly address = SCHEDULER;
  s: SchedulerState = {
    cache: new Map(),
    activeQ: [],
    unschedulable: new Map(),
    attempts: new Map(),
    backoff: new Map(),
    busy: false,
    assumed: new Map(),
    waitingVolumes: new Map(),
    nominated: new Map(),
  };
  /** NodeInfos derived from `s`, updated as pods change rather than rebuilt every cycle. */
  private readonly nodeInfos = new SnapshotCache();
  /**
   * How long a prefix of `s.activeQ` is known to be in PrioritySort order, so a cycle checks only the pods queued
   * since the last one. Derived like `nodeInfos`: a replaced queue array (or a changed priority) starts over.
   */
  private ordered: { queue: string[]; length: number } | undefined;
  /**
   * The keys in `s.activeQ`, so that queueing a pod does not scan the queue (a 1,000-replica Deployment queues 1,000
   * pods at once). Derived the same way: a replaced queue array starts over.
   */
  private queued: { queue: string[]; keys: Set<string> } | undefined;
  /**
   * `list(kind)` while the informer cache of that kind is unchanged: a cycle lists five kinds that rarely change
   * (claims, volumes, classes, Services, ReplicaSets), and the same arrays let plugins recognise the same inputs
   * (PodTopologySpread's default selector). Derived like `nodeInfos`: a replaced cache map starts over.
   */
  private lists = new Map<string, { objects: Map<string, KObject>; list: KObject[] }>();

  prime(objects: KObject[]): void {
    for (const o of objects) this.cacheSet(o);
  }

  hasPendingWork(): boolean {
    return this.s.activeQ.length > 0 || this.s.busy || this.s.assumed.size > 0 || this.s.backoff.size > 0;
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'watch') this.onWatch(msg, sim);
    else if (msg.kind === 'api-response') this.onResponse(msg, sim);
    else if (msg.kind === 'timer') {
      if (msg.name === 'schedule-one') this.scheduleOne(sim);
      if (msg.name === 'backoff-done') this.backoffDone(String(msg.data!.pod), sim);
      if (msg.name === 'flush') this.flushUnschedulable(sim);
    }
  }

  /** Re-arms timers after a restart (the process lost its in-memory queue and re-lists). */
  restart(sim: Simulation): void {
    this.s.busy = false;
    this.s.assumed.clear();
    this.nodeInfos.reset();
    this.s.backoff.clear();
    this.s.activeQ = [];
    for (const p of this.list('Pod'))
      if (!p.spec.nodeName && p.metadata.deletionTimestamp === undefined) this.s.activeQ.push(key(p));
    this.s.unschedulable.clear();
    this.kick(sim);
  }

  // ---- cache --------------------------------------------------------------------------------------------------

  private kindCache(kind: string): Map<string, KObject> {
    let m = this.s.cache.get(kind);
    if (!m) {
      m = new Map();
      this.s.cache.set(kind, m);
    }
    return m;
  }

  private cacheSet(o: KObject): void {
    const objects = this.kindCache(o.kind);
    const k = key(o);
    if (o.kind === 'Pod' && (objects.get(k)?.spec.priority ?? 0) !== (o.spec.priority ?? 0)) this.ordered = undefined;
    objects.set(k, o);
    this.lists.delete(o.kind);
    if (o.kind === 'Pod') this.nodeInfos.podStored(this.s, k);
  }

  private cacheDelete(o: KObject): void {
    this.kindCache(o.kind).delete(key(o));
    this.lists.delete(o.kind);
    if (o.kind === 'Pod') {
      this.nodeInfos.podRemoved(this.s, key(o));
      this.ordered = undefined;
    }
  }

  private assume(k: string, node: string): void {
    this.s.assumed.set(k, node);
    this.nodeInfos.assumeChanged(this.s, k);
  }

  private forget(k: string): void {
    if (this.s.assumed.delete(k)) this.nodeInfos.assumeChanged(this.s, k);
  }

  /** The cached objects of `kind`, in informer order; shared until that cache changes, so not to be modified. */
  private list(kind: string): KObject[] {
    const objects = this.kindCache(kind);
    const known = this.lists.get(kind);
    if (known?.objects === objects) return known.list;
    const list = [...objects.values()];
    this.lists.set(kind, { objects, list });
    return list;
  }

  private onWatch(ev: WatchEvent, sim: Simulation): void {
    const o = ev.object;
    if (ev.type === 'DELETED') this.cacheDelete(o);
    else this.cacheSet(o);
    if (o.kind === 'Pod') {
      const k = key(o);
      if (
        ev.type === 'ADDED' &&
        !o.spec.nodeName &&
        (o.spec.schedulerName ?? 'default-scheduler') === 'default-scheduler'
      ) {
        this.enqueue(k, sim);
        return;
      }
      if (o.spec.nodeName && this.s.assumed.get(k) === o.spec.nodeName) this.forget(k);
      if (ev.type === 'DELETED') {
        this.s.unschedulable.delete(k);
        this.s.nominated.delete(k);
        this.s.activeQ = this.s.activeQ.filter((x) => x !== k);
        this.forget(k);
        this.moveAllToActive(sim, 'AssignedPodDelete');
      }
      return;
    }
    if (o.kind === 'PersistentVolumeClaim' && o.status?.phase === 'Bound') this.checkWaitingVolumes(sim);
    if (
      o.kind === 'Node' ||
      o.kind === 'PersistentVolume' ||
      o.kind === 'PersistentVolumeClaim' ||
      o.kind === 'StorageClass'
    )
      this.moveAllToActive(sim, `${o.kind}Change`);
  }

  // ---- queues -------------------------------------------------------------------------------------------------

  private enqueue(k: string, sim: Simulation): void {
    const q = this.s.activeQ;
    if (this.queued?.queue !== q) this.queued = { queue: q, keys: new Set(q) };
    if (!this.queued.keys.has(k)) {
      q.push(k);
      this.queued.keys.add(k);
    }
    this.kick(sim);
  }

  private kick(sim: Simulation): void {
    if (!this.s.busy && this.s.activeQ.length) {
      this.s.busy = true;
      sim.timer(SCHEDULER, sim.latency(SCHEDULER).between(1, 3), 'schedule-one');
    }
  }

  /** A cluster event (`event`, e.g. NodeChange) may make unschedulable pods fit: retry them after back-off. */
  private moveAllToActive(sim: Simulation, event: string): void {
    void event;
    for (const [k] of this.s.unschedulable) {
      this.s.unschedulable.delete(k);
      const attempts = this.s.attempts.get(k) ?? 1;
      // Back-off doubles from podInitialBackoffSeconds (1 s) up to podMaxBackoffSeconds (10 s).
      const delay = Math.min(1000 * 2 ** (attempts - 1), 10_000);
      this.s.backoff.set(k, sim.now + delay);
      sim.timer(SCHEDULER, delay, 'backoff-done', { pod: k });
    }
  }

  /** Takes the next pod by PrioritySort: higher priority first, then FIFO (a stable sort of the queue). */
  private popActive(): string | undefined {
    const pods = this.kindCache('Pod');
    const priority = (k: string): number => pods.get(k)?.spec.priority ?? 0;
    const q = this.s.activeQ;
    let sorted = true;
    const from = this.ordered?.queue === q ? Math.max(1, this.ordered.length) : 1;
    for (let i = from; i < q.length && sorted; i++) sorted = priority(q[i - 1]) - priority(q[i]) >= 0;
    if (!sorted) q.sort((a, b) => priority(b) - priority(a));
    const k = q.shift();
    if (k !== undefined && this.queued?.queue === q) this.queued.keys.delete(k);
    this.ordered = { queue: q, length: q.length };
    return k;
  }

  private backoffDone(k: string, sim: Simulation): void {
    const due = this.s.backoff.get(k);
    if (due === undefined || due > sim.now) return;
    this.s.backoff.delete(k);
    this.enqueue(k, sim);
  }

  private flushUnschedulable(sim: Simulation): void {
    for (const [k, since] of [...this.s.unschedulable]) {
      if (sim.now - since >= MAX_UNSCHEDULABLE_MS) {
        this.s.unschedulable.delete(k);
        this.enqueue(k, sim);
      }
    }
  }

  // ---- scheduling cycle ---------------------------------------------------------------------------------------

  private scheduleOne(sim: Simulation): void {
    this.s.busy = false;
    const k = this.popActive();
    if (!k) return;
    const pod = this.kindCache('Pod').get(k);
    if (!pod || pod.spec.nodeName || pod.metadata.deletionTimestamp !== undefined) return this.kick(sim);
    const snapshot = this.nodeInfos.snapshot(this.s, k, {
      pvcs: this.list('PersistentVolumeClaim'),
      pvs: this.list('PersistentVolume'),
      storageClasses: this.list('StorageClass'),
      services: this.list('Service'),
      replicaSets: this.list('ReplicaSet'),
      pdbs: this.list('PodDisruptionBudget'),
    });
    const nodes = snapshot.nodes;
    const nominatedNode = this.s.nominated.get(k);
    const result = scheduleOnSnapshot(
      {
        pod: nominatedNode ? withNominatedNode(pod, nominatedNode) : pod,
        snapshot,
        nominatedPods: this.nominatedPods(),
      },
      sim.rng('scheduler'),
    );
    const attempts = (this.s.attempts.get(k) ?? 0) + 1;
    this.s.attempts.set(k, attempts);
    const ref = podRef(pod);
    if (!result.selected) {
      sim.decide(SCHEDULER, {
        phase: 'schedule',
        verb: 'schedule',
        label: `no node fits ${pod.metadata.name}`,
        summary: `Scheduling ${pod.metadata.namespace}/${pod.metadata.name} failed: ${result.message}`,
        narration: { key: 'scheduler.failed', params: { pod: pod.metadata.name, message: result.message ?? '' } },
        object: ref,
        detail: { type: 'schedule', pod: pod.metadata.name, result },
      });
      sim.recordEvent({
        type: 'Warning',
        reason: 'FailedScheduling',
        message: truncate(result.message ?? ''),
        source: SOURCE,
        involvedObject: ref,
      });
      this.s.unschedulable.set(k, sim.now);
      sim.timer(SCHEDULER, MAX_UNSCHEDULABLE_MS, 'flush', undefined, true);
      const cond = {
        type: 'PodScheduled',
        status: 'False',
        lastProbeTime: null,
        lastTransitionTime: sim.now,
        reason: 'Unschedulable',
        message: result.message,
      };
      const existing = (pod.status?.conditions ?? []).find((c: any) => c.type === 'PodScheduled');
      // PostFilter nominated a node: its victims go now (async preemption, KEP-4832), and the nomination is written
      // with the PodScheduled condition (handleSchedulingFailure → updatePod with the NominatingInfo).
      const nominate = result.nominatedNode !== undefined && result.nominatedNode !== nominatedNode;
      if (result.nominatedNode) this.preempt(pod, result.nominatedNode, result.victims ?? [], sim);
      if (!existing || existing.message !== result.message || nominate) {
        this.request(
          sim,
          {
            verb: 'patch',
            resourceKind: 'Pod',
            namespace: pod.metadata.namespace,
            name: pod.metadata.name,
            subresource: 'status',
            patch: {
              status: {
                conditions: [cond],
                ...(nominate ? { nominatedNodeName: result.nominatedNode } : {}),
              },
            },
          },
          { action: 'unschedulable', pod: k },
          {
            summary: `kube-scheduler records PodScheduled=False (Unschedulable) on ${pod.metadata.name}`,
            narration: { key: 'scheduler.markUnschedulable', params: { pod: pod.metadata.name } },
          },
        );
      }
      return this.kick(sim);
    }
    const node = result.selected;
    // Nodes Filter did not reach (≥100 nodes) count as passing, as this summary has always counted them.
    const feasible = result.nodes.length - (result.rejected?.length ?? 0);
    const scored = result.scores?.nodes.indexOf(node) ?? -1;
    sim.decide(SCHEDULER, {
      phase: 'schedule',
      verb: 'schedule',
      label: `${pod.metadata.name} → ${node}`,
      summary: `Scheduling cycle for ${pod.metadata.name}: ${feasible}/${nodes.length} nodes pass the filters; ${node} has the best score${scored >= 0 ? ` (${result.scores!.total[scored]})` : ''}`,
      narration: { key: 'scheduler.selected', params: { pod: pod.metadata.name, node, feasible, total: nodes.length } },
      object: ref,
      detail: { type: 'schedule', pod: pod.metadata.name, result },
    });
    this.assume(k, node);
    const waitFor = this.unboundDelayedClaims(pod);
    if (waitFor.length) {
      this.s.waitingVolumes.set(k, { node, claims: waitFor });
      for (const claim of waitFor) {
        const [ns, name] = claim.split('/');
        this.request(
          sim,
          {
            verb: 'patch',
            resourceKind: 'PersistentVolumeClaim',
            namespace: ns,
            name,
            patch: { metadata: { annotations: { [SELECTED_NODE]: node } } },
          },
          { action: 'select-node', pod: k },
          {
            summary: `VolumeBinding PreBind: claim ${claim} uses WaitForFirstConsumer; annotate it with selected-node=${node} and wait for the volume`,
            narration: { key: 'scheduler.selectNode', params: { pvc: claim, node } },
          },
        );
      }
    } else this.bind(pod, node, sim);
    this.kick(sim);
  }

  /**
   * The preemption executor (pkg/scheduler/framework/preemption/executor.go PreemptPod): each victim gets the
   * DisruptionTarget condition (PreemptionByScheduler), then is deleted with its default grace period, then a
   * Preempted event names the preemptor's uid and the node. A victim already being deleted is left alone.
   */
  private preempt(pod: KObject, node: string, victims: string[], sim: Simulation): void {
    const k = key(pod);
    this.s.nominated.set(k, node);
    const live = victims
      .map((v) => this.kindCache('Pod').get(v))
      .filter((v): v is KObject => v !== undefined && v.metadata.deletionTimestamp === undefined);
    if (!live.length) return;
    const names = live.map((v) => v.metadata.name).join(', ');
    sim.decide(SCHEDULER, {
      phase: 'schedule',
      verb: 'preempt',
      label: `preempt ${names} on ${node}`,
      summary: `DefaultPreemption: ${pod.metadata.name} (priority ${pod.spec.priority ?? 0}) fits on ${node} if ${names} (lower priority) go; nominate ${node} and preempt them`,
      narration: {
        key: 'scheduler.preempt',
        params: { pod: pod.metadata.name, node, victims: names, priority: pod.spec.priority ?? 0 },
      },
      object: podRef(pod),
    });
    for (const v of live) {
      const condition = {
        type: 'DisruptionTarget',
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: sim.now,
        reason: 'PreemptionByScheduler',
        message: `${pod.spec.schedulerName ?? SOURCE}: preempting to accommodate a higher priority pod`,
      };
      this.request(
        sim,
        {
          verb: 'patch',
          resourceKind: 'Pod',
          namespace: v.metadata.namespace,
          name: v.metadata.name,
          subresource: 'status',
          patch: { status: { conditions: [condition] } },
        },
        { action: 'preempt-condition', pod: key(v), node, preemptor: pod.metadata.uid ?? '' },
        {
          summary: `Preemption: mark ${v.metadata.name} DisruptionTarget=True (PreemptionByScheduler) before deleting it`,
          narration: {
            key: 'scheduler.preemptCondition',
            params: { pod: v.metadata.name, preemptor: pod.metadata.name },
          },
        },
      );
    }
  }

  /** The pods waiting on a nominated node (the nominator), for the filters of every other pod's cycle. */
  private nominatedPods(): Array<{ pod: KObject; node: string }> | undefined {
    if (this.s.nominated.size === 0) return undefined;
    const out: Array<{ pod: KObject; node: string }> = [];
    for (const [k, node] of this.s.nominated) {
      const pod = this.kindCache('Pod').get(k);
      if (pod && !pod.spec.nodeName) out.push({ pod, node });
    }
    return out;
  }

  /** The next write of a victim's preemption, once the previous one is answered. */
  private continuePreemption(ctx: Record<string, unknown>, resp: ApiResponse, sim: Simulation): void {
    const k = String(ctx.pod);
    const [ns, name] = k.split('/');
    // A victim that is already gone needs nothing more (PreemptPod ignores NotFound).
    if (resp.status === 404 || resp.unreachable) return;
    if (ctx.action === 'preempt-condition') {
      if (resp.error) return;
      this.request(
        sim,
        { verb: 'delete', resourceKind: 'Pod', namespace: ns, name },
        { ...ctx, action: 'preempt-delete' },
        {
          summary: `Preemption: delete ${name} (with its default grace period) to make room on ${ctx.node}`,
          narration: { key: 'scheduler.preemptDelete', params: { pod: name, node: String(ctx.node) } },
        },
      );
      return;
    }
    if (resp.error) return;
    const victim = this.kindCache('Pod').get(k);
    sim.recordEvent({
      type: 'Normal',
      reason: 'Preempted',
      message: `Preempted by pod ${ctx.preemptor} on node ${ctx.node}`,
      source: SOURCE,
      involvedObject: victim ? podRef(victim) : { apiVersion: 'v1', kind: 'Pod', namespace: ns, name },
    });
  }

  private unboundDelayedClaims(pod: KObject): string[] {
    const out: string[] = [];
    for (const v of pod.spec.volumes ?? []) {
      const claim = v.persistentVolumeClaim?.claimName;
      if (!claim) continue;
      const pvc = this.kindCache('PersistentVolumeClaim').get(`${pod.metadata.namespace}/${claim}`);
      if (!pvc || pvc.status?.phase === 'Bound') continue;
      const sc = this.kindCache('StorageClass').get(pvc.spec.storageClassName ?? '');
      if (sc?.volumeBindingMode === 'WaitForFirstConsumer') out.push(`${pod.metadata.namespace}/${claim}`);
    }
    return out;
  }

  private checkWaitingVolumes(sim: Simulation): void {
    for (const [k, w] of [...this.s.waitingVolumes]) {
      const allBound = w.claims.every((c) => this.kindCache('PersistentVolumeClaim').get(c)?.status?.phase === 'Bound');
      if (!allBound) continue;
      this.s.waitingVolumes.delete(k);
      const pod = this.kindCache('Pod').get(k);
      if (pod) this.bind(pod, w.node, sim);
    }
  }

  private bind(pod: KObject, node: string, sim: Simulation): void {
    this.request(
      sim,
      {
        verb: 'create',
        resourceKind: 'Pod',
        namespace: pod.metadata.namespace,
        name: pod.metadata.name,
        subresource: 'binding',
        body: {
          apiVersion: 'v1',
          kind: 'Binding',
          metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace, uid: pod.metadata.uid },
          target: { kind: 'Node', name: node },
        } as never,
      },
      { action: 'bind', pod: key(pod), node },
      {
        summary: `DefaultBinder: POST a Binding of ${pod.metadata.name} to ${node}`,
        narration: { key: 'scheduler.bind', params: { pod: pod.metadata.name, node } },
        label: `bind → ${node}`,
      },
    );
  }

  private request(
    sim: Simulation,
    r: Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>,
    ctx: Record<string, unknown>,
    view: { summary: string; narration: { key: string; params?: Record<string, string | number> }; label?: string },
  ): void {
    sendApiRequest(sim, SCHEDULER_CLIENT, r, withFields(ctx, { phase: 'schedule' }), {
      phase: 'schedule',
      verb: r.subresource === 'binding' ? 'bind' : undefined,
      labelSuffix: view.label,
      summary: view.summary,
      narration: view.narration,
    });
  }

  private onResponse(resp: ApiResponse, sim: Simulation): void {
    const ctx = resp.ctx ?? {};
    const k = String(ctx.pod ?? '');
    if (ctx.action === 'preempt-condition' || ctx.action === 'preempt-delete')
      return this.continuePreemption(ctx, resp, sim);
    if (ctx.action !== 'bind') return;
    const pod = this.kindCache('Pod').get(k);
    if (resp.error || resp.unreachable) {
      this.forget(k);
      if (pod && !pod.spec.nodeName) this.enqueue(k, sim);
      return;
    }
    const [ns, name] = k.split('/');
    sim.recordEvent({
      type: 'Normal',
      reason: 'Scheduled',
      message: `Successfully assigned ${ns}/${name} to ${ctx.node}`,
      source: SOURCE,
      involvedObject: pod ? podRef(pod) : { apiVersion: 'v1', kind: 'Pod', namespace: ns, name },
    });
    this.s.attempts.delete(k);
    this.s.nominated.delete(k);
  }
}

/** The pod as its status would read with the nomination the scheduler wrote (status.nominatedNodeName). */
function withNominatedNode(pod: KObject, node: string): KObject {
  return { ...pod, status: { ...pod.status, nominatedNodeName: node } };
}

function key(o: KObject): string {
  return o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name;
}

function podRef(p: KObject) {
  return { apiVersion: 'v1', kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name, uid: p.metadata.uid };
}

/** events.k8s.io note limit: 1024 bytes, truncated with " ..." (truncateMessage). */
function truncate(msg: string): string {
  return msg.length <= 1024 ? msg : msg.slice(0, 1020) + ' ...';
}
