/**
 * The apiserver's common Status errors (k8s.io/apimachinery/pkg/api/errors NewNotFound; genericapiserver's handler
 * for a path no route serves; the installer's 405 for a verb the storage does not implement).
 */
import type { StatusError } from '../messages';
import { qualifiedResource, type ResourceInfo } from '../objects/resources';

/** NewNotFound: `deployments.apps "web" not found`, with the resource in the details. */
export function notFound(info: ResourceInfo, name: string): StatusError {
  return {
    code: 404,
    reason: 'NotFound',
    message: `${qualifiedResource(info)} "${name}" not found`,
    details: { kind: info.resource, group: info.group, name },
  };
}

/** genericapiserver's NotFound handler: a path no REST route serves. */
export const NO_ROUTE: StatusError = {
  code: 404,
  reason: 'NotFound',
  message: 'the server could not find the requested resource',
};

/** The installer registers only the verbs the storage implements; any other method is 405. */
export const METHOD_NOT_ALLOWED: StatusError = {
  code: 405,
  reason: 'MethodNotAllowed',
  message: 'the server does not allow this method on the requested resource',
};
