/**
 * ControllerRevisions, as pkg/controller/history (controller_history.go) and the DaemonSet/StatefulSet controllers
 * use them: a revision stores the pod template as a strategic-merge patch that replaces `spec.template`, is named
 * `<parent>-<hash>`, carries the hash as its `controller-revision-hash` label, and is found again by its data
 * (FindEqualRevisions), not by recomputing a hash — so revisions written by someone else (kind's bootstrap, an
 * older controller) are adopted as they are.
 */
import { canonicalEqual } from '../../../objects/canonicalEqual';
import { podTemplateHash } from '../../../objects/names';
import type { KObject } from '../../../types';
import { controllerOf } from '../objectKeys';

/** apps.ControllerRevisionHashLabelKey (= apps.DefaultDaemonSetUniqueLabelKey, StatefulSetRevisionLabel). */
export const REVISION_HASH_LABEL = 'controller-revision-hash';

/**
 * getPatch (daemon/update.go, statefulset/stateful_set_utils.go): `{"spec":{"template":{…,"$patch":"replace"}}}`,
 * the revision's `data`.
 */
export function templatePatch(template: unknown): Record<string, unknown> {
  return { spec: { template: { ...(template as object), $patch: 'replace' } } };
}

/** controller.ComputeHash(template, collisionCount), in this engine's stable encoding. */
export function revisionHash(template: unknown, collisionCount = 0): string {
  return podTemplateHash(template, collisionCount);
}

/** history.ControllerRevisionName: the parent's name (cut to 223 characters), a dash and the hash. */
export function controllerRevisionName(prefix: string, hash: string): string {
  return `${prefix.length > 223 ? prefix.slice(0, 223) : prefix}-${hash}`;
}

/**
 * history.NewControllerRevision: owned by `parent` (controller), labelled with the template's labels and the hash.
 */
export function newControllerRevision(
  parent: KObject,
  templateLabels: Record<string, string> | undefined,
  data: Record<string, unknown>,
  revision: number,
  hash: string,
): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: controllerRevisionName(parent.metadata.name, hash),
      namespace: parent.metadata.namespace,
      labels: { ...(templateLabels ?? {}), [REVISION_HASH_LABEL]: hash },
      ownerReferences: [
        {
          apiVersion: parent.apiVersion,
          kind: parent.kind,
          name: parent.metadata.name,
          uid: parent.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    data,
    revision,
  } as KObject;
}

/** history.EqualRevision: same data (the hash label is only a shortcut in Kubernetes; data decides). */
export function equalRevision(a: KObject, b: { data?: unknown }): boolean {
  return canonicalEqual((a as any).data ?? null, b.data ?? null);
}

/** history.FindEqualRevisions: the revisions whose data equals `data`. */
export function findEqualRevisions(revisions: readonly KObject[], data: unknown): KObject[] {
  return revisions.filter((r) => equalRevision(r, { data }));
}

/** history.SortControllerRevisions: by revision number, then creation time, then name. */
export function sortRevisions(revisions: readonly KObject[]): KObject[] {
  return [...revisions].sort(
    (a, b) =>
      revisionOf(a) - revisionOf(b) ||
      (a.metadata.creationTimestamp ?? 0) - (b.metadata.creationTimestamp ?? 0) ||
      (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0),
  );
}

export function revisionOf(r: KObject): number {
  return Number((r as any).revision ?? 0);
}

/** history.MaxRevision. */
export function maxRevision(revisions: readonly KObject[]): number {
  let max = 0;
  for (const r of revisions) max = Math.max(max, revisionOf(r));
  return max;
}

/** The revisions `parent` controls, from any list of ControllerRevisions. */
export function revisionsOf(parent: KObject, revisions: readonly KObject[]): KObject[] {
  return revisions.filter((r) => controllerOf(r)?.uid === parent.metadata.uid);
}
