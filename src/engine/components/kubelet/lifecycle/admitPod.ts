/**
 * The kubelet's own admission of a pod it has not run before (pkg/kubelet/lifecycle/predicate.go
 * predicateAdmitHandler.Admit → generalFilter → noderesources.Fits): the requests of the pods already active on the
 * node plus this one's must fit the node's allocatable. A pod bound with `spec.nodeName` skips the scheduler, so
 * this is where it is refused. Only the first failure counts (`reasons[0]`): reason `OutOf<resource>`, message
 * InsufficientResourceError's.
 */
import type { KObject } from '../../../types';
import { podRequestsResource, quantityValue } from '../../scheduler/framework/resource';
import type { Kubelet } from '../Kubelet';

interface Rejection {
  reason: string;
  message: string;
}

export function admitPod(k: Kubelet, pod: KObject, node: KObject | undefined): Rejection | undefined {
  const allocatable = node?.status?.allocatable;
  if (!allocatable) return undefined;
  const want = podRequestsResource(pod);
  if (want.milliCPU === 0 && want.memory === 0) return undefined;
  let cpu = 0;
  let memory = 0;
  for (const [uid, w] of k.s.pods) {
    if (uid === pod.metadata.uid || w.rejected || w.stage === 'terminated') continue;
    const other = k.s.podObjs.get(uid);
    const phase = other?.status?.phase;
    if (!other || phase === 'Succeeded' || phase === 'Failed') continue;
    const r = podRequestsResource(other);
    cpu += r.milliCPU;
    memory += r.memory;
  }
  // fitsRequest checks cpu, then memory (noderesources/fit.go).
  const checks: Array<[string, number, number]> = [
    ['cpu', want.milliCPU, cpu],
    ['memory', want.memory, memory],
  ];
  for (const [name, requested, used] of checks) {
    const capacity = quantityValue(name, allocatable[name]);
    if (requested > 0 && requested > capacity - used)
      return {
        reason: `OutOf${name}`,
        message: `Node didn't have enough resource: ${name}, requested: ${requested}, used: ${used}, capacity: ${capacity}`,
      };
  }
  return undefined;
}
