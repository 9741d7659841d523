/**
 * TaintToleration (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go).
 * Filter: the first NoSchedule/NoExecute taint the pod does not tolerate rejects the node,
 * UnschedulableAndUnresolvable. Score: the number of PreferNoSchedule taints not tolerated by the pod's
 * PreferNoSchedule (or effect-less) tolerations, reverse-normalised so fewer is better.
 */
import {
  findMatchingUntoleratedTaint,
  tolerationsTolerateTaint,
  type Taint,
  type Toleration,
} from '../../../../objects/labels';
import { defaultNormalizeScore, MAX_NODE_SCORE } from '../normalizeScore';
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

/** helper.DoNotScheduleTaintsFilterFunc */
export function doNotScheduleTaint(t: Taint): boolean {
  return t.effect === 'NoSchedule' || t.effect === 'NoExecute';
}

function untoleratedTaintReason(taint: Taint, generic: boolean): string {
  // PR #134740 dropped key and value from the message (taints can be sensitive); v1.34.0 still prints them.
  return generic
    ? 'node(s) had untolerated taint(s)'
    : `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
}

const STATE = 'PreScoreTaintToleration';

export const taintToleration: Plugin = {
  name: 'TaintToleration',
  filter(ctx, node) {
    // Most nodes have no taints: answered without walking (and allocating an iterator over) the pod's tolerations.
    if (node.taints.length === 0) return undefined;
    const taint = findMatchingUntoleratedTaint(node.taints, ctx.pod.pod.spec?.tolerations, doNotScheduleTaint);
    if (!taint) return undefined;
    return newStatus('UnschedulableAndUnresolvable', untoleratedTaintReason(taint, ctx.options.genericTaintMessage));
  },
  preScore(ctx) {
    // getAllTolerationPreferNoSchedule: an empty effect means all effects, so it counts too.
    const tols = ((ctx.pod.pod.spec?.tolerations ?? []) as Toleration[]).filter(
      (t) => !t.effect || t.effect === 'PreferNoSchedule',
    );
    ctx.state.set(STATE, tols);
    return undefined;
  },
  score(ctx, node) {
    if (node.taints.length === 0) return 0;
    const tols = ctx.state.get(STATE) as Toleration[];
    let n = 0;
    for (const t of node.taints) {
      if (t.effect !== 'PreferNoSchedule') continue;
      if (!tolerationsTolerateTaint(tols, t)) n++;
    }
    return n;
  },
  normalizeScore(_ctx, scores) {
    defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
  },
};
