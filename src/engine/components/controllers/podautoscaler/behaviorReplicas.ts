/**
 * The HPA's normalisation when `spec.behavior` is set (pkg/controller/podautoscaler/horizontal.go v1.34,
 * normalizeDesiredReplicasWithBehaviors): a stabilisation window in each direction over the recorded
 * recommendations (stabilizeRecommendationWithBehaviors), then the rate the scaling policies allow over their periods,
 * counted from the controller's own recent scale events (convertDesiredReplicasWithBehaviorRate with
 * calculateScaleUpLimitWithScalingRules / calculateScaleDownLimitWithBehaviors). The apiserver has filled the
 * behavior's defaults (Pods 4 and Percent 100 per 15 s up, Percent 100 per 15 s down, selectPolicy Max).
 */
import type { Recommendation } from './normalizeReplicas';

export interface ScalingPolicy {
  type: 'Pods' | 'Percent';
  value: number;
  periodSeconds: number;
}

export interface ScalingRules {
  stabilizationWindowSeconds?: number;
  selectPolicy?: 'Max' | 'Min' | 'Disabled';
  policies?: ScalingPolicy[];
}

export interface ScaleEvent {
  change: number;
  at: number;
}

/** stabilizeRecommendationWithBehaviors: the current count brought within [lowest recent up, highest recent down]. */
export function stabilizeWithBehaviors(
  recs: Recommendation[],
  args: { current: number; desired: number; up: ScalingRules; down: ScalingRules },
  now: number,
): { replicas: number; reason: string; message: string } {
  const upCutoff = now - (args.up.stabilizationWindowSeconds ?? 0) * 1000;
  const downCutoff = now - (args.down.stabilizationWindowSeconds ?? 300) * 1000;
  let up = args.desired;
  let down = args.desired;
  let oldIndex = -1;
  recs.forEach((r, i) => {
    if (r.at > upCutoff) up = Math.min(r.replicas, up);
    if (r.at > downCutoff) down = Math.max(r.replicas, down);
    if (r.at < upCutoff && r.at < downCutoff) oldIndex = i;
  });
  let replicas = args.current;
  if (replicas < up) replicas = up;
  if (replicas > down) replicas = down;
  if (oldIndex >= 0) recs[oldIndex] = { replicas: args.desired, at: now };
  else recs.push({ replicas: args.desired, at: now });
  return args.desired >= args.current
    ? {
        replicas,
        reason: 'ScaleUpStabilized',
        message: 'recent recommendations were lower than current one, applying the lowest recent recommendation',
      }
    : {
        replicas,
        reason: 'ScaleDownStabilized',
        message: 'recent recommendations were higher than current one, applying the highest recent recommendation',
      };
}

/** getReplicasChangePerPeriod. */
const changeIn = (periodSeconds: number, events: readonly ScaleEvent[], now: number) =>
  events.filter((e) => e.at > now - periodSeconds * 1000).reduce((sum, e) => sum + e.change, 0);

function scaleUpLimit(
  current: number,
  ups: readonly ScaleEvent[],
  downs: readonly ScaleEvent[],
  rules: ScalingRules,
  now: number,
) {
  if (rules.selectPolicy === 'Disabled') return current;
  const min = rules.selectPolicy === 'Min';
  let result = min ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
  for (const p of rules.policies ?? []) {
    const start = current - changeIn(p.periodSeconds, ups, now) + changeIn(p.periodSeconds, downs, now);
    const proposed = p.type === 'Pods' ? start + p.value : Math.ceil(start * (1 + p.value / 100));
    result = min ? Math.min(result, proposed) : Math.max(result, proposed);
  }
  return result;
}

function scaleDownLimit(
  current: number,
  ups: readonly ScaleEvent[],
  downs: readonly ScaleEvent[],
  rules: ScalingRules,
  now: number,
) {
  if (rules.selectPolicy === 'Disabled') return current;
  const min = rules.selectPolicy === 'Min';
  let result = min ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
  for (const p of rules.policies ?? []) {
    const start = current - changeIn(p.periodSeconds, ups, now) + changeIn(p.periodSeconds, downs, now);
    const proposed = p.type === 'Pods' ? start - p.value : Math.trunc(start * (1 - p.value / 100));
    result = min ? Math.max(result, proposed) : Math.min(result, proposed);
  }
  return result;
}

/** convertDesiredReplicasWithBehaviorRate. */
export function convertWithBehaviorRate(
  args: { current: number; desired: number; min: number; max: number; up: ScalingRules; down: ScalingRules },
  events: { ups: readonly ScaleEvent[]; downs: readonly ScaleEvent[] },
  now: number,
): { replicas: number; reason: string; message: string } {
  if (args.desired > args.current) {
    const limit = Math.max(scaleUpLimit(args.current, events.ups, events.downs, args.up, now), args.current);
    const [allowed, reason, message] =
      args.max > limit
        ? [limit, 'ScaleUpLimit', 'the desired replica count is increasing faster than the maximum scale rate']
        : [args.max, 'TooManyReplicas', 'the desired replica count is more than the maximum replica count'];
    if (args.desired > allowed) return { replicas: allowed, reason, message };
  } else if (args.desired < args.current) {
    const limit = Math.min(scaleDownLimit(args.current, events.ups, events.downs, args.down, now), args.current);
    const [allowed, reason, message] =
      args.min < limit
        ? [limit, 'ScaleDownLimit', 'the desired replica count is decreasing faster than the maximum scale rate']
        : [args.min, 'TooFewReplicas', 'the desired replica count is less than the minimum replica count'];
    if (args.desired < allowed) return { replicas: allowed, reason, message };
  }
  return {
    replicas: args.desired,
    reason: 'DesiredWithinRange',
    message: 'the desired count is within the acceptable range',
  };
}
