/**
 * helper.DefaultNormalizeScore (pkg/scheduler/framework/plugins/helper/normalize_score.go): scale to
 * [0, maxPriority] by the maximum (integer division); `reverse` flips it. When every score is 0, reverse gives
 * everyone maxPriority and non-reverse leaves zeros.
 */
import type { NodeScore } from './plugin';

export const MAX_NODE_SCORE = 100;

export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: NodeScore[]): void {
  let maxCount = 0;
  for (const s of scores) if (s.score > maxCount) maxCount = s.score;
  if (maxCount === 0) {
    if (reverse) for (const s of scores) s.score = maxPriority;
    return;
  }
  for (const s of scores) {
    let v = Math.trunc((maxPriority * s.score) / maxCount);
    if (reverse) v = maxPriority - v;
    s.score = v;
  }
}
