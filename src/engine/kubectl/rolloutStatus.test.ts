import { describe, it, expect } from 'vitest';
import type { KObject } from '../types';
import { deploymentRolloutStatus, rolloutStatusLines } from './rolloutStatus';
import * as T from './testObjects';

function snap(rv: number, status: any, generation = 1): KObject {
  const d = T.deployment();
  d.metadata.resourceVersion = String(rv);
  d.metadata.generation = generation;
  d.status = status;
  return d;
}

describe('rollout status (DeploymentStatusViewer.Status)', () => {
  it('prints the kubectl polymorphichelpers/rollout_status.go sequence for a fresh rollout', () => {
    const snaps = [
      snap(1, {}),
      snap(2, { observedGeneration: 1, replicas: 3, updatedReplicas: 3 }),
      snap(3, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 1, availableReplicas: 1 }),
      snap(4, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 2, availableReplicas: 2 }),
      snap(5, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 }),
      snap(6, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, readyReplicas: 3, availableReplicas: 3 }),
    ];
    expect(rolloutStatusLines(snaps)).toEqual([
      'Waiting for deployment spec update to be observed...',
      'Waiting for deployment "web" rollout to finish: 0 of 3 updated replicas are available...',
      'Waiting for deployment "web" rollout to finish: 1 of 3 updated replicas are available...',
      'Waiting for deployment "web" rollout to finish: 2 of 3 updated replicas are available...',
      'deployment "web" successfully rolled out',
    ]);
  });

  it('prints one line per watch event (repeats allowed), collapsing repeated snapshots of one version', () => {
    const a = snap(2, { observedGeneration: 1, replicas: 3, updatedReplicas: 3 });
    const b = snap(3, {
      observedGeneration: 1,
      replicas: 3,
      updatedReplicas: 3,
      conditions: [{ type: 'Available', status: 'False' }],
    });
    const lines = rolloutStatusLines([a, a, b]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(lines[1]);
    expect(rolloutStatusLines([a, a, b], { onlyChanges: true })).toHaveLength(1);
  });

  it('reports new replicas not yet updated and old replicas pending termination', () => {
    expect(
      deploymentRolloutStatus(snap(1, { observedGeneration: 2, replicas: 4, updatedReplicas: 1 }, 2)).message,
    ).toBe('Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...');
    expect(
      deploymentRolloutStatus(snap(1, { observedGeneration: 2, replicas: 4, updatedReplicas: 3 }, 2)).message,
    ).toBe('Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...');
  });

  it('stops with an error when the progress deadline is exceeded', () => {
    const s = deploymentRolloutStatus(
      snap(1, {
        observedGeneration: 1,
        replicas: 3,
        updatedReplicas: 3,
        conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
      }),
    );
    expect(s).toEqual({ message: 'error: deployment "web" exceeded its progress deadline', done: true, error: true });
  });

  it('stops printing after success', () => {
    const done = snap(5, { observedGeneration: 1, replicas: 3, updatedReplicas: 3, availableReplicas: 3 });
    expect(rolloutStatusLines([done, snap(6, {})])).toEqual(['deployment "web" successfully rolled out']);
  });
});
