/**
 * What the EndpointSlice controller wants a Service's slices to contain, modelled on
 * staging/src/k8s.io/endpointslice (reconciler.go `reconcileByAddressType`, utils.go `podToEndpoint`,
 * `getEndpointPorts`, `findPort`) and util/controller_utils.go (`ShouldPodBeInEndpoints`, `ShouldSetHostname`).
 *
 * Real behaviour kept:
 * - pods are those in the Service's namespace whose labels contain every selector pair; a Service with no
 *   selector is not managed by the controller at all (no endpoints from us);
 * - a pod is skipped when terminal (Succeeded/Failed) or without an IP; terminating pods (deletionTimestamp set)
 *   are kept with `terminating: true` (includeTerminating = true since EndpointSliceTerminatingCondition GA);
 * - `serving` = the pod's Ready condition, `ready` = publishNotReadyAddresses || (serving && !terminating);
 * - a pod whose node is not in the node list is left out (the controller requeues the Service and writes the
 *   slice without it); `zone` comes from the node's `topology.kubernetes.io/zone` label;
 * - ports: the resolved targetPort (a number, or a named container port of THAT pod with the same protocol —
 *   restartable init containers too); a port that does not resolve is dropped for that pod only, so pods are
 *   grouped by their resolved port list and each group becomes its own slice, as the reconciler does;
 * - `hostname` only when pod.spec.hostname is set and pod.spec.subdomain equals the Service name.
 *
 * The controller itself keeps informer order (effectively random); we sort endpoints by IP (numeric) so traces are
 * deterministic and easy to read.
 */
import { setMatches } from '../objects/labels';
import type { KObject } from '../types';

interface EndpointGroup {
  /** discovery/v1 Endpoint objects. */
  endpoints: any[];
  /** discovery/v1 EndpointPort objects (`name: ""` for an unnamed Service port). */
  ports: any[];
}

interface DesiredEndpoints extends EndpointGroup {
  addressType: 'IPv4';
  /**
   * Every slice the controller would want, one per distinct resolved port list. `endpoints`/`ports` above are
   * `groups[0]` (the biggest group), which is the whole answer in the usual case of one group. With no pods the
   * controller still keeps one placeholder slice with no endpoints and no ports: `groups` is then `[]` and
   * `endpoints`/`ports` are empty.
   */
  groups: EndpointGroup[];
}

export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';
export const LABEL_MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
export const CONTROLLER_NAME = 'endpointslice-controller.k8s.io';
const LABEL_ZONE = 'topology.kubernetes.io/zone';

function isRecord(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Set-based selector match as `labels.ValidatedSetSelector(selector).Matches(labels.Set(pod.Labels))`. */
export function selectorMatches(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return setMatches(selector, isRecord(labels) ? labels : undefined);
}

function isPodReady(pod: KObject): boolean {
  const conditions = pod.status?.conditions;
  if (!Array.isArray(conditions)) return false;
  return conditions.some((c: any) => c?.type === 'Ready' && c?.status === 'True');
}

function podIPv4s(pod: KObject): string[] {
  const ips: string[] = [];
  const list = pod.status?.podIPs;
  if (Array.isArray(list) && list.length > 0) {
    for (const entry of list) if (typeof entry?.ip === 'string' && entry.ip !== '') ips.push(entry.ip);
  } else if (typeof pod.status?.podIP === 'string' && pod.status.podIP !== '') {
    ips.push(pod.status.podIP); // status normally mirrors podIP into podIPs[0]; be lenient if only podIP is set
  }
  return ips.filter((ip) => !ip.includes(':'));
}

/** `ShouldPodBeInEndpoints(pod, includeTerminating=true)`. */
export function shouldPodBeInEndpoints(pod: KObject): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  const hasIP =
    (typeof pod.status?.podIP === 'string' && pod.status.podIP !== '') ||
    (Array.isArray(pod.status?.podIPs) && pod.status.podIPs.length > 0);
  return hasIP;
}

/** `findPort`: the container port for a Service port on one pod, or undefined when it does not resolve. */
export function findPort(pod: KObject, servicePort: any): number | undefined {
  const protocol = servicePort?.protocol ?? 'TCP';
  const target = servicePort?.targetPort ?? servicePort?.port; // SetDefaults_Service: targetPort = port
  if (typeof target === 'number') return Number.isInteger(target) && target > 0 ? target : undefined;
  if (typeof target !== 'string' || target === '') return undefined;
  const spec = pod.spec ?? {};
  const candidates: any[] = [
    ...(Array.isArray(spec.containers) ? spec.containers : []),
    // also support sidecar containers (initContainers with restartPolicy: Always)
    ...(Array.isArray(spec.initContainers)
      ? spec.initContainers.filter((c: any) => c?.restartPolicy === 'Always')
      : []),
  ];
  for (const container of candidates)
    for (const port of Array.isArray(container?.ports) ? container.ports : [])
      if (port?.name === target && (port?.protocol ?? 'TCP') === protocol) {
        const n = Number(port.containerPort);
        return Number.isInteger(n) && n > 0 ? n : undefined;
      }
  return undefined;
}

function endpointPorts(service: KObject, pod: KObject): any[] {
  const spec = service.spec ?? {};
  const ports = Array.isArray(spec.ports) ? spec.ports : [];
  const out: any[] = [];
  for (const sp of ports) {
    if (!isRecord(sp)) continue;
    const port = findPort(pod, sp);
    if (port === undefined) continue;
    const ep: any = { name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' };
    if (sp.appProtocol !== undefined) ep.appProtocol = sp.appProtocol;
    out.push(ep);
  }
  return out;
}

function ipKey(ip: string): number[] {
  return ip.split('.').map((p) => Number(p) || 0);
}

/** `keys` remembers each address's parsed form for the length of one sort. */
function compareIPs(a: string, b: string, keys: Map<string, number[]>): number {
  let ka = keys.get(a);
  if (!ka) keys.set(a, (ka = ipKey(a)));
  let kb = keys.get(b);
  if (!kb) keys.set(b, (kb = ipKey(b)));
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Stable JSON with sorted keys and without undefined/null members (our canonical comparison form). Built with
 * plain loops: every sync of a Service renders every endpoint it selects this way.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    let s = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) s += ',';
      if (i in value) s += canonical(value[i]); // a hole joins as nothing, as Array.prototype.join does
    }
    return s + ']';
  }
  if (isRecord(value)) {
    const keys: string[] = [];
    for (const k of Object.keys(value)) if (value[k] !== undefined && value[k] !== null) keys.push(k);
    keys.sort();
    let s = '{';
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) s += ',';
      s += `${JSON.stringify(keys[i])}:${canonical(value[keys[i]])}`;
    }
    return s + '}';
  }
  return JSON.stringify(value ?? null);
}

function portsKey(ports: any[]): string {
  return ports.map(canonical).sort().join('|');
}

export function desiredEndpoints(service: KObject, pods: KObject[], nodes: KObject[]): DesiredEndpoints {
  const empty: DesiredEndpoints = { addressType: 'IPv4', endpoints: [], ports: [], groups: [] };
  if (!isRecord(service)) return empty;
  const spec = service.spec ?? {};
  const selector = spec.selector;
  // A nil selector means "selects nothing" and the Service is not managed by this controller.
  if (!isRecord(selector) || Object.keys(selector).length === 0) return empty;
  const ns = service.metadata?.namespace ?? 'default';
  const nodeByName = new Map<string, KObject>();
  for (const node of Array.isArray(nodes) ? nodes : [])
    if (isRecord(node) && typeof node.metadata?.name === 'string') nodeByName.set(node.metadata.name, node);

  const groups = new Map<string, { ports: any[]; endpoints: any[] }>();
  for (const pod of Array.isArray(pods) ? pods : []) {
    if (!isRecord(pod) || !isRecord(pod.metadata)) continue;
    if ((pod.metadata.namespace ?? 'default') !== ns) continue;
    if (!selectorMatches(selector, pod.metadata.labels)) continue;
    if (!shouldPodBeInEndpoints(pod)) continue;
    const ports = endpointPorts(service, pod);
    const nodeName: string | undefined = pod.spec?.nodeName;
    const node = nodeName ? nodeByName.get(nodeName) : undefined;
    if (!node) continue; // node not (yet) in the lister: the slice is written without this pod
    const addresses = podIPv4s(pod);
    if (addresses.length === 0) continue;

    const serving = isPodReady(pod);
    const terminating = pod.metadata.deletionTimestamp != null;
    const ready = spec.publishNotReadyAddresses === true || (serving && !terminating);
    const endpoint: any = { addresses, conditions: { ready, serving, terminating } };
    const hostname = pod.spec?.hostname;
    if (typeof hostname === 'string' && hostname !== '' && pod.spec?.subdomain === service.metadata?.name)
      endpoint.hostname = hostname;
    endpoint.targetRef = {
      kind: 'Pod',
      namespace: pod.metadata.namespace ?? ns,
      name: pod.metadata.name,
      uid: pod.metadata.uid,
    };
    endpoint.nodeName = nodeName;
    const zone = node.metadata?.labels?.[LABEL_ZONE];
    if (typeof zone === 'string' && zone !== '') endpoint.zone = zone;

    const key = portsKey(ports);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { ports, endpoints: [] }));
    group.endpoints.push(endpoint);
  }

  const ordered = [...groups.entries()]
    .map(([key, g]) => ({ key, ...g }))
    .sort(
      (a, b) => b.endpoints.length - a.endpoints.length || b.ports.length - a.ports.length || (a.key < b.key ? -1 : 1),
    );
  const ipKeys = new Map<string, number[]>();
  const out: EndpointGroup[] = ordered.map((g) => ({
    ports: g.ports,
    endpoints: g.endpoints.sort(
      (x, y) =>
        compareIPs(x.addresses[0], y.addresses[0], ipKeys) ||
        (String(x.targetRef.name) < String(y.targetRef.name) ? -1 : 1),
    ),
  }));
  if (out.length === 0) return empty;
  return { addressType: 'IPv4', endpoints: out[0]!.endpoints, ports: out[0]!.ports, groups: out };
}

/**
 * The comparison form of one endpoint. A stored slice's endpoints are frozen, so theirs is computed once: the
 * controller compares the same stored slice with a fresh desired state on every sync of its Service.
 */
function endpointKey(ep: any): string {
  const frozen = isRecord(ep) && Object.isFrozen(ep);
  let key = frozen ? endpointKeys.get(ep) : undefined;
  if (key === undefined) {
    key = canonical(stripEndpoint(ep));
    if (frozen) endpointKeys.set(ep, key);
  }
  return key;
}

const endpointKeys = new WeakMap<object, string>();

function stripEndpoint(ep: any): any {
  if (!isRecord(ep)) return ep;
  const copy: any = { ...ep };
  if (isRecord(ep.targetRef)) {
    const { resourceVersion: _rv, ...rest } = ep.targetRef; // semanticIgnoreResourceVersion
    void _rv;
    copy.targetRef = rest;
  }
  return copy;
}

/**
 * True when two endpoint sets (`{endpoints, ports}` or EndpointSlice objects) carry the same content, so the
 * controller can skip a no-op update — endpoints are compared as a set, ignoring targetRef.resourceVersion,
 * as `EndpointsEqualBeyondHash` and the endpoint hash do.
 */
type EndpointSet = { endpoints?: any; ports?: any; [field: string]: any };

export function endpointsEqual(a: EndpointSet, b: EndpointSet): boolean {
  const eps = (x: any) => (Array.isArray(x?.endpoints) ? x.endpoints : []).map(endpointKey).sort();
  const ports = (x: any) => portsKey(Array.isArray(x?.ports) ? x.ports : []);
  if (ports(a) !== ports(b)) return false;
  const ea = eps(a);
  const eb = eps(b);
  return ea.length === eb.length && ea.every((v: string, i: number) => v === eb[i]);
}

/**
 * Metadata of a new slice for a Service (`newEndpointSlice` + `setEndpointSliceLabels` + `getEndpointSlicePrefix`):
 * generateName `<svc>-`, the Service's labels plus the two reserved labels (and `service.kubernetes.io/headless`
 * for headless Services), and a controller ownerReference. The name itself is generated by the apiserver.
 */
export function endpointSliceMetadata(service: KObject): {
  generateName: string;
  namespace: string;
  labels: Record<string, string>;
  ownerReferences: Array<{
    apiVersion: string;
    kind: string;
    name: string;
    uid: string;
    controller: true;
    blockOwnerDeletion: true;
  }>;
} {
  const name = service.metadata?.name ?? '';
  const labels: Record<string, string> = {};
  const reserved = new Set([LABEL_SERVICE_NAME, LABEL_MANAGED_BY, 'service.kubernetes.io/headless']);
  for (const [k, v] of Object.entries(isRecord(service.metadata?.labels) ? service.metadata.labels : {}))
    if (!reserved.has(k)) labels[k] = String(v);
  const clusterIP = service.spec?.clusterIP;
  if (clusterIP === 'None' || clusterIP === '' || clusterIP === undefined)
    labels['service.kubernetes.io/headless'] = '';
  labels[LABEL_SERVICE_NAME] = name;
  labels[LABEL_MANAGED_BY] = CONTROLLER_NAME;
  // "<svc>-" unless that is not a valid DNS subdomain prefix (253 chars max), then "<svc>".
  const generateName = name.length + 1 <= 253 ? `${name}-` : name;
  return {
    generateName,
    namespace: service.metadata?.namespace ?? 'default',
    labels,
    ownerReferences: [
      {
        apiVersion: 'v1',
        kind: 'Service',
        name,
        uid: service.metadata?.uid ?? '',
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  };
}
