/**
 * Node lifecycle controller + taint-eviction controller (pkg/controller/nodelifecycle, pkg/controller/tainteviction).
 * Every --node-monitor-period (5 s) it checks each node's Lease; after --node-monitor-grace-period (50 s since
 * v1.32) without a renewal the node's Ready condition becomes Unknown, the node is tainted unreachable, its pods are
 * marked not ready, and after their tolerationSeconds (300 s from DefaultTolerationSeconds) they are deleted.
 */
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import type { KObject } from '../../../types';
import type { Controller } from '../Controller';
import { KCM_ADDRESS } from './address';
import type { ControllerManager } from '../ControllerManager';
import { tolerates, type Taint, type Toleration } from '../../../objects/labels';

const NAME = 'node-lifecycle';
export const NODE_MONITOR_PERIOD_MS = 5_000;
export const NODE_MONITOR_GRACE_MS = 50_000;
const UNREACHABLE = 'node.kubernetes.io/unreachable';

interface NlState {
  /** Nodes this controller has marked Unknown, with the taint time. */
  marked: Map<string, number>;
  inflight: Set<string>;
  /** pod "ns/name" → eviction due time. */
  evictions: Map<string, number>;
}

function state(kcm: ControllerManager): NlState {
  let s = kcm.s.ctrl.get(NAME) as NlState | undefined;
  if (!s) {
    s = { marked: new Map(), inflight: new Set(), evictions: new Map() };
    kcm.s.ctrl.set(NAME, s);
  }
  return s;
}

function leaseRenew(kcm: ControllerManager, node: string): number | undefined {
  return kcm.get('Lease', 'kube-node-lease', node)?.spec?.renewTime;
}

export const nodeLifecycleController: Controller = {
  name: NAME,
  watches: ['Node', 'Pod', { kind: 'Lease', namespace: 'kube-node-lease' }],
  parts: ['taint-eviction'],

  start(kcm, sim) {
    state(kcm);
    sim.timer(KCM_ADDRESS, NODE_MONITOR_PERIOD_MS, 'monitor', { controller: NAME }, true);
  },

  // The taint-eviction controller's informers hand it every Node again after a restart (handleNodeUpdate per Node):
  // a NoExecute taint added while the controller manager was down evicts the Pods that do not tolerate it then.
  relisted(kcm, sim) {
    for (const node of kcm.list('Node')) evictForNoExecute(node, kcm, sim);
  },

  hasPendingWork(kcm, sim) {
    const s = state(kcm);
    if (s.inflight.size || s.evictions.size) return true;
    // A node that missed a heartbeat will be acted on: keep the run going until the grace period decides.
    return kcm.list('Node').some((n) => {
      const renew = leaseRenew(kcm, n.metadata.name);
      return renew !== undefined && !s.marked.has(n.metadata.name) && sim.now - renew > 15_000;
    });
  },

  reconcile() {},

  onTimer(name, data, kcm, sim) {
    const s = state(kcm);
    if (name === 'monitor') {
      sim.timer(KCM_ADDRESS, NODE_MONITOR_PERIOD_MS, 'monitor', { controller: NAME }, true);
      for (const node of kcm.list('Node')) monitorNode(node, kcm, sim, s);
    }
    if (name === 'evict') {
      const key = String(data.pod);
      const due = s.evictions.get(key);
      if (due === undefined || due > sim.now) return;
      s.evictions.delete(key);
      const [ns, pod] = key.split('/');
      const p = kcm.get('Pod', ns, pod);
      if (!p || p.metadata.deletionTimestamp !== undefined) return;
      sim.decide(
        { ...KCM_ADDRESS, part: 'taint-eviction' },
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
      kcm.request(
        sim,
        NAME,
        { verb: 'delete', resourceKind: 'Pod', namespace: ns, name: pod },
        { action: 'evict', pod: key },
        {
          summary: `Taint eviction: delete pod ${key}`,
          narration: { key: 'nodelifecycle.evict', params: { pod: key } },
        },
      );
    }
  },

  onWatch(ev, kcm, sim) {
    if (ev.object.kind === 'Node' && ev.type !== 'DELETED') return evictForNoExecute(ev.object, kcm, sim);
    // The taint-eviction controller watches Pods too: a Pod bound to a node whose NoExecute taint the scheduler had
    // not seen yet is evicted as soon as its binding arrives (tainteviction.Controller.handlePodUpdate).
    if (ev.object.kind === 'Pod' && ev.type !== 'DELETED') return evictPodForNoExecute(ev.object, kcm, sim);
    // A renewed lease on a marked node: the kubelet is back.
    if (ev.object.kind !== 'Lease') return;
    const s = state(kcm);
    const node = ev.object.metadata.name;
    if (s.marked.has(node) && !s.inflight.has(node)) recover(node, kcm, sim, s);
  },

  onResponse(resp, kcm, sim) {
    const s = state(kcm);
    const node = resp.ctx?.node as string | undefined;
    if (node) s.inflight.delete(node);
    if (resp.error || !node) return;
    const action = resp.ctx!.action;
    if (action === 'mark-unknown') {
      sim.recordEvent({
        type: 'Normal',
        reason: 'NodeNotReady',
        message: `Node ${node} status is now: NodeNotReady`,
        source: 'node-controller',
        involvedObject: { apiVersion: 'v1', kind: 'Node', name: node, uid: resp.object?.metadata.uid },
      });
      taint(node, kcm, sim, s);
    } else if (action === 'taint') {
      const taintTime = sim.now;
      s.marked.set(node, taintTime);
      for (const p of kcm.podsOnNode(node).filter((x) => x.metadata.deletionTimestamp === undefined)) {
        markPodNotReady(p, kcm, sim);
        const secs = tolerationSeconds(p);
        if (secs === undefined) continue;
        const key = `${p.metadata.namespace}/${p.metadata.name}`;
        s.evictions.set(key, taintTime + secs * 1000);
        sim.timer(KCM_ADDRESS, secs * 1000, 'evict', { controller: NAME, pod: key });
      }
    }
  },
};

function monitorNode(node: KObject, kcm: ControllerManager, sim: Simulation, s: NlState): void {
  const name = node.metadata.name;
  const renew = leaseRenew(kcm, name);
  if (renew === undefined || s.marked.has(name) || s.inflight.has(name)) return;
  if (sim.now - renew <= NODE_MONITOR_GRACE_MS) return;
  const next = deepClone(node);
  next.status.conditions = (next.status.conditions ?? []).map((c: any) => ({
    ...c,
    status: 'Unknown',
    reason: 'NodeStatusUnknown',
    message: 'Kubelet stopped posting node status.',
    lastTransitionTime: sim.now,
  }));
  s.inflight.add(name);
  kcm.request(
    sim,
    NAME,
    { verb: 'update', resourceKind: 'Node', name, subresource: 'status', body: next },
    { action: 'mark-unknown', node: name },
    {
      phase: 'status',
      summary: `Node lifecycle: ${name}'s Lease was last renewed ${Math.round((sim.now - renew) / 1000)} s ago (grace 50 s); marking its conditions Unknown`,
      narration: { key: 'nodelifecycle.unknown', params: { node: name, age: Math.round((sim.now - renew) / 1000) } },
    },
  );
}

function taint(node: string, kcm: ControllerManager, sim: Simulation, s: NlState): void {
  const n = kcm.get('Node', undefined, node);
  if (!n) return;
  const next = deepClone(n);
  const taints = (next.spec.taints ?? []).filter((t: any) => t.key !== UNREACHABLE);
  taints.push({ key: UNREACHABLE, effect: 'NoSchedule', timeAdded: sim.now });
  taints.push({ key: UNREACHABLE, effect: 'NoExecute', timeAdded: sim.now });
  next.spec.taints = taints;
  delete next.status;
  s.inflight.add(node);
  kcm.request(
    sim,
    NAME,
    { verb: 'update', resourceKind: 'Node', name: node, body: next },
    { action: 'taint', node },
    {
      phase: 'status',
      summary: `Node lifecycle: taint ${node} with ${UNREACHABLE}:NoSchedule and :NoExecute`,
      narration: { key: 'nodelifecycle.taint', params: { node } },
    },
  );
}

function markPodNotReady(p: KObject, kcm: ControllerManager, sim: Simulation): void {
  const conds = (p.status?.conditions ?? []).map((c: any) =>
    c.type === 'Ready' ? { ...c, status: 'False', lastTransitionTime: sim.now } : c,
  );
  kcm.request(
    sim,
    NAME,
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

function recover(node: string, kcm: ControllerManager, sim: Simulation, s: NlState): void {
  s.marked.delete(node);
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
  next.spec.taints = (next.spec.taints ?? []).filter((t: any) => t.key !== UNREACHABLE);
  if (next.spec.taints.length === 0) delete next.spec.taints;
  delete next.status;
  kcm.request(
    sim,
    NAME,
    { verb: 'update', resourceKind: 'Node', name: node, body: next },
    { action: 'untaint', node },
    {
      phase: 'status',
      summary: `Node lifecycle: ${node}'s Lease is being renewed again; removing the unreachable taints`,
      narration: { key: 'nodelifecycle.recover', params: { node } },
    },
  );
}

/**
 * Taint eviction for NoExecute taints someone added (`kubectl taint … :NoExecute`): pods that do not tolerate the
 * taint go at once, pods that tolerate it for tolerationSeconds go when that runs out (tainteviction controller).
 * The node controller's own not-ready/unreachable taints are handled when it adds them.
 */
function evictForNoExecute(node: KObject, kcm: ControllerManager, sim: Simulation): void {
  const taints = userNoExecuteTaints(node);
  if (!taints.length) return;
  for (const p of kcm.podsOnNode(node.metadata.name)) scheduleEviction(p, taints, kcm, sim);
}

function evictPodForNoExecute(pod: KObject, kcm: ControllerManager, sim: Simulation): void {
  const nodeName = pod.spec?.nodeName;
  if (!nodeName) return;
  const node = kcm.get('Node', undefined, nodeName);
  const taints = node ? userNoExecuteTaints(node) : [];
  if (taints.length) scheduleEviction(pod, taints, kcm, sim);
}

/** NoExecute taints a user added; the node controller's own `node.kubernetes.io/*` taints are handled when it adds them. */
function userNoExecuteTaints(node: KObject): Taint[] {
  return ((node.spec?.taints ?? []) as Taint[]).filter(
    (t) => t.effect === 'NoExecute' && !t.key.startsWith('node.kubernetes.io/'),
  );
}

function scheduleEviction(p: KObject, taints: Taint[], kcm: ControllerManager, sim: Simulation): void {
  const s = state(kcm);
  if (p.metadata.deletionTimestamp !== undefined) return;
  const key = `${p.metadata.namespace}/${p.metadata.name}`;
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
  sim.timer(KCM_ADDRESS, wait, 'evict', { controller: NAME, pod: key });
}

function tolerationSeconds(p: KObject): number | undefined {
  const t = (p.spec?.tolerations ?? []).find(
    (x: any) =>
      (x.key === UNREACHABLE || (!x.key && x.operator === 'Exists')) && (!x.effect || x.effect === 'NoExecute'),
  );
  if (!t) return 0;
  return t.tolerationSeconds;
}
