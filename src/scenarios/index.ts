/** The built-in scenario gallery: one list, used by the app's example picker, the CLI's --scenario and the tests. */
import { accessScenarios } from './accessScenarios';
import { admissionScenarios } from './admissionScenarios';
import { batchScenarios } from './batchScenarios';
import { containerScenarios } from './containerScenarios';
import { crdScenarios } from './crdScenarios';
import { disruptionScenarios } from './disruptionScenarios';
import { execScenarios } from './execScenarios';
import { autoscalingScenarios } from './autoscalingScenarios';
import { faultScenarios } from './faultScenarios';
import { journeyScenarios } from './journeyScenarios';
import { namespaceScenarios } from './namespaceScenarios';
import { networkScenarios } from './networkScenarios';
import { pendingScenarios } from './pendingScenarios';
import { probeScenarios } from './probeScenarios';
import { rolloutScenarios } from './rolloutScenarios';
import type { Scenario } from './Scenario';
import { statefulSetScenarios } from './statefulSetScenarios';
import { validationScenarios } from './validationScenarios';
import { workloadScenarios } from './workloadScenarios';

export type { Scenario } from './Scenario';

export const SCENARIOS: readonly Scenario[] = [
  ...journeyScenarios,
  ...namespaceScenarios,
  ...pendingScenarios,
  ...containerScenarios,
  ...probeScenarios,
  ...networkScenarios,
  ...rolloutScenarios,
  ...batchScenarios,
  ...statefulSetScenarios,
  ...faultScenarios,
  ...accessScenarios,
  ...admissionScenarios,
  ...validationScenarios,
  ...workloadScenarios,
  ...disruptionScenarios,
  ...autoscalingScenarios,
  ...crdScenarios,
  ...execScenarios,
];

export const DEFAULT_SCENARIO_ID = 'happy-path';

export function findScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}
