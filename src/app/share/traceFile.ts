/**
 * Trace files: what "Export trace" writes (the whole run, so a re-import replays it exactly, inspectors included)
 * and what "Import trace" reads — that, or the CLI's `--format json` (steps only: the world views stay empty).
 */
import type { Run } from '../../engine/api';

export const TRACE_FORMAT = 'podyssey-trace';

export interface TraceFile extends Run {
  format: typeof TRACE_FORMAT;
  version: 1;
  yaml: string;
}

export function traceFile(run: Run, yaml: string): TraceFile {
  return { format: TRACE_FORMAT, version: 1, yaml, ...run };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Parse an exported trace or a CLI json; throws an Error with a readable message. */
export function parseTraceFile(text: string): { run: Run; yaml: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('not JSON');
  }
  if (!isObj(raw)) throw new Error('not a JSON object');
  if (!Array.isArray(raw.steps)) throw new Error('no "steps" array');
  const steps = raw.steps as unknown[];
  steps.forEach((s, i) => {
    if (
      !isObj(s) ||
      s.seq !== i ||
      typeof s.phase !== 'string' ||
      !isObj(s.from) ||
      !isObj(s.to) ||
      typeof s.time !== 'number' ||
      typeof s.summary !== 'string'
    )
      throw new Error(`step ${i} is not a trace step`);
    if (!Array.isArray(s.events)) s.events = [];
    if (!isObj(s.narration)) s.narration = { key: 'fallback' };
  });
  const run: Run = {
    kubernetesVersion: typeof raw.kubernetesVersion === 'string' ? raw.kubernetesVersion : 'v1.34',
    seed: typeof raw.seed === 'number' ? raw.seed : 0,
    cluster: raw.cluster as Run['cluster'],
    steps: steps as Run['steps'],
    history: Array.isArray(raw.history) ? (raw.history as Run['history']) : [],
    apply: Array.isArray(raw.apply) ? (raw.apply as Run['apply']) : [],
    inputErrors: Array.isArray(raw.inputErrors) ? (raw.inputErrors as Run['inputErrors']) : [],
    output: Array.isArray(raw.output) ? (raw.output as Run['output']) : [],
    end: isObj(raw.end)
      ? (raw.end as Run['end'])
      : { reason: 'quiescent', time: (steps[steps.length - 1] as { time?: number } | undefined)?.time ?? 0 },
  };
  if (!isObj(run.cluster)) throw new Error('no "cluster"');
  return { run, yaml: typeof raw.yaml === 'string' ? raw.yaml : '' };
}
