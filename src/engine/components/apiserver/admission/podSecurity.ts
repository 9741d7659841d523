/**
 * The PodSecurity admission plugin (k8s.io/pod-security-admission/admission/admission.go and api/helpers.go, v1.34),
 * a validating plugin: it changes nothing, it refuses or warns.
 *
 * The namespace's labels `pod-security.kubernetes.io/{enforce,audit,warn}` (and `-version`) name a level and a
 * policy version; a mode without a label is `privileged:latest`, the default policy of a cluster without an
 * AdmissionConfiguration (kind ships none, and no namespace is exempt — kube-system's Pods exist before any label).
 *  - Pod create: the enforce level refuses a violating Pod (403, `violates PodSecurity "restricted:latest": …`);
 *    a Pod that is let in gets the warn level's `would violate PodSecurity …` as a response warning.
 *  - Pod controllers (Deployment, ReplicaSet, Job, …) are never refused: their template is checked for warn (and
 *    audit, whose annotation is not modelled) only, so `kubectl apply` of a Deployment warns while the Pods its
 *    ReplicaSet creates later are refused.
 *  - Namespace create, and an update that changes its PodSecurity labels: a label that does not parse is refused
 *    (422, ValidateNamespace's invalidResponse).
 *  - Namespace update that changes the enforce level: the existing Pods are checked against it, and the request
 *    carries warnings naming the ones that would be refused (EvaluatePodsInNamespace).
 */
import type { StatusError } from '../../../messages';
import type { FieldError, KObject } from '../../../types';
import { invalid, invalidStatusMessage } from '../../../apiserver/fieldError';
import { admissionForbidden } from './forbidden';
import { evaluatePod, forbiddenDetail, forbiddenReason, podSpecOf, type PodSecurityLevel } from './podSecurityChecks';

const LABEL = 'pod-security.kubernetes.io/';
/** The newest policy version this cluster knows: `latest` evaluates as v1.34. */
const LATEST_MINOR = 34;

interface LevelVersion {
  level: PodSecurityLevel;
  /** The v1 minor, or undefined for `latest`. */
  minor?: number;
}

export interface NamespacePolicy {
  enforce: LevelVersion;
  audit: LevelVersion;
  warn: LevelVersion;
}

const PRIVILEGED_LATEST: LevelVersion = { level: 'privileged' };

/** api.validLevels, in the order ParseLevel's error lists them. */
const VALID_LEVELS = 'privileged, baseline, restricted';

/** ParseLevel: a valid level, or undefined. */
function parseLevel(v: string | undefined): PodSecurityLevel | undefined {
  return v === 'privileged' || v === 'baseline' || v === 'restricted' ? v : undefined;
}

/** ParseVersion: `latest` or `v1.x`; anything else reads as latest (and is an error upstream). */
function parseMinor(v: string | undefined): number | undefined {
  const m = /^v1\.(0|[1-9][0-9]*)$/.exec(v ?? '');
  return m ? Number(m[1]) : undefined;
}

/**
 * PolicyToEvaluate: an enforce label that does not parse enforces `restricted` (fail closed); audit and warn fail
 * open to `privileged`.
 */
export function policyToEvaluate(labels: Record<string, string> | undefined): NamespacePolicy {
  const mode = (name: 'enforce' | 'audit' | 'warn'): LevelVersion => {
    const levelLabel = labels?.[`${LABEL}${name}`];
    const level =
      levelLabel === undefined
        ? 'privileged'
        : (parseLevel(levelLabel) ?? (name === 'enforce' ? 'restricted' : 'privileged'));
    return { level, minor: parseMinor(labels?.[`${LABEL}${name}-version`]) };
  };
  if (!labels) return { enforce: PRIVILEGED_LATEST, audit: PRIVILEGED_LATEST, warn: PRIVILEGED_LATEST };
  return { enforce: mode('enforce'), audit: mode('audit'), warn: mode('warn') };
}

/** LevelVersion.String(): `restricted:latest`, `baseline:v1.30`. */
export function levelVersionText(lv: LevelVersion): string {
  return `${lv.level}:${lv.minor === undefined ? 'latest' : `v1.${lv.minor}`}`;
}

function evaluate(lv: LevelVersion, spec: any) {
  return evaluatePod(lv.level, Math.min(lv.minor ?? LATEST_MINOR, LATEST_MINOR), spec);
}

interface PodSecurityStore {
  get(key: string): KObject | undefined;
  list(prefix: string): KObject[];
}

export interface PodSecurityResult {
  error?: StatusError;
  /** The response's warnings (kubectl prints each as `Warning: …`). */
  warnings: string[];
  /** The policy that was evaluated, for the drawn admission step; undefined when nothing was checked. */
  policy?: NamespacePolicy;
}

const NOTHING: PodSecurityResult = Object.freeze({ warnings: [] }) as PodSecurityResult;

/** True when no mode of the namespace's policy is above privileged: the plugin has nothing to do there. */
function fullyPrivileged(p: NamespacePolicy): boolean {
  return p.enforce.level === 'privileged' && p.audit.level === 'privileged' && p.warn.level === 'privileged';
}

/**
 * Validate for a create or update of a Pod or a pod controller. `name` is what a refusal names the Pod with.
 * Updates of Pods are checked only when a container image changed (isSignificantPodUpdate), and subresources never.
 */
export function admitPodSecurity(
  obj: KObject,
  op: 'create' | 'update',
  name: string,
  store: PodSecurityStore,
  old?: KObject,
): PodSecurityResult {
  const spec = podSpecOf(obj);
  if (!spec || !obj.metadata.namespace) return NOTHING;
  const ns = store.get(`/registry/namespaces/${obj.metadata.namespace}`);
  const policy = policyToEvaluate(ns?.metadata.labels);
  if (fullyPrivileged(policy)) return NOTHING;
  const isPod = obj.kind === 'Pod';
  if (isPod && op === 'update' && old && !significantPodUpdate(obj, old)) return NOTHING;
  if (isPod) {
    const enforced = evaluate(policy.enforce, spec);
    if (enforced.length)
      return {
        error: admissionForbidden(
          'pods',
          name,
          `violates PodSecurity "${levelVersionText(policy.enforce)}": ${forbiddenDetail(enforced)}`,
        ),
        warnings: [],
        policy,
      };
  }
  const warned = evaluate(policy.warn, spec);
  return {
    warnings: warned.length
      ? [`would violate PodSecurity "${levelVersionText(policy.warn)}": ${forbiddenDetail(warned)}`]
      : [],
    policy,
  };
}

/** isSignificantPodUpdate: containers added or removed, or an image changed. */
function significantPodUpdate(pod: KObject, old: KObject): boolean {
  for (const field of ['containers', 'initContainers', 'ephemeralContainers']) {
    const a: any[] = pod.spec?.[field] ?? [];
    const b: any[] = old.spec?.[field] ?? [];
    if (a.length !== b.length) return true;
    if (a.some((c, i) => c.image !== b[i].image)) return true;
  }
  return false;
}

/**
 * ValidateNamespace for an update: when the enforce level or version changes to one above privileged, the
 * namespace's Pods are evaluated against it and the ones that would now be refused are named in warnings, grouped
 * by their reasons (the lexically first Pod name and how many others) and sorted.
 */
export function namespaceEnforceWarnings(ns: KObject, old: KObject, store: PodSecurityStore): string[] {
  const next = policyToEvaluate(ns.metadata.labels).enforce;
  const before = policyToEvaluate(old.metadata.labels).enforce;
  if (next.level === 'privileged' || (next.level === before.level && next.minor === before.minor)) return [];
  const byReason = new Map<string, { name: string; count: number }>();
  // prioritizePods: one Pod per controller first, so a large ReplicaSet is evaluated once per reason anyway.
  for (const pod of store.list(`/registry/pods/${ns.metadata.name}/`)) {
    const results = evaluate(next, pod.spec ?? {});
    if (!results.length) continue;
    const reason = forbiddenReason(results);
    const seen = byReason.get(reason);
    if (!seen) byReason.set(reason, { name: pod.metadata.name, count: 1 });
    else {
      seen.count++;
      if (pod.metadata.name < seen.name) seen.name = pod.metadata.name;
    }
  }
  if (!byReason.size) return [];
  const podWarnings = [...byReason].map(([reason, { name, count }]) =>
    count === 1
      ? `${name}: ${reason}`
      : count === 2
        ? `${name} (and 1 other pod): ${reason}`
        : `${name} (and ${count - 1} other pods): ${reason}`,
  );
  // sort.Strings: byte order.
  podWarnings.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    `existing pods in namespace "${ns.metadata.name}" violate the new PodSecurity enforce level "${levelVersionText(next)}"`,
    ...podWarnings,
  ];
}

/** The errors PolicyToEvaluate collects for the PodSecurity labels, at `metadata.labels[<label>]`. */
function labelErrors(labels: Record<string, string> | undefined): FieldError[] {
  const errs: FieldError[] = [];
  for (const mode of ['enforce', 'audit', 'warn']) {
    const level = labels?.[`${LABEL}${mode}`];
    if (level !== undefined && !parseLevel(level))
      errs.push(invalid(`metadata.labels[${LABEL}${mode}]`, level, `must be one of ${VALID_LEVELS}`));
    const version = labels?.[`${LABEL}${mode}-version`];
    if (version !== undefined && version !== 'latest' && parseMinor(version) === undefined)
      errs.push(invalid(`metadata.labels[${LABEL}${mode}-version]`, version, 'must be "latest" or "v1.x"'));
  }
  return errs;
}

const podSecurityLabels = (labels: Record<string, string> | undefined) =>
  Object.keys(labels ?? {})
    .filter((k) => k.startsWith(LABEL))
    .sort()
    .map((k) => `${k}=${labels![k]}`)
    .join(',');

/**
 * ValidateNamespace: labels that do not parse refuse a create, and an update that changes the PodSecurity labels
 * (an update that leaves them alone is let through whatever they say).
 */
export function namespaceLabelsError(ns: KObject, old?: KObject): StatusError | undefined {
  if (old && podSecurityLabels(old.metadata.labels) === podSecurityLabels(ns.metadata.labels)) return undefined;
  const errs = labelErrors(ns.metadata.labels);
  if (!errs.length) return undefined;
  return {
    code: 422,
    reason: 'Invalid',
    message: invalidStatusMessage('Namespace', ns.metadata.name, errs),
    details: { kind: 'Namespace', name: ns.metadata.name, causes: errs },
  };
}
