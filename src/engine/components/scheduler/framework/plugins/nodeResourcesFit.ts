/**
 * NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go, least_allocated.go,
 * resource_allocation.go).
 * Filter (fitsRequest): "Too many pods" when the pod count would exceed allocatable pods, then
 * "Insufficient cpu" / "Insufficient memory" / "Insufficient ephemeral-storage" / "Insufficient <extended>"
 * when the request exceeds allocatable minus what the node's pods request. All reasons are kept. The status is
 * Unschedulable (evicting pods could free room) unless the request exceeds the node's whole allocatable
 * (InsufficientResource.Unresolvable), which makes it UnschedulableAndUnresolvable.
 * Score (LeastAllocated, cpu and memory weight 1): per resource (alloc - requested) * 100 / alloc, where
 * requested counts 100m / 200Mi for containers without requests; the mean is integer-divided.
 */
import type { NodeInfo } from '../nodeInfo';
import { MAX_NODE_SCORE } from '../normalizeScore';
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

interface Insufficient {
  reason: string;
  unresolvable: boolean;
}

/** fitsRequest */
export function insufficientResources(ctxPod: { requests: NodeInfo['requested'] }, node: NodeInfo): Insufficient[] {
  const req = ctxPod.requests;
  const out: Insufficient[] = [];
  if (node.pods.length + 1 > node.allocatable.allowedPodNumber) {
    out.push({ reason: 'Too many pods', unresolvable: false });
  }
  const scalarNames = Object.keys(req.scalar);
  if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && scalarNames.length === 0) return out;

  const a = node.allocatable;
  const used = node.requested;
  if (req.milliCPU > 0 && req.milliCPU > a.milliCPU - used.milliCPU) {
    out.push({ reason: 'Insufficient cpu', unresolvable: req.milliCPU > a.milliCPU });
  }
  if (req.memory > 0 && req.memory > a.memory - used.memory) {
    out.push({ reason: 'Insufficient memory', unresolvable: req.memory > a.memory });
  }
  if (req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - used.ephemeralStorage) {
    out.push({ reason: 'Insufficient ephemeral-storage', unresolvable: req.ephemeralStorage > a.ephemeralStorage });
  }
  // Go iterates a map here (random order); sorting keeps the simulation deterministic. The FitError histogram
  // sorts reasons anyway.
  for (const name of scalarNames.sort()) {
    const q = req.scalar[name];
    if (q === 0) continue;
    const alloc = a.scalar[name] ?? 0;
    if (q > alloc - (used.scalar[name] ?? 0)) {
      out.push({ reason: `Insufficient ${name}`, unresolvable: q > alloc });
    }
  }
  return out;
}

/** leastRequestedScore */
function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

export const nodeResourcesFit: Plugin = {
  name: 'NodeResourcesFit',
  preFilter() {
    // computePodResourceRequest is cached on the PodInfo (nodeInfo.ts derive()).
    return undefined;
  },
  filter(ctx, node) {
    const ins = insufficientResources(ctx.pod, node);
    if (ins.length === 0) return undefined;
    const code = ins.some((i) => i.unresolvable) ? 'UnschedulableAndUnresolvable' : 'Unschedulable';
    return newStatus(code, ...ins.map((i) => i.reason));
  },
  preScore() {
    return undefined;
  },
  score(ctx, node) {
    const pod = ctx.pod.nonZeroRequests;
    const pairs: Array<[number, number]> = [
      [node.nonZeroRequested.milliCPU + pod.milliCPU, node.allocatable.milliCPU],
      [node.nonZeroRequested.memory + pod.memory, node.allocatable.memory],
    ];
    let nodeScore = 0;
    let weightSum = 0;
    for (const [requested, alloc] of pairs) {
      if (alloc === 0) continue;
      nodeScore += leastRequestedScore(requested, alloc) * 1;
      weightSum += 1;
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
  },
};
