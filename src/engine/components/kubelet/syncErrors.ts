/**
 * How the kubelet reacts when a CRI call of the pod worker fails (pkg/kubelet/pod_workers.go, kuberuntime).
 */
import type { Simulation } from '../../kernel/Simulation';
import type { Endpoint } from '../../types';

/**
 * After a sync error the pod worker requeues the pod after `wait.Jitter(backOffPeriod, 0.5)`, backOffPeriod being
 * 10 s: the next attempt comes 10–15 s later, whatever failed (pod_workers.go `completeWork`).
 */
export function syncErrorRequeueMs(sim: Simulation, kubelet: Endpoint): number {
  return sim.latency(kubelet).between(10_000, 15_000);
}

/**
 * The FailedKillPod message when StopPodSandbox fails: SyncTerminatingPod's `"error killing pod: %v"` around
 * PodSyncResult.Error()'s `failed to %q for %q with %v: %q` (action KillPodSandbox, target the pod UID, error
 * KillPodSandboxError, the CRI error as a Go-quoted string).
 */
export function killPodSandboxMessage(podUid: string, criError: string): string {
  return `error killing pod: failed to "KillPodSandbox" for "${podUid}" with KillPodSandboxError: ${goQuote(criError)}`;
}

/** Go's %q for the printable ASCII these messages hold: backslashes and double quotes escaped. */
function goQuote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
