/** The Deployment controller on the controller harness (pkg/controller/deployment). */
import { describe, expect, it } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import type { KObject } from '../../../types';
import { deploymentController } from './deploymentController';

const deploy: KObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'd-1', generation: 1 },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
  },
};

describe('deploymentController', () => {
  it('creates the new ReplicaSet, then writes the revision and NewReplicaSetCreated, one write at a time', () => {
    const p = controllerProbe(deploymentController);
    p.watch('ADDED', deploy);
    p.runUntil(5_000);
    const lines = p.requests.map((r) => `${r.verb} ${r.resourceKind}${r.subresource ? '/status' : ''}`);
    expect(lines.slice(0, 2)).toEqual(['create ReplicaSet', 'update Deployment/status']);
    expect(p.requests[0].body?.metadata.name).toMatch(/^web-[a-z0-9]{9,10}$/);
  });

  it('retries a failed write with per-item back-off rather than at once (syncDeployment returns the error)', () => {
    const p = controllerProbe(deploymentController, () => ({
      status: 500,
      error: { code: 500, reason: 'InternalError', message: 'etcdserver: request timed out' },
    }));
    p.watch('ADDED', deploy);
    p.runUntil(1_000);
    const at = p.sim.steps.filter((s) => s.to.component === 'kube-apiserver').map((s) => s.time);
    expect(at.length).toBeGreaterThan(5);
    expect(at.length).toBeLessThan(12);
    for (let i = 2; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThan(at[i - 1] - at[i - 2]);
  });
});
