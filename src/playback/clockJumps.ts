/**
 * Long waits made visible. A back-off of minutes or the node controller's 50 s grace period leaves only background
 * steps (Lease renewals) between two steps that matter; playback skips those, so the virtual clock jumps. These
 * helpers find the jumps (between foreground steps) so the timeline and the clock can show them.
 */
import type { Step } from '../engine/types';

/** Jumps shorter than this are ordinary pacing, not a wait worth pointing at. */
const JUMP_MIN_MS = 10_000;

export interface ClockJump {
  /** The foreground step before the wait. */
  from: number;
  /** The next foreground step, after the wait. */
  to: number;
  ms: number;
}

export function clockJumps(steps: readonly Step[], minMs = JUMP_MIN_MS): ClockJump[] {
  const out: ClockJump[] = [];
  let prev: Step | undefined;
  for (const s of steps) {
    if (s.background) continue;
    if (prev && s.time - prev.time >= minMs) out.push({ from: prev.seq, to: s.seq, ms: s.time - prev.time });
    prev = s;
  }
  return out;
}

/** The wait from step `seq` to the next foreground step, if it is a jump. */
export function jumpAfter(steps: readonly Step[], seq: number, minMs = JUMP_MIN_MS): ClockJump | undefined {
  const here = steps[seq];
  if (!here) return undefined;
  for (let i = seq + 1; i < steps.length; i++) {
    if (steps[i].background) continue;
    const ms = steps[i].time - here.time;
    return ms >= minMs ? { from: seq, to: i, ms } : undefined;
  }
  return undefined;
}

/** `4m 50s`, `50s`, `1h 2m` — rounded to whole seconds. */
export function formatWait(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return m ? `${h}h ${m}m` : `${h}h`;
  if (m) return s ? `${m}m ${s}s` : `${m}m`;
  return `${s}s`;
}
