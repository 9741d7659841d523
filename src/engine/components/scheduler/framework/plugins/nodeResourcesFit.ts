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

const NO_NAMES: string[] = [];
/** What fits returns: Filter runs for every node of every cycle, and nearly every node fits. */
const FITS: readonly Insufficient[] = Object.freeze([]);

/** Whether `o` has an own enumerable key, without listing them (Filter runs for every node of every cycle). */
function hasKeys(o: object): boolean {
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) return true;
  return false;
}

/** fitsRequest */
function insufficientResources(ctxPod: { requests: NodeInfo['requested'] }, node: NodeInfo): readonly Insufficient[] {
  const req = ctxPod.requests;
  const a = node.allocatable;
  const used = node.requested;
  const scalarNames = hasKeys(req.scalar) ? Object.keys(req.scalar) : NO_NAMES;
  if (
    node.pods.length + 1 <= a.allowedPodNumber &&
    !(req.milliCPU > 0 && req.milliCPU > a.milliCPU - used.milliCPU) &&
    !(req.memory > 0 && req.memory > a.memory - used.memory) &&
    !(req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - used.ephemeralStorage) &&
    scalarNames.length === 0
  ) {
    return FITS;
  }
  const out: Insufficient[] = [];
  if (node.pods.length + 1 > node.allocatable.allowedPodNumber) {
    out.push({ reason: 'Too many pods', unresolvable: false });
  }
  if (req.milliCPU === 0 && req.memory === 0 && req.ephemeralStorage === 0 && scalarNames.length === 0) return out;

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
    const a = node.allocatable;
    // cpu and memory, weight 1 each; a resource with no allocatable amount is left out.
    let nodeScore = 0;
    let weightSum = 0;
    if (a.milliCPU !== 0) {
      nodeScore += leastRequestedScore(node.nonZeroRequested.milliCPU + pod.milliCPU, a.milliCPU) * 1;
      weightSum += 1;
    }
    if (a.memory !== 0) {
      nodeScore += leastRequestedScore(node.nonZeroRequested.memory + pod.memory, a.memory) * 1;
      weightSum += 1;
    }
    return weightSum === 0 ? 0 : Math.trunc(nodeScore / weightSum);
  },
};
