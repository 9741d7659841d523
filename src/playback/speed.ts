/** Playback speeds and how long each step stays on screen while playing. */
import type { Step } from '../engine/types';

export const SPEEDS = [0.5, 1, 1.5, 2, 3, 4] as const;
export const DEFAULT_SPEED = 1;

/** Reading time of one step at 1×: long enough to follow the moving message and glance at the narration. */
const BASE_DWELL_MS = 1400;

export function dwellMs(speed: number, step?: Step): number {
  const base = step?.background ? BASE_DWELL_MS / 3 : BASE_DWELL_MS;
  return Math.round(base / speed);
}

/** Travel time of the message dot: a little shorter than the dwell so it arrives before the next step. */
export function travelMs(speed: number): number {
  return Math.round(Math.min(900, dwellMs(speed) * 0.7));
}

/**
 * Steps closer together than this are a burst: a held arrow key repeats every ~33 ms (dragging the scrubber is as
 * quick), while tapping a key and playback (its shortest dwell, a background step at 4×, is 117 ms) are slower. Views that cannot keep
 * up with a burst, or need not, wait for it to end: the inspectors (DeferredCurrent) and the diagram's motion
 * (messageMarks.ts).
 */
export const BURST_MS = 90;

export function faster(speed: number): number {
  return SPEEDS.find((s) => s > speed) ?? SPEEDS[SPEEDS.length - 1];
}

export function slower(speed: number): number {
  return [...SPEEDS].reverse().find((s) => s < speed) ?? SPEEDS[0];
}

/** Nearest supported speed to what a URL asked for. */
export function normaliseSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return DEFAULT_SPEED;
  return SPEEDS.reduce((best, s) => (Math.abs(s - speed) < Math.abs(best - speed) ? s : best), DEFAULT_SPEED as number);
}

/** The virtual clock as people read it: `3.2` seconds, one decimal. */
export function clockSeconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}
