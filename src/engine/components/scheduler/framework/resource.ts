/**
 * Resource arithmetic as the scheduler does it:
 *  - podRequests() is component-helpers resource.PodRequests (staging/src/k8s.io/component-helpers/resource/
 *    helpers.go): regular containers are summed, init containers are a running max in which every restartable
 *    (sidecar) init container stays resident for the containers after it, pod-level requests (PodLevelResources,
 *    beta and on in v1.34) replace the container aggregate for cpu/memory, and pod overhead is added last.
 *  - `nonMissing` reproduces NonMissingContainerRequests: a container without a cpu/memory request counts as
 *    100m / 200Mi (pkg/scheduler/util DefaultMilliCPURequest, DefaultMemoryRequest). Scoring uses it; Filter
 *    does not.
 *  - Resource mirrors framework.Resource (pkg/scheduler/framework/types.go), values in milli-CPU, bytes, counts.
 */
import type { KObject } from '../../../types';
import { parseBytes, parseCpuMillis } from '../../../objects/quantity';

const DEFAULT_MILLI_CPU_REQUEST = 100;
const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

export interface Resource {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  allowedPodNumber: number;
  /** Extended resources, hugepages, prefixed native resources (schedutil.IsScalarResourceName). */
  scalar: Record<string, number>;
}

export function emptyResource(): Resource {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} };
}

/** schedutil.IsScalarResourceName: extended (domain-prefixed), kubernetes.io/-prefixed, hugepages-*, attachable-volumes-*. */
function isScalarResourceName(name: string): boolean {
  return name.includes('/') || name.startsWith('hugepages-') || name.startsWith('attachable-volumes-');
}

/** Quantity.MilliValue() for cpu, Quantity.Value() (rounded up) for everything else. */
export function quantityValue(resource: string, q: unknown): number {
  if (q === undefined || q === null || q === '') return 0;
  try {
    const v = resource === 'cpu' ? parseCpuMillis(q as string | number) : parseBytes(q as string | number);
    return Number.isFinite(v) ? Math.ceil(v) : 0;
  } catch {
    // The apiserver rejects malformed quantities; an unparsable one here counts as 0.
    return 0;
  }
}

export type ResourceList = Map<string, number>;

function toList(rl: Record<string, unknown> | undefined | null): ResourceList {
  const out: ResourceList = new Map();
  if (rl) for (const k of Object.keys(rl)) out.set(k, quantityValue(k, rl[k]));
  return out;
}

function addInto(dst: ResourceList, src: ResourceList): void {
  for (const [k, v] of src) dst.set(k, (dst.get(k) ?? 0) + v);
}

function maxInto(dst: ResourceList, src: ResourceList): void {
  for (const [k, v] of src) {
    const cur = dst.get(k);
    if (cur === undefined || v > cur) dst.set(k, v);
  }
}

interface PodRequestOptions {
  /** Apply the 100m / 200Mi defaults to containers that lack a cpu / memory request (scoring only). */
  nonMissing?: boolean;
}

/** resource.PodRequests */
export function podRequests(pod: KObject, opts: PodRequestOptions = {}): ResourceList {
  const spec = pod.spec ?? {};
  const containerReqs = (c: any): ResourceList => {
    const l = toList(c?.resources?.requests);
    if (opts.nonMissing) {
      // applyNonMissing: only a *missing* key gets the default; an explicit 0 stays 0.
      if (!l.has('cpu')) l.set('cpu', DEFAULT_MILLI_CPU_REQUEST);
      if (!l.has('memory')) l.set('memory', DEFAULT_MEMORY_REQUEST);
    }
    return l;
  };

  const reqs: ResourceList = new Map();
  for (const c of spec.containers ?? []) addInto(reqs, containerReqs(c));

  // KEP-753: InitContainerUse(i) = sum(restartable init containers before i) + init container i.
  const restartable: ResourceList = new Map();
  const initMax: ResourceList = new Map();
  for (const c of spec.initContainers ?? []) {
    let r = containerReqs(c);
    if (c?.restartPolicy === 'Always') {
      addInto(reqs, r);
      addInto(restartable, r);
      r = new Map(restartable);
    } else {
      const tmp: ResourceList = new Map();
      addInto(tmp, r);
      addInto(tmp, restartable);
      r = tmp;
    }
    maxInto(initMax, r);
  }
  maxInto(reqs, initMax);

  // Pod-level resources (cpu, memory) override the container aggregate when set.
  const podLevel = spec.resources?.requests as Record<string, unknown> | undefined;
  if (podLevel) {
    for (const k of ['cpu', 'memory']) if (podLevel[k] !== undefined) reqs.set(k, quantityValue(k, podLevel[k]));
  }

  if (spec.overhead) addInto(reqs, toList(spec.overhead));
  return reqs;
}

/**
 * resourceFromList(podRequests(pod, opts)), summed straight into a Resource when the pod has only regular
 * containers (no init containers, pod-level requests or overhead): the same sums and the same order of extended
 * resources, without the intermediate maps (the scheduler derives this twice for every pod it sees).
 */
export function podRequestsResource(pod: KObject, opts: PodRequestOptions = {}): Resource {
  const spec = pod.spec ?? {};
  if ((spec.initContainers ?? []).length > 0 || spec.overhead || spec.resources?.requests)
    return resourceFromList(podRequests(pod, opts));
  const r = emptyResource();
  for (const c of spec.containers ?? []) {
    const requests: Record<string, unknown> | undefined = c?.resources?.requests;
    let cpu = false;
    let memory = false;
    if (requests) {
      for (const k of Object.keys(requests)) {
        addToResource(r, k, quantityValue(k, requests[k]));
        if (k === 'cpu') cpu = true;
        else if (k === 'memory') memory = true;
      }
    }
    if (opts.nonMissing) {
      if (!cpu) r.milliCPU += DEFAULT_MILLI_CPU_REQUEST;
      if (!memory) r.memory += DEFAULT_MEMORY_REQUEST;
    }
  }
  return r;
}

function addToResource(r: Resource, k: string, v: number): void {
  switch (k) {
    case 'cpu':
      r.milliCPU += v;
      break;
    case 'memory':
      r.memory += v;
      break;
    case 'ephemeral-storage':
      r.ephemeralStorage += v;
      break;
    case 'pods':
      r.allowedPodNumber += v;
      break;
    default:
      if (isScalarResourceName(k)) r.scalar[k] = (r.scalar[k] ?? 0) + v;
  }
}

/** framework.Resource.Add over a ResourceList. */
export function resourceFromList(list: ResourceList): Resource {
  const r = emptyResource();
  addListToResource(r, list);
  return r;
}

function addListToResource(r: Resource, list: ResourceList, sign = 1): void {
  for (const [k, v] of list) addToResource(r, k, sign * v);
}

export function addResource(dst: Resource, src: Resource, sign = 1): void {
  dst.milliCPU += sign * src.milliCPU;
  dst.memory += sign * src.memory;
  dst.ephemeralStorage += sign * src.ephemeralStorage;
  dst.allowedPodNumber += sign * src.allowedPodNumber;
  // for-in, not Object.keys: no array per call (NodeInfos add up every pod's requests, scalars are rare).
  for (const k in src.scalar) dst.scalar[k] = (dst.scalar[k] ?? 0) + sign * src.scalar[k];
}

export function cloneResource(r: Resource): Resource {
  return { ...r, scalar: { ...r.scalar } };
}

/** Node allocatable as framework.NewResource(node.Status.Allocatable). */
export function nodeAllocatable(node: KObject): Resource {
  const alloc = node.status?.allocatable ?? node.status?.capacity;
  return resourceFromList(toList(alloc));
}
