/**
 * Node lifecycle controller + taint-eviction controller (pkg/controller/nodelifecycle, pkg/controller/tainteviction).
 * Every --node-monitor-period (5 s) it checks each node's Lease; after --node-monitor-grace-period (50 s since
 * v1.32) without a renewal the node's Ready condition becomes Unknown, the node is tainted unreachable, its pods are
 * marked not ready, and after their tolerationSeconds (300 s from DefaultTolerationSeconds) they are deleted.
 */
import { defineController, type ControllerContext } from '../../../client/defineController';
import { deepClone } from '../../../kernel/deepClone';
import type { KObject } from '../../../types';
import { tolerates, type Taint, type Toleration } from '../../../objects/labels';
import { cacheKey } from '../objectKeys';
import type { ControllerManager } from '../ControllerManager';

const NAME = 'node-lifecycle';
const NODE_MONITOR_PERIOD_MS = 5_000;
const NODE_MONITOR_GRACE_MS = 50_000;
const UNREACHABLE = 'node.kubernetes.io/unreachable';
const NOT_READY = 'node.kubernetes.io/not-ready';

interface NlState {
  /** Nodes this controller has marked Unknown, with the taint time. */
  marked: Map<string, number>;
  /** Nodes whose kubelet reports Ready=False, tainted not-ready, with the taint time. */
  notReady: Map<string, number>;
  /** pod "ns/name" → eviction due time. */
  evictions: Map<string, number>;
}

/**
 * A node's writes (Unknown conditions, taints) go under the node's name, a Pod's (Ready=False, the eviction delete)
 * under `namespace/name`: a node whose write has not answered is not acted on again until it has.
 */
type Ctx = ControllerContext<NlState>;

function leaseRenew(kcm: ControllerManager, node: string): number | undefined {
  return kcm.get('Lease', 'kube-node-lease', node)?.spec?.renewTime;
}

export const nodeLifecycleController = defineController<NlState>({
  name: NAME,
  eventSource: 'node-controller',
  watches: ['Node', 'Pod', { kind: 'Lease', namespace: 'kube-node-lease' }],
  parts: ['taint-eviction'],
  initialState: () => ({ marked: new Map(), notReady: new Map(), evictions: new Map() }),
  // Nothing goes through the workqueue: monitorNodeHealth is a periodic pass (wait.Until every
  // --node-monitor-period) and taint eviction keeps a timer per Pod (TimedWorkerQueue).
  keysFor: () => [],
  reconcile() {},

  start(ctx) {
    ctx.timer('monitor', NODE_MONITOR_PERIOD_MS, {}, { background: true });
  },

  // The taint-eviction controller's informers hand it every Node again after a restart (handleNodeUpdate per Node):
  // a NoExecute taint added while the controller manager was down evicts the Pods that do not tolerate it then.
  relisted(ctx) {
    for (const node of ctx.kcm.list('Node')) evictForNoExecute(node, ctx);
  },

  hasPendingWork({ kcm, sim, state: s }) {
    if (s.evictions.size) return true;
    // A node that missed a heartbeat will be acted on: keep the run going until the grace period decides.
    return kcm.list('Node').some((n) => {
      const renew = leaseRenew(kcm, n.metadata.name);
      if (renew !== undefined && !s.marked.has(n.metadata.name) && sim.now - renew > 15_000) return true;
      // A kubelet's own Ready=False not yet tainted, or Ready=True whose not-ready taint is still to go.
      const ready = (n.status?.conditions ?? []).find((c: any) => c.type === 'Ready')?.status;
      return s.notReady.has(n.metadata.name) ? ready === 'True' : ready === 'False';
    });
  },

  onTimer(name, _data, ctx) {
    const { kcm, sim, state: s } = ctx;
    if (name === 'monitor') {
      ctx.timer('monitor', NODE_MONITOR_PERIOD_MS, {}, { background: true });
      for (const node of kcm.list('Node')) monitorNode(node, ctx.forKey(node.metadata.name));
      return;
    }
    if (name !== 'evict') return;
    const key = ctx.key;
    const due = s.evictions.get(key);
    if (due === undefined || due > sim.now) return;
    s.evictions.delete(key);
    const [ns, pod] = key.split('/');
    const p = kcm.get('Pod', ns, pod);
    if (!p || p.metadata.deletionTimestamp !== undefined) return;
    sim.decide(
      { component: 'kube-controller-manager', part: 'taint-eviction' },
      {
        phase: 'reconcile',
        verb: 'evict',
        label: `evict ${pod}`,
        summary: `Taint eviction: pod ${key} no longer tolerates a NoExecute taint on its node (none matches, or its tolerationSeconds ran out); it must go`,
        narration: { key: 'nodelifecycle.evictDecision', params: { pod: key } },
        object: { apiVersion: 'v1', kind: 'Pod', namespace: ns, name: pod, uid: p.metadata.uid },
        events: [
          {
            type: 'Normal',
            reason: 'TaintManagerEviction',
            message: `Marking for deletion Pod ${key}`,
            source: 'taint-eviction-controller',
            involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: ns, name: pod, uid: p.metadata.uid },
          },
        ],
      },
    );
    // addConditionAndDeletePod (tainteviction.go): the Pod gets DisruptionTarget=True before its deletion.
    const conditions = (p.status?.conditions ?? []).filter((c: any) => c.type !== 'DisruptionTarget');
    conditions.push({
      type: 'DisruptionTarget',
      status: 'True',
      lastTransitionTime: sim.now,
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    });
    ctx.request(
      {
        verb: 'patch',
        resourceKind: 'Pod',
        namespace: ns,
        name: pod,
        subresource: 'status',
        patch: { status: { conditions } },
      },
      { action: 'disruption-target', pod: key },
      {
        summary: `Taint eviction: mark pod ${key} DisruptionTarget=True (DeletionByTaintManager) before deleting it`,
        narration: { key: 'nodelifecycle.disruptionTarget', params: { pod: key } },
      },
    );
    ctx.request(
      { verb: 'delete', resourceKind: 'Pod', namespace: ns, name: pod },
      { action: 'evict', pod: key },
      {
        summary: `Taint eviction: delete pod ${key}`,
        narration: { key: 'nodelifecycle.evict', params: { pod: key } },
      },
    );
  },

  onWatch(ev, ctx) {
    if (ev.object.kind === 'Node' && ev.type !== 'DELETED') {
      taintByConditions(ev.object, ctx.forKey(ev.object.metadata.name));
      return evictForNoExecute(ev.object, ctx);
    }
    // The taint-eviction controller watches Pods too: a Pod bound to a node whose NoExecute taint the scheduler had
    // not seen yet is evicted as soon as its binding arrives (tainteviction.Controller.handlePodUpdate).
    if (ev.object.kind === 'Pod' && ev.type !== 'DELETED') return evictPodForNoExecute(ev.object, ctx);
    // A renewed lease on a marked node: the kubelet is back.
    if (ev.object.kind !== 'Lease') return;
    const node = ev.object.metadata.name;
    if (ctx.state.marked.has(node) && !ctx.isProcessing(node)) recover(ctx.forKey(node), UNREACHABLE);
  },

  // A failed write is not retried on its own: the next monitorNodeHealth pass finds the node as it is and acts again.
  onResponse(resp, ctx) {
    if (resp.error) return { forget: true };
    const node = resp.ctx?.node as string | undefined;
    if (!node) return;
    const action = resp.ctx!.action;
    if (action === 'mark-unknown') {
      ctx.sim.recordEvent({
        type: 'Normal',
        reason: 'NodeNotReady',
        message: `Node ${node} status is now: NodeNotReady`,
        source: 'node-controller',
        involvedObject: { apiVersion: 'v1', kind: 'Node', name: node, uid: resp.object?.metadata.uid },
      });
      taint(ctx, UNREACHABLE);
    } else if (action === 'taint') {
      const taintTime = ctx.sim.now;
      const taintKey = resp.ctx!.taint === NOT_READY ? NOT_READY : UNREACHABLE;
      (taintKey === NOT_READY ? ctx.state.notReady : ctx.state.marked).set(node, taintTime);
      for (const p of ctx.kcm.podsOnNode(node).filter((x) => x.metadata.deletionTimestamp === undefined)) {
        const pod = ctx.forKey(cacheKey(p.metadata.namespace, p.metadata.name));
        markPodNotReady(p, pod);
        const secs = tolerationSeconds(p, taintKey);
        if (secs === undefined) continue;
        ctx.state.evictions.set(pod.key, taintTime + secs * 1000);
        pod.timer('evict', secs * 1000);
      }
    }
  },
});

/** monitorNodeHealth for one node; `ctx.key` is the node's name. */
function monitorNode(node: KObject, ctx: Ctx): void {
  const { kcm, sim, state: s } = ctx;
  const name = node.metadata.name;
  const renew = leaseRenew(kcm, name);
  if (renew === undefined || s.marked.has(name) || ctx.isProcessing()) return;
  if (sim.now - renew <= NODE_MONITOR_GRACE_MS) {
    // The kubelet posts its own Ready=False (e.g. "container runtime is down"): the node is tainted not-ready and
    // its pods evicted after their not-ready toleration; once it posts Ready=True the taint goes.
    const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
    if (s.notReady.has(name)) {
      if (ready?.status === 'True') recover(ctx, NOT_READY);
    } else if (ready?.status === 'False') {
      sim.recordEvent({
        type: 'Normal',
        reason: 'NodeNotReady',
        message: `Node ${name} status is now: NodeNotReady`,
        source: 'node-controller',
        involvedObject: { apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid },
      });
      taint(ctx, NOT_READY);
    }
    return;
  }
  const next = deepClone(node);
  next.status.conditions = (next.status.conditions ?? []).map((c: any) => ({
    ...c,
    status: 'Unknown',
    reason: 'NodeStatusUnknown',
    message: 'Kubelet stopped posting node status.',
    lastTransitionTime: sim.now,
  }));
  ctx.request(
    { verb: 'update', resourceKind: 'Node', name, subresource: 'status', body: next },
    { action: 'mark-unknown', node: name },
    {
      phase: 'status',
      summary: `Node lifecycle: ${name}'s Lease was last renewed ${Math.round((sim.now - renew) / 1000)} s ago (grace 50 s); marking its conditions Unknown`,
      narration: { key: 'nodelifecycle.unknown', params: { node: name, age: Math.round((sim.now - renew) / 1000) } },
    },
  );
}

/**
 * doNoScheduleTaintingPass (TaintNodesByCondition): a node condition the kubelet reports True gets its NoSchedule
 * taint (`nodeConditionToTaintKeyStatusMap`: MemoryPressure → node.kubernetes.io/memory-pressure, and so on), which
 * goes again when the condition does. `ctx.key` is the node's name.
 */
const CONDITION_TAINTS: Record<string, string> = {
  MemoryPressure: 'node.kubernetes.io/memory-pressure',
  DiskPressure: 'node.kubernetes.io/disk-pressure',
  PIDPressure: 'node.kubernetes.io/pid-pressure',
};

function taintByConditions(node: KObject, ctx: Ctx): void {
  if (ctx.isProcessing(node.metadata.name)) return;
  const taints: any[] = node.spec?.taints ?? [];
  const want = new Set<string>(
    (node.status?.conditions ?? [])
      .filter((c: any) => CONDITION_TAINTS[c.type] && c.status === 'True')
      .map((c: any) => CONDITION_TAINTS[c.type]!),
  );
  const managed = new Set(Object.values(CONDITION_TAINTS));
  const has = new Set(taints.filter((t) => managed.has(t.key) && t.effect === 'NoSchedule').map((t) => t.key));
  const add = [...want].filter((k) => !has.has(k));
  const remove = [...has].filter((k) => !want.has(k));
  if (!add.length && !remove.length) return;
  const next = deepClone(node);
  next.spec.taints = [
    ...taints.filter((t) => !(remove.includes(t.key) && t.effect === 'NoSchedule')),
    ...add.map((key) => ({ key, effect: 'NoSchedule' })),
  ];
  if (!next.spec.taints.length) delete next.spec.taints;
  delete next.status;
  const name = node.metadata.name;
  ctx.request(
    { verb: 'update', resourceKind: 'Node', name, body: next },
    { action: 'condition-taint' },
    {
      phase: 'status',
      summary: add.length
        ? `Node lifecycle: ${name} reports ${add.map((k) => k.slice('node.kubernetes.io/'.length)).join(', ')}; taint it ${add.map((k) => `${k}:NoSchedule`).join(', ')}`
        : `Node lifecycle: ${name} no longer reports ${remove.map((k) => k.slice('node.kubernetes.io/'.length)).join(', ')}; remove the taint`,
      narration: {
        key: add.length ? 'nodelifecycle.conditionTaint' : 'nodelifecycle.conditionUntaint',
        params: { node: name, taint: [...add, ...remove].join(', ') },
      },
    },
  );
}

function taint(ctx: Ctx, key: string): void {
  const { kcm, sim, key: node } = ctx;
  const n = kcm.get('Node', undefined, node);
  if (!n) return;
  const next = deepClone(n);
  const taints = (next.spec.taints ?? []).filter((t: any) => t.key !== key);
  taints.push({ key, effect: 'NoSchedule', timeAdded: sim.now });
  taints.push({ key, effect: 'NoExecute', timeAdded: sim.now });
  next.spec.taints = taints;
  delete next.status;
  ctx.request(
    { verb: 'update', resourceKind: 'Node', name: node, body: next },
    { action: 'taint', node, taint: key },
    {
      phase: 'status',
      summary: `Node lifecycle: taint ${node} with ${key}:NoSchedule and :NoExecute`,
      narration: { key: 'nodelifecycle.taint', params: { node } },
    },
  );
}

/** `ctx.key` is the Pod's `namespace/name`. */
function markPodNotReady(p: KObject, ctx: Ctx): void {
  const { sim } = ctx;
  const conds = (p.status?.conditions ?? []).map((c: any) =>
    c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: sim.now } : c,
  );
  ctx.request(
    {
      verb: 'patch',
      resourceKind: 'Pod',
      namespace: p.metadata.namespace,
      name: p.metadata.name,
      subresource: 'status',
      patch: { status: { conditions: conds } },
    },
    { action: 'pod-not-ready' },
    {
      phase: 'status',
      summary: `Node lifecycle: mark pod ${p.metadata.name} Ready=False because its node is not ready`,
      narration: { key: 'nodelifecycle.podNotReady', params: { pod: p.metadata.name } },
    },
  );
  sim.recordEvent({
    type: 'Warning',
    reason: 'NodeNotReady',
    message: 'Node is not ready',
    source: 'node-controller',
    involvedObject: {
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: p.metadata.namespace,
      name: p.metadata.name,
      uid: p.metadata.uid,
    },
  });
}

/** `ctx.key` is the node's name. */
function recover(ctx: Ctx, taintKey: string): void {
  const { kcm, sim, state: s, key: node } = ctx;
  (taintKey === NOT_READY ? s.notReady : s.marked).delete(node);
  for (const [key, due] of [...s.evictions]) {
    const [ns, pod] = key.split('/');
    const p = kcm.get('Pod', ns, pod);
    if (p?.spec?.nodeName !== node) continue;
    s.evictions.delete(key);
    if (due > sim.now)
      sim.recordEvent({
        type: 'Normal',
        reason: 'TaintManagerEviction',
        message: `Cancelling deletion of Pod ${key}`,
        source: 'taint-eviction-controller',
        involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: ns, name: pod, uid: p?.metadata.uid },
      });
  }
  const n = kcm.get('Node', undefined, node);
  if (!n) return;
  const next = deepClone(n);
  next.spec.taints = (next.spec.taints ?? []).filter((t: any) => t.key !== taintKey);
  if (next.spec.taints.length === 0) delete next.spec.taints;
  delete next.status;
  ctx.request(
    { verb: 'update', resourceKind: 'Node', name: node, body: next },
    { action: 'untaint', node },
    {
      phase: 'status',
      summary:
        taintKey === NOT_READY
          ? `Node lifecycle: ${node} reports Ready again; removing the not-ready taints`
          : `Node lifecycle: ${node}'s Lease is being renewed again; removing the unreachable taints`,
      narration: { key: 'nodelifecycle.recover', params: { node } },
    },
  );
}

/**
 * Taint eviction for NoExecute taints someone added (`kubectl taint … :NoExecute`): pods that do not tolerate the
 * taint go at once, pods that tolerate it for tolerationSeconds go when that runs out (tainteviction controller).
 * The node controller's own not-ready/unreachable taints are handled when it adds them.
 */
function evictForNoExecute(node: KObject, ctx: Ctx): void {
  const taints = userNoExecuteTaints(node);
  if (!taints.length) return;
  for (const p of ctx.kcm.podsOnNode(node.metadata.name)) scheduleEviction(p, taints, ctx);
}

function evictPodForNoExecute(pod: KObject, ctx: Ctx): void {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName) return;
  const node = ctx.kcm.get('Node', undefined, nodeName);
  const taints = node ? userNoExecuteTaints(node) : [];
  if (taints.length) scheduleEviction(pod, taints, ctx);
}

/** NoExecute taints a user added; the node controller's own `node.kubernetes.io/*` taints are handled when it adds them. */
function userNoExecuteTaints(node: KObject): Taint[] {
  return ((node.spec?.taints ?? []) as Taint[]).filter(
    (t) => t.effect === 'NoExecute' && !t.key.startsWith('node.kubernetes.io/'),
  );
}

function scheduleEviction(p: KObject, taints: Taint[], ctx: Ctx): void {
  const { sim, state: s } = ctx;
  if (p.metadata.deletionTimestamp !== undefined) return;
  const key = cacheKey(p.metadata.namespace, p.metadata.name);
  if (s.evictions.has(key)) return;
  // getMinTolerationTime: an untolerated taint evicts now; otherwise the shortest tolerationSeconds wins.
  let wait: number | undefined;
  for (const t of taints) {
    const tol = ((p.spec.tolerations ?? []) as Toleration[]).find((x) => tolerates(x, t));
    if (!tol) {
      wait = 0;
      break;
    }
    if (tol.tolerationSeconds !== undefined)
      wait = Math.min(wait ?? Infinity, Math.max(0, tol.tolerationSeconds) * 1000);
  }
  if (wait === undefined) return;
  s.evictions.set(key, sim.now + wait);
  ctx.forKey(key).timer('evict', wait);
}

function tolerationSeconds(p: KObject, taintKey: string): number | undefined {
  const t = (p.spec?.tolerations ?? []).find(
    (x: any) => (x.key === taintKey || (!x.key && x.operator === 'Exists')) && (!x.effect || x.effect === 'NoExecute'),
  );
  if (!t) return 0;
  return t.tolerationSeconds;
}
