/**
 * The store's first state, from the URL (docs/CONTRACTS.md §8), the saved draft and the first-visit flag. Pure apart from
 * the `env` it is given, so it is tested without a browser.
 */
import { isLanguage } from '../i18n/languages';
import { LANG_KEY, resolveLanguage } from '../i18n/resolveLanguage';
import { DEFAULT_SCENARIO_ID, findScenario } from '../scenarios';
import type { InitialState } from '../ui/store/createAppStore';
import { isPristine, type Draft } from '../ui/store/draft';
import type { UrlOptions } from './urlOptions';
import type { Theme } from '../ui/viewOptions';

export const DRAFT_KEY = 'podyssey:draft:v1';
/** The draft an import, an example, a link or Reset replaced last (restorable, even after a reload). */
export const PREVIOUS_DRAFT_KEY = 'podyssey:draft:v1:previous';
/** This tab's draft while another tab's different draft holds DRAFT_KEY (both are kept). */
export const CONFLICT_DRAFT_KEY = 'podyssey:draft:v1:conflict';
export const INTRO_KEY = 'podyssey:intro-dismissed';
export const THEME_KEY = 'podyssey:theme';

interface BootEnv {
  storage: Pick<Storage, 'getItem'> | null;
  prefersReducedMotion: boolean;
  /** navigator.languages, for the UI language when neither the link nor a saved choice decides. */
  languages?: readonly string[];
  /** An embed (embed.html or a framed page): no drafts read or kept, never asks before replacing. */
  embed?: boolean;
  /** The location's fragment: a `#s=1.…` manifest is decoded (asynchronously) at startup. */
  hash?: string;
}

function readDraft(storage: BootEnv['storage'], key = DRAFT_KEY): Draft | null {
  try {
    return parseDraft(storage?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

/** A stored draft's JSON, or null when it is missing or not a draft. */
export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft> | null;
    return d && typeof d.yaml === 'string'
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
  /** The `#s=…` value to decode and open at startup, if any. */
  share: string | null;
  /**
   * The learner's unsaved draft that opening this link would replace (null when there is none, when it equals
   * what the link brings, or in an embed): the app asks before replacing it.
   */
  draftAtRisk: Draft | null;
}

function savedItem(storage: BootEnv['storage'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function bootState(url: UrlOptions, env: BootEnv): Boot {
  const linked = url.scenario ? findScenario(url.scenario) : undefined;
  const share = env.hash ? shareValue(env.hash) : null;
  const storedDraft = env.embed ? null : readDraft(env.storage);
  const draftAtRisk =
    (linked || share) && storedDraft && !isPristine(storedDraft) && storedDraft.yaml !== linked?.input.yaml
      ? storedDraft
      : null;
  const draft = linked ? null : storedDraft;
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
      metricsServer: url.metricsServer,
      speed: url.speed,
      // An embed keeps every step unless told (`steps=key`): course pages already script `next` step by step.
      steps: url.steps ?? (env.embed ? undefined : 'key'),
      layoutView: url.view ?? (env.embed ? 'diagram' : undefined),
      reducedMotion,
      lang: pickLanguage(url.lang, env),
      introOpen: env.embed ? false : introOpen,
      theme: url.theme ?? themeOf(savedItem(env.embed ? null : env.storage, THEME_KEY)) ?? 'system',
      controls: url.controls ?? 'full',
      present: url.present ?? false,
      embed: !!env.embed,
      previousDraft: env.embed ? null : readDraft(env.storage, PREVIOUS_DRAFT_KEY),
    },
    // An embed always shows a run: a course page has no Apply button to press first.
    applyOnStart: !!env.embed || !!linked || url.step !== undefined || url.autoplay === true,
    startStep: url.step,
    autoplay: url.autoplay === true && !reducedMotion,
    share,
    draftAtRisk,
  };
}

function pickLanguage(param: string | undefined, env: BootEnv): string {
  const lang = resolveLanguage(param, savedItem(env.embed ? null : env.storage, LANG_KEY), env.languages);
  return isLanguage(lang) ? lang : 'en';
}

function themeOf(value: string | null): Theme | undefined {
  return value === 'light' || value === 'dark' || value === 'system' ? value : undefined;
}

function shareValue(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of h.split('&')) if (part.startsWith('s=')) return part.slice(2);
  return null;
}
