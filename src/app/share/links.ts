/**
 * Share links (docs/CONTRACTS.md §8): the options as query parameters, the manifest and interventions in `#s=1.…`, the
 * step. `shareUrl` builds the link for what the learner sees; the app keeps its own URL in step with it.
 */
import { findScenario } from '../../scenarios';
import type { AppState } from '../../ui/store/createAppStore';
import { encodeShare } from './shareCodec';

/** Above this many characters a link is likely to be cut off by chat apps and mail clients. */
export const LONG_LINK = 2000;

type LinkState = Pick<
  AppState,
  | 'yaml'
  | 'scenarioId'
  | 'cursor'
  | 'session'
  | 'lang'
  | 'theme'
  | 'layoutView'
  | 'nodes'
  | 'seed'
  | 'metricsServer'
  | 'actions'
  | 'present'
  | 'filter'
>;

interface LinkOptions {
  /** Include `step=` (the current step, 1-based). */
  step: boolean;
  /** Base URL (default: the full app next to the current page). */
  base?: string;
  /** Extra query parameters (embed snippets: controls, id…). */
  extra?: Record<string, string | undefined>;
}

/** The full app's URL: `index.html`'s directory, whether we are on the app or on embed.html. */
function appBase(href: string = window.location.href): string {
  const u = new URL('./', href);
  return u.href;
}

/** The query and fragment (without the base) for a state. */
export async function linkParts(s: LinkState, opts: LinkOptions): Promise<{ search: string; hash: string }> {
  const q = new URLSearchParams();
  const scenario = s.scenarioId ? findScenario(s.scenarioId) : undefined;
  const custom = !scenario || scenario.input.yaml !== s.yaml;
  // An edited manifest is the learner's own: the link names the scenario only when it brings more than its manifest
  // (a cluster shape, faults, actions), without which the link would not replay the same run.
  const scenarioMatters = !!scenario && (!custom || Object.keys(scenario.input).some((k) => k !== 'yaml'));
  if (scenario && scenarioMatters) q.set('scenario', scenario.id);
  if (opts.step && s.session && s.cursor >= 0) q.set('step', String(s.cursor + 1));
  q.set('lang', s.lang);
  if (s.theme !== 'system') q.set('theme', s.theme);
  if (s.layoutView !== 'split') q.set('view', s.layoutView);
  if (s.nodes !== undefined) q.set('nodes', String(s.nodes));
  if (s.seed !== undefined) q.set('seed', String(s.seed));
  if (s.metricsServer !== undefined) q.set('metrics-server', s.metricsServer ? '1' : '0');
  if (s.present) q.set('present', '1');
  if (!s.filter.keySteps) q.set('steps', 'all');
  for (const [k, v] of Object.entries(opts.extra ?? {})) if (v !== undefined) q.set(k, v);
  const actions = s.actions ?? [];
  let hash = '';
  if (custom || actions.length) {
    hash = `#s=${await encodeShare({ yaml: s.yaml, ...(actions.length ? { actions } : {}) })}`;
  }
  return { search: `?${q.toString()}`, hash };
}

export async function shareUrl(s: LinkState, opts: LinkOptions): Promise<string> {
  const { search, hash } = await linkParts(s, opts);
  return `${opts.base ?? appBase()}${search}${hash}`;
}

/** Save text as a file (the YAML fallback for very long links, exports). */
export function downloadText(filename: string, text: string, type = 'text/plain'): void {
  downloadBlob(filename, new Blob([text], { type: `${type};charset=utf-8` }));
}

export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The address without what it says about the manifest and the run: `#s=`, `scenario`, `step`, `autoplay`. */
export function withoutContent(location: Pick<Location, 'pathname' | 'search'>): string {
  const q = new URLSearchParams(location.search);
  for (const key of ['scenario', 'step', 'autoplay']) q.delete(key);
  const search = q.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}
