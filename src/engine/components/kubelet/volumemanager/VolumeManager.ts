/**
 * The volume manager (pkg/kubelet/volumemanager): before the sandbox is created the pod worker waits for the pod's
 * volumes (`WaitForAttachAndMount`). Of the volume kinds only the ones that can fail are modelled: a configMap or
 * secret volume that is not optional needs its object, fetched from the apiserver (MountVolume.SetUp of the
 * configmap/secret volume plugins); emptyDir, projected, downwardAPI and PVC volumes are ready at once. A failed
 * mount is reported as FailedMount and retried with the operation executor's exponential back-off
 * (nestedpendingoperations: 500 ms doubling up to 2m2s).
 */
import type { Simulation } from '../../../kernel/Simulation';
import type { ApiResponse } from '../../../messages';
import type { KObject } from '../../../types';
import { goDuration, nextBackoff } from '../Backoff';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';
import { podRef } from '../podEvent';
import type { PodWorkerState } from '../podWorkerState';
import { TIMINGS } from '../timings';

export class VolumeManager {
  constructor(private readonly k: Kubelet) {}

  setUpVolumes(w: PodWorkerState, pod: KObject, sim: Simulation): void {
    if ((w.pendingVolumeGets ?? 0) > 0) return;
    const needed: Array<{ volume: string; kind: 'ConfigMap' | 'Secret'; name: string }> = [];
    for (const v of pod.spec.volumes ?? []) {
      if (v.configMap && !v.configMap.optional)
        needed.push({ volume: v.name, kind: 'ConfigMap', name: v.configMap.name });
      if (v.secret && !v.secret.optional) needed.push({ volume: v.name, kind: 'Secret', name: v.secret.secretName });
    }
    if (needed.length === 0) {
      w.volumesReady = true;
      return this.k.podWorkers.sync(w.uid, sim);
    }
    w.volumeErrors = [];
    w.pendingVolumeGets = needed.length;
    for (const n of needed)
      kubeletApiRequest(
        this.k,
        sim,
        { verb: 'get', resourceKind: n.kind, namespace: pod.metadata.namespace, name: n.name },
        { uid: w.uid, purpose: 'volume', volume: n.volume },
        'run',
        `Volume manager: fetch ${n.kind} ${n.name} for volume "${n.volume}"`,
      );
  }

  onVolumeFetched(w: PodWorkerState, volume: string, resp: ApiResponse, sim: Simulation): void {
    const pod = this.k.s.podObjs.get(w.uid);
    w.pendingVolumeGets = (w.pendingVolumeGets ?? 1) - 1;
    if (resp.error && pod) {
      const v = (pod.spec.volumes ?? []).find((x: any) => x.name === volume);
      const what = v?.configMap
        ? `configmap "${v.configMap.name}" not found`
        : `secret "${v?.secret?.secretName}" not found`;
      w.volumeErrors!.push({ volume, message: `MountVolume.SetUp failed for volume "${volume}" : ${what}` });
    }
    if (w.pendingVolumeGets > 0 || !pod) return;
    if (w.volumeErrors!.length === 0) {
      w.volumesReady = true;
      return this.k.podWorkers.sync(w.uid, sim);
    }
    w.volumeBackoff = nextBackoff(w.volumeBackoff, sim.now, {
      initial: TIMINGS.volumeBackoff.initial,
      max: TIMINGS.volumeBackoff.max,
    });
    const first = w.volumeErrors![0];
    sim.decide(this.k.address, {
      phase: 'run',
      verb: 'MountVolume',
      label: 'FailedMount',
      summary: `${first.message}; the volume manager retries in ${goDuration(w.volumeBackoff.period)}`,
      narration: { key: 'kubelet.failedMount', params: { volume: first.volume, message: first.message } },
      object: podRef(pod),
      events: w.volumeErrors!.map((e) => ({
        type: 'Warning' as const,
        reason: 'FailedMount',
        message: e.message,
        source: 'kubelet',
        host: this.k.node,
        involvedObject: podRef(pod),
      })),
    });
    this.k.podWorkers.wakeIn(w, w.volumeBackoff.period, sim);
  }
}
