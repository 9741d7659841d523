/**
 * The kubelet's periodic node status (kubelet_node_status.go syncNodeStatus, every nodeStatusUpdateFrequency 10 s)
 * as far as the container runtime decides it. updateRuntimeUp asks the runtime for its Status every 5 s; when it
 * has not answered for 30 s (maxWaitForContainerRuntime) runtimeState.runtimeErrors() says "container runtime is
 * down", and once the PLEG has not relisted for 3 min (relistThreshold) "PLEG is not healthy: pleg was last seen
 * active … ago; threshold is 3m0s" joins it (an aggregate of two errors prints as "[a, b]"). The ReadyCondition
 * setter (nodestatus/setters.go) turns any error into Ready=False, reason KubeletNotReady, and records NodeNotReady
 * (NodeReady when it clears) on the Node: "Node node-1 status is now: NodeNotReady".
 */
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';
import { kubeletNodeEvent } from './nodeEvent';

const MAX_WAIT_FOR_CONTAINER_RUNTIME_MS = 30_000;
const PLEG_RELIST_THRESHOLD_MS = 180_000;

/** Go's Duration.String() for a whole number of ms: `3m4.5s`, `42s`. */
function goElapsed(ms: number): string {
  const m = Math.floor(ms / 60_000);
  const s = (ms - m * 60_000) / 1000;
  return m ? `${m}m${s}s` : `${s}s`;
}

export function syncNodeStatus(k: Kubelet, sim: Simulation): void {
  const s = k.s;
  recordNodeSchedulableEvent(k, sim);
  if (sim.isUp(k.containerd)) s.runtimeSeenAt = sim.now;
  const since = sim.now - (s.runtimeSeenAt ?? sim.now);
  const errors: string[] = [];
  if (since > MAX_WAIT_FOR_CONTAINER_RUNTIME_MS) errors.push('container runtime is down');
  if (since > PLEG_RELIST_THRESHOLD_MS)
    errors.push(`PLEG is not healthy: pleg was last seen active ${goElapsed(since)} ago; threshold is 3m0s`);
  const kinds = errors.map((e) => e.slice(0, 9)).join('|');
  const ready = errors.length === 0;
  const message = ready
    ? 'kubelet is posting ready status'
    : errors.length === 1
      ? errors[0]
      : `[${errors.join(', ')}]`;
  // tryUpdateNodeStatus posts when a condition changed, heartbeat times aside (nodeConditionsHaveChanged): a new
  // set of errors, and also the PLEG's message alone, whose elapsed time grows at every 10 s sync.
  if (kinds === (s.notReadyKinds ?? '') && message === (s.readyMessage ?? 'kubelet is posting ready status')) return;
  s.notReadyKinds = kinds;
  s.readyMessage = message;
  postReadyCondition(k, sim, ready, message);
}

/** Writes the Ready condition (keeping its transition time when the status stays) and records the change. */
function postReadyCondition(k: Kubelet, sim: Simulation, ready: boolean, message: string): void {
  const node = sim.store.get(`/registry/minions/${k.node}`);
  if (!node) return;
  const next = deepClone(node);
  let changed = false;
  next.status.conditions = (next.status.conditions ?? []).map((c: any) => {
    if (c.type !== 'Ready') return c;
    const status = ready ? 'True' : 'False';
    changed = c.status !== status;
    return {
      ...c,
      status,
      reason: ready ? 'KubeletReady' : 'KubeletNotReady',
      message,
      lastHeartbeatTime: sim.now,
      lastTransitionTime: changed ? sim.now : c.lastTransitionTime,
    };
  });
  const reason = ready ? 'NodeReady' : 'NodeNotReady';
  kubeletApiRequest(
    k,
    sim,
    { verb: 'update', resourceKind: 'Node', name: k.node, subresource: 'status', body: next },
    { purpose: 'node-status' },
    'status',
    ready
      ? `The container runtime on ${k.node} answers again: post node status Ready`
      : `Node status: ${k.node} is not ready (${message})`,
  );
  if (changed) sim.recordEvent(kubeletNodeEvent(k.node, reason));
}

/**
 * recordNodeSchedulableEvent (kubelet_node_status.go): at each node status sync, a change of spec.unschedulable
 * (kubectl cordon / uncordon) since the last one is recorded on the Node as NodeNotSchedulable / NodeSchedulable.
 */
function recordNodeSchedulableEvent(k: Kubelet, sim: Simulation): void {
  const node = sim.store.get(`/registry/minions/${k.node}`);
  if (!node) return;
  const unschedulable = node.spec?.unschedulable === true;
  if (k.s.lastUnschedulable === undefined) k.s.lastUnschedulable = unschedulable;
  if (unschedulable === k.s.lastUnschedulable) return;
  k.s.lastUnschedulable = unschedulable;
  const reason = unschedulable ? 'NodeNotSchedulable' : 'NodeSchedulable';
  sim.decide(k.address, {
    phase: 'status',
    verb: 'node status',
    label: reason,
    summary: `Node status sync: ${k.node} is now ${unschedulable ? 'cordoned (spec.unschedulable)' : 'schedulable again'}`,
    narration: { key: 'kubelet.nodeSchedulable', params: { node: k.node, reason } },
    object: { apiVersion: 'v1', kind: 'Node', name: k.node, uid: node.metadata.uid },
    events: [kubeletNodeEvent(k.node, reason)],
  });
}

/** A cordon or uncordon the node status sync has still to record. */
export function schedulableEventPending(k: Kubelet, sim: Simulation): boolean {
  if (k.s.lastUnschedulable === undefined) return false;
  return (sim.store.get(`/registry/minions/${k.node}`)?.spec?.unschedulable === true) !== k.s.lastUnschedulable;
}
