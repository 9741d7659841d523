/** Messages between the page and the simulation worker. */
import type { Run, SimulationInput } from '../../engine/api';
import type { RunInfo } from '../../playback/runInfo';

export interface SimRequest {
  id: number;
  input: SimulationInput;
}

export type SimResponse =
  { id: number; ok: true; run: Run; info: RunInfo; ms: number } | { id: number; ok: false; error: string };

export interface SimulationResult {
  run: Run;
  info: RunInfo;
  ms: number;
}

export type RunSimulation = (input: SimulationInput) => Promise<SimulationResult>;

/** Thrown (as a rejection) when a newer Apply replaced a simulation still running. */
export class Superseded extends Error {
  constructor() {
    super('superseded');
  }
}
