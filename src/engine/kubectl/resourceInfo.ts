/**
 * kubectl's view of the resource table: what a user types (`deploy`, `deployments.apps`, `Deployment`) → the
 * resource, and the `kind.group` prefix it prints. kubectl learns this from API discovery; here it reads the same
 * table the apiserver serves from (objects/resources.ts), so the two cannot disagree.
 */
import { RESOURCES, resolveResourceArg, type ResourceInfo } from '../objects/resources';

export { RESOURCES, type ResourceInfo } from '../objects/resources';

const byKind = new Map(RESOURCES.map((r) => [r.kind, r]));

/**
 * Resolve what a user types or a Kind. Unknown names yield undefined (kubectl: `error: the server doesn't have a
 * resource type "x"`).
 */
export function resolveResource(name: string): ResourceInfo | undefined {
  const n = name.trim();
  return byKind.get(n) ?? resolveResourceArg(n);
}

/** Info for a Kind, with a best-effort fallback for kinds not in the table (custom resources). */
export function resourceForKind(kind: string, apiVersion?: string): ResourceInfo {
  const known = byKind.get(kind);
  if (known) return known;
  const [group, version] = apiVersion && apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion ?? 'v1'];
  const lower = kind.toLowerCase();
  const plural = lower.endsWith('s') ? `${lower}es` : lower.endsWith('y') ? `${lower.slice(0, -1)}ies` : `${lower}s`;
  return {
    kind,
    group,
    version,
    resource: plural,
    singular: lower,
    shortNames: [],
    namespaced: true,
    etcdPrefix: plural,
    simulated: false,
  };
}

/** `deployment.apps` / `pod`: lower-case GroupKind.String(), as kubectl prefixes names (`deployment.apps/web`). */
export function kindPrefix(kind: string, group?: string): string {
  const g = group ?? resourceForKind(kind).group;
  return g ? `${kind.toLowerCase()}.${g}` : kind.toLowerCase();
}
