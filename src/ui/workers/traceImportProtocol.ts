/** Messages between the page and the trace-import worker (traceImport.worker.ts). */
import type { Run, Step } from '../../engine/api';
import type { MessageGroup } from '../../playback/messageGroups';
import type { RunInfo } from '../../playback/runInfo';
import type { PhaseMark, StripBucket } from '../../playback/timeline';
import type { ClockJump } from '../../playback/clockJumps';
import type { TraceErrorCode } from '../../playback/traceFile';

/** Start with a file; then `more` asks for the next slice of steps once the page has taken the last one. */
export type TraceImportRequest = { kind: 'start'; file: Blob } | { kind: 'more' };

/** Where an import is: reading the file (bytes), parsing it, or handing its steps to the page (steps). */
export type TraceImportProgress =
  | { phase: 'reading'; done: number; total: number }
  | { phase: 'parsing' }
  | { phase: 'loading'; done: number; total: number };

export type TraceImportMessage =
  | { kind: 'progress'; progress: TraceImportProgress }
  /** Everything but the steps, and what the page would otherwise compute from them. Steps follow in slices. */
  | {
      kind: 'head';
      run: Omit<Run, 'steps'>;
      yaml: string;
      info: RunInfo;
      marks: PhaseMark[];
      groups: MessageGroup[];
      /** Steps that are not background (plus the last): where playback lands. */
      foreground: number[];
      /** The curated path (playback/keySteps.ts). */
      keySteps: number[];
      strip: StripBucket[];
      jumps: ClockJump[];
      steps: number;
    }
  | { kind: 'steps'; steps: Step[] }
  | { kind: 'done' }
  | { kind: 'error'; code: TraceErrorCode; params: Record<string, number>; message: string };

/**
 * Steps per message. The page deserialises each message in a task of its own: a whole 200,000-step run in one
 * message blocked it for seconds, and 2,000-step slices still for 100–600 ms each when they arrived faster than the
 * page took them. The page asks for each slice (`more`), so slices never queue up behind one another; 200 steps
 * keep each task well under 100 ms on a loaded 2-core machine.
 */
export const STEPS_PER_MESSAGE = 200;
