import { describe, expect, it } from 'vitest';
import { worldAt } from '../engine/trace/worldAt';
import { SCENARIOS } from '../scenarios';
import { diagnoseAt } from './diagnosis';
import { keySteps } from './keySteps';
import { scenarioRun } from './testRuns';

describe('key steps', () => {
  it('tell the happy path in a few dozen steps, each chapter once, ending at the end', () => {
    const run = scenarioRun('happy-path');
    const keys = keySteps(run.steps);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.length).toBeLessThan(run.steps.length / 4);
    expect(keys.at(-1)).toBe(run.steps.length - 1);
    expect(keys.every((seq) => !run.steps[seq].background || seq === run.steps.length - 1)).toBe(true);
    const verbs = keys.map((seq) => run.steps[seq].verb);
    for (const v of ['POST', 'PUT', 'bind', 'RunPodSandbox', 'ADD', 'PullImage', 'StartContainer', 'iptables-restore'])
      expect(verbs).toContain(v);
    // The milestones of "it works": a Pod Ready, then its endpoint ready, then kube-proxy carrying it.
    const summaries = keys.map((seq) => run.steps[seq].summary);
    expect(summaries.some((s) => /Ready=True/.test(s))).toBe(true);
    expect(summaries.some((s) => /lists \d+ endpoint\(s\), [1-9]\d* ready/.test(s))).toBe(true);
    expect(summaries.some((s) => /ready 3\/3/.test(s))).toBe(true);
  });

  it('always hold the step where the run went wrong ("Where is it stuck?"), and every fault and action', () => {
    for (const s of SCENARIOS) {
      const run = scenarioRun(s.id);
      const keys = new Set(keySteps(run.steps));
      const last = run.steps.length - 1;
      const stuck = diagnoseAt(run, worldAt(run, last), last).stuck;
      if (stuck?.step !== undefined) expect(keys.has(stuck.step), `${s.id}: step ${stuck.step}`).toBe(true);
      for (const st of run.steps)
        if (st.phase === 'fault' || st.phase === 'user') expect(keys.has(st.seq), `${s.id} ${st.seq}`).toBe(true);
    }
  });
});
