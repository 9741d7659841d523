/** Runs of built-in scenarios, simulated once per test process (the engine is deterministic). */
import type { Run } from '../engine/api';
import { simulate } from '../engine/simulate';
import { findScenario } from '../scenarios';

const cache = new Map<string, Run>();

export function scenarioRun(id: string): Run {
  let run = cache.get(id);
  if (!run) {
    const s = findScenario(id);
    if (!s) throw new Error(`no scenario ${id}`);
    run = simulate(s.input);
    cache.set(id, run);
  }
  return run;
}
