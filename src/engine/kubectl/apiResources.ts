/**
 * `kubectl api-resources` over the resource table the simulated apiserver serves (src/engine/objects/resources.ts,
 * the same table server/discovery.ts publishes), as k8s.io/kubectl/pkg/cmd/apiresources/apiresources.go prints
 * it: NAME, SHORTNAMES (comma-joined), APIVERSION, NAMESPACED, KIND; subresources left out; rows sorted
 * stably by API group (core first), then by name (`--sort-by=name|kind` sorts by that column instead).
 * Flags: `--namespaced=true|false`, `--api-group=G`, `--sort-by=name|kind`, `--no-headers`, `-o name`.
 */
import { apiVersionOf, RESOURCES, type ResourceInfo } from '../objects/resources';
import { formatTable } from './tabwriter';

/** `custom`: the resources the Established CRDs add to discovery (objects/customResources.ts). */
export function answerApiResources(
  tokens: string[],
  custom: readonly ResourceInfo[] = [],
): { output: string; ok: boolean } {
  let namespaced: boolean | undefined;
  let apiGroup: string | undefined;
  let sortBy = '';
  let output = '';
  let headers = true;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const [flag, inline] = tok.includes('=')
      ? [tok.slice(0, tok.indexOf('=')), tok.slice(tok.indexOf('=') + 1)]
      : [tok];
    const value = () => inline ?? tokens[++i] ?? '';
    if (flag === '--namespaced') namespaced = inline === undefined ? true : inline === 'true';
    else if (flag === '--api-group') apiGroup = value();
    else if (flag === '--sort-by') sortBy = value();
    else if (flag === '--no-headers') headers = inline !== 'false';
    else if (flag === '-o' || flag === '--output') output = value();
    else if (tok.startsWith('-o') && tok.length > 2) output = tok.slice(2);
    else if (tok.startsWith('--')) return { output: `error: unknown flag: ${flag}`, ok: false };
    else if (tok.startsWith('-')) return { output: `error: unknown shorthand flag: '${tok[1]}' in ${tok}`, ok: false };
    else return { output: `error: unexpected arguments: [${tokens.slice(i).join(' ')}]`, ok: false };
  }
  if (output === 'wide') return { output: 'error: "kubectl api-resources -o wide" is not simulated here', ok: false };
  if (output !== '' && output !== 'name') return { output: `error: --output ${output} is not available`, ok: false };
  if (sortBy !== '' && sortBy !== 'name' && sortBy !== 'kind')
    return { output: `error: --sort-by accepts only name or kind`, ok: false };

  // The preferred version of each resource (ServerPreferredResources): autoscaling/v1 is not listed; events.k8s.io
  // is a group of its own, so its Event is.
  const rows = [...RESOURCES, ...custom].filter(
    (r) =>
      (!r.alternateVersion || (r.group === 'events.k8s.io' && !r.crd)) &&
      (namespaced === undefined || r.namespaced === namespaced) &&
      (apiGroup === undefined || r.group === apiGroup),
  );
  const key = (r: ResourceInfo) => (sortBy === 'name' ? r.resource : sortBy === 'kind' ? r.kind : r.group);
  const sorted = [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? -1 : 1;
    return a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0;
  });
  if (output === 'name')
    return { output: sorted.map((r) => (r.group ? `${r.resource}.${r.group}` : r.resource)).join('\n'), ok: true };
  const table = sorted.map((r) => [
    r.resource,
    (r.shortNames ?? []).join(','),
    apiVersionOf(r),
    String(r.namespaced),
    r.kind,
  ]);
  if (headers) table.unshift(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND']);
  return { output: formatTable(table), ok: true };
}
