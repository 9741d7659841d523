/**
 * The store's first state, from the URL (DESIGN.md §8), the saved draft and the first-visit flag. Pure apart from
 * the `env` it is given, so it is tested without a browser.
 */
import { isLanguage } from '../i18n/languages';
import { DEFAULT_SCENARIO_ID, findScenario } from '../scenarios';
import type { InitialState } from './store/createAppStore';
import type { UrlOptions } from './urlOptions';

export const DRAFT_KEY = 'podyssey:draft:v1';
export const INTRO_KEY = 'podyssey:intro-dismissed';

export interface Draft {
  yaml: string;
  scenarioId: string | null;
}

export interface BootEnv {
  storage: Pick<Storage, 'getItem'> | null;
  prefersReducedMotion: boolean;
}

export function readDraft(storage: BootEnv['storage']): Draft | null {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    return typeof d.yaml === 'string'
      ? { yaml: d.yaml, scenarioId: typeof d.scenarioId === 'string' ? d.scenarioId : null }
      : null;
  } catch {
    return null;
  }
}

export interface Boot {
  initial: InitialState;
  /** Run the simulation at once (a link asked for a scenario or a step), landing on this 1-based step. */
  applyOnStart: boolean;
  startStep?: number;
  autoplay: boolean;
}

export function bootState(url: UrlOptions, env: BootEnv): Boot {
  const linked = url.scenario ? findScenario(url.scenario) : undefined;
  const draft = linked ? null : readDraft(env.storage);
  const fallback = findScenario(DEFAULT_SCENARIO_ID)!;
  const yaml = linked?.input.yaml ?? draft?.yaml ?? fallback.input.yaml;
  const scenarioId = linked?.id ?? (draft ? draft.scenarioId : fallback.id);
  const reducedMotion = url.motion === 'reduced' || (url.motion !== 'full' && env.prefersReducedMotion);
  let introOpen: boolean;
  try {
    introOpen = !env.storage?.getItem(INTRO_KEY);
  } catch {
    introOpen = true;
  }
  return {
    initial: {
      yaml,
      scenarioId,
      nodes: url.nodes,
      seed: url.seed,
      speed: url.speed,
      layoutView: url.view,
      reducedMotion,
      lang: url.lang && isLanguage(url.lang) ? url.lang : 'en',
      introOpen,
    },
    applyOnStart: !!linked || url.step !== undefined || url.autoplay === true,
    startStep: url.step,
    autoplay: url.autoplay === true && !reducedMotion,
  };
}
