/**
 * The three probe types as data, read by the one probe worker in ProbeManager (pkg/kubelet/prober/worker.go runs
 * the same loop for all three and differs only in these points).
 */
import type { ProbeKind } from './probes';

export interface ProbeType {
  kind: ProbeKind;
  /** The container's spec field, and the word in event texts ("Liveness probe failed: …"). */
  field: 'startupProbe' | 'readinessProbe' | 'livenessProbe';
  label: string;
  /**
   * worker.go doProbe: the startup probe runs until the container has started and then stops for good; readiness
   * and liveness wait, probing nothing, until it has.
   */
  runsWhile: 'starting' | 'started';
  whenNotRunning: 'wait' | 'stop';
  /**
   * Consecutive results, counted in `ContainerRuntimeState.probes`. Only readiness counts successes: validation
   * holds liveness and startup probes to successThreshold 1, so for them one success is always enough.
   */
  successes?: 'readinessOk';
  failures: 'readinessFail' | 'livenessFail' | 'startupFail';
  /**
   * What the kubelet does once successThreshold successes / failureThreshold failures are in a row (the results
   * managers' consumers in kubelet.go and kuberuntime): readiness flips the container's Ready; a startup success
   * marks it started; a liveness or startup failure kills it, to be restarted under its restart policy.
   */
  onSuccess: 'ready' | 'started' | 'none';
  onFailure: 'unready' | 'restart';
}

/** In the order the prober manager adds workers (prober_manager.go AddPod), which is the order of their draws. */
export const PROBE_TYPES: readonly ProbeType[] = [
  {
    kind: 'startup',
    field: 'startupProbe',
    label: 'Startup',
    runsWhile: 'starting',
    whenNotRunning: 'stop',
    failures: 'startupFail',
    onSuccess: 'started',
    onFailure: 'restart',
  },
  {
    kind: 'readiness',
    field: 'readinessProbe',
    label: 'Readiness',
    runsWhile: 'started',
    whenNotRunning: 'wait',
    successes: 'readinessOk',
    failures: 'readinessFail',
    onSuccess: 'ready',
    onFailure: 'unready',
  },
  {
    kind: 'liveness',
    field: 'livenessProbe',
    label: 'Liveness',
    runsWhile: 'started',
    whenNotRunning: 'wait',
    failures: 'livenessFail',
    onSuccess: 'none',
    onFailure: 'restart',
  },
];
