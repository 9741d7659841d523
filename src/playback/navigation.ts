/**
 * Cursor moves over a run. The cursor is always a step seq (0-based, as in the trace), so the counter `N / M`
 * stays the trace's own numbering whatever is filtered: filters (hide background steps, follow one Pod) only
 * decide which steps next/prev/play land on.
 */
import type { Step } from '../engine/types';
import { GROUP_BY_DEFAULT_ABOVE_STEPS } from './messageGroups';

export interface StepFilter {
  hideBackground: boolean;
  /**
   * Land only on the run's key steps (keySteps.ts), the curated path; "follow one Pod" overrides it, as a Pod's own
   * steps are what the learner asked for.
   */
  keySteps?: boolean;
  /** Follow one Pod: only steps about it. */
  pod: string | null;
  /**
   * Land once per run of repeated messages (messageGroups.ts). Unset: automatic, on for runs longer than
   * GROUP_BY_DEFAULT_ABOVE_STEPS.
   */
  groupRepeats?: boolean;
}

export const NO_FILTER: StepFilter = { hideBackground: false, pod: null };

/** How a run is stepped through: `key` steps (the app's default) or `all` of them, background steps hidden. */
export type StepsMode = 'key' | 'all';

/** The filter a page starts with: the app's `steps` default is `key`; an embed keeps every step unless told. */
export function initialFilter(mode: StepsMode | undefined): StepFilter {
  if (mode === 'key') return { hideBackground: true, pod: null, keySteps: true };
  if (mode === 'all') return { hideBackground: true, pod: null };
  return NO_FILTER;
}

export function involvesPod(step: Step, pod: string): boolean {
  if (step.object?.name === pod && step.object.kind === 'Pod') return true;
  const p = step.narration.params;
  if (p && (p.pod === pod || (p.name === pod && p.kind === 'Pod'))) return true;
  if (step.detail?.type === 'schedule' && step.detail.pod === pod) return true;
  return step.label.includes(pod) || step.events.some((e) => e.involvedObject.name === pod);
}

function stepMatches(step: Step, filter: StepFilter): boolean {
  if (filter.hideBackground && step.background) return false;
  if (filter.pod && !involvesPod(step, filter.pod)) return false;
  return true;
}

/** Seqs the cursor may land on under `filter`, ascending. The final step (end of run) always stays reachable. */
export function navigableSteps(steps: readonly Step[], filter: StepFilter): number[] {
  const out: number[] = [];
  for (const s of steps) if (stepMatches(s, filter) || s.seq === steps.length - 1) out.push(s.seq);
  return out;
}

/** First element > cursor (binary search), or undefined. */
export function nextIn(list: readonly number[], cursor: number): number | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return list[lo];
}

/** Last element < cursor, or undefined. */
export function prevIn(list: readonly number[], cursor: number): number | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? list[lo - 1] : undefined;
}

/** Nearest element ≥ seq (or the last one): where a jump to an arbitrary seq lands under a filter. */
export function snapForward(list: readonly number[], seq: number): number | undefined {
  return nextIn(list, seq - 1) ?? list[list.length - 1];
}

/** Whether repeated messages are grouped for a run of `total` steps under `filter`. */
export function groupsRepeats(filter: StepFilter, total: number): boolean {
  return filter.groupRepeats ?? total > GROUP_BY_DEFAULT_ABOVE_STEPS;
}

export function clampSeq(seq: number, total: number): number {
  return Math.max(0, Math.min(total - 1, Math.floor(seq)));
}
