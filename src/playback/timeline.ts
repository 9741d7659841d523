/**
 * What the scrubber shows: the trace as a strip coloured by phase, and labelled marks where each phase first
 * happens (plus every fault, user action and the end), which are also the targets of "next/previous phase".
 */
import type { Phase, Step } from '../engine/types';

export interface PhaseMark {
  seq: number;
  phase: Phase;
}

export interface StripBucket {
  start: number;
  end: number;
  phase: Phase;
  background: boolean;
}

export function phaseMarks(steps: readonly Step[]): PhaseMark[] {
  const seen = new Set<Phase>();
  const marks: PhaseMark[] = [];
  for (const s of steps) {
    if (s.background) continue;
    const repeatable = s.phase === 'fault' || s.phase === 'user';
    if (repeatable || !seen.has(s.phase)) {
      seen.add(s.phase);
      marks.push({ seq: s.seq, phase: s.phase });
    }
  }
  return marks;
}

export function nextMark(marks: readonly PhaseMark[], cursor: number): PhaseMark | undefined {
  return marks.find((m) => m.seq > cursor);
}

export function prevMark(marks: readonly PhaseMark[], cursor: number): PhaseMark | undefined {
  for (let i = marks.length - 1; i >= 0; i--) if (marks[i].seq < cursor) return marks[i];
  return undefined;
}

/**
 * At most `buckets` slices of the trace, each coloured by its most frequent foreground phase, so that a run of
 * 100 000 steps still draws as a few hundred rectangles.
 */
export function phaseStrip(steps: readonly Step[], buckets = 400): StripBucket[] {
  const n = steps.length;
  if (n === 0) return [];
  const size = Math.max(1, Math.ceil(n / buckets));
  const out: StripBucket[] = [];
  for (let start = 0; start < n; start += size) {
    const end = Math.min(n, start + size);
    const counts = new Map<Phase, number>();
    let background = 0;
    for (let i = start; i < end; i++) {
      if (steps[i].background) background++;
      else counts.set(steps[i].phase, (counts.get(steps[i].phase) ?? 0) + 1);
    }
    let phase: Phase = steps[start].phase;
    let best = -1;
    for (const [p, c] of counts) if (c > best) [phase, best] = [p, c];
    const prev = out[out.length - 1];
    const bg = background === end - start;
    if (prev && prev.phase === phase && prev.background === bg) prev.end = end;
    else out.push({ start, end, phase, background: bg });
  }
  return out;
}
