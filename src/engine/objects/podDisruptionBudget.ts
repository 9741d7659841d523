/**
 * A PodDisruptionBudget's status as the disruption controller and the eviction subresource both write it, and the
 * DisruptionAllowed condition rules they share (component-helpers/apps/poddisruptionbudget/helpers.go). Times are
 * virtual milliseconds.
 */
import type { KObject } from '../types';

interface PdbCondition {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
  observedGeneration?: number;
  lastTransitionTime: number;
}

export interface PdbStatus {
  observedGeneration?: number;
  disruptedPods?: Record<string, number>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: PdbCondition[];
}

/** meta.SetStatusCondition: the transition time moves only when the status changes. */
export function setCondition(conditions: PdbCondition[], c: Omit<PdbCondition, 'lastTransitionTime'>, now: number) {
  const i = conditions.findIndex((x) => x.type === c.type);
  if (i < 0) return [...conditions, { ...c, lastTransitionTime: now }];
  const old = conditions[i]!;
  const next = [...conditions];
  next[i] = { ...c, lastTransitionTime: old.status === c.status ? old.lastTransitionTime : now };
  return next;
}

/** pdbhelper.UpdateDisruptionAllowedCondition: SufficientPods when a disruption is allowed, else InsufficientPods. */
export function withDisruptionAllowedCondition(status: PdbStatus, now: number): PdbStatus {
  const allowed = status.disruptionsAllowed > 0;
  return {
    ...status,
    conditions: setCondition(
      status.conditions ?? [],
      {
        type: 'DisruptionAllowed',
        status: allowed ? 'True' : 'False',
        reason: allowed ? 'SufficientPods' : 'InsufficientPods',
        message: '',
        observedGeneration: status.observedGeneration,
      },
      now,
    ),
  };
}

/** pdbhelper.ConditionsAreUpToDate. */
export function conditionsUpToDate(pdb: KObject): boolean {
  const st = pdb.status as PdbStatus | undefined;
  const cond = st?.conditions?.find((c) => c.type === 'DisruptionAllowed');
  if (!cond || st?.observedGeneration !== pdb.metadata.generation) return false;
  return st!.disruptionsAllowed > 0
    ? cond.status === 'True' && cond.reason === 'SufficientPods'
    : cond.status === 'False' && cond.reason === 'InsufficientPods';
}
