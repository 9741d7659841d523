import type { SimulationInput } from '../engine/api';

/** A built-in scenario: data only (manifest + cluster + faults/actions). Its golden trace lives in golden/<id>.txt. */
export interface Scenario {
  id: string;
  family:
    | 'journey'
    | 'pending'
    | 'containers'
    | 'probes'
    | 'network'
    | 'rollout'
    | 'batch'
    | 'faults'
    | 'access'
    | 'validation'
    | 'storage'
    | 'workloads';
  title: string;
  /** What the learner should notice, in one or two sentences. */
  lesson: string;
  input: SimulationInput;
}
