/**
 * What each object costs a ResourceQuota, shared by the ResourceQuota admission plugin and the resource-quota
 * controller, as pkg/quota/v1 does: the evaluators of pkg/quota/v1/evaluator/core (pods.go, services.go,
 * persistent_volume_claims.go, and the object-count evaluator of pkg/quota/v1/generic for every other kind) and the
 * ResourceList arithmetic of pkg/quota/v1/resources.go (Add keeps the left operand's format, as Quantity.Add does).
 */
import type { KObject } from '../types';
import { formatQuantity, parseQuantity, type ParsedQuantity } from './quantity';
import { resourceForKind } from './resources';

export type Usage = Record<string, ParsedQuantity>;

const one = (): ParsedQuantity => ({ value: 1, format: 'DecimalSI' });
const q = (v: string | number): ParsedQuantity => parseQuantity(v);

/** `count/<resource>` for the core group, `count/<resource>.<group>` otherwise (generic.ObjectCountQuotaResourceNameFor). */
function objectCountName(kind: string): string {
  const info = resourceForKind(kind);
  return `count/${info.resource}${info.group ? `.${info.group}` : ''}`;
}

/** The names that predate `count/…` (core/v1 ResourcePods, ResourceServices, …). */
const LEGACY_NAME: Record<string, string> = {
  Pod: 'pods',
  Service: 'services',
  PersistentVolumeClaim: 'persistentvolumeclaims',
  ConfigMap: 'configmaps',
  Secret: 'secrets',
  ReplicationController: 'replicationcontrollers',
  ResourceQuota: 'resourcequotas',
};

const POD_RESOURCES = new Set([
  'count/pods',
  'pods',
  'cpu',
  'memory',
  'ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
]);
const SERVICE_RESOURCES = new Set(['count/services', 'services', 'services.loadbalancers', 'services.nodeports']);
const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

/** evaluator.MatchingResources: the names among `names` this kind's evaluator tracks. */
export function matchingResources(kind: string, names: string[]): string[] {
  return names.filter((n) => {
    if (kind === 'Pod')
      return POD_RESOURCES.has(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-');
    if (kind === 'Service') return SERVICE_RESOURCES.has(n);
    if (kind === 'PersistentVolumeClaim')
      return (
        n === 'count/persistentvolumeclaims' ||
        n === 'persistentvolumeclaims' ||
        n === 'requests.storage' ||
        (n.includes(STORAGE_CLASS_SUFFIX) && (n.endsWith('/requests.storage') || n.endsWith('/persistentvolumeclaims')))
      );
    return n === objectCountName(kind) || n === LEGACY_NAME[kind];
  });
}

/** QuotaV1Pod: terminal Pods, and Pods stuck terminating past their grace period, no longer count. */
export function podCountsForQuota(pod: KObject, now: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const ts = pod.metadata.deletionTimestamp;
  const grace = pod.metadata.deletionGracePeriodSeconds;
  return !(typeof ts === 'number' && typeof grace === 'number' && now > ts + grace * 1000);
}

/** resourcehelper.PodRequests/PodLimits: the containers' sum, or an init container's value if larger. */
function podTotals(pod: KObject, which: 'requests' | 'limits'): Usage {
  const out: Usage = {};
  for (const c of pod.spec?.containers ?? [])
    for (const [k, v] of Object.entries<string>(c.resources?.[which] ?? {})) out[k] = add1(out[k], q(v));
  for (const c of pod.spec?.initContainers ?? [])
    for (const [k, v] of Object.entries<string>(c.resources?.[which] ?? {})) {
      const x = q(v);
      if (!out[k] || x.value > out[k]!.value) out[k] = x;
    }
  return out;
}

/** podComputeUsageHelper. */
function computeUsage(requests: Usage, limits: Usage): Usage {
  const out: Usage = { pods: one() };
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    if (requests[r]) out[r] = out[`requests.${r}`] = requests[r]!;
    if (limits[r]) out[`limits.${r}`] = limits[r]!;
  }
  for (const [k, v] of Object.entries(requests)) if (k.startsWith('hugepages-')) out[k] = out[`requests.${k}`] = v;
  return out;
}

/** evaluator.Usage: what the object adds to every quota that tracks these names. */
export function usageOf(obj: KObject, now: number): Usage {
  const usage: Usage = { [objectCountName(obj.kind)]: one() };
  const legacy = LEGACY_NAME[obj.kind];
  switch (obj.kind) {
    case 'Pod':
      // count/pods tracks every Pod in storage; `pods` and the compute resources only live ones.
      if (!podCountsForQuota(obj, now)) return usage;
      return { ...usage, ...computeUsage(podTotals(obj, 'requests'), podTotals(obj, 'limits')) };
    case 'Service': {
      const type = obj.spec?.type ?? 'ClusterIP';
      const ports = (obj.spec?.ports ?? []).length;
      usage.services = one();
      if (type === 'LoadBalancer') usage['services.loadbalancers'] = one();
      if (type === 'NodePort' || (type === 'LoadBalancer' && obj.spec?.allocateLoadBalancerNodePorts !== false))
        usage['services.nodeports'] = { value: ports, format: 'DecimalSI' };
      return usage;
    }
    case 'PersistentVolumeClaim': {
      usage.persistentvolumeclaims = one();
      const storage = obj.spec?.resources?.requests?.storage;
      const sc = obj.spec?.storageClassName;
      if (sc) usage[`${sc}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`] = one();
      if (storage !== undefined) {
        usage['requests.storage'] = q(storage);
        if (sc) usage[`${sc}${STORAGE_CLASS_SUFFIX}requests.storage`] = q(storage);
      }
      return usage;
    }
    default:
      if (legacy) usage[legacy] = one();
      return usage;
  }
}

// ---- Pod constraints and scopes -----------------------------------------------------------------------------

/** The resources a quota on cpu/memory forces every container to state (pods.go validationSet). */
const VALIDATION_SET = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

/**
 * podEvaluator.Constraints: with cpu or memory under quota, every container must make an explicit request (or
 * limit) for it — `must specify limits.cpu for: app; requests.memory for: app,sidecar`.
 */
export function podConstraintError(required: string[], pod: KObject): string | undefined {
  const req = new Set(required.filter((r) => VALIDATION_SET.includes(r)));
  if (!req.size) return undefined;
  const missing = new Map<string, Set<string>>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const have = computeUsage(
      Object.fromEntries(Object.entries<string>(c.resources?.requests ?? {}).map(([k, v]) => [k, q(v)])),
      Object.fromEntries(Object.entries<string>(c.resources?.limits ?? {}).map(([k, v]) => [k, q(v)])),
    );
    for (const r of req) if (!have[r]) (missing.get(r) ?? missing.set(r, new Set()).get(r)!).add(c.name);
  }
  if (!missing.size) return undefined;
  const parts = [...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}

/** The scope selectors of a quota: its `scopes` (operator Exists) and `scopeSelector.matchExpressions`. */
function scopeSelectors(rq: KObject): any[] {
  return [
    ...(rq.spec?.scopes ?? []).map((scopeName: string) => ({ scopeName, operator: 'Exists' })),
    ...(rq.spec?.scopeSelector?.matchExpressions ?? []),
  ];
}

function isBestEffort(pod: KObject): boolean {
  return [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].every((c) =>
    ['requests', 'limits'].every((w) => !['cpu', 'memory'].some((r) => c.resources?.[w]?.[r] !== undefined)),
  );
}

/** podMatchesScopeFunc; other evaluators match no scope (generic matchesNoScopeFunc). */
function scopeMatches(sel: any, obj: KObject): boolean {
  if (obj.kind !== 'Pod') return false;
  const terminating = typeof obj.spec?.activeDeadlineSeconds === 'number' && obj.spec.activeDeadlineSeconds >= 0;
  switch (sel.scopeName) {
    case 'Terminating':
      return terminating;
    case 'NotTerminating':
      return !terminating;
    case 'BestEffort':
      return isBestEffort(obj);
    case 'NotBestEffort':
      return !isBestEffort(obj);
    case 'PriorityClass': {
      const name = obj.spec?.priorityClassName ?? '';
      if (sel.operator === 'Exists') return name !== '';
      if (sel.operator === 'DoesNotExist') return name === '';
      const inValues = (sel.values ?? []).includes(name);
      return sel.operator === 'In' ? inValues : sel.operator === 'NotIn' ? !inValues : false;
    }
    default:
      return false;
  }
}

/** evaluator.Matches: the quota tracks something this kind uses (from status.hard) and every scope matches. */
export function quotaMatches(rq: KObject, obj: KObject): boolean {
  if (!matchingResources(obj.kind, Object.keys(rq.status?.hard ?? {})).length) return false;
  return scopeSelectors(rq).every((s) => scopeMatches(s, obj));
}

/** Whether the quota's scopes admit `obj` at all (the controller counts with the same rule). */
export function quotaScopesMatch(rq: KObject, obj: KObject): boolean {
  return scopeSelectors(rq).every((s) => scopeMatches(s, obj));
}

// ---- ResourceList arithmetic (pkg/quota/v1/resources.go) ----------------------------------------------------

function add1(a: ParsedQuantity | undefined, b: ParsedQuantity): ParsedQuantity {
  return a ? { value: a.value + b.value, format: a.format } : b;
}

export function addUsage(a: Usage, b: Usage): Usage {
  const out: Usage = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = add1(out[k], v);
  return out;
}

export function maskUsage(a: Usage, names: Iterable<string>): Usage {
  const out: Usage = {};
  for (const n of names) if (a[n]) out[n] = a[n]!;
  return out;
}

/** quota.LessThanOrEqual: the names of `b` that `a` holds and exceeds (milli precision, as Quantity.Cmp). */
export function exceededNames(a: Usage, b: Usage): string[] {
  const milli = (x: ParsedQuantity) => Math.round(x.value * 1000);
  return Object.keys(b).filter((k) => a[k] !== undefined && milli(a[k]!) > milli(b[k]!));
}

/** A stored ResourceList (strings) as usage. */
export function parseUsage(list: Record<string, string | number> | undefined): Usage {
  const out: Usage = {};
  for (const [k, v] of Object.entries(list ?? {})) out[k] = q(v);
  return out;
}

/** Quantity.String() of every entry, for storing in status. */
export function formatUsage(u: Usage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(u)) out[k] = formatQuantity(v.value, v.format);
  return out;
}

/** prettyPrint (plugin/pkg/admission/resourcequota/controller.go): `key=value` sorted by key, comma-joined. */
export function prettyPrintUsage(u: Usage): string {
  return Object.keys(u)
    .sort()
    .map((k) => `${k}=${formatQuantity(u[k]!.value, u[k]!.format)}`)
    .join(',');
}
