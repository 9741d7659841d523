/**
 * The node status a kubelet posts when it (re)starts (kubelet_node_status.go syncNodeStatus with the setters of
 * pkg/kubelet/nodestatus/setters.go): Ready True "kubelet is posting ready status", and the pressure conditions
 * False with their KubeletHas… reasons, heartbeat time now; with the events a starting kubelet records on its Node.
 */
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';
import { kubeletNodeEvent } from './nodeEvent';

const MESSAGES: Record<string, string> = {
  KubeletReady: 'kubelet is posting ready status',
  KubeletHasSufficientMemory: 'kubelet has sufficient memory available',
  KubeletHasNoDiskPressure: 'kubelet has no disk pressure',
  KubeletHasSufficientPID: 'kubelet has sufficient PID available',
};

export function postNodeReady(k: Kubelet, sim: Simulation): void {
  const node = sim.store.get(`/registry/minions/${k.node}`);
  if (!node) return;
  const event = (reason: string, message?: string) => sim.recordEvent(kubeletNodeEvent(k.node, reason, message));
  // kubelet.go Run: "Starting kubelet."; the container manager enforces node allocatable before the first status.
  event('Starting', 'Starting kubelet.');
  event('NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
  const next = deepClone(node);
  // The setters record an event, and move lastTransitionTime, only when a condition's status changes (a node the
  // node controller marked Unknown while the kubelet was away).
  next.status.conditions = (next.status.conditions ?? []).map((c: any) => {
    const ready = c.type === 'Ready';
    const status = ready ? 'True' : 'False';
    const reason = ready
      ? 'KubeletReady'
      : c.type === 'MemoryPressure'
        ? 'KubeletHasSufficientMemory'
        : c.type === 'DiskPressure'
          ? 'KubeletHasNoDiskPressure'
          : 'KubeletHasSufficientPID';
    const changed = c.status !== status;
    if (changed) event(ready ? 'NodeReady' : reason.replace('Kubelet', 'Node'));
    return {
      ...c,
      status,
      reason,
      message: MESSAGES[reason],
      lastTransitionTime: changed ? sim.now : c.lastTransitionTime,
      lastHeartbeatTime: sim.now,
    };
  });
  kubeletApiRequest(
    k,
    sim,
    { verb: 'update', resourceKind: 'Node', name: k.node, subresource: 'status', body: next },
    { purpose: 'node-status' },
    'status',
    `kubelet on ${k.node} started: post node status Ready`,
  );
}
