/**
 * The query parameters of docs/CONTRACTS.md §8, parsed in one place. Unknown parameters and invalid values are ignored
 * (a share link from a newer version must still open). The manifest fragment (`#s=…`) comes later.
 */
import type { StepsMode } from '../playback/navigation';
import type { LayoutView, MotionPref, Theme } from '../ui/viewOptions';

export interface UrlOptions {
  scenario?: string;
  /** 1-based, as in the step counter. */
  step?: number;
  lang?: string;
  theme?: Theme;
  view?: LayoutView;
  editor?: 'edit' | 'read' | 'hide';
  controls?: 'full' | 'min' | 'none';
  autoplay?: boolean;
  speed?: number;
  motion?: MotionPref;
  nodes?: number;
  seed?: number;
  /** `metrics-server=1`: the cluster has metrics-server installed (`0`: it has not, whatever the scenario says). */
  metricsServer?: boolean;
  /** Embeds: the host page's exact origin (messages from any other origin are ignored). */
  origin?: string;
  /**
   * Embeds: the `origin` value given when it is not a bare origin (a path, `HTTP://`, `:80`, a space, `null`).
   * Fails closed: the embed shows an error and talks to no one, rather than to every parent.
   */
  originError?: string;
  /** Embeds: an id the host chose, echoed in every message. */
  id?: string;
  /** How next/previous/play step through a run: the key steps (the app's default) or all of them. */
  steps?: StepsMode;
  /** Projector mode (`present=1`): larger type, minimal chrome. Not one of the frozen `view` values. */
  present?: boolean;
}

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

const int = (value: string | null, min: number, max: number): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
};

export function parseUrlOptions(search: string): UrlOptions {
  const q = new URLSearchParams(search);
  const opts: UrlOptions = {};
  const scenario = q.get('scenario');
  if (scenario && /^[a-z0-9-]{1,80}$/.test(scenario)) opts.scenario = scenario;
  opts.step = int(q.get('step'), 1, 10_000_000);
  const lang = q.get('lang');
  if (lang && /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/.test(lang)) opts.lang = lang;
  opts.theme = oneOf(q.get('theme'), ['light', 'dark', 'system'] as const);
  opts.view = oneOf(q.get('view'), ['split', 'diagram', 'story'] as const);
  opts.editor = oneOf(q.get('editor'), ['edit', 'read', 'hide'] as const);
  opts.controls = oneOf(q.get('controls'), ['full', 'min', 'none'] as const);
  const autoplay = oneOf(q.get('autoplay'), ['0', '1'] as const);
  if (autoplay) opts.autoplay = autoplay === '1';
  const speed = Number(q.get('speed'));
  if (q.get('speed') && Number.isFinite(speed) && speed > 0 && speed <= 16) opts.speed = speed;
  opts.motion = oneOf(q.get('motion'), ['system', 'reduced', 'full'] as const);
  opts.nodes = int(q.get('nodes'), 1, 500);
  opts.seed = int(q.get('seed'), 0, 2 ** 32 - 1);
  const metricsServer = oneOf(q.get('metrics-server'), ['0', '1'] as const);
  if (metricsServer) opts.metricsServer = metricsServer === '1';
  const origin = q.get('origin');
  if (origin !== null) {
    const bare = bareOrigin(origin);
    if (bare) opts.origin = bare;
    else opts.originError = origin.slice(0, 200);
  }
  const id = q.get('id');
  if (id && /^[\w.:-]{1,64}$/.test(id)) opts.id = id;
  opts.steps = oneOf(q.get('steps'), ['key', 'all'] as const);
  const present = oneOf(q.get('present'), ['0', '1'] as const);
  if (present) opts.present = present === '1';
  for (const k of Object.keys(opts) as Array<keyof UrlOptions>) if (opts[k] === undefined) delete opts[k];
  return opts;
}

/**
 * `origin` exactly as the browser serialises it (`https://course.example.org`, `http://127.0.0.1:8080`; a single
 * trailing `/` is allowed), else undefined. Anything the URL parser would have to fix up — case, a default port,
 * spaces, a path, `null` — is refused rather than guessed at: an embed must not end up trusting a page it was not
 * told about.
 */
function bareOrigin(value: string): string | undefined {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return u.origin === value || `${u.origin}/` === value ? u.origin : undefined;
  } catch {
    return undefined;
  }
}
