/**
 * The scheduler's cache view of one cycle: NodeInfo per node with the aggregates every plugin needs, built by
 * scanning the bound/assumed pods once (pkg/scheduler/framework/types.go NodeInfo.AddPodInfo/update; the cache
 * snapshot in pkg/scheduler/backend/cache/snapshot.go). Building it is O(nodes + pods), so a cycle stays linear.
 */
import type { KObject } from '../../../types';
import {
  labelSelectorAsSelector,
  type LabelMap,
  type LabelSelector,
  type Selector,
  type Taint,
} from '../../../objects/labels';
import {
  addResource,
  cloneResource,
  emptyResource,
  nodeAllocatable,
  podRequestsResource,
  type Resource,
} from './resource';

export interface AffinityTerm {
  namespaces: Set<string>;
  /** null = labels.Nothing() (no namespaceSelector given). */
  namespaceSelector: Selector;
  selector: Selector;
  topologyKey: string;
}

export interface WeightedAffinityTerm extends AffinityTerm {
  weight: number;
}

export interface HostPort {
  hostIP: string;
  protocol: string;
  hostPort: number;
}

/** The immutable, expensive-to-derive parts of a pod (cached per object). */
interface PodDerived {
  requests: Resource;
  nonZeroRequests: Resource;
  hostPorts: HostPort[];
  requiredAffinityTerms: AffinityTerm[];
  requiredAntiAffinityTerms: AffinityTerm[];
  preferredAffinityTerms: WeightedAffinityTerm[];
  preferredAntiAffinityTerms: WeightedAffinityTerm[];
  hasAffinity: boolean;
  hasRequiredAntiAffinity: boolean;
}

export interface PodInfo extends PodDerived {
  pod: KObject;
  namespace: string;
  name: string;
  key: string;
  labels: LabelMap;
  /** spec.priority (set by the Priority admission plugin), 0 when absent (corev1helpers.PodPriority). */
  priority: number;
}

export interface NodeInfo {
  name: string;
  node: KObject;
  labels: LabelMap;
  taints: Taint[];
  allocatable: Resource;
  /** Sum of the pods' actual requests (Filter, BalancedAllocation). */
  requested: Resource;
  /** Sum with the 100m/200Mi defaults for containers without requests (LeastAllocated). */
  nonZeroRequested: Resource;
  pods: PodInfo[];
  podsWithAffinity: PodInfo[];
  podsWithRequiredAntiAffinity: PodInfo[];
  /** framework.HostPortInfo: hostIP → set of `${protocol}/${port}`. */
  usedPorts: Map<string, Set<string>>;
  /** Image name (as reported) → size in bytes. */
  images: Map<string, number>;
  /** PodTopologySpread's matching-pod counts by selector and namespace (valid as long as the NodeInfo is). */
  matchCounts?: Map<string, number>;
  /**
   * The count key asked for last and its count, checked before `matchCounts`: a Deployment's pods all ask for the
   * same key, for every node in every cycle, and comparing the (same) key string is cheaper than a map lookup.
   */
  lastCountKey?: string;
  lastCount?: number;
}

export interface ImageState {
  size: number;
  numNodes: number;
}

export interface ClusterObjects {
  pvcs?: KObject[];
  pvs?: KObject[];
  storageClasses?: KObject[];
  services?: KObject[];
  replicaSets?: KObject[];
  statefulSets?: KObject[];
  replicationControllers?: KObject[];
  namespaces?: KObject[];
  /** PodDisruptionBudgets, which preemption tries not to violate. */
  pdbs?: KObject[];
}

export interface Snapshot {
  nodes: NodeInfo[];
  /** The nodes' names, in order (kept in every SchedulingResult, so shared while the nodes stay the same). */
  names: readonly string[];
  byName: Map<string, NodeInfo>;
  /** NodeInfos().HavePodsWithAffinityList() */
  havePodsWithAffinity: NodeInfo[];
  /** NodeInfos().HavePodsWithRequiredAntiAffinityList() */
  havePodsWithRequiredAntiAffinity: NodeInfo[];
  /** Cache-wide image states (imageStates in the scheduler cache): name → size and how many nodes have it. */
  imageStates: Map<string, ImageState>;
  objects: ClusterObjects;
  /** Namespace → labels (NamespaceLister); namespaces not listed get only kubernetes.io/metadata.name. */
  namespaceLabels(ns: string): LabelMap;
}

/**
 * Derived data by the identity of what it is derived from. Stored objects share unchanged parts with their
 * previous versions (a status update keeps the spec, a binding keeps the containers), so a pod's requests are
 * parsed once rather than at every update; keyed by `spec.containers`, checked against the other inputs.
 */
const derivedCache = new WeakMap<object, DerivedEntry[]>();

interface DerivedEntry {
  inputs: unknown[];
  derived: PodDerived;
}

/** Everything derive() reads: the containers (the key), then these. */
function deriveInputs(pod: KObject): unknown[] {
  const spec = pod.spec;
  return [spec.initContainers, spec.overhead, spec.resources, spec.affinity, pod.metadata.namespace];
}

const NO_LABELS: LabelMap = {};

function affinityTerms(pod: KObject, terms: any[] | undefined): AffinityTerm[] {
  const out: AffinityTerm[] = [];
  for (const t of terms ?? []) out.push(newAffinityTerm(pod, t));
  return out;
}

/** framework.newAffinityTerm / getNamespacesFromPodAffinityTerm */
function newAffinityTerm(pod: KObject, term: any): AffinityTerm {
  const names = new Set<string>();
  const nsList: string[] = term?.namespaces ?? [];
  if (nsList.length === 0 && term?.namespaceSelector == null) names.add(pod.metadata.namespace ?? 'default');
  else for (const n of nsList) names.add(n);
  return {
    namespaces: names,
    namespaceSelector: labelSelectorAsSelector(term?.namespaceSelector as LabelSelector | undefined),
    selector: labelSelectorAsSelector(term?.labelSelector as LabelSelector | undefined),
    topologyKey: term?.topologyKey ?? '',
  };
}

function weightedTerms(pod: KObject, terms: any[] | undefined): WeightedAffinityTerm[] {
  const out: WeightedAffinityTerm[] = [];
  for (const t of terms ?? []) out.push({ ...newAffinityTerm(pod, t?.podAffinityTerm), weight: t?.weight ?? 0 });
  return out;
}

/** schedutil.GetHostPorts: containers plus restartable (sidecar) init containers, hostPort > 0 only. */
function hostPortsOf(pod: KObject): HostPort[] {
  const out: HostPort[] = [];
  const add = (c: any) => {
    for (const p of c?.ports ?? []) {
      if (!(p?.hostPort > 0)) continue;
      out.push({ hostIP: p.hostIP || '0.0.0.0', protocol: p.protocol || 'TCP', hostPort: p.hostPort });
    }
  };
  for (const c of pod.spec?.initContainers ?? []) if (c?.restartPolicy === 'Always') add(c);
  for (const c of pod.spec?.containers ?? []) add(c);
  return out;
}

function derive(pod: KObject): PodDerived {
  const containers: unknown = pod.spec?.containers;
  const key = typeof containers === 'object' && containers !== null ? containers : undefined;
  const inputs = key && deriveInputs(pod);
  const entries = key && derivedCache.get(key);
  const hit = entries?.find((e) => e.inputs.every((x, i) => x === inputs![i]));
  if (hit) return hit.derived;
  const aff = pod.spec?.affinity;
  const d: PodDerived = {
    requests: podRequestsResource(pod),
    nonZeroRequests: podRequestsResource(pod, { nonMissing: true }),
    hostPorts: hostPortsOf(pod),
    requiredAffinityTerms: affinityTerms(pod, aff?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution),
    requiredAntiAffinityTerms: affinityTerms(pod, aff?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution),
    preferredAffinityTerms: weightedTerms(pod, aff?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution),
    preferredAntiAffinityTerms: weightedTerms(
      pod,
      aff?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution,
    ),
    hasAffinity: !!aff && (aff.podAffinity != null || aff.podAntiAffinity != null),
    hasRequiredAntiAffinity: (aff?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).length > 0,
  };
  // Pod resources and affinity are immutable once created, so caching by object identity is safe.
  if (key) {
    if (entries) entries.push({ inputs: inputs!, derived: d });
    else derivedCache.set(key, [{ inputs: inputs!, derived: d }]);
  }
  return d;
}

/**
 * The PodInfo of one pod object. Not cached by object: each stored version of a pod gets one when the scheduler's
 * cache counts it, and only then (a WeakMap of them cost more to fill than the objects cost to build); the
 * expensive parts come from `derive`, which is cached.
 */
export function podInfo(pod: KObject): PodInfo {
  const labels = pod.metadata.labels ?? NO_LABELS;
  const priority = typeof pod.spec?.priority === 'number' ? pod.spec.priority : 0;
  const d = derive(pod);
  const ns = pod.metadata.namespace ?? 'default';
  // Field by field: a spread of `d` followed by more fields made this object creation cost microseconds (V8 took
  // a slow path), and the scheduler's cache builds one PodInfo per stored pod version.
  const info: PodInfo = {
    requests: d.requests,
    nonZeroRequests: d.nonZeroRequests,
    hostPorts: d.hostPorts,
    requiredAffinityTerms: d.requiredAffinityTerms,
    requiredAntiAffinityTerms: d.requiredAntiAffinityTerms,
    preferredAffinityTerms: d.preferredAffinityTerms,
    preferredAntiAffinityTerms: d.preferredAntiAffinityTerms,
    hasAffinity: d.hasAffinity,
    hasRequiredAntiAffinity: d.hasRequiredAntiAffinity,
    pod,
    namespace: ns,
    name: pod.metadata.name,
    key: `${ns}/${pod.metadata.name}`,
    labels,
    priority,
  };
  return info;
}

export function isTerminating(p: PodInfo): boolean {
  return p.pod.metadata.deletionTimestamp != null;
}

/** An empty NodeInfo for `node`; `same` is an earlier one for the same node object, whose derived parts it reuses. */
export function newNodeInfo(node: KObject, same?: NodeInfo): NodeInfo {
  return {
    name: node.metadata.name,
    node,
    labels: node.metadata.labels ?? {},
    taints: node.spec?.taints ?? [],
    allocatable: same ? same.allocatable : nodeAllocatable(node),
    requested: emptyResource(),
    nonZeroRequested: emptyResource(),
    pods: [],
    podsWithAffinity: [],
    podsWithRequiredAntiAffinity: [],
    usedPorts: new Map(),
    images: same ? same.images : new Map(),
    matchCounts: undefined,
    lastCountKey: undefined,
    lastCount: undefined,
  };
}

function portKey(protocol: string, port: number): string {
  return `${protocol}/${port}`;
}

export function addPodToNode(n: NodeInfo, p: PodInfo): void {
  n.pods.push(p);
  if (p.hasAffinity) n.podsWithAffinity.push(p);
  if (p.hasRequiredAntiAffinity) n.podsWithRequiredAntiAffinity.push(p);
  addResource(n.requested, p.requests);
  addResource(n.nonZeroRequested, p.nonZeroRequests);
  for (const hp of p.hostPorts) {
    let set = n.usedPorts.get(hp.hostIP);
    if (!set) n.usedPorts.set(hp.hostIP, (set = new Set()));
    set.add(portKey(hp.protocol, hp.hostPort));
  }
}

/**
 * HostPortInfo.CheckConflict: 0.0.0.0 conflicts with the same protocol/port on any IP; a specific IP conflicts
 * with itself and with 0.0.0.0.
 */
export function hostPortConflict(used: Map<string, Set<string>>, hp: HostPort): boolean {
  const key = portKey(hp.protocol, hp.hostPort);
  if (hp.hostIP === '0.0.0.0') {
    for (const set of used.values()) if (set.has(key)) return true;
    return false;
  }
  return !!used.get('0.0.0.0')?.has(key) || !!used.get(hp.hostIP)?.has(key);
}

/** A newer version of a pod already counted on a node (a status update, a binding of an assumed pod). */
export interface PodSwap {
  before: PodInfo;
  after: PodInfo;
}

/** Counted by adding up resource requests alone: no host ports, no extended resources, no pod (anti-)affinity. */
function sumsOnly(p: PodInfo): boolean {
  return (
    p.hostPorts.length === 0 &&
    !p.hasAffinity &&
    !p.hasRequiredAntiAffinity &&
    !hasKeys(p.requests.scalar) &&
    !hasKeys(p.nonZeroRequests.scalar)
  );
}

function hasKeys(o: object): boolean {
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) return true;
  return false;
}

/**
 * `n` with some of its pods replaced by newer versions of themselves, each in its place (the informer order of a
 * pod does not change when it is updated): the sums are adjusted instead of added up again, and the
 * PodTopologySpread counts kept when no replaced pod changed what they count. Most pod updates a cluster sees are
 * status updates, which change none of this, and a NodeInfo of a few dozen pods was rebuilt for each. Undefined
 * when a pod is not on `n` or is counted by more than its requests (ports, extended resources, affinity): the
 * caller then builds the NodeInfo from scratch.
 */
export function nodeInfoReplacing(n: NodeInfo, swaps: Iterable<PodSwap>): NodeInfo | undefined {
  const pods = n.pods.slice();
  const requested = { ...n.requested };
  const nonZeroRequested = { ...n.nonZeroRequested };
  let countsKept = true;
  for (const { before, after } of swaps) {
    const i = pods.indexOf(before);
    if (i < 0 || !sumsOnly(before) || !sumsOnly(after)) return undefined;
    pods[i] = after;
    if (before.requests !== after.requests) {
      addResource(requested, before.requests, -1);
      addResource(requested, after.requests);
    }
    if (before.nonZeroRequests !== after.nonZeroRequests) {
      addResource(nonZeroRequested, before.nonZeroRequests, -1);
      addResource(nonZeroRequested, after.nonZeroRequests);
    }
    // countPodsMatchSelector reads the namespace, the labels and whether the pod is terminating.
    if (
      before.labels !== after.labels ||
      before.namespace !== after.namespace ||
      isTerminating(before) !== isTerminating(after)
    )
      countsKept = false;
  }
  return {
    name: n.name,
    node: n.node,
    labels: n.labels,
    taints: n.taints,
    allocatable: n.allocatable,
    requested,
    nonZeroRequested,
    pods,
    // Neither list nor the ports can hold a replaced pod (sumsOnly), and a built NodeInfo never changes them.
    podsWithAffinity: n.podsWithAffinity,
    podsWithRequiredAntiAffinity: n.podsWithRequiredAntiAffinity,
    usedPorts: n.usedPorts,
    images: n.images,
    // Filled lazily by PodTopologySpread; the counts hold for both NodeInfos, so they may share the map.
    matchCounts: countsKept ? n.matchCounts : undefined,
    lastCountKey: countsKept ? n.lastCountKey : undefined,
    lastCount: countsKept ? n.lastCount : undefined,
  };
}

/** A copy of a NodeInfo holding only `pods` (preemption dry runs remove victims this way). */
export function nodeInfoWithPods(n: NodeInfo, pods: PodInfo[]): NodeInfo {
  const c = newNodeInfo(n.node);
  c.allocatable = cloneResource(n.allocatable);
  c.images = n.images;
  for (const p of pods) addPodToNode(c, p);
  return c;
}

interface SnapshotInput extends ClusterObjects {
  nodes: KObject[];
  podsOnNodes: KObject[];
  imagesOnNodes?: Record<string, Array<{ name: string; sizeBytes: number }>>;
  /** Pods to leave out (the pod being scheduled, should it appear among the bound pods). */
  exclude?: (pod: KObject) => boolean;
}

export function buildSnapshot(input: SnapshotInput): Snapshot {
  const nodes: NodeInfo[] = [];
  const byName = new Map<string, NodeInfo>();
  for (const node of input.nodes) {
    const n = newNodeInfo(node);
    nodes.push(n);
    byName.set(n.name, n);
  }
  for (const pod of input.podsOnNodes) {
    const nn = pod.spec?.nodeName;
    const n = nn ? byName.get(nn) : undefined;
    if (!n) continue;
    if (input.exclude?.(pod)) continue;
    addPodToNode(n, podInfo(pod));
  }

  for (const n of nodes) n.images = nodeImages(n.node, input.imagesOnNodes?.[n.name]);
  return finishSnapshot(nodes, byName, imageStatesOf(nodes), input);
}

/** Image name → size for one node, first report of a name wins (from node.status.images unless given). */
export function nodeImages(node: KObject, list?: Array<{ name: string; sizeBytes: number }>): Map<string, number> {
  const images = new Map<string, number>();
  const reported =
    list ??
    (node.status?.images ?? []).flatMap((img: any) =>
      (img?.names ?? []).map((name: string) => ({ name, sizeBytes: img?.sizeBytes ?? 0 })),
    );
  for (const img of reported) if (!images.has(img.name)) images.set(img.name, img.sizeBytes);
  return images;
}

/** The cache-wide image states: each image's size as first seen and how many nodes have it. */
export function imageStatesOf(nodes: NodeInfo[]): Map<string, ImageState> {
  const imageStates = new Map<string, ImageState>();
  for (const n of nodes) {
    for (const [name, size] of n.images) {
      const st = imageStates.get(name);
      if (st) st.numNodes++;
      else imageStates.set(name, { size, numNodes: 1 });
    }
  }
  return imageStates;
}

export function finishSnapshot(
  nodes: NodeInfo[],
  byName: Map<string, NodeInfo>,
  imageStates: Map<string, ImageState>,
  objects: ClusterObjects,
  names: readonly string[] = nodes.map((n) => n.name),
): Snapshot {
  const nsLabels = new Map<string, LabelMap>();
  for (const ns of objects.namespaces ?? []) nsLabels.set(ns.metadata.name, ns.metadata.labels ?? {});
  // One pass for both lists, without a callback per node: this runs every cycle, over every node.
  const havePodsWithAffinity: NodeInfo[] = [];
  const havePodsWithRequiredAntiAffinity: NodeInfo[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (n.podsWithAffinity.length > 0) havePodsWithAffinity.push(n);
    if (n.podsWithRequiredAntiAffinity.length > 0) havePodsWithRequiredAntiAffinity.push(n);
  }
  return {
    nodes,
    names,
    byName,
    havePodsWithAffinity,
    havePodsWithRequiredAntiAffinity,
    imageStates,
    objects,
    namespaceLabels: (ns) => nsLabels.get(ns) ?? { 'kubernetes.io/metadata.name': ns },
  };
}

/** The same snapshot with one node's pods replaced (for preemption's "what if these pods were gone"). */
export function snapshotWithNode(s: Snapshot, replacement: NodeInfo): Snapshot {
  const nodes = s.nodes.map((n) => (n.name === replacement.name ? replacement : n));
  const byName = new Map(s.byName);
  byName.set(replacement.name, replacement);
  return finishSnapshot(nodes, byName, s.imageStates, s.objects, s.names);
}
