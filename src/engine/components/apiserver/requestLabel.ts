/**
 * How a request is drawn and logged: its HTTP method and REST path (the resource in the version it was sent in),
 * with the query a reflector's first LIST carries.
 */
import type { ApiRequest } from '../../messages';
import { lookupResource, resourceForKind, restPath, type ResourceInfo } from '../../objects/resources';
import { metricsResource } from '../../metrics/metricsResources';

const HTTP_VERB: Record<ApiRequest['verb'], string> = {
  get: 'GET',
  list: 'GET',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  deletecollection: 'DELETE',
};

/** The HTTP method of a request: the first word of its requestLabel, without splitting the label. */
export function httpVerb(req: Pick<ApiRequest, 'verb'>): string {
  return String(HTTP_VERB[req.verb]);
}

/** The resource a request addresses: the version it was sent in, when the kind is served in several. */
export function servedResource(req: Pick<ApiRequest, 'resourceKind' | 'apiVersion' | 'custom'>): ResourceInfo {
  if (req.custom) return req.custom;
  return (
    (req.apiVersion && lookupResource(req.apiVersion, req.resourceKind)) ||
    metricsResource(req.resourceKind) ||
    resourceForKind(req.resourceKind)
  );
}

export function requestLabel(req: ApiRequest): string {
  const info = servedResource(req);
  const name =
    (req.verb === 'create' && req.subresource !== 'binding' && req.subresource !== 'eviction') ||
    req.verb === 'deletecollection'
      ? undefined
      : req.name;
  const path = restPath(info, req.namespace, name, req.subresource);
  // A reflector's first LIST (client-go tools/cache/reflector.go): served from the watch cache, in pages of 500.
  const query = req.query ?? (req.verb === 'list' ? '?limit=500&resourceVersion=0' : '');
  return `${HTTP_VERB[req.verb]} ${path}${query}`;
}
