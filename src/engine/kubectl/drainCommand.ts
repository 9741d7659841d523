/**
 * The `kubectl drain` command line a drain action stands for (flags of staging/src/k8s.io/kubectl/pkg/cmd/drain/
 * drain.go), shared by the engine's action log and the page's labels; it imports nothing, so the page bundle stays
 * light.
 */
export interface DrainFlags {
  ignoreDaemonSets?: boolean;
  force?: boolean;
  deleteEmptyDirData?: boolean;
  /** `--timeout`: 0 or absent waits for ever. */
  timeoutSeconds?: number;
  /** `--grace-period` (absent: -1, the Pod's own terminationGracePeriodSeconds). */
  gracePeriodSeconds?: number;
}

/** time.Duration's String() for whole seconds: `30s`, `1m0s`, `1h0m0s`. */
export function goDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h}h${m}m${s}s`;
  if (m) return `${m}m${s}s`;
  return `${s}s`;
}

export function drainCommand(node: string, o: DrainFlags): string {
  return [
    `kubectl drain ${node}`,
    ...(o.ignoreDaemonSets ? ['--ignore-daemonsets'] : []),
    ...(o.force ? ['--force'] : []),
    ...(o.deleteEmptyDirData ? ['--delete-emptydir-data'] : []),
    ...(o.gracePeriodSeconds !== undefined ? [`--grace-period=${o.gracePeriodSeconds}`] : []),
    ...(o.timeoutSeconds ? [`--timeout=${goDuration(o.timeoutSeconds)}`] : []),
  ].join(' ');
}
