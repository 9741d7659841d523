/** Runs of built-in scenarios, simulated once per test process (the engine is deterministic). */
import type { Run } from '../engine/api';
import type { Step } from '../engine/types';
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

/** A hand-made step for view tests: a kube-apiserver → kubelet (node-57) watch event unless `over` says otherwise. */
export function testStep(over: Partial<Step> = {}): Step {
  return {
    seq: 7,
    time: 0,
    phase: 'run',
    from: { component: 'kube-apiserver' },
    to: { component: 'kubelet', node: 'node-57' },
    verb: 'WATCH ADDED',
    summary: '',
    events: [],
    label: 'WATCH ADDED Pod web-1',
    narration: { key: 'x' },
    revision: 1,
    ...over,
  };
}
