/**
 * `kubectl api-resources` (kubectl/pkg/cmd/apiresources/apiresources.go): the preferred version of every served
 * resource (ServerPreferredResources, so autoscaling/v1 is not listed), sorted by API group and then by name
 * (sortableResource with no --sort-by; the core group, "", first), laid out by the `get` tabwriter.
 */
import { apiVersionOf, RESOURCES } from '../objects/resources';
import { formatTable } from './tabwriter';

export function printApiResources(): string {
  const served = RESOURCES.filter((r) => !r.alternateVersion || r.group === 'events.k8s.io');
  const sorted = [...served].sort((a, b) =>
    a.group !== b.group ? (a.group < b.group ? -1 : 1) : a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0,
  );
  const rows = sorted.map((r) => [
    r.resource,
    (r.shortNames ?? []).join(','),
    apiVersionOf(r),
    String(r.namespaced),
    r.kind,
  ]);
  return formatTable([['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND'], ...rows]);
}
