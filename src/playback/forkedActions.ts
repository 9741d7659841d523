import type { SimulationInput, TimedAction, UserAction } from '../engine/api';

/**
 * The actions a fork keeps when no engine is at hand to say where each action landed: the parent's step-timed
 * actions before the fork point. A time-placed action cannot be placed this way, so `BranchEngines.fork` asks the
 * parent's engine instead (`Engine.actionsBefore`), which is what `Engine.fork` itself keeps.
 */
export function forkedActions(parent: SimulationInput, atStep: number, action: UserAction): TimedAction[] {
  const kept = (parent.actions ?? []).filter((a) => a.atStep !== undefined && a.atStep < atStep);
  return [...kept, { atStep, action }];
}
