import type { Scenario } from './Scenario';
import { deployment } from './manifests';

export const accessScenarios: Scenario[] = [
  {
    id: 'unauthorized',
    family: 'access',
    title: '401: the kubeconfig credentials are not valid',
    lesson: 'Authentication happens first: with a bad token nothing else is even looked at.',
    input: { yaml: deployment({}), cluster: { user: { name: 'kubernetes-admin', token: 'invalid' } } },
  },
  {
    id: 'forbidden',
    family: 'access',
    title: '403: RBAC lets jane view but not create',
    lesson: 'jane may get deployments (ClusterRole view) so the apply’s GET works, but the create is forbidden.',
    input: {
      yaml: deployment({}),
      cluster: {
        user: { name: 'jane', groups: ['system:authenticated'] },
        rbac: [
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'RoleBinding',
            metadata: { name: 'jane-view', namespace: 'default' },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
            subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }],
          },
        ],
      },
    },
  },
  {
    id: 'forbidden-get',
    family: 'access',
    title: '403 on the first request: jane has no role at all',
    lesson: 'kubectl apply starts with a GET, so the first thing that fails is "retrieving current configuration".',
    input: { yaml: deployment({}), cluster: { user: { name: 'jane', groups: ['system:authenticated'] } } },
  },
  {
    id: 'deny-latest-tag',
    family: 'access',
    title: 'A ValidatingAdmissionPolicy rejects :latest',
    lesson: 'Validating admission runs after validation; the policy denies images tagged latest (or untagged).',
    input: { yaml: deployment({ image: 'nginx:latest' }), cluster: { admission: { denyLatestTag: true } } },
  },
  {
    id: 'sidecar-injection',
    family: 'access',
    title: 'A mutating webhook injects a sidecar',
    lesson:
      'The Pods end up with two containers although the template has one: mutating admission changed them on the way in.',
    input: {
      yaml: deployment({ replicas: 2 }),
      cluster: {
        admission: {
          injectSidecar: {
            name: 'log-agent',
            image: 'busybox:1.36',
            command: ['sh', '-c', 'while true; do sleep 30; done'],
          },
        },
      },
    },
  },
];
