/** The eviction subresource's decision (pkg/registry/core/pod/storage/eviction.go, eviction_test.go). */
import { describe, expect, it } from 'vitest';
import { makePod } from '../../testing/builders';
import type { KObject } from '../../types';
import { EVICTION_REFUSED, planEviction, withDisruptionTarget } from './evictionREST';

const pod = (ready = true) => makePod('web-a').labels({ app: 'web' }).node('node-1').ready(ready).obj();

function pdb(name: string, status: Record<string, unknown>, extra: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'default', generation: 1 },
    spec: { selector: { matchLabels: { app: 'web' } }, minAvailable: 2, ...extra },
    status: { observedGeneration: 1, ...status },
  };
}

describe('planEviction (EvictionREST.Create)', () => {
  it('429 TooManyRequests with the DisruptionBudget cause when no disruption is allowed (checkAndDecrement)', () => {
    const plan = planEviction(
      pod(),
      [pdb('web-pdb', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 })],
      5,
    );
    expect(plan).toMatchObject({
      type: 'refuse',
      pdb: 'web-pdb',
      error: {
        code: 429,
        reason: 'TooManyRequests',
        message: "Cannot evict pod as it would violate the pod's disruption budget.",
        details: {
          retryAfterSeconds: 0,
          reasons: [
            {
              reason: 'DisruptionBudget',
              message: 'The disruption budget web-pdb needs 2 healthy pods and has 2 currently',
            },
          ],
        },
      },
    });
  });

  it('429 "still being processed" while the controller has not observed the generation (createTooManyRequestsError)', () => {
    const p = pdb('web-pdb', { observedGeneration: 0, disruptionsAllowed: 1 });
    const plan = planEviction(pod(), [p], 5);
    expect(plan.type === 'refuse' && plan.error.message).toBe(EVICTION_REFUSED);
    expect(plan.type === 'refuse' && plan.error.details).toEqual({
      retryAfterSeconds: 10,
      reasons: [
        {
          reason: 'DisruptionBudget',
          message: 'The disruption budget web-pdb is still being processed by the server.',
        },
      ],
    });
  });

  it('500 with more than one PodDisruptionBudget', () => {
    const plan = planEviction(pod(), [pdb('a', { disruptionsAllowed: 1 }), pdb('b', { disruptionsAllowed: 1 })], 5);
    expect(plan.type === 'refuse' && plan.error).toEqual({
      code: 500,
      reason: '',
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    });
  });

  it('403 when disruptionsAllowed is negative', () => {
    const plan = planEviction(pod(), [pdb('web-pdb', { disruptionsAllowed: -1 })], 5);
    expect(plan.type === 'refuse' && plan.error.message).toBe(
      'poddisruptionbudget.policy "web-pdb" is forbidden: pdb disruptions allowed is negative',
    );
  });

  it('spends one disruption, records the Pod in disruptedPods and turns DisruptionAllowed False at 0', () => {
    const plan = planEviction(
      pod(),
      [pdb('web-pdb', { disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 2 })],
      7,
    );
    expect(plan.type).toBe('evict');
    const status = plan.type === 'evict' ? plan.pdb!.status : undefined;
    expect(status).toMatchObject({ disruptionsAllowed: 0, disruptedPods: { 'web-a': 7 } });
    expect(status.conditions).toEqual([
      expect.objectContaining({ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods' }),
    ]);
  });

  it('lets a Pending, terminal or deleting Pod go without a budget check (canIgnorePDB)', () => {
    const none = [pdb('web-pdb', { disruptionsAllowed: 0 })];
    const pending = makePod('web-a').labels({ app: 'web' }).obj();
    expect(planEviction(pending, none, 5)).toMatchObject({ type: 'evict' });
    const deleting = makePod('web-a').labels({ app: 'web' }).node('node-1').deleting().obj();
    expect(planEviction(deleting, none, 5)).toMatchObject({ type: 'evict', why: 'it is already being deleted' });
  });

  it('an unready Pod goes without spending the budget when the budget is met, or with AlwaysAllow', () => {
    const met = pdb('web-pdb', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 });
    expect(planEviction(pod(false), [met], 5)).toEqual({
      type: 'evict',
      why: 'it is not Ready and web-pdb has 2 healthy Pods of 2 needed',
    });
    const short = pdb('web-pdb', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2 });
    expect(planEviction(pod(false), [short], 5).type).toBe('refuse');
    const always = pdb(
      'web-pdb',
      { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2 },
      { unhealthyPodEvictionPolicy: 'AlwaysAllow' },
    );
    expect(planEviction(pod(false), [always], 5).type).toBe('evict');
  });

  it('an empty selector matches nothing for the eviction API', () => {
    const empty = { ...pdb('all', { disruptionsAllowed: 0 }), spec: { selector: {}, minAvailable: 2 } };
    expect(planEviction(pod(), [empty], 5)).toEqual({ type: 'evict', why: 'no PodDisruptionBudget selects it' });
  });

  it('adds DisruptionTarget=True, EvictionByEvictionAPI (addConditionAndDeletePod)', () => {
    expect(withDisruptionTarget(pod(), 9).status.conditions).toContainEqual({
      type: 'DisruptionTarget',
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: 9,
      reason: 'EvictionByEvictionAPI',
      message: 'Eviction API: evicting',
    });
  });
});
