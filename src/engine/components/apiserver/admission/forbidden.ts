/**
 * admission.NewForbidden (k8s.io/apiserver/pkg/admission/errors.go): a 403 whose message is
 * `<resource> "<name>" is forbidden: <reason>`. The name is the request's, else the object's name, else its
 * generateName ("name generation has not occurred yet" during mutating admission).
 */
import type { StatusError } from '../../../messages';

export function admissionForbidden(qualifiedResource: string, name: string, reason: string): StatusError {
  const resource = qualifiedResource.split('.')[0]!;
  const group = qualifiedResource.slice(resource.length + 1);
  return {
    code: 403,
    reason: 'Forbidden',
    message: `${qualifiedResource} "${name}" is forbidden: ${reason}`,
    details: { kind: resource, ...(group ? { group } : {}), name },
  };
}
