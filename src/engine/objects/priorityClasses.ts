/** The priority values pkg/apis/scheduling/types.go fixes, and the system classes (pkg/apis/scheduling/helpers.go). */

/** scheduling.HighestUserDefinablePriority. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;
/** scheduling.SystemCriticalPriority: system-cluster-critical; system-node-critical is 1000 more. */
const SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY;

/** The classes the apiserver's `scheduling/bootstrap-system-priority-classes` post-start hook creates. */
export const SYSTEM_PRIORITY_CLASSES = [
  {
    name: 'system-node-critical',
    value: SYSTEM_CRITICAL_PRIORITY + 1000,
    description: 'Used for system critical pods that must not be moved from their current node.',
  },
  {
    name: 'system-cluster-critical',
    value: SYSTEM_CRITICAL_PRIORITY,
    description:
      'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.',
  },
] as const;
