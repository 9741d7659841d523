/**
 * A request path → what it addresses, as the apiserver's RequestInfoFactory (apiserver pkg/endpoints/request
 * requestinfo.go) splits `/api/v1/namespaces/default/pods/web-1/log` into group, version, namespace, resource, name
 * and subresource. Only resources in the engine's table are known; anything else is undefined (404).
 */
import { RESOURCES, type ResourceInfo } from '../src/engine/objects/resources';

export interface ResourceRoute {
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** `custom`: the resources the Established CRDs serve (objects/customResources.ts). */
export function parseResourcePath(pathname: string, custom: readonly ResourceInfo[] = []): ResourceRoute | undefined {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let group: string;
  let version: string;
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) [group, version, rest] = ['', parts[1], parts.slice(2)];
  else if (parts[0] === 'apis' && parts.length >= 4) [group, version, rest] = [parts[1], parts[2], parts.slice(3)];
  else return undefined;
  const find = (resource: string) =>
    [...RESOURCES, ...custom].find((r) => r.group === group && r.version === version && r.resource === resource);
  let namespace: string | undefined;
  // `namespaces/<ns>/<resource>…` addresses a namespaced resource; `namespaces/<name>[/status|finalize]` the
  // Namespace itself.
  if (rest[0] === 'namespaces' && rest.length >= 3 && find(rest[2])?.namespaced) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const info = find(rest[0]);
  if (!info || rest.length > 3) return undefined;
  return { info, namespace, name: rest[1], subresource: rest[2] };
}
