/**
 * The pure parts of the StatefulSet controller, after pkg/controller/statefulset/stateful_set_utils.go: Pod and
 * claim names, a Pod's identity and storage, the revision patch, pod health, and the claims' ownerReferences under
 * the PersistentVolumeClaim retention policy.
 */
import type { KObject, OwnerReference } from '../../../types';
import { newControllerRevision } from '../history/controllerHistory';
import { isPodAvailable, isPodReady } from '../replicaset/podHelpers';
import type { ControllerRevision, PersistentVolumeClaim, Pod, StatefulSet } from '../../../objects/typed';

const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
const REVISION_LABEL = 'controller-revision-hash';
const STATEFULSET_KIND = { apiVersion: 'apps/v1', kind: 'StatefulSet' };

/** statefulPodRegex `(.*)-([0-9]+)$`: the parent's name and the ordinal, or -1. */
function parentAndOrdinal(podName: string): { parent: string; ordinal: number } {
  const m = /^(.*)-([0-9]+)$/.exec(podName);
  if (!m) return { parent: '', ordinal: -1 };
  const n = Number(m[2]);
  return { parent: m[1], ordinal: n <= 2 ** 31 - 1 ? n : -1 };
}

export function ordinalOf(pod: Pod): number {
  return parentAndOrdinal(pod.metadata.name).ordinal;
}

/** getStartOrdinal: spec.ordinals.start, or 0. */
export function startOrdinal(set: StatefulSet): number {
  return set.spec?.ordinals?.start ?? 0;
}

export function replicasOf(set: StatefulSet): number {
  return typeof set.spec?.replicas === 'number' ? set.spec.replicas : 1;
}

/** getEndOrdinal (inclusive). */
export function endOrdinal(set: StatefulSet): number {
  return startOrdinal(set) + replicasOf(set) - 1;
}

export function inOrdinalRange(pod: Pod, set: StatefulSet): boolean {
  const o = ordinalOf(pod);
  return o >= startOrdinal(set) && o <= endOrdinal(set);
}

export function podName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

/** getPersistentVolumeClaimName: `<claim>-<set>-<ordinal>`. */
export function claimName(set: StatefulSet, claimTemplate: KObject, ordinal: number): string {
  return `${claimTemplate.metadata?.name}-${set.metadata.name}-${ordinal}`;
}

/** isMemberOf: the pod's name parses to this set's name. */
export function isMemberOf(set: StatefulSet, pod: Pod): boolean {
  return parentAndOrdinal(pod.metadata.name).parent === set.metadata.name;
}

export const isCreated = (p: Pod): boolean => (p.status?.phase ?? '') !== '';
export const isTerminating = (p: Pod): boolean => p.metadata.deletionTimestamp !== undefined;
export const isFailed = (p: Pod): boolean => p.status?.phase === 'Failed';
export const isSucceeded = (p: Pod): boolean => p.status?.phase === 'Succeeded';
export const isPending = (p: Pod): boolean => p.status?.phase === 'Pending';
export const isRunningAndReady = (p: Pod): boolean => p.status?.phase === 'Running' && isPodReady(p);
export const isRunningAndAvailable = (p: Pod, minReadySeconds: number, now: number): boolean =>
  isPodAvailable(p, minReadySeconds, now);
export const isHealthy = (p: Pod): boolean => isRunningAndReady(p) && !isTerminating(p);
export const podRevision = (p: Pod): string => p.metadata.labels?.[REVISION_LABEL] ?? '';

/**
 * getPatch: the revision keeps only the pod template, as a strategic-merge patch that replaces it
 * (`{"spec":{"template":{…,"$patch":"replace"}}}`).
 */
export function revisionData(set: StatefulSet): unknown {
  return { spec: { template: { ...(set.spec?.template ?? {}), $patch: 'replace' } } };
}

/** ApplyRevision: the set with the revision's pod template. */
export function templateOf(revision: ControllerRevision): any {
  const data = revision.data as { spec?: { template?: Record<string, unknown> } } | undefined;
  const template = { ...(data?.spec?.template ?? {}) };
  delete template.$patch;
  return template;
}

/** newRevision: a ControllerRevision of the set's template, with the set's annotations. */
export function newRevision(set: StatefulSet, revision: number, collisionCount: number): ControllerRevision {
  const cr = newControllerRevision(
    set,
    STATEFULSET_KIND,
    set.spec?.template?.metadata?.labels,
    revisionData(set),
    revision,
    collisionCount,
  );
  if (set.metadata.annotations) cr.metadata.annotations = { ...set.metadata.annotations };
  return cr;
}

/**
 * getPersistentVolumeClaims: one claim per template, named for the ordinal, in the set's namespace, labelled with
 * the template's labels and the set's selector.matchLabels. The template's status is not sent (the apiserver resets
 * it on create anyway).
 */
export function claimsFor(set: StatefulSet, ordinal: number): KObject[] {
  const selectorLabels: Record<string, string> = set.spec?.selector?.matchLabels ?? {};
  return ((set.spec?.volumeClaimTemplates ?? []) as KObject[]).map((t: KObject) => {
    const rest: any = { ...t };
    delete rest.status;
    const metadata: any = {
      ...(t.metadata ?? {}),
      name: claimName(set, t, ordinal),
      namespace: set.metadata.namespace,
      labels: { ...(t.metadata?.labels ?? {}), ...selectorLabels },
    };
    return { ...rest, apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata } as KObject;
  });
}

/**
 * newVersionedStatefulSetPod → newStatefulSetPod: GetPodFromTemplate (generateName `<set>-`, the template's labels
 * and annotations, a controller reference), then initIdentity (name, hostname, subdomain = serviceName, the
 * pod-name and pod-index labels), updateStorage (a volume per claim template, replacing a template volume of the
 * same name) and setPodRevision.
 */
export function newStatefulSetPod(set: StatefulSet, template: any, ordinal: number, revisionName: string): Pod {
  const name = podName(set, ordinal);
  const labels: Record<string, string> = {
    ...(template?.metadata?.labels ?? {}),
    [POD_NAME_LABEL]: name,
    [POD_INDEX_LABEL]: String(ordinal),
    [REVISION_LABEL]: revisionName,
  };
  const metadata: any = {
    name,
    generateName: `${set.metadata.name}-`,
    namespace: set.metadata.namespace,
    labels,
    ownerReferences: [controllerRef(set, STATEFULSET_KIND)],
  };
  if (template?.metadata?.annotations) metadata.annotations = { ...template.metadata.annotations };
  const claims = claimsFor(set, ordinal);
  const templates = (set.spec?.volumeClaimTemplates ?? []) as KObject[];
  const claimVolumes = templates.map((t, i) => ({
    name: t.metadata?.name,
    persistentVolumeClaim: { claimName: claims[i].metadata.name },
  }));
  const own = new Set(templates.map((t) => t.metadata?.name));
  const volumes = [...claimVolumes, ...(template?.spec?.volumes ?? []).filter((v: any) => !own.has(v.name))];
  const spec: any = { ...(template?.spec ?? {}), hostname: name };
  if (set.spec?.serviceName) spec.subdomain = set.spec.serviceName;
  if (volumes.length) spec.volumes = volumes;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

export function controllerRef(owner: KObject, kind: { apiVersion: string; kind: string }): OwnerReference {
  return {
    apiVersion: kind.apiVersion,
    kind: kind.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}

interface RetentionPolicy {
  whenDeleted: 'Retain' | 'Delete';
  whenScaled: 'Retain' | 'Delete';
}

/** getPersistentVolumeClaimRetentionPolicy: Retain/Retain unless the set says otherwise. */
function retentionPolicy(set: StatefulSet): RetentionPolicy {
  const p = set.spec?.persistentVolumeClaimRetentionPolicy ?? {};
  // Validation admits only these two values.
  return {
    whenDeleted: (p.whenDeleted ?? 'Retain') as RetentionPolicy['whenDeleted'],
    whenScaled: (p.whenScaled ?? 'Retain') as RetentionPolicy['whenScaled'],
  };
}

const matchesRef = (r: OwnerReference, obj: KObject, kind: string): boolean =>
  r.kind === kind && r.name === obj.metadata.name;

/**
 * updateClaimOwnerRefForSetAndPod: the claim's ownerReferences under the retention policy — the set's reference
 * when whenDeleted is Delete and the pod is in range, the pod's when whenScaled is Delete and it was scaled away
 * (the garbage collector then deletes the claim with its owner). References to anything else are kept.
 */
export function claimOwnerRefs(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): OwnerReference[] {
  const refs = (claim.metadata.ownerReferences ?? []).filter(
    (r) => !matchesRef(r, set, 'StatefulSet') && !matchesRef(r, pod, 'Pod'),
  );
  const policy = retentionPolicy(set);
  const scaledDown = !inOrdinalRange(pod, set);
  if (policy.whenDeleted === 'Delete' && !(policy.whenScaled === 'Delete' && scaledDown))
    refs.push(controllerRef(set, STATEFULSET_KIND));
  if (policy.whenScaled === 'Delete' && scaledDown) refs.push(controllerRef(pod, { apiVersion: 'v1', kind: 'Pod' }));
  return refs;
}

/** isClaimOwnerUpToDate, for claims whose references are the set's and the pod's own (no stale uids). */
export function isClaimOwnerUpToDate(claim: PersistentVolumeClaim, set: StatefulSet, pod: Pod): boolean {
  const stale = (claim.metadata.ownerReferences ?? []).some(
    (r) =>
      (matchesRef(r, set, 'StatefulSet') && r.uid !== set.metadata.uid) ||
      (matchesRef(r, pod, 'Pod') && r.uid !== pod.metadata.uid),
  );
  if (stale) return true;
  const uids = (refs: OwnerReference[]) =>
    refs
      .map((r) => `${r.uid}:${r.controller === true}`)
      .sort()
      .join(',');
  return uids(claim.metadata.ownerReferences ?? []) === uids(claimOwnerRefs(claim, set, pod));
}
