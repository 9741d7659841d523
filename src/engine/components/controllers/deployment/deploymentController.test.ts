/** The Deployment controller on the controller harness (pkg/controller/deployment). */
import { describe, expect, it } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import type { KObject } from '../../../types';
import { findScenario } from '../../../../scenarios';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';
import { deploymentController, newRevisionAnnotations } from './deploymentController';

const REV = 'deployment.kubernetes.io/revision';
const HISTORY = 'deployment.kubernetes.io/revision-history';

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

describe('revision annotations (deployment_util.go SetNewReplicaSetAnnotations, SetDeploymentRevision)', () => {
  it('a rolled-back ReplicaSet takes the next revision and keeps the old one in revision-history', () => {
    expect(newRevisionAnnotations({ [REV]: '1' }, 3)).toEqual({ [REV]: '3', [HISTORY]: '1' });
    expect(newRevisionAnnotations({ [REV]: '3', [HISTORY]: '1' }, 5)).toEqual({ [REV]: '5', [HISTORY]: '1,3' });
    // Never lowered.
    expect(newRevisionAnnotations({ [REV]: '4' }, 3)).toEqual({ [REV]: '4' });
  });

  it('update then rollout undo: the Deployment and its new ReplicaSet read revision 2, then 3', () => {
    const run = simulate(findScenario('rolling-update')!.input);
    const objects = objectsOf(worldAt(run, run.steps.length - 1));
    const d = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'web')!;
    const rss = objects.filter(
      (o) => o.kind === 'ReplicaSet' && o.metadata.ownerReferences?.[0]?.uid === d.metadata.uid,
    );
    const annotations = rss.map((rs) => [rs.metadata.annotations?.[REV], rs.metadata.annotations?.[HISTORY]]).sort();
    expect(annotations).toEqual([
      ['2', undefined],
      ['3', '1'],
    ]);
    expect(d.metadata.annotations?.[REV]).toBe('3');
  });
});
