/**
 * The NamespaceLifecycle admission plugin (staging/src/k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/
 * admission.go): nothing is created in a namespace that does not exist (the NotFound of the namespace lookup) or in
 * one being deleted (its content would outlive it), and the immortal namespaces are never deleted. Cluster-scoped
 * resources, Namespaces themselves and LocalSubjectAccessReviews (isAccessReview: answering would leak whether a
 * namespace exists) are always admitted; the reviews never reach this plugin here (nonStoredResources.ts).
 */
import type { StatusError } from '../../../messages';
import { qualifiedResource, type ResourceInfo } from '../../../objects/resources';
import type { KObject } from '../../../types';

/** NewLifecycle(sets.NewString(metav1.NamespaceDefault, metav1.NamespaceSystem, metav1.NamespacePublic)). */
const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

interface NamespaceLifecycleDenial {
  /** Why, for the narration: the namespace is missing or being terminated. */
  why: 'missing' | 'terminating';
  error: StatusError;
}

/**
 * Admit for a create of `obj` (its namespace already defaulted); `requestName` is what admission.NewForbidden names
 * the object by (its name, or its generateName before the registry generates one).
 */
export function admitNamespaceLifecycle(
  obj: KObject,
  info: ResourceInfo,
  requestName: string,
  store: { get(key: string): KObject | undefined },
): NamespaceLifecycleDenial | undefined {
  const ns = obj.metadata.namespace;
  if (!info.namespaced || !ns) return undefined;
  const namespace = store.get(`/registry/namespaces/${ns}`);
  if (!namespace)
    return {
      why: 'missing',
      error: {
        code: 404,
        reason: 'NotFound',
        message: `namespaces "${ns}" not found`,
        details: { kind: 'namespaces', name: ns },
      },
    };
  if (namespace.status?.phase !== 'Terminating') return undefined;
  return {
    why: 'terminating',
    error: {
      code: 403,
      reason: 'Forbidden',
      message: `${qualifiedResource(info)}${requestName ? ` "${requestName}"` : ''} is forbidden: unable to create new content in namespace ${ns} because it is being terminated`,
      // The real Status also carries a NamespaceTerminating cause, which kubectl does not print.
      details: { kind: info.resource, group: info.group, name: requestName || undefined },
    },
  };
}

/** Admit for a delete of a Namespace: the immortal ones are refused. */
export function admitNamespaceDeletion(name: string): StatusError | undefined {
  if (!IMMORTAL_NAMESPACES.has(name)) return undefined;
  return {
    code: 403,
    reason: 'Forbidden',
    message: `namespaces "${name}" is forbidden: this namespace may not be deleted`,
    details: { kind: 'namespaces', name },
  };
}
