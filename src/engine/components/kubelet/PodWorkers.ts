/**
 * The pod workers (pkg/kubelet/pod_workers.go) and the sync they run (kubelet.go SyncPod / SyncTerminatingPod):
 * one worker per pod, level-based. Every wake-up re-reads the worker's state and takes the next missing step —
 * volumes → RunPodSandbox → init containers one at a time, each to completion → for each container its image,
 * CreateContainer and StartContainer — or, once the pod is being deleted, stops its containers and then its sandbox.
 * Wake-ups (back-offs, retries) are timers deduplicated to the earliest pending one, as the worker's requeue.
 */
import type { Simulation } from '../../kernel/Simulation';
import type { KObject } from '../../types';
import { crashLoopBackOff } from './kuberuntime/crashLoopBackOff';
import type { Kubelet } from './Kubelet';
import { podEvent } from './podEvent';
import { podPhase } from './podStatus';
import { containerSpec, type ContainerRuntimeState, type PodWorkerState } from './podWorkerState';

export class PodWorkers {
  constructor(private readonly k: Kubelet) {}

  /** Schedules a sync at `delay` (deduplicated to the earliest pending wake-up). */
  wakeIn(w: PodWorkerState, delay: number, sim: Simulation): void {
    const at = sim.now + delay;
    if (w.wakeAt !== undefined && w.wakeAt <= at && w.wakeAt >= sim.now) return;
    w.wakeAt = at;
    sim.timer(this.k.address, delay, 'sync', { uid: w.uid, at });
  }

  /** The 'sync' timer fired; a wake-up that an earlier one replaced is ignored. */
  wake(uid: string, sim: Simulation, at: number): void {
    const w = this.k.s.pods.get(uid);
    if (!w || w.wakeAt !== at) return;
    w.wakeAt = undefined;
    this.sync(uid, sim);
  }

  sync(uid: string, sim: Simulation): void {
    const w = this.k.s.pods.get(uid);
    const pod = this.k.s.podObjs.get(uid);
    if (!w) return;
    // A new sync reports the back-off the previous one decided (generateAPIPodStatus reads the reason cache).
    for (const c of w.containers)
      if (c.reported === 'exited' && c.state === 'waiting' && c.reason === 'CrashLoopBackOff') {
        c.reported = undefined;
        this.k.statusManager.markStatus(w, sim);
      }
    // An evicted pod is stopped like a deleted one, but its object stays (phase Failed, reason Evicted).
    if (w.deleting || !pod || w.evicted) return this.syncTerminatingPod(w, sim);
    if (w.rejected || w.stage === 'terminated') return;
    if (!w.volumesReady) return this.k.volumeManager.setUpVolumes(w, pod, sim);
    if (!w.sandboxReady) {
      if (!w.sandboxBusy) this.k.runtime.runPodSandbox(w, pod, sim);
      return;
    }
    // A pod in a terminal phase is terminated by its worker (SyncTerminatingPod): nothing runs, so only its sandbox
    // is stopped (CNI DEL); PodReadyToStartContainers turns False, the pod object stays until it is deleted.
    const phase = podPhase(w, pod);
    if (phase === 'Succeeded' || phase === 'Failed') {
      if (!w.sandboxBusy && !w.containers.some((c) => c.busy)) this.k.runtime.stopPodSandbox(w, sim);
      return;
    }
    const inits = w.containers.filter((c) => c.init);
    // Init containers run one at a time, each to completion, before any regular container starts.
    for (const c of inits) {
      if (c.state === 'terminated' && c.exitCode === 0) continue;
      if (!c.busy && c.state !== 'running') this.advanceContainer(w, c, pod, sim);
      return;
    }
    for (const c of w.containers.filter((x) => !x.init)) {
      if (c.busy) return;
      if (c.state === 'running') continue;
      if (this.advanceContainer(w, c, pod, sim)) return;
    }
  }

  /** Takes the next step for one container; returns true when it started something (a CRI call or a wait). */
  private advanceContainer(w: PodWorkerState, c: ContainerRuntimeState, pod: KObject, sim: Simulation): boolean {
    const spec = containerSpec(pod, c);
    if (c.state === 'terminated' || (c.state === 'waiting' && c.reason === 'CrashLoopBackOff')) {
      const next = crashLoopBackOff(this.k, w, c, pod, sim);
      if (next === 'no-restart') return false;
      if (next === 'backing-off') return true;
    }
    if (!c.imageReady) this.k.imageManager.ensureImageExists(w, c, pod, spec, sim);
    else this.k.runtime.createContainer(w, c, pod, spec, sim);
    return true;
  }

  /** Stops the running containers (SIGTERM, then SIGKILL after the grace period), then the sandbox. */
  private syncTerminatingPod(w: PodWorkerState, sim: Simulation): void {
    if (w.stage === 'terminated') return this.k.statusManager.finalDelete(w, sim);
    w.stage = 'terminating';
    const pod = this.k.s.podObjs.get(w.uid);
    const running = w.containers.filter((c) => c.state === 'running' || c.busy);
    if (running.some((c) => c.busy)) return;
    const toStop = running.filter((c) => c.state === 'running');
    if (toStop.length && pod) {
      for (const c of toStop)
        this.k.runtime.call(
          w,
          c,
          'StopContainer',
          {
            containerId: c.containerId,
            // A hard eviction threshold kills at once (eviction_manager.go: gracePeriodOverride 0).
            grace: w.evicted
              ? 0
              : (pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30),
          },
          sim,
          {
            summary: w.evicted
              ? `Pod is evicted: stop container ${c.name} at once (grace period 0)`
              : `Pod is being deleted: stop container ${c.name} (SIGTERM, then SIGKILL after the grace period)`,
            key: 'kubelet.stopContainer',
            events: [podEvent(this.k.node, pod, c, 'Normal', 'Killing', `Stopping container ${c.name}`)],
          },
        );
      return;
    }
    if (w.sandboxReady && !w.sandboxBusy) return this.k.runtime.stopPodSandbox(w, sim);
    if (!w.sandboxReady && !w.sandboxBusy) {
      w.stage = 'terminated';
      this.k.statusManager.finalDelete(w, sim);
    }
  }
}
