/** Messages between the page and the simulation worker. */
import type { Run, SimulationInput, UserAction } from '../../engine/api';
import type { RunInfo } from '../../playback/runInfo';

/**
 * `run` simulates an input from scratch and keeps its `Engine` in the worker as branch `branch` (0 unless
 * given). `fork` re-simulates branch `parent` from its nearest checkpoint with `action` inserted just before step
 * `atStep`, and keeps the result as branch `branch`. `parentInput` lets a fresh worker rebuild the parent.
 */
export type SimRequest =
  | { id: number; kind?: 'run'; input: SimulationInput; branch?: number }
  | {
      id: number;
      kind: 'fork';
      parent: number;
      parentInput: SimulationInput;
      branch: number;
      atStep: number;
      action: UserAction;
    };

export type SimResponse =
  | { id: number; ok: true; run: Run; info: RunInfo; keySteps: number[]; ms: number; input?: SimulationInput }
  | { id: number; ok: false; error: string }
  /** Sent while a long run works (several times a second), before its final response. */
  | { id: number; progress: SimProgress };

/** How far a run got: steps simulated so far and the virtual clock. */
export interface SimProgress {
  steps: number;
  timeMs: number;
}

export type ProgressListener = (progress: SimProgress) => void;

export interface SimulationResult {
  run: Run;
  info: RunInfo;
  /** The run's key steps (playback/keySteps.ts) when the worker walked them; the page walks the steps otherwise. */
  keySteps?: number[];
  ms: number;
  /** For a fork: the input that replays it from scratch (the parent's actions pinned where they landed + the new one). */
  input?: SimulationInput;
}

export type RunSimulation = (input: SimulationInput, onProgress?: ProgressListener) => Promise<SimulationResult>;

export interface ForkRequest {
  parent: number;
  parentInput: SimulationInput;
  branch: number;
  atStep: number;
  action: UserAction;
}

export type ForkSimulation = (request: ForkRequest, onProgress?: ProgressListener) => Promise<SimulationResult>;

/** Thrown (as a rejection) when a newer Apply replaced a simulation still running. */
export class Superseded extends Error {
  constructor() {
    super('superseded');
  }
}
