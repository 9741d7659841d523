/**
 * The status manager (pkg/kubelet/status/status_manager.go): parts of the kubelet mark a pod's status dirty; a
 * short debounce later one PATCH of pods/status carries everything that changed (generateAPIPodStatus, see
 * podStatus.ts), and nothing is sent when the status equals what the apiserver already has. One PATCH per pod is in
 * flight at a time; a change made meanwhile is sent when it returns. Once a terminating pod's containers and sandbox
 * are gone it deletes the pod object with grace period 0 (`canBeDeleted` → `deletePod`).
 */
import type { Simulation } from '../../../kernel/Simulation';
import type { ApiResponse } from '../../../messages';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';
import { buildPodStatus } from '../podStatus';
import type { ContainerRuntimeState, PodWorkerState } from '../podWorkerState';
import { TIMINGS } from '../timings';

export class StatusManager {
  constructor(private readonly k: Kubelet) {}

  markStatus(w: PodWorkerState, sim: Simulation): void {
    w.statusDirty = true;
    if (w.statusScheduled || w.statusInflight) return;
    w.statusScheduled = true;
    sim.timer(this.k.address, sim.latency(this.k.address).between(...TIMINGS.statusDebounceMs), 'status', {
      uid: w.uid,
    });
  }

  /** The debounce timer fired: PATCH the status if it differs from the stored one. */
  flushStatus(uid: string, sim: Simulation): void {
    const w = this.k.s.pods.get(uid);
    const pod = this.k.s.podObjs.get(uid);
    if (!w || !pod) return;
    w.statusScheduled = false;
    if (!w.statusDirty) return;
    w.statusDirty = false;
    const status = buildPodStatus(w, pod, sim.now, this.k.nodeIP);
    if (canonicalEqual(status, pod.status ?? {})) return;
    w.statusInflight = true;
    const main = w.containers.find((c) => !c.init);
    const summary = describeStatus(status, main);
    kubeletApiRequest(
      this.k,
      sim,
      {
        verb: 'patch',
        resourceKind: 'Pod',
        namespace: w.namespace,
        name: w.name,
        subresource: 'status',
        patch: { status },
      },
      { uid, purpose: 'status' },
      'status',
      `Status manager: ${summary}`,
    );
  }

  onPatched(w: PodWorkerState, resp: ApiResponse, sim: Simulation): void {
    w.statusInflight = false;
    if (resp.object) this.k.s.podObjs.set(w.uid, resp.object);
    if (w.statusDirty) this.markStatus(w, sim);
    if (w.stage === 'terminated') this.finalDelete(w, sim);
  }

  /** The status manager deletes a terminated pod with grace 0 once its containers are gone. */
  finalDelete(w: PodWorkerState, sim: Simulation): void {
    const pod = this.k.s.podObjs.get(w.uid);
    if (!pod || w.finalDeleteSent || pod.metadata.deletionTimestamp === undefined) return;
    w.finalDeleteSent = true;
    kubeletApiRequest(
      this.k,
      sim,
      { verb: 'delete', resourceKind: 'Pod', namespace: w.namespace, name: w.name, gracePeriodSeconds: 0 },
      { uid: w.uid, purpose: 'delete' },
      'run',
      `Containers of ${w.name} are gone: delete the pod object for good (grace period 0)`,
    );
  }
}

function describeStatus(status: any, main: ContainerRuntimeState | undefined): string {
  const ready = (status.conditions ?? []).find((c: any) => c.type === 'Ready')?.status;
  const cs = status.containerStatuses?.[0];
  const detail = cs?.state?.waiting
    ? cs.state.waiting.reason
    : cs?.state?.terminated
      ? `terminated (${cs.state.terminated.reason})`
      : cs?.state?.running
        ? 'running'
        : '';
  return `phase ${status.phase}, Ready=${ready}${main ? `, ${main.name} ${detail}` : ''}${status.podIP ? `, IP ${status.podIP}` : ''}`;
}
