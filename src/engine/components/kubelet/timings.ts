/**
 * Durations the kubelet and runtime take (virtual ms). Sources: the kubelet's defaults (pkg/kubelet) where they
 * exist; calibrated estimates (not from source) for the rest. Kept as data so scenarios and tests can read them.
 */
export const TIMINGS = {
  /** nodeLeaseDurationSeconds 40 × renew fraction 0.25. */
  leaseRenewMs: 10_000,
  /** RunPodSandbox without the CNI part (pause container, netns). */
  sandboxMs: [250, 900] as [number, number],
  cniAddMs: [40, 180] as [number, number],
  imageStatusMs: [1, 3] as [number, number],
  createContainerMs: [30, 150] as [number, number],
  startContainerMs: [40, 160] as [number, number],
  /** A pull with imagePullPolicy Always of a present image still fetches the manifest. */
  manifestCheckMs: [300, 900] as [number, number],
  /** Generic PLEG relist period: container deaths are noticed within 1 s. */
  plegRelistMs: [100, 1000] as [number, number],
  /** Pod worker requeue after a sync error before re-evaluating back-off (kubelet backOffPeriod ~ jittered). */
  errorResyncMs: [800, 1500] as [number, number],
  /** Pod worker requeue after a sync error such as CrashLoopBackOff: wait.Jitter(backOffPeriod 10 s, 0.5). */
  podWorkerBackOffMs: [10_000, 15_000] as [number, number],
  /** Volume manager exponential back-off: 500 ms doubling up to 2m2s. */
  volumeBackoff: { initial: 500, max: 122_000 },
  /** Stop of a process that handles SIGTERM. */
  gracefulStopMs: [80, 400] as [number, number],
  statusDebounceMs: [2, 10] as [number, number],
};
