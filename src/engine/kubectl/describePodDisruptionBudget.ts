/**
 * `kubectl describe pdb` (staging/src/k8s.io/kubectl/pkg/describe/describe.go describePodDisruptionBudgetV1): the
 * budget (min available or max unavailable), the selector, and the status the disruption controller keeps.
 */
import type { KEvent, KObject } from '../types';
import { describeEvents } from './describeEvents';
import { eventsFor } from './describeHelpers';
import { selectorString } from './labels';
import { LEVEL_0, LEVEL_2, PrefixWriter } from './prefixWriter';

export function describePodDisruptionBudget(pdb: KObject, ctx: { now: number; events: KEvent[] }): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${pdb.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${pdb.metadata.namespace ?? ''}\n`);
  const { minAvailable, maxUnavailable, selector } = pdb.spec ?? {};
  if (minAvailable !== undefined && minAvailable !== null) w.write(LEVEL_0, `Min available:\t${minAvailable}\n`);
  else if (maxUnavailable !== undefined && maxUnavailable !== null)
    w.write(LEVEL_0, `Max unavailable:\t${maxUnavailable}\n`);
  // LabelSelectorAsSelector(nil) is labels.Nothing(), whose String() is "".
  w.write(LEVEL_0, `Selector:\t${selectorString(selector)}\n`);
  const st = pdb.status ?? {};
  w.write(LEVEL_0, 'Status:\n');
  w.write(LEVEL_2, `Allowed disruptions:\t${st.disruptionsAllowed ?? 0}\n`);
  w.write(LEVEL_2, `Current:\t${st.currentHealthy ?? 0}\n`);
  w.write(LEVEL_2, `Desired:\t${st.desiredHealthy ?? 0}\n`);
  w.write(LEVEL_2, `Total:\t${st.expectedPods ?? 0}\n`);
  describeEvents(eventsFor(pdb, ctx.events), w, ctx.now);
  return w.render();
}
