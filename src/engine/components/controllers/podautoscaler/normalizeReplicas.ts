/**
 * What the HPA does with a metric's recommendation before it scales (pkg/controller/podautoscaler/horizontal.go,
 * v1.34): `stabilizeRecommendation` keeps the highest recommendation of the downscale stabilisation window (5 min,
 * --horizontal-pod-autoscaler-downscale-stabilization) so a dip in load does not scale down at once, and
 * `convertDesiredReplicasWithRules` clamps to minReplicas/maxReplicas and to the scale-up limit
 * (max(2 × current, 4)), naming the rule that limited it — the ScalingLimited condition.
 */

export const DOWNSCALE_STABILIZATION_WINDOW_MS = 5 * 60_000;

export interface Recommendation {
  replicas: number;
  at: number;
}

export interface HpaCondition {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
  lastTransitionTime?: number;
}

/** stabilizeRecommendation: records this recommendation (replacing one older than the window) and returns the max. */
export function stabilizeRecommendation(
  recs: Recommendation[],
  prenormalized: number,
  now: number,
  windowMs = DOWNSCALE_STABILIZATION_WINDOW_MS,
): number {
  let max = prenormalized;
  let oldIndex = -1;
  const cutoff = now - windowMs;
  recs.forEach((r, i) => {
    if (r.at < cutoff) oldIndex = i;
    else if (r.replicas > max) max = r.replicas;
  });
  if (oldIndex >= 0) recs[oldIndex] = { replicas: prenormalized, at: now };
  else recs.push({ replicas: prenormalized, at: now });
  return max;
}

/** calculateScaleUpLimit: scaleUpLimitFactor 2, scaleUpLimitMinimum 4. */
const scaleUpLimit = (current: number) => Math.max(2 * current, 4);

export function convertDesiredReplicasWithRules(
  current: number,
  desired: number,
  min: number,
  max: number,
): { replicas: number; reason: string; message: string } {
  const limit = scaleUpLimit(current);
  const [maxAllowed, reason, message] =
    max > limit
      ? [limit, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']
      : [max, 'TooManyReplicas', 'the desired replica count is more than the maximum replica count'];
  if (desired < min)
    return {
      replicas: min,
      reason: 'TooFewReplicas',
      message: 'the desired replica count is less than the minimum replica count',
    };
  if (desired > maxAllowed) return { replicas: maxAllowed, reason, message };
  return {
    replicas: desired,
    reason: 'DesiredWithinRange',
    message: 'the desired count is within the acceptable range',
  };
}

/** setCondition: replaces the condition of that type, keeping its lastTransitionTime unless the status changed. */
export function setCondition(
  conditions: HpaCondition[],
  type: string,
  status: 'True' | 'False',
  reason: string,
  message: string,
  now: number,
): void {
  const i = conditions.findIndex((c) => c.type === type);
  const prev = i >= 0 ? conditions[i] : undefined;
  const next: HpaCondition = {
    type,
    status,
    reason,
    message,
    lastTransitionTime: prev && prev.status === status ? prev.lastTransitionTime : now,
  };
  if (i >= 0) conditions[i] = next;
  else conditions.push(next);
}
