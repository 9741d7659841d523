/** The built-in scenario gallery: one list, used by the app's example picker, the CLI's --scenario and the tests. */
import { accessScenarios } from './accessScenarios';
import { containerScenarios } from './containerScenarios';
import { faultScenarios } from './faultScenarios';
import { journeyScenarios } from './journeyScenarios';
import { networkScenarios } from './networkScenarios';
import { pendingScenarios } from './pendingScenarios';
import { probeScenarios } from './probeScenarios';
import { rolloutScenarios } from './rolloutScenarios';
import type { Scenario } from './Scenario';
import { validationScenarios } from './validationScenarios';
import { workloadScenarios } from './workloadScenarios';

export type { Scenario } from './Scenario';

export const SCENARIOS: readonly Scenario[] = [
  ...journeyScenarios,
  ...pendingScenarios,
  ...containerScenarios,
  ...probeScenarios,
  ...networkScenarios,
  ...rolloutScenarios,
  ...faultScenarios,
  ...accessScenarios,
  ...validationScenarios,
  ...workloadScenarios,
];

export const DEFAULT_SCENARIO_ID = 'happy-path';

export function findScenario(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id);
}
