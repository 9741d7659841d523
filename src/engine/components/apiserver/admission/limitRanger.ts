/**
 * The LimitRanger admission plugin (plugin/pkg/admission/limitranger/admission.go, v1.34), for every LimitRange in
 * the request's namespace, in list order:
 * - Admit (mutating, Pod create): containers and init containers get the `type: Container` default limits and
 *   default requests they do not set, and the Pod is annotated `kubernetes.io/limit-ranger: LimitRanger plugin
 *   set: …` (mergePodResourceRequirements; each LimitRange that sets something writes the whole annotation).
 * - Validate (Pod create, PVC create/update): min, max and maxLimitRequestRatio per Container, per Pod (the sum of
 *   the containers, or an init container if larger) and per PersistentVolumeClaim (its storage request). The
 *   errors of one LimitRange are aggregated (utilerrors.NewAggregate: one error as is, several as `[a, b]`) into
 *   a 403 admission.NewForbidden.
 * Go ranges over the LimitRange's resource maps in random order; Podyssey keeps the order they were written in.
 */
import { formatQuantity, parseQuantity } from '../../../objects/quantity';
import type { StatusError } from '../../../messages';
import type { KObject } from '../../../types';
import { admissionForbidden } from './forbidden';

type ResourceList = Record<string, string>;

/** limitRangerAnnotation. */
export const LIMIT_RANGER_ANNOTATION = 'kubernetes.io/limit-ranger';

interface LimitRangeStore {
  list(prefix: string): KObject[];
}

export function limitRangesIn(store: LimitRangeStore, namespace: string | undefined): KObject[] {
  return namespace ? store.list(`/registry/limitranges/${namespace}/`) : [];
}

const items = (lr: KObject): any[] => (Array.isArray(lr.spec?.limits) ? lr.spec.limits : []);

/** defaultContainerResourceRequirements: the defaults of every `type: Container` item, later items winning. */
function defaultRequirements(lr: KObject): { requests: ResourceList; limits: ResourceList } {
  const requests: ResourceList = {};
  const limits: ResourceList = {};
  for (const item of items(lr)) {
    if (item.type !== 'Container') continue;
    Object.assign(requests, item.defaultRequest ?? {});
    Object.assign(limits, item.default ?? {});
  }
  return { requests, limits };
}

/** mergeContainerResources: sets what the container lacks, returning the annotation's parts for it. */
function mergeContainer(c: any, defaults: { requests: ResourceList; limits: ResourceList }, prefix: string): string[] {
  const setRequests: string[] = [];
  const setLimits: string[] = [];
  const resources = (c.resources ??= {});
  for (const [k, v] of Object.entries(defaults.limits)) {
    if (resources.limits?.[k] !== undefined) continue;
    resources.limits = { ...resources.limits, [k]: v };
    setLimits.push(k);
  }
  for (const [k, v] of Object.entries(defaults.requests)) {
    if (resources.requests?.[k] !== undefined) continue;
    resources.requests = { ...resources.requests, [k]: v };
    setRequests.push(k);
  }
  const out: string[] = [];
  if (setRequests.length) out.push(`${setRequests.sort().join(', ')} request for ${prefix} ${c.name}`);
  if (setLimits.length) out.push(`${setLimits.sort().join(', ')} limit for ${prefix} ${c.name}`);
  return out;
}

/** Admit for a Pod create: applies every LimitRange's defaults; returns what it set, for the trace. */
export function limitRangerMutatePod(pod: KObject, limitRanges: KObject[]): string[] {
  const changes: string[] = [];
  for (const lr of limitRanges) {
    const defaults = defaultRequirements(lr);
    const annotations: string[] = [];
    for (const c of pod.spec?.containers ?? []) annotations.push(...mergeContainer(c, defaults, 'container'));
    for (const c of pod.spec?.initContainers ?? []) annotations.push(...mergeContainer(c, defaults, 'init container'));
    if (!annotations.length) continue;
    const value = `LimitRanger plugin set: ${annotations.join('; ')}`;
    pod.metadata.annotations = { ...pod.metadata.annotations, [LIMIT_RANGER_ANNOTATION]: value };
    changes.push(`${LIMIT_RANGER_ANNOTATION}: ${value}`);
  }
  return changes;
}

// ---- validation -------------------------------------------------------------------------------------------------

/**
 * requestLimitEnforcedValues: the values compared at milli precision (Quantity.MilliValue rounds up), which every
 * quantity a manifest holds fits.
 */
const milli = (q: string): number => Math.ceil(parseQuantity(q).value * 1000 - 1e-9);
/** Quantity.String() of the stored (canonical) quantity. */
const text = (q: string): string => String(q);

function minConstraint(type: string, name: string, enforced: string, req: ResourceList, lim: ResourceList) {
  const r = req[name];
  const l = lim[name];
  if (r === undefined) return `minimum ${name} usage per ${type} is ${text(enforced)}.  No request is specified`;
  if (milli(r) < milli(enforced))
    return `minimum ${name} usage per ${type} is ${text(enforced)}, but request is ${text(r)}`;
  if (l !== undefined && milli(l) < milli(enforced))
    return `minimum ${name} usage per ${type} is ${text(enforced)}, but limit is ${text(l)}`;
  return undefined;
}

function maxConstraint(type: string, name: string, enforced: string, req: ResourceList, lim: ResourceList) {
  const r = req[name];
  const l = lim[name];
  if (l === undefined) return `maximum ${name} usage per ${type} is ${text(enforced)}.  No limit is specified`;
  if (milli(l) > milli(enforced))
    return `maximum ${name} usage per ${type} is ${text(enforced)}, but limit is ${text(l)}`;
  if (r !== undefined && milli(r) > milli(enforced))
    return `maximum ${name} usage per ${type} is ${text(enforced)}, but request is ${text(r)}`;
  return undefined;
}

/** maxRequestConstraint: for PVCs, whose limits are not user input. */
function maxRequestConstraint(type: string, name: string, enforced: string, req: ResourceList) {
  const r = req[name];
  if (r === undefined) return `maximum ${name} usage per ${type} is ${text(enforced)}.  No request is specified`;
  if (milli(r) > milli(enforced))
    return `maximum ${name} usage per ${type} is ${text(enforced)}, but request is ${text(r)}`;
  return undefined;
}

function ratioConstraint(type: string, name: string, enforced: string, req: ResourceList, lim: ResourceList) {
  const r = req[name];
  const l = lim[name];
  if (r === undefined || milli(r) === 0)
    return `${name} max limit to request ratio per ${type} is ${text(enforced)}, but no request is specified or request is 0`;
  if (l === undefined || milli(l) === 0)
    return `${name} max limit to request ratio per ${type} is ${text(enforced)}, but no limit is specified or limit is 0`;
  const ratio = milli(l) / milli(r);
  if (ratio * 1000 > milli(enforced))
    return `${name} max limit to request ratio per ${type} is ${text(enforced)}, but provided ratio is ${ratio.toFixed(6)}`;
  return undefined;
}

function checkItem(item: any, type: string, req: ResourceList, lim: ResourceList, errs: string[]): void {
  const push = (e: string | undefined) => e !== undefined && errs.push(e);
  for (const [k, v] of Object.entries<string>(item.min ?? {})) push(minConstraint(type, k, v, req, lim));
  for (const [k, v] of Object.entries<string>(item.max ?? {})) push(maxConstraint(type, k, v, req, lim));
  for (const [k, v] of Object.entries<string>(item.maxLimitRequestRatio ?? {}))
    push(ratioConstraint(type, k, v, req, lim));
}

/** The sum of the containers' values, or an init container's if larger (per resource). */
function podTotal(pod: KObject, which: 'requests' | 'limits'): ResourceList {
  const containers: any[] = pod.spec?.containers ?? [];
  const sum: Record<string, number> = {};
  const names = new Set<string>();
  for (const c of containers) for (const k of Object.keys(c.resources?.[which] ?? {})) names.add(k);
  // sum(): a resource missing from any container is left out of the total.
  for (const k of names)
    if (containers.every((c) => c.resources?.[which]?.[k] !== undefined))
      sum[k] = containers.reduce((t, c) => t + parseQuantity(c.resources[which][k]).value, 0);
  for (const c of pod.spec?.initContainers ?? [])
    for (const [k, v] of Object.entries<string>(c.resources?.[which] ?? {}))
      sum[k] = Math.max(sum[k] ?? 0, parseQuantity(v).value);
  const out: ResourceList = {};
  // sum() builds DecimalSI quantities (milli for cpu): 300m, 268435456.
  for (const [k, v] of Object.entries(sum)) out[k] = formatQuantity(v, 'DecimalSI');
  return out;
}

const aggregate = (errs: string[]): string => (errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`);

/** Validate for a Pod create or a PVC create/update: the first LimitRange the object violates refuses it. */
export function limitRangerValidate(obj: KObject, limitRanges: KObject[]): StatusError | undefined {
  for (const lr of limitRanges) {
    const errs: string[] = [];
    for (const item of items(lr)) {
      if (obj.kind === 'Pod' && item.type === 'Container') {
        for (const c of [...(obj.spec?.containers ?? []), ...(obj.spec?.initContainers ?? [])])
          checkItem(item, 'Container', c.resources?.requests ?? {}, c.resources?.limits ?? {}, errs);
      } else if (obj.kind === 'Pod' && item.type === 'Pod') {
        checkItem(item, 'Pod', podTotal(obj, 'requests'), podTotal(obj, 'limits'), errs);
      } else if (obj.kind === 'PersistentVolumeClaim' && item.type === 'PersistentVolumeClaim') {
        const req: ResourceList = obj.spec?.resources?.requests ?? {};
        for (const [k, v] of Object.entries<string>(item.min ?? {})) {
          const e = minConstraint('PersistentVolumeClaim', k, v, req, {});
          if (e) errs.push(e);
        }
        for (const [k, v] of Object.entries<string>(item.max ?? {})) {
          const e = maxRequestConstraint('PersistentVolumeClaim', k, v, req);
          if (e) errs.push(e);
        }
      }
    }
    if (errs.length)
      return admissionForbidden(
        obj.kind === 'Pod' ? 'pods' : 'persistentvolumeclaims',
        obj.metadata.name,
        aggregate(errs),
      );
  }
  return undefined;
}
