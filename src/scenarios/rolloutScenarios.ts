import type { Scenario } from './Scenario';
import { NGINX_DEPLOYMENT_AND_SERVICE } from './manifests';

export const rolloutScenarios: Scenario[] = [
  {
    id: 'scale-up-down',
    family: 'rollout',
    title: 'Scale up to 5, then down to 2',
    lesson: 'Scaling changes only the ReplicaSet’s replicas; the ReplicaSet controller creates or deletes Pods.',
    input: {
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [
        { atMs: 20_000, action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: 5 } },
        { atMs: 45_000, action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: 2 } },
      ],
    },
  },
  {
    id: 'rolling-update',
    family: 'rollout',
    title: 'Rolling update to a new image, then rollback',
    lesson:
      'A new template gets a new ReplicaSet; with maxSurge 1 and maxUnavailable 0 the Deployment adds one new Pod before removing an old one.',
    input: {
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [
        {
          atMs: 20_000,
          action: { type: 'set-image', deployment: 'web', container: 'nginx', image: 'nginx:1.28-alpine' },
        },
        { atMs: 70_000, action: { type: 'rollout-undo', deployment: 'web' } },
      ],
    },
  },
];
