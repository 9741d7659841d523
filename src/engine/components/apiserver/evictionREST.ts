/**
 * The eviction subresource, POST pods/NAME/eviction with a policy/v1 Eviction (pkg/registry/core/pod/storage/
 * eviction.go, EvictionREST.Create, v1.34): what the apiserver decides before it deletes the Pod. A terminal or
 * Pending Pod, or one already being deleted, is deleted without looking at budgets (canIgnorePDB); more than one
 * PodDisruptionBudget selecting the Pod is a 500; an unready Pod may go without spending the budget when the budget
 * is met (or its unhealthyPodEvictionPolicy is AlwaysAllow); otherwise checkAndDecrement either refuses with 429
 * TooManyRequests or takes one disruption off `disruptionsAllowed` and records the Pod in `status.disruptedPods`.
 * The deletion then adds the DisruptionTarget condition (addConditionAndDeletePod) and deletes the Pod gracefully.
 */
import type { StatusError } from '../../messages';
import { labelSelectorAsSelector, selectorIsEmpty, selectorMatches } from '../../objects/labels';
import type { KObject } from '../../types';
import { withDisruptionAllowedCondition, type PdbStatus } from '../../objects/podDisruptionBudget';

/** MaxDisruptedPodSize: evictions approved but not yet seen by the disruption controller. */
const MAX_DISRUPTED_POD_SIZE = 2000;

export const EVICTION_REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";

type EvictionPlan =
  /** The request fails with this status; `pdb` is the budget that refused it. */
  | { type: 'refuse'; error: StatusError; pdb?: string; why: string }
  /** The Pod goes; `pdb` is the budget's new version to store first when one disruption was spent. */
  | { type: 'evict'; pdb?: KObject; why: string };

/** podutil.IsPodReady: the Ready condition is True. */
function isReady(pod: KObject): boolean {
  return (pod.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True');
}

/** canIgnorePDB: a Pod that is finished, not started, or already going caused (or causes) no new disruption. */
export function canIgnorePDB(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return (
    phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || pod.metadata.deletionTimestamp !== undefined
  );
}

/** getPodDisruptionBudgets: a nil or empty selector matches nothing here (unlike the disruption controller's). */
function budgetsForPod(pod: KObject, pdbs: readonly KObject[]): KObject[] {
  return pdbs.filter((pdb) => {
    if (pdb.metadata.namespace !== pod.metadata.namespace) return false;
    const sel = labelSelectorAsSelector(pdb.spec?.selector);
    return sel !== null && !selectorIsEmpty(sel) && selectorMatches(sel, pod.metadata.labels);
  });
}

/** createTooManyRequestsError and checkAndDecrement's 429: the message and the DisruptionBudget cause. */
function tooManyRequests(cause: string, retryAfterSeconds: number): StatusError {
  return {
    code: 429,
    reason: 'TooManyRequests',
    message: EVICTION_REFUSED,
    details: { retryAfterSeconds, reasons: [{ reason: 'DisruptionBudget', message: cause }] },
  };
}

/** errors.NewForbidden(policy.Resource("poddisruptionbudget"), name, err). */
function forbidden(name: string, why: string): StatusError {
  return {
    code: 403,
    reason: 'Forbidden',
    message: `poddisruptionbudget.policy "${name}" is forbidden: ${why}`,
    details: { kind: 'poddisruptionbudget', group: 'policy', name },
  };
}

/**
 * What evicting `pod` does, given the PodDisruptionBudgets of its namespace, at virtual time `now`.
 * EvictionREST.Create up to the deletion, and checkAndDecrement.
 */
export function planEviction(pod: KObject, pdbs: readonly KObject[], now: number): EvictionPlan {
  if (canIgnorePDB(pod))
    return {
      type: 'evict',
      why:
        pod.metadata.deletionTimestamp !== undefined
          ? 'it is already being deleted'
          : `it is ${pod.status?.phase}: no budget is checked`,
    };
  const matching = budgetsForPod(pod, pdbs);
  if (matching.length > 1)
    return {
      type: 'refuse',
      // The handler returns a Status with code 500, which the client reads as an error with this message.
      error: {
        code: 500,
        reason: '',
        message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
      },
      why: `${matching.length} PodDisruptionBudgets select it`,
    };
  const pdb = matching[0];
  if (!pdb) return { type: 'evict', why: 'no PodDisruptionBudget selects it' };
  const name = pdb.metadata.name;
  const st = (pdb.status ?? {}) as Partial<PdbStatus>;
  const current = st.currentHealthy ?? 0;
  const desired = st.desiredHealthy ?? 0;
  if (!isReady(pod)) {
    // An unready Pod does not count towards currentHealthy: deleting it spends nothing when the budget is met.
    if (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow')
      return { type: 'evict', why: `it is not Ready and ${name} has unhealthyPodEvictionPolicy AlwaysAllow` };
    if (current >= desired && desired > 0)
      return { type: 'evict', why: `it is not Ready and ${name} has ${current} healthy Pods of ${desired} needed` };
  }
  // checkAndDecrement.
  if ((st.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0))
    return {
      type: 'refuse',
      error: tooManyRequests(`The disruption budget ${name} is still being processed by the server.`, 10),
      pdb: name,
      why: `the disruption controller has not yet processed generation ${pdb.metadata.generation} of ${name}`,
    };
  const allowed = st.disruptionsAllowed ?? 0;
  if (allowed < 0)
    return {
      type: 'refuse',
      error: forbidden(name, 'pdb disruptions allowed is negative'),
      pdb: name,
      why: 'disruptionsAllowed is negative',
    };
  if (Object.keys(st.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE)
    return {
      type: 'refuse',
      error: forbidden(name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller'),
      pdb: name,
      why: 'too many evictions are not confirmed yet',
    };
  if (allowed === 0)
    return {
      type: 'refuse',
      error: tooManyRequests(
        `The disruption budget ${name} needs ${desired} healthy pods and has ${current} currently`,
        0,
      ),
      pdb: name,
      why: `${name} allows 0 disruptions: it needs ${desired} healthy Pods and has ${current}`,
    };
  let status: PdbStatus = {
    ...(st as PdbStatus),
    disruptionsAllowed: allowed - 1,
    disruptedPods: { ...(st.disruptedPods ?? {}), [pod.metadata.name]: now },
  };
  if (status.disruptionsAllowed === 0) status = withDisruptionAllowedCondition(status, now);
  return {
    type: 'evict',
    pdb: { ...pdb, status } as KObject,
    why: `${name} allows ${allowed} disruption(s): one is spent (${allowed - 1} left)`,
  };
}

/** addConditionAndDeletePod's conditionAppender: DisruptionTarget=True, EvictionByEvictionAPI. */
export function withDisruptionTarget(pod: KObject, now: number): KObject {
  const conditions = [...(pod.status?.conditions ?? [])];
  const cond = {
    type: 'DisruptionTarget',
    status: 'True',
    lastProbeTime: null,
    lastTransitionTime: now,
    reason: 'EvictionByEvictionAPI',
    message: 'Eviction API: evicting',
  };
  const i = conditions.findIndex((c: any) => c.type === 'DisruptionTarget');
  // podutil.UpdatePodCondition keeps the transition time when the status does not change.
  if (i >= 0)
    conditions[i] = {
      ...cond,
      lastTransitionTime: conditions[i].status === 'True' ? conditions[i].lastTransitionTime : now,
    };
  else conditions.push(cond);
  return { ...pod, status: { ...pod.status, conditions } };
}
