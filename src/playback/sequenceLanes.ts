/**
 * The sequence view's model: one lane per component instance that takes part in the run (in architecture order),
 * one row per step with the lanes of its two ends.
 */
import type { Run } from '../engine/api';
import { clusterInstances, instanceId, type Instance } from './instances';

interface SequenceModel {
  lanes: Instance[];
  /** Per step: [from lane, to lane]. */
  rows: Array<[number, number]>;
}

export function sequenceModel(run: Pick<Run, 'steps' | 'cluster'>): SequenceModel {
  const all = clusterInstances(run.cluster);
  const used = new Set<string>();
  for (const s of run.steps) {
    used.add(instanceId(s.from));
    used.add(instanceId(s.to));
  }
  const lanes = all.filter((i) => used.has(i.id));
  const index = new Map(lanes.map((l, i) => [l.id, i]));
  const rows = run.steps.map((s): [number, number] => [
    index.get(instanceId(s.from)) ?? 0,
    index.get(instanceId(s.to)) ?? 0,
  ]);
  return { lanes, rows };
}
