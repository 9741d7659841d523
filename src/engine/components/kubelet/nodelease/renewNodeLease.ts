/**
 * The node lease (k8s.io/component-helpers/apimachinery/lease/controller.go, run by kubelet.go, formerly
 * pkg/kubelet/nodelease): the kubelet's heartbeat is an update of Lease kube-node-lease/<node> every
 * leaseDurationSeconds (40) × 0.25 = 10 s, with renewTime set to now. The node lifecycle controller reads it.
 */
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import type { KObject } from '../../../types';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';
import { TIMINGS } from '../timings';

/** The 'lease' timer fired: arm the next one, then update the Lease (background: not a step of the story). */
export function renewNodeLease(k: Kubelet, sim: Simulation): void {
  sim.timer(k.address, TIMINGS.leaseRenewMs, 'lease', undefined, true);
  const lease = sim.store.get(`/registry/leases/kube-node-lease/${k.node}`);
  const body = lease
    ? deepClone(lease)
    : {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: k.node, namespace: 'kube-node-lease' },
        spec: {},
      };
  body.spec = { ...body.spec, holderIdentity: k.node, leaseDurationSeconds: 40, renewTime: sim.now };
  delete body.metadata.resourceVersion;
  kubeletApiRequest(
    k,
    sim,
    { verb: 'update', resourceKind: 'Lease', namespace: 'kube-node-lease', name: k.node, body: body as KObject },
    { purpose: 'lease' },
    'status',
    `Renew node Lease ${k.node} (every 10 s; the node controller reads it as the heartbeat)`,
    true,
  );
}
