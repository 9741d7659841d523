/**
 * NodeResourcesBalancedAllocation (pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go):
 * prefers nodes whose cpu and memory fractions stay close. Uses actual requests (useRequested: true, no
 * 100m/200Mi defaults). PreScore skips best-effort pods (no requests at all) so they do not all pile onto one
 * node (kubernetes/kubernetes#129138). Score = int((1 - std) * 100); with two resources std = |f1 - f2| / 2.
 */
import { MAX_NODE_SCORE } from '../normalizeScore';
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

export const balancedAllocation: Plugin = {
  name: 'NodeResourcesBalancedAllocation',
  preScore(ctx) {
    const r = ctx.pod.requests;
    if (r.milliCPU === 0 && r.memory === 0) return newStatus('Skip');
    return undefined;
  },
  score(ctx, node) {
    const pod = ctx.pod.requests;
    const cpu = fraction(node.requested.milliCPU + pod.milliCPU, node.allocatable.milliCPU);
    const memory = fraction(node.requested.memory + pod.memory, node.allocatable.memory);
    // The standard deviation of the fractions: |f1 - f2| / 2 for two, 0 for one (a resource with no allocatable
    // amount is left out). Called for every feasible node of every cycle, so without temporary arrays.
    const std = cpu !== undefined && memory !== undefined ? Math.abs((cpu - memory) / 2) : 0;
    return Math.trunc((1 - std) * MAX_NODE_SCORE);
  },
};

/** requested / allocatable, capped at 1; undefined when nothing is allocatable. */
function fraction(requested: number, alloc: number): number | undefined {
  if (alloc === 0) return undefined;
  const f = requested / alloc;
  return f > 1 ? 1 : f;
}
