/**
 * What the pod worker does with an exited container (kuberuntime_manager.go: computePodActions decides from the
 * restart policy whether it restarts — an init container restarts after a failure unless the policy is Never —
 * and doBackOff holds it in CrashLoopBackOff while the container's back-off since it finished has not elapsed:
 * 10 s doubling to 5 min, reset after 10 min of quiet). The message and events are the kubelet's.
 */
import type { Simulation } from '../../../kernel/Simulation';
import type { KObject } from '../../../types';
import { CRASHLOOP_BACKOFF, goDuration, inBackoffSince, nextBackoff } from '../Backoff';
import { decidePodStep } from '../decidePodStep';
import type { Kubelet } from '../Kubelet';
import { podEvent } from '../podEvent';
import type { ContainerRuntimeState, PodWorkerState } from '../podWorkerState';
import { TIMINGS } from '../timings';

/**
 * For a container that exited (or waits in CrashLoopBackOff): `'no-restart'` when its restart policy keeps it
 * down, `'backing-off'` when it must wait (a wake-up is scheduled), `'restarting'` when it is reset to be created
 * again (restartCount incremented, image to be checked again).
 */
export function crashLoopBackOff(
  k: Kubelet,
  w: PodWorkerState,
  c: ContainerRuntimeState,
  pod: KObject,
  sim: Simulation,
): 'no-restart' | 'backing-off' | 'restarting' {
  const policy = pod.spec.restartPolicy ?? 'Always';
  const exit = c.state === 'terminated' ? (c.exitCode ?? 0) : (c.lastTerminated?.exitCode ?? 0);
  const restart =
    policy === 'Always' || (policy === 'OnFailure' && exit !== 0) || (c.init && policy !== 'Never' && exit !== 0);
  if (!restart) return 'no-restart';
  const finishedAt = c.state === 'terminated' ? c.finishedAt! : c.lastTerminated!.finishedAt;
  if (inBackoffSince(c.crashBackoff, finishedAt, sim.now, CRASHLOOP_BACKOFF)) {
    const wait = c.crashBackoff!.period;
    const podDesc = `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
    if (c.state === 'terminated') {
      keepLastTermination(c);
      // The reason cache is updated after SyncPod, from its result: the status this sync reports still shows the
      // exited container (`Error`); CrashLoopBackOff reaches the status at the next sync.
      c.reported = 'exited';
    }
    c.state = 'waiting';
    c.reason = 'CrashLoopBackOff';
    c.message = `back-off ${goDuration(wait)} restarting failed container=${c.name} pod=${podDesc}`;
    c.ready = false;
    c.started = false;
    decidePodStep(k.address, w, pod, c, sim, {
      verb: 'backoff',
      label: `CrashLoopBackOff ${goDuration(wait)}`,
      summary: `Container ${c.name} exited again within its back-off window: wait ${goDuration(wait)} before restarting it (CrashLoopBackOff)`,
      key: 'kubelet.crashLoop',
      params: { container: c.name, wait: goDuration(wait) },
      events: [
        podEvent(
          k.node,
          pod,
          c,
          'Warning',
          'BackOff',
          `Back-off restarting failed container ${c.name} in pod ${podDesc}`,
        ),
      ],
    });
    k.statusManager.markStatus(w, sim);
    // ErrCrashLoopBackOff is a sync error: the pod worker requeues the pod after wait.Jitter(backOffPeriod 10 s,
    // 0.5) (pod_workers.go completeWork), so the BackOff event repeats every 10–15 s (its count grows) and the
    // restart comes at the first sync after the window.
    k.podWorkers.wakeIn(w, sim.latency(k.address).between(...TIMINGS.podWorkerBackOffMs), sim);
    return 'backing-off';
  }
  c.crashBackoff = nextBackoff(c.crashBackoff, finishedAt, CRASHLOOP_BACKOFF);
  // Until the new container runs, the status keeps what this sync started from: the exit, or the back-off wait.
  if (c.state === 'terminated') {
    keepLastTermination(c);
    c.reported = 'exited';
  } else {
    c.reported = 'crashLoop';
    c.reportedMessage = c.message;
  }
  c.restartCount++;
  c.state = 'waiting';
  c.reason = 'ContainerCreating';
  c.message = undefined;
  c.imageReady = false;
  return 'restarting';
}

/** The container status's `lastState.terminated`: the exit just seen, kept while the container waits or restarts. */
function keepLastTermination(c: ContainerRuntimeState): void {
  c.olderTerminated = c.lastTerminated;
  c.lastTerminated = {
    exitCode: c.exitCode!,
    reason: c.reason!,
    startedAt: c.startedAt!,
    finishedAt: c.finishedAt!,
    containerId: c.containerId!,
  };
}
