/**
 * RBAC authorization (plugin/pkg/auth/authorizer/rbac): a request is allowed when some ClusterRoleBinding, or a
 * RoleBinding in the request's namespace, binds a subject matching the user to a role with a matching rule.
 * Control-plane identities (system:kube-scheduler, system:node:*, controller-manager) are allowed outright here:
 * their real permissions come from bootstrap roles and the Node authorizer, which Podyssey does not model.
 */
import type { UserInfo } from '../../messages';
import type { ResourceInfo } from '../../objects/resources';
import type { KObject } from '../../types';

interface AuthzRequest {
  user: UserInfo;
  verb: string;
  info: ResourceInfo;
  namespace?: string;
  name?: string;
  subresource?: string;
}

interface AuthzDecision {
  allowed: boolean;
  /** Binding that allowed it, for narration. */
  via?: string;
}

export function isSystemComponent(user: UserInfo): boolean {
  if (user.groups.includes('system:masters')) return true;
  return user.name.startsWith('system:') && !user.name.startsWith('system:serviceaccount:');
}

export function authorize(req: AuthzRequest, rbac: KObject[]): AuthzDecision {
  if (isSystemComponent(req.user))
    return {
      allowed: true,
      via: req.user.groups.includes('system:masters') ? 'group system:masters' : 'system component',
    };
  const roles = new Map<string, KObject>();
  for (const o of rbac) {
    if (o.kind === 'ClusterRole') roles.set(`ClusterRole/${o.metadata.name}`, o);
    if (o.kind === 'Role') roles.set(`Role/${o.metadata.namespace}/${o.metadata.name}`, o);
  }
  for (const b of rbac) {
    if (b.kind !== 'ClusterRoleBinding' && b.kind !== 'RoleBinding') continue;
    if (b.kind === 'RoleBinding' && b.metadata.namespace !== req.namespace) continue;
    if (!(b.subjects ?? []).some((s: any) => subjectMatches(s, req.user))) continue;
    const ref = b.roleRef ?? {};
    const role =
      ref.kind === 'ClusterRole'
        ? roles.get(`ClusterRole/${ref.name}`)
        : roles.get(`Role/${b.metadata.namespace}/${ref.name}`);
    if (!role) continue;
    if ((role.rules ?? []).some((r: any) => ruleAllows(r, req)))
      return { allowed: true, via: `${b.kind} ${b.metadata.name} → ${ref.kind} ${ref.name}` };
  }
  return { allowed: false };
}

/**
 * A non-resource URL (`/healthz`, `/logs/*`): allowed by a ClusterRole rule with `nonResourceURLs` bound through a
 * ClusterRoleBinding (RoleBindings cannot grant them), a trailing `*` matching any suffix.
 */
export function authorizeNonResource(user: UserInfo, verb: string, url: string, rbac: KObject[]): boolean {
  if (isSystemComponent(user)) return true;
  const roles = new Map(rbac.filter((o) => o.kind === 'ClusterRole').map((o) => [o.metadata.name, o]));
  for (const b of rbac) {
    if (b.kind !== 'ClusterRoleBinding') continue;
    if (!(b.subjects ?? []).some((s: any) => subjectMatches(s, user))) continue;
    const rules = (roles.get(b.roleRef?.name)?.rules ?? []) as Array<{ verbs?: string[]; nonResourceURLs?: string[] }>;
    for (const r of rules) {
      const verbOk = (r.verbs ?? []).some((v) => v === '*' || v === verb);
      const urlOk = (r.nonResourceURLs ?? []).some(
        (u) => u === '*' || u === url || (u.endsWith('*') && url.startsWith(u.slice(0, -1))),
      );
      if (verbOk && urlOk) return true;
    }
  }
  return false;
}

function subjectMatches(s: any, user: UserInfo): boolean {
  if (s.kind === 'User') return s.name === user.name;
  if (s.kind === 'Group') return user.groups.includes(s.name);
  if (s.kind === 'ServiceAccount') return user.name === `system:serviceaccount:${s.namespace}:${s.name}`;
  return false;
}

function ruleAllows(rule: any, req: AuthzRequest): boolean {
  const has = (list: unknown, v: string) => Array.isArray(list) && (list.includes('*') || list.includes(v));
  const resource = req.subresource ? `${req.info.resource}/${req.subresource}` : req.info.resource;
  if (!has(rule.verbs, req.verb)) return false;
  if (!has(rule.apiGroups, req.info.group)) return false;
  if (!has(rule.resources, resource)) return false;
  if (Array.isArray(rule.resourceNames) && rule.resourceNames.length > 0) {
    return !!req.name && rule.resourceNames.includes(req.name);
  }
  return true;
}

/**
 * The Forbidden message (k8s.io/apiserver responsewriters.forbiddenMessage + apierrors.NewForbidden):
 * `deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "default"`.
 */
export function forbiddenMessage(req: AuthzRequest): string {
  const qualified = req.info.group ? `${req.info.resource}.${req.info.group}` : req.info.resource;
  const resource = req.subresource ? `${req.info.resource}/${req.subresource}` : req.info.resource;
  const scope = req.info.namespaced && req.namespace ? `in the namespace "${req.namespace}"` : 'at the cluster scope';
  const who = req.name ? `${qualified} "${req.name}"` : qualified;
  return `${who} is forbidden: User "${req.user.name}" cannot ${req.verb} resource "${resource}" in API group "${req.info.group}" ${scope}`;
}
