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
    const pairs: Array<[number, number]> = [
      [node.requested.milliCPU + pod.milliCPU, node.allocatable.milliCPU],
      [node.requested.memory + pod.memory, node.allocatable.memory],
    ];
    const fractions: number[] = [];
    let total = 0;
    for (const [requested, alloc] of pairs) {
      if (alloc === 0) continue;
      let f = requested / alloc;
      if (f > 1) f = 1;
      total += f;
      fractions.push(f);
    }
    let std = 0;
    if (fractions.length === 2) {
      std = Math.abs((fractions[0] - fractions[1]) / 2);
    } else if (fractions.length > 2) {
      const mean = total / fractions.length;
      let sum = 0;
      for (const f of fractions) sum = sum + (f - mean) * (f - mean);
      std = Math.sqrt(sum / fractions.length);
    }
    return Math.trunc((1 - std) * MAX_NODE_SCORE);
  },
};
