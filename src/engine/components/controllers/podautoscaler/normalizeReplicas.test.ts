/** horizontal.go's stabilizeRecommendation and convertDesiredReplicasWithRules (horizontal_test.go TestNormalizeDesiredReplicas). */
import { describe, expect, it } from 'vitest';
import {
  convertDesiredReplicasWithRules,
  setCondition,
  stabilizeRecommendation,
  type HpaCondition,
} from './normalizeReplicas';

describe('normalizeDesiredReplicas', () => {
  it('keeps the highest recommendation of the last 5 minutes on the way down, then lets it go', () => {
    const recs = [{ replicas: 7, at: 0 }];
    expect(stabilizeRecommendation(recs, 1, 60_000)).toBe(7);
    expect(stabilizeRecommendation(recs, 1, 299_000)).toBe(7);
    // At 301 s the 7 is older than the window: it is replaced by this sample.
    expect(stabilizeRecommendation(recs, 1, 301_000)).toBe(1);
    expect(recs).toEqual([
      { replicas: 1, at: 301_000 },
      { replicas: 1, at: 60_000 },
      { replicas: 1, at: 299_000 },
    ]);
  });

  it('clamps to min, max and the scale-up limit max(2 × current, 4), naming the rule', () => {
    expect(convertDesiredReplicasWithRules(1, 5, 1, 10)).toEqual({
      replicas: 4,
      reason: 'ScaleUpLimit',
      message: 'the desired replica count is increasing faster than the maximum scale rate',
    });
    expect(convertDesiredReplicasWithRules(4, 12, 1, 5).reason).toBe('TooManyReplicas');
    expect(convertDesiredReplicasWithRules(4, 12, 1, 5).replicas).toBe(5);
    expect(convertDesiredReplicasWithRules(3, 1, 2, 10)).toMatchObject({ replicas: 2, reason: 'TooFewReplicas' });
    expect(convertDesiredReplicasWithRules(3, 5, 1, 10)).toMatchObject({ replicas: 5, reason: 'DesiredWithinRange' });
  });

  it('keeps a condition’s lastTransitionTime while its status holds', () => {
    const cs: HpaCondition[] = [];
    setCondition(cs, 'AbleToScale', 'True', 'SucceededGetScale', 'm', 10);
    setCondition(cs, 'AbleToScale', 'True', 'ReadyForNewScale', 'n', 20);
    expect(cs).toEqual([
      { type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', message: 'n', lastTransitionTime: 10 },
    ]);
    setCondition(cs, 'AbleToScale', 'False', 'FailedGetScale', 'x', 30);
    expect(cs[0].lastTransitionTime).toBe(30);
  });
});
