/**
 * The node status a kubelet posts when it (re)starts (kubelet_node_status.go syncNodeStatus with the setters of
 * pkg/kubelet/nodestatus/setters.go): Ready True "kubelet is posting ready status", and the pressure conditions
 * False with their KubeletHas… reasons, every transition and heartbeat time now.
 */
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';

export function postNodeReady(k: Kubelet, sim: Simulation): void {
  const node = sim.store.get(`/registry/minions/${k.node}`);
  if (!node) return;
  const next = deepClone(node);
  next.status.conditions = (next.status.conditions ?? []).map((c: any) =>
    c.type === 'Ready'
      ? {
          ...c,
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          lastTransitionTime: sim.now,
          lastHeartbeatTime: sim.now,
        }
      : {
          ...c,
          status: 'False',
          reason:
            c.type === 'MemoryPressure'
              ? 'KubeletHasSufficientMemory'
              : c.type === 'DiskPressure'
                ? 'KubeletHasNoDiskPressure'
                : 'KubeletHasSufficientPID',
          lastTransitionTime: sim.now,
          lastHeartbeatTime: sim.now,
        },
  );
  kubeletApiRequest(
    k,
    sim,
    { verb: 'update', resourceKind: 'Node', name: k.node, subresource: 'status', body: next },
    { purpose: 'node-status' },
    'status',
    `kubelet on ${k.node} started: post node status Ready`,
  );
}
