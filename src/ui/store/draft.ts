import { DEFAULT_SCENARIO_ID, findScenario } from '../../scenarios';

/** What the editor holds and autosaves: the manifest text and the example it started from. */
export interface Draft {
  yaml: string;
  scenarioId: string | null;
}

/** A draft is unsaved work when it differs from the example it came from (or from the default example). */
export function isPristine(draft: Draft): boolean {
  const origin = findScenario(draft.scenarioId ?? DEFAULT_SCENARIO_ID);
  return !!origin && origin.input.yaml === draft.yaml;
}
