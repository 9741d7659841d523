/**
 * A pod that was already running before the run started (kube-system workloads): its worker is seeded as if the
 * kubelet had synced it long ago — volumes, sandbox and every container up and ready — so nothing is drawn for it.
 */
import type { KObject } from '../../types';
import type { Kubelet } from './Kubelet';
import { newPodWorker } from './podWorkerState';

export function adoptRunningPod(k: Kubelet, pod: KObject, ip: string): void {
  const w = newPodWorker(pod, pod.metadata.creationTimestamp ?? 0);
  w.volumesReady = true;
  w.sandboxReady = true;
  w.sandboxId = pod.metadata.uid!.replace(/-/g, '').padEnd(64, '0');
  w.ip = ip;
  w.stage = 'containers';
  for (const c of w.containers) {
    c.state = 'running';
    c.reason = undefined;
    c.ready = true;
    c.started = true;
    c.imageReady = true;
    c.startedAt = (pod.metadata.creationTimestamp ?? 0) + 7000;
    c.containerId = `${pod.metadata.uid!.replace(/-/g, '')}${c.index}`.padEnd(64, '0');
  }
  k.s.pods.set(pod.metadata.uid!, w);
  k.s.podObjs.set(pod.metadata.uid!, pod);
}
