/** The store's inputs: the manifest the editor holds, the example it came from, and the cluster options. */
import { findScenario } from '../../scenarios';
import type { GetState, SetState } from './sliceTypes';

export interface InputsState {
  yaml: string;
  scenarioId: string | null;
  nodes?: number;
  seed?: number;
  /** The "metrics-server installed" cluster option; undefined: as the scenario says (kind's default: none). */
  metricsServer?: boolean;
}

export interface InputsActions {
  setYaml(yaml: string): void;
  setMetricsServer(on: boolean): void;
  loadScenario(id: string, opts?: { apply?: boolean; step?: number }): Promise<void>;
  resetToScenario(): void;
}

export function inputsSlice(set: SetState, get: GetState, initial: Partial<InputsState>): InputsState & InputsActions {
  return {
    yaml: initial.yaml ?? '',
    scenarioId: initial.scenarioId ?? null,
    nodes: initial.nodes,
    seed: initial.seed,
    metricsServer: initial.metricsServer,

    setYaml: (yaml) => set({ yaml }),
    setMetricsServer: (on) => set({ metricsServer: on }),

    loadScenario: async (id, opts) => {
      const scenario = findScenario(id);
      if (!scenario) return;
      // A scenario brings its own cluster: a metrics-server choice made for another manifest does not carry over.
      set({ yaml: scenario.input.yaml, scenarioId: id, dialog: null, metricsServer: undefined });
      if (opts?.apply !== false) await get().apply({ step: opts?.step });
    },

    resetToScenario: () => {
      const scenario = findScenario(get().scenarioId ?? '');
      if (!scenario) return;
      // The learner asked for it, so no question: the edits become the previous draft, one click from coming back.
      const { yaml } = get();
      if (yaml.trim() && yaml !== scenario.input.yaml) get().stashDraft();
      set({ yaml: scenario.input.yaml });
    },
  };
}
