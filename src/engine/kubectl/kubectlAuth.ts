/**
 * `kubectl auth can-i VERB TYPE[/NAME] [-n NS | -A] [--subresource S] [--as USER] [--as-group G]`, answered by the
 * apiserver's own RBAC authorizer (components/apiserver/authorize.ts) against the Roles and bindings in the world —
 * what a SelfSubjectAccessReview returns. kubectl prints `yes` or `no` (exit 1), and its own warnings first
 * (staging/src/k8s.io/kubectl/pkg/cmd/auth/cani.go: unknown verb, unknown resource type, a namespace given for a
 * cluster-scoped resource).
 */
import type { WorldState } from '../api';
import { authorize, authorizeNonResource } from '../components/apiserver/authorize';
import type { UserInfo } from '../messages';
import { resolveResource } from './resourceInfo';

/** cani.go knownResourceVerbs. */
const KNOWN_VERBS = new Set([
  'get',
  'list',
  'watch',
  'create',
  'update',
  'patch',
  'delete',
  'deletecollection',
  'use',
  'bind',
  'impersonate',
  'escalate',
  'approve',
  'sign',
  '*',
]);

const RBAC_KINDS = new Set(['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']);

export function answerCanI(tokens: string[], world: WorldState, user: UserInfo): { output: string; ok: boolean } {
  let namespace = 'default';
  let explicitNamespace = false;
  let allNamespaces = false;
  let subresource: string | undefined;
  let as: string | undefined;
  const asGroups: string[] = [];
  const args: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const [name, inline] = tok.startsWith('--') && tok.includes('=') ? tok.split(/=(.*)/s, 2) : [tok, undefined];
    const value = () => inline ?? tokens[++i] ?? '';
    if (name === '-n' || name === '--namespace') {
      namespace = value();
      explicitNamespace = true;
    } else if (name === '-A' || name === '--all-namespaces') allNamespaces = true;
    else if (name === '--subresource') subresource = value();
    else if (name === '--as') as = value();
    else if (name === '--as-group') asGroups.push(value());
    else if (name === '-q' || name === '--quiet') continue;
    else if (name.startsWith('-')) return { output: `error: unknown flag: ${name}`, ok: false };
    else args.push(tok);
  }
  if (args.length < 2)
    return { output: 'error: you must specify two arguments: verb resource or verb resource/resourceName.', ok: false };
  const [verb, target] = args;
  const who: UserInfo = as
    ? { name: as, groups: [...asGroups, 'system:authenticated'] }
    : asGroups.length
      ? { ...user, groups: [...user.groups, ...asGroups] }
      : user;
  const rbac = [...world.etcd.values()].filter((o) => RBAC_KINDS.has(o.kind));
  const warnings: string[] = [];
  if (!KNOWN_VERBS.has(verb)) warnings.push(`Warning: verb '${verb}' is not a known verb`);
  if (target.startsWith('/')) {
    const allowed = authorizeNonResource(who, verb, target, rbac);
    return { output: [...warnings, allowed ? 'yes' : 'no'].join('\n'), ok: allowed };
  }
  const [type, name] = target.split('/');
  const info = resolveResource(type);
  if (!info) {
    warnings.push(`Warning: the server doesn't have a resource type '${type}'`);
    return { output: [...warnings, 'no'].join('\n'), ok: false };
  }
  if (!info.namespaced && explicitNamespace)
    warnings.push(`Warning: resource '${info.resource}' is not namespace scoped`);
  const decision = authorize(
    {
      user: who,
      verb,
      info,
      namespace: info.namespaced && !allNamespaces ? namespace : undefined,
      name,
      subresource,
    },
    rbac,
  );
  return { output: [...warnings, decision.allowed ? 'yes' : 'no'].join('\n'), ok: decision.allowed };
}
