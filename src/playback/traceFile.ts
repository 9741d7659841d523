/**
 * Trace files: what "Export trace" writes (the whole run, so a re-import replays it exactly, inspectors included)
 * and what "Import trace" reads — that, or the CLI's `--format json` (steps only: the world views stay empty).
 * Importing reads and parses in a worker (traceImport.worker.ts); this module is what both sides share.
 */
import type { Run } from '../engine/api';

const TRACE_FORMAT = 'podyssey-trace';

/**
 * What an imported trace may weigh. A 200,000-step run exports to about 180 MB; a file much larger would
 * not fit the worker's string and parsed copy together (Chromium's strings stop at about 512 MiB).
 */
export const TRACE_BUDGET = { bytes: 256 * 1024 * 1024 } as const;

interface TraceFile extends Run {
  format: typeof TRACE_FORMAT;
  version: 1;
  yaml: string;
}

export function traceFile(run: Run, yaml: string): TraceFile {
  return { format: TRACE_FORMAT, version: 1, yaml, ...run };
}

/** Why a file is refused: a code the UI translates, its parameters, and an English message for logs and the CLI. */
export type TraceErrorCode =
  'tooLarge' | 'unreadable' | 'notJson' | 'notObject' | 'noSteps' | 'badStep' | 'noCluster' | 'crashed';

export class TraceFileError extends Error {
  constructor(
    readonly code: TraceErrorCode,
    message: string,
    readonly params: Readonly<Record<string, number>> = {},
  ) {
    super(message);
    this.name = 'TraceFileError';
  }
}

const MiB = 1024 * 1024;

/** Refuses a file over TRACE_BUDGET before a byte of it is read. */
export function checkTraceSize(bytes: number): void {
  if (bytes > TRACE_BUDGET.bytes) {
    const size = Math.round((bytes / MiB) * 10) / 10;
    const limit = TRACE_BUDGET.bytes / MiB;
    throw new TraceFileError('tooLarge', `trace file is too large (${size} MiB; the limit is ${limit} MiB)`, {
      size,
      limit,
    });
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Parse an exported trace or a CLI json; throws a TraceFileError with a readable message. */
export function parseTraceFile(text: string): { run: Run; yaml: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new TraceFileError('notJson', 'not JSON');
  }
  if (!isObj(raw)) throw new TraceFileError('notObject', 'not a JSON object');
  if (!Array.isArray(raw.steps)) throw new TraceFileError('noSteps', 'no "steps" array');
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
      throw new TraceFileError('badStep', `step ${i} is not a trace step`, { step: i });
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
  if (!isObj(run.cluster)) throw new TraceFileError('noCluster', 'no "cluster"');
  return { run, yaml: typeof raw.yaml === 'string' ? raw.yaml : '' };
}
