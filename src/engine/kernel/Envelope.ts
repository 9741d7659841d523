import type { Endpoint, Narration, ObjectRef, Phase, SourceRef, StepDetail } from '../types';

/** A Kubernetes Event to record when the step is drawn. */
export interface EventSpec {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  source: string;
  host?: string;
  involvedObject: ObjectRef & { fieldPath?: string };
}

/** How a delivered envelope is drawn: everything a Step needs except seq/time/cause. */
export interface StepSpec {
  phase: Phase;
  verb: string;
  label: string;
  summary: string;
  narration: Narration;
  object?: ObjectRef;
  source?: SourceRef;
  detail?: StepDetail;
  background?: boolean;
  /** Events recorded when this step happens (e.g. `Pulling` on the PullImage call). */
  events?: EventSpec[];
}

/** A message in flight through the kernel's queue. */
export interface Envelope<M = unknown> {
  time: number;
  order: number;
  from: Endpoint;
  to: Endpoint;
  msg: M;
  /** Step that sent it. */
  cause?: number;
  /** How to draw its delivery; timers have none (they are not arrows). */
  step?: StepSpec;
  /** Background envelopes (heartbeat timers) do not keep a run alive. */
  background?: boolean;
}
