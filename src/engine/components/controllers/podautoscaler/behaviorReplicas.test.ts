/**
 * horizontal.go's behaviors path (horizontal_test.go TestNormalizeDesiredReplicasWithBehavior,
 * TestScalingWithRules, TestGenerateScaleUpRules' defaults): windows both ways and the policies' rates.
 */
import { describe, expect, it } from 'vitest';
import { convertWithBehaviorRate, stabilizeWithBehaviors, type ScalingRules } from './behaviorReplicas';

const UP: ScalingRules = {
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
};
const DOWN: ScalingRules = {
  stabilizationWindowSeconds: 300,
  selectPolicy: 'Max',
  policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
};

describe('normalizeDesiredReplicasWithBehaviors', () => {
  it('holds a scale-down at the highest recommendation of the down window, and lets a scale-up through at once', () => {
    const recs = [{ replicas: 5, at: 100_000 }];
    expect(stabilizeWithBehaviors(recs, { current: 5, desired: 2, up: UP, down: DOWN }, 200_000)).toEqual({
      replicas: 5,
      reason: 'ScaleDownStabilized',
      message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
    });
    expect(stabilizeWithBehaviors([], { current: 2, desired: 6, up: UP, down: DOWN }, 0).replicas).toBe(6);
    // An up window of 60 s keeps the lowest recent recommendation.
    const slowUp = { ...UP, stabilizationWindowSeconds: 60 };
    const r = stabilizeWithBehaviors(
      [{ replicas: 3, at: 10_000 }],
      { current: 3, desired: 8, up: slowUp, down: DOWN },
      40_000,
    );
    expect(r).toMatchObject({ replicas: 3, reason: 'ScaleUpStabilized' });
  });

  it('limits the rate by the policies over their periods, counting the controller’s recent rescales', () => {
    const none = { ups: [], downs: [] };
    // The defaults: max(4 Pods, 100%) per 15 s from 1 → 5.
    expect(convertWithBehaviorRate({ current: 1, desired: 10, min: 1, max: 10, up: UP, down: DOWN }, none, 0)).toEqual({
      replicas: 5,
      reason: 'ScaleUpLimit',
      message: 'the desired replica count is increasing faster than the maximum scale rate',
    });
    // One Pod per minute, and one was added 30 s ago: no further scale-up in this period.
    const onePerMinute: ScalingRules = {
      selectPolicy: 'Max',
      policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }],
    };
    const added = { ups: [{ change: 1, at: 30_000 }], downs: [] };
    expect(
      convertWithBehaviorRate({ current: 2, desired: 6, min: 1, max: 10, up: onePerMinute, down: DOWN }, added, 60_000)
        .replicas,
    ).toBe(2);
    // Down by at most 50% per 15 s: 8 → 4, limited.
    const halfDown: ScalingRules = {
      selectPolicy: 'Max',
      policies: [{ type: 'Percent', value: 50, periodSeconds: 15 }],
    };
    expect(
      convertWithBehaviorRate({ current: 8, desired: 1, min: 1, max: 10, up: UP, down: halfDown }, none, 0),
    ).toMatchObject({
      replicas: 4,
      reason: 'ScaleDownLimit',
    });
    expect(
      convertWithBehaviorRate(
        { current: 3, desired: 3, min: 1, max: 10, up: { selectPolicy: 'Disabled' }, down: DOWN },
        none,
        0,
      ).reason,
    ).toBe('DesiredWithinRange');
  });
});
