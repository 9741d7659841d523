import type { Deployment, ReplicaSet } from '../../../objects/typed';
import { describe, expect, it } from 'vitest';
import { newRSNewReplicas, resolveFenceposts, setCondition } from './rollout';

const d = (replicas: number, ru?: object, type = 'RollingUpdate') =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { replicas, strategy: { type, rollingUpdate: ru } },
  }) as Deployment;

describe('rollout arithmetic (deployment_util.go)', () => {
  it('ResolveFenceposts: surge rounds up, unavailable down (pkg/apis/apps/v1/defaults.go)', () => {
    expect(resolveFenceposts(d(3))).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    expect(resolveFenceposts(d(4))).toEqual({ maxSurge: 1, maxUnavailable: 1 });
    expect(resolveFenceposts(d(10))).toEqual({ maxSurge: 3, maxUnavailable: 2 });
    expect(resolveFenceposts(d(3, { maxSurge: 0, maxUnavailable: 0 }))).toEqual({ maxSurge: 0, maxUnavailable: 1 });
  });
  it('NewRSNewReplicas: a fresh Deployment starts at full size; a rollout grows by the surge', () => {
    expect(newRSNewReplicas(d(3), [], undefined)).toBe(3);
    const old = { ...d(3), kind: 'ReplicaSet', spec: { replicas: 3 } } as unknown as ReplicaSet;
    expect(newRSNewReplicas(d(3), [old], undefined)).toBe(1);
  });
  it('SetDeploymentCondition moves a changed condition to the end', () => {
    const c = (type: string, status: 'True' | 'False', reason: string) => ({
      type,
      status,
      reason,
      message: '',
      lastUpdateTime: 0,
      lastTransitionTime: 0,
    });
    let conds = setCondition([], c('Progressing', 'True', 'NewReplicaSetCreated'));
    conds = setCondition(conds, c('Available', 'False', 'MinimumReplicasUnavailable'));
    conds = setCondition(conds, c('Available', 'True', 'MinimumReplicasAvailable'));
    conds = setCondition(conds, c('Progressing', 'True', 'NewReplicaSetAvailable'));
    expect(conds.map((x) => x.type)).toEqual(['Available', 'Progressing']);
    expect(setCondition(conds, c('Available', 'True', 'MinimumReplicasAvailable'))).toBe(conds);
  });
});
