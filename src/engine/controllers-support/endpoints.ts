/**
 * What the endpoints controller wants a Service's legacy v1 Endpoints to hold, modelled on
 * pkg/controller/endpoint/endpoints_controller.go (`syncService`, `addEndpointSubset`, `truncateEndpoints`),
 * pkg/api/v1/endpoints/util.go (`RepackSubsets`, `SortSubsets`) and the trigger-time tracker
 * (pkg/controller/util/endpoint/trigger_time_tracker.go).
 *
 * - The Endpoints is named after the Service and carries the Service's labels, plus
 *   `endpoints.kubernetes.io/managed-by: endpoint-controller` and `service.kubernetes.io/headless` for a headless
 *   Service.
 * - A pod is left out when terminal, without an IP, or terminating (includeTerminating is
 *   publishNotReadyAddresses here, unlike the EndpointSlice controller). A ready pod (or any pod with
 *   publishNotReadyAddresses) goes to `addresses`, the others to `notReadyAddresses`; each address names its node
 *   and the Pod.
 * - One subset per distinct set of resolved ports (RepackSubsets), addresses sorted by IP as strings
 *   (LessEndpointAddress: bytes.Compare). SortSubsets orders ports and subsets by a hash of their contents; here
 *   ports keep the Service's order and subsets the order of their ports' text, which only matters for a
 *   multi-port Service or pods that resolve a named port differently.
 * - Above 1,000 addresses the list is truncated (ready ones first) and annotated
 *   `endpoints.kubernetes.io/over-capacity: truncated`.
 */
import { formatRFC3339 } from '../kubectl/timeFormat';
import type { KObject } from '../types';
import { findPort } from './endpointSlices';

const ENDPOINTS_LABEL_MANAGED_BY = 'endpoints.kubernetes.io/managed-by';
const ENDPOINTS_CONTROLLER_NAME = 'endpoint-controller';
const LABEL_HEADLESS = 'service.kubernetes.io/headless';
export const ANNOTATION_TRIGGER_TIME = 'endpoints.kubernetes.io/last-change-trigger-time';
export const ANNOTATION_OVER_CAPACITY = 'endpoints.kubernetes.io/over-capacity';
const MAX_CAPACITY = 1000;

function isPodReady(pod: KObject): boolean {
  const conditions = pod.status?.conditions;
  return Array.isArray(conditions) && conditions.some((c: any) => c?.type === 'Ready' && c?.status === 'True');
}

function podIP(pod: KObject): string | undefined {
  const list = pod.status?.podIPs;
  if (Array.isArray(list))
    for (const e of list) if (typeof e?.ip === 'string' && e.ip !== '' && !e.ip.includes(':')) return e.ip;
  const ip = pod.status?.podIP;
  return typeof ip === 'string' && ip !== '' && !ip.includes(':') ? ip : undefined;
}

/** endpointsliceutil.ShouldPodBeInEndpoints(pod, includeTerminating). */
function shouldPodBeInEndpoints(pod: KObject, includeTerminating: boolean): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (podIP(pod) === undefined) return false;
  return includeTerminating || pod.metadata.deletionTimestamp === undefined;
}

/** The Ready condition's lastTransitionTime (getPodTriggerTime), or undefined. */
export function podTriggerTime(pod: KObject): number | undefined {
  const c = (pod.status?.conditions ?? []).find((x: any) => x?.type === 'Ready');
  return typeof c?.lastTransitionTime === 'number' ? c.lastTransitionTime : undefined;
}

/**
 * A pod's address for a Service, remembered per pod object (informer objects are immutable, so an unchanged pod
 * is the same object from one sync to the next): a Service of 1,000 pods does not rebuild 1,000 addresses on each
 * sync. A plain memo of a pure function, so it changes nothing in the trace.
 */
const addressMemo = new WeakMap<KObject, { svc: string; address: any }>();

function addressOf(svc: KObject, pod: KObject, ip: string): any {
  const memo = addressMemo.get(pod);
  if (memo && memo.svc === svc.metadata.name) return memo.address;
  const address = buildAddress(svc, pod, ip);
  addressMemo.set(pod, { svc: svc.metadata.name, address });
  return address;
}

function buildAddress(svc: KObject, pod: KObject, ip: string): any {
  const a: any = { ip };
  const spec = pod.spec ?? {};
  // ShouldSetHostname: the pod names a hostname and sits in the Service's subdomain.
  if (spec.hostname && spec.subdomain === svc.metadata.name && pod.metadata.namespace === svc.metadata.namespace)
    a.hostname = spec.hostname;
  a.nodeName = spec.nodeName ?? '';
  a.targetRef = { kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid };
  return a;
}

const byIP = (a: any, b: any): number =>
  a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : (a.targetRef?.uid ?? '') < (b.targetRef?.uid ?? '') ? -1 : 1;

/** The subsets syncService computes, repacked and sorted; `truncated` when over MAX_CAPACITY. */
export function desiredSubsets(svc: KObject, pods: readonly KObject[]): { subsets: any[]; truncated: boolean } {
  const spec = svc.spec ?? {};
  const publishNotReady = spec.publishNotReadyAddresses === true;
  const svcPorts: any[] = Array.isArray(spec.ports) ? spec.ports : [];
  // RepackSubsets: pods that resolve the same ports share a subset.
  const groups = new Map<string, { ports: any[]; ready: any[]; notReady: any[] }>();
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, publishNotReady)) continue;
    const ip = podIP(pod)!;
    const ports: any[] = [];
    if (svcPorts.length === 0) {
      if (spec.clusterIP !== 'None') continue; // only a headless Service may have no ports
    } else {
      for (const sp of svcPorts) {
        const port = findPort(pod, sp);
        if (port === undefined) continue;
        const ep: any = {};
        if (sp.name) ep.name = sp.name;
        ep.port = port;
        ep.protocol = sp.protocol ?? 'TCP';
        if (sp.appProtocol) ep.appProtocol = sp.appProtocol;
        ports.push(ep);
      }
      if (ports.length === 0) continue;
    }
    let key = '';
    for (const p of ports) key += `${p.name ?? ''}/${p.port}/${p.protocol}/${p.appProtocol ?? ''};`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ports, ready: [], notReady: [] }));
    (publishNotReady || isPodReady(pod) ? g.ready : g.notReady).push(addressOf(svc, pod, ip));
  }
  const subsets = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, g]) => {
      const s: any = {};
      if (g.ready.length) s.addresses = g.ready.sort(byIP);
      if (g.notReady.length) s.notReadyAddresses = g.notReady.sort(byIP);
      if (g.ports.length) s.ports = g.ports;
      return s;
    });
  return { subsets, truncated: truncate(subsets) };
}

/**
 * Whether two subset lists are the same (endpointSubsetsEqualIgnoreResourceVersion), field by field rather than
 * through a generic deep compare: the whole list is compared on every sync.
 */
export function subsetsEqual(a: readonly any[], b: readonly any[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (!addressesEqual(x.addresses, y.addresses) || !addressesEqual(x.notReadyAddresses, y.notReadyAddresses))
      return false;
    const px: any[] = x.ports ?? [];
    const py: any[] = y.ports ?? [];
    if (px.length !== py.length) return false;
    for (let j = 0; j < px.length; j++)
      if (
        px[j].name !== py[j].name ||
        px[j].port !== py[j].port ||
        px[j].protocol !== py[j].protocol ||
        px[j].appProtocol !== py[j].appProtocol
      )
        return false;
  }
  return true;
}

function addressesEqual(a: any[] | undefined, b: any[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const p = x[i];
    const q = y[i];
    if (p === q) continue;
    if (
      p.ip !== q.ip ||
      p.hostname !== q.hostname ||
      p.nodeName !== q.nodeName ||
      p.targetRef?.uid !== q.targetRef?.uid ||
      p.targetRef?.name !== q.targetRef?.name
    )
      return false;
  }
  return true;
}

/** truncateEndpoints: keep MAX_CAPACITY addresses, ready ones first, shared out by each subset's proportion. */
function truncate(subsets: any[]): boolean {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const s of subsets) {
    totalReady += s.addresses?.length ?? 0;
    totalNotReady += s.notReadyAddresses?.length ?? 0;
  }
  if (totalReady + totalNotReady <= MAX_CAPACITY) return false;
  const truncateReady = totalReady > MAX_CAPACITY;
  const max = truncateReady ? MAX_CAPACITY : MAX_CAPACITY - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  for (const s of subsets) {
    const inSubset = (truncateReady ? s.addresses?.length : s.notReadyAddresses?.length) ?? 0;
    const toBeAdded = Math.min(Math.ceil((inSubset / numTotal) * max), canBeAdded);
    if (truncateReady) {
      if (s.addresses) s.addresses = s.addresses.slice(0, toBeAdded);
      delete s.notReadyAddresses;
      canBeAdded -= s.addresses?.length ?? 0;
    } else if (s.notReadyAddresses) {
      s.notReadyAddresses = s.notReadyAddresses.slice(0, toBeAdded);
      canBeAdded -= s.notReadyAddresses.length;
    }
  }
  return true;
}

/** The Endpoints' labels: the Service's, the controller's mark, the headless label for a headless Service. */
export function endpointsLabels(svc: KObject): Record<string, string> {
  const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
  if (!svc.spec?.clusterIP || svc.spec.clusterIP === 'None') labels[LABEL_HEADLESS] = '';
  else delete labels[LABEL_HEADLESS];
  labels[ENDPOINTS_LABEL_MANAGED_BY] = ENDPOINTS_CONTROLLER_NAME;
  return labels;
}

/** The annotation value: metav1.Time keeps whole seconds, printed as RFC 3339 in UTC. */
export function triggerTimeAnnotation(virtualMs: number): string {
  return formatRFC3339(virtualMs);
}
