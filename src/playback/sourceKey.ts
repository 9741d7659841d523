/**
 * How a step's `source` (manifest document + field path) is looked up in the line table the simulation worker
 * builds (see runInfo.ts). Kept apart from runInfo so the main bundle does not pull in the YAML parser.
 */
import type { Step } from '../engine/types';

export interface LineRange {
  line: number;
  endLine: number;
}

/** Pod the step is about, for `doc: -1` sources (a field of "the pod's manifest template"). */
export function podOfStep(step: Step): string | undefined {
  if (step.object?.kind === 'Pod') return step.object.name;
  const p = step.narration.params?.pod;
  return typeof p === 'string' ? p : undefined;
}

export function sourceKey(step: Step): string | undefined {
  if (!step.source) return undefined;
  const { doc, path } = step.source;
  if (doc >= 0) return `${doc}:${path}`;
  const pod = podOfStep(step);
  return pod ? `-1:${pod}:${path}` : undefined;
}
