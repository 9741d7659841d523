import { describe, expect, it } from 'vitest';
import { resourceForKind } from '../../objects/resources';
import { authorize, forbiddenMessage } from './authorize';

const rbac = [
  {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'view' },
    rules: [{ apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch'] }],
  },
  {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'jane-view', namespace: 'default' },
    roleRef: { kind: 'ClusterRole', name: 'view' },
    subjects: [{ kind: 'User', name: 'jane' }],
  },
  {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'cluster-admin' },
    rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }],
  },
  {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: 'kubeadm:cluster-admins' },
    roleRef: { kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ kind: 'Group', name: 'kubeadm:cluster-admins' }],
  },
];
const deploy = resourceForKind('Deployment');
const jane = { name: 'jane', groups: ['system:authenticated'] };

describe('RBAC authorization', () => {
  it('the kubeadm admin group is bound to cluster-admin', () => {
    const d = authorize(
      {
        user: { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins'] },
        verb: 'create',
        info: deploy,
        namespace: 'default',
      },
      rbac,
    );
    expect(d).toEqual({ allowed: true, via: 'ClusterRoleBinding kubeadm:cluster-admins → ClusterRole cluster-admin' });
  });
  it('a RoleBinding grants only its namespace and verbs', () => {
    expect(authorize({ user: jane, verb: 'get', info: deploy, namespace: 'default', name: 'web' }, rbac).allowed).toBe(
      true,
    );
    expect(authorize({ user: jane, verb: 'get', info: deploy, namespace: 'prod', name: 'web' }, rbac).allowed).toBe(
      false,
    );
    expect(authorize({ user: jane, verb: 'create', info: deploy, namespace: 'default' }, rbac).allowed).toBe(false);
  });
  it('forbidden texts match the apiserver (kubectl pkg/cmd/util/helpers.go StandardErrorMessage)', () => {
    expect(forbiddenMessage({ user: jane, verb: 'create', info: deploy, namespace: 'default' })).toBe(
      'deployments.apps is forbidden: User "jane" cannot create resource "deployments" in API group "apps" in the namespace "default"',
    );
    expect(forbiddenMessage({ user: jane, verb: 'get', info: deploy, namespace: 'default', name: 'web' })).toBe(
      'deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "default"',
    );
    expect(forbiddenMessage({ user: jane, verb: 'list', info: resourceForKind('Pod'), namespace: 'default' })).toBe(
      'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"',
    );
    expect(forbiddenMessage({ user: jane, verb: 'list', info: resourceForKind('Node') })).toBe(
      'nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope',
    );
  });
});
