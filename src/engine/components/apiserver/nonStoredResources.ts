/**
 * The resources whose REST storage keeps nothing in etcd (their ResourceInfo's `rest`):
 * - the reviews, create-only: pkg/registry/authentication/{tokenreview,selfsubjectreview} and
 *   pkg/registry/authorization/{subjectaccessreview,selfsubjectaccessreview,localsubjectaccessreview,
 *   selfsubjectrulesreview}/rest.go answer in the returned object's `status` and store nothing;
 * - componentstatuses, read-only: pkg/registry/core/componentstatus/rest.go probes each control-plane component's
 *   health endpoint on every GET.
 * Any other verb has no route: the apiserver answers 404 for a GET of a review by name (which is why `kubectl apply`
 * then creates it) and 405 for the rest. Not modelled: the access reviews' validation that their metadata is empty
 * (pkg/apis/authorization/validation), whose message prints the whole ObjectMeta as Go syntax — so a named access
 * review is answered here where a real apiserver answers 422.
 */
import type { ApiRequest, StatusError, UserInfo } from '../../messages';
import { componentStatuses } from '../../objects/componentStatuses';
import { RESOURCES, type ResourceInfo } from '../../objects/resources';
import type { KObject } from '../../types';
import { authorize, isSystemComponent } from './authorize';
import { METHOD_NOT_ALLOWED, NO_ROUTE } from '../../apiserver/statusErrors';

interface NonStoredAnswer {
  error?: StatusError;
  object?: KObject;
  items?: KObject[];
  status?: number;
}

/**
 * What the apiserver answers to `req` on a resource without storage; `rbac` holds the cluster's RBAC objects, `down`
 * the components a fault has stopped (their health probes fail).
 */
export function answerNonStored(
  req: ApiRequest,
  info: ResourceInfo,
  rbac: KObject[],
  now = 0,
  down: readonly string[] = [],
): NonStoredAnswer {
  if (info.rest === 'read') {
    if (req.verb === 'get') {
      const cs = componentStatuses(down).find((c) => c.metadata.name === req.name);
      return cs
        ? { object: cs, status: 200 }
        : {
            error: {
              code: 404,
              reason: 'NotFound',
              message: `componentstatuses "${req.name}" not found`,
              details: { kind: 'componentstatuses', name: req.name },
            },
          };
    }
    if (req.verb === 'list') return { items: componentStatuses(down), status: 200 };
    return { error: METHOD_NOT_ALLOWED };
  }
  // rest === 'create': the reviews.
  if (req.verb === 'get') return { error: NO_ROUTE };
  if (req.verb !== 'create' || !req.body) return { error: METHOD_NOT_ALLOWED };
  return answerReview(req.body, req.user, req.namespace, rbac, now);
}

/** The reviews' Create: the request object with its `status` filled in, answered 201 and never stored. */
export function answerReview(
  body: KObject,
  user: UserInfo,
  namespace: string | undefined,
  rbac: KObject[],
  now = 0,
): NonStoredAnswer {
  const spec = body.spec ?? {};
  const answer = (status: Record<string, unknown>): NonStoredAnswer => ({
    object: { ...body, metadata: { ...body.metadata }, status },
    status: 201,
  });
  switch (body.kind) {
    case 'SelfSubjectReview':
      // selfsubjectreview/rest.go: a new object, stamped now, with the requester's own user info.
      return {
        object: {
          apiVersion: body.apiVersion,
          kind: body.kind,
          metadata: { creationTimestamp: now },
          status: { userInfo: { username: user.name, groups: user.groups } },
        } as KObject,
        status: 201,
      };
    case 'TokenReview':
      // tokenreview/storage.go: the token is checked before the authenticators see it.
      if (!spec.token)
        return {
          error: { code: 400, reason: 'BadRequest', message: 'token is required for TokenReview in authentication' },
        };
      // Podyssey issues no tokens an authenticator could recognise: the token does not authenticate.
      return answer({ user: {} });
    case 'SelfSubjectRulesReview':
      return answer(rulesFor(user, String(spec.namespace ?? ''), rbac));
    case 'LocalSubjectAccessReview': {
      const attrs = spec.resourceAttributes;
      // localsubjectaccessreview/rest.go: the review may only ask about its own namespace.
      if (attrs && attrs.namespace !== namespace)
        return {
          error: {
            code: 400,
            reason: 'BadRequest',
            message: `spec.resourceAttributes.namespace must match namespace: ${namespace ?? ''}`,
          },
        };
      return answer({ allowed: allowed(subjectOf(spec), attrs, rbac) });
    }
    case 'SubjectAccessReview':
      return answer({ allowed: allowed(subjectOf(spec), spec.resourceAttributes, rbac) });
    default: // SelfSubjectAccessReview
      return answer({ allowed: allowed(user, spec.resourceAttributes, rbac) });
  }
}

function subjectOf(spec: any): UserInfo {
  return { name: String(spec.user ?? ''), groups: Array.isArray(spec.groups) ? spec.groups.map(String) : [] };
}

/** The RBAC authorizer's answer for resourceAttributes (non-resource attributes are not modelled: denied). */
function allowed(user: UserInfo, attrs: any, rbac: KObject[]): boolean {
  if (!attrs) return isSystemComponent(user);
  const group = String(attrs.group ?? '');
  const resource = String(attrs.resource ?? '');
  const known = RESOURCES.find((r) => r.group === group && r.resource === resource);
  const info: ResourceInfo = known ?? {
    kind: '',
    group,
    version: String(attrs.version ?? ''),
    resource,
    namespaced: !!attrs.namespace,
    etcdPrefix: resource,
    simulated: false,
    singular: resource,
  };
  const decision = authorize(
    {
      user,
      verb: String(attrs.verb ?? ''),
      info,
      namespace: attrs.namespace || undefined,
      name: attrs.name || undefined,
      subresource: attrs.subresource || undefined,
    },
    isSystemComponent(user) ? [] : rbac,
  );
  return decision.allowed;
}

/** The RBAC rule resolver: every rule of the roles bound to the user, cluster-wide or in `namespace`. */
function rulesFor(user: UserInfo, namespace: string, rbac: KObject[]) {
  if (isSystemComponent(user))
    return {
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
    };
  const matches = (s: any) =>
    (s.kind === 'User' && s.name === user.name) ||
    (s.kind === 'Group' && user.groups.includes(s.name)) ||
    (s.kind === 'ServiceAccount' && user.name === `system:serviceaccount:${s.namespace}:${s.name}`);
  const resourceRules: unknown[] = [];
  const nonResourceRules: unknown[] = [];
  for (const b of rbac) {
    if (b.kind !== 'ClusterRoleBinding' && !(b.kind === 'RoleBinding' && b.metadata.namespace === namespace)) continue;
    if (!(b.subjects ?? []).some(matches)) continue;
    const ref = b.roleRef ?? {};
    const role = rbac.find(
      (o) =>
        o.kind === ref.kind &&
        o.metadata.name === ref.name &&
        (ref.kind === 'ClusterRole' || o.metadata.namespace === b.metadata.namespace),
    );
    for (const rule of role?.rules ?? []) {
      if (rule.nonResourceURLs) {
        if (b.kind === 'ClusterRoleBinding')
          nonResourceRules.push({ verbs: rule.verbs, nonResourceURLs: rule.nonResourceURLs });
      } else resourceRules.push(rule);
    }
  }
  return { resourceRules, nonResourceRules, incomplete: false };
}
