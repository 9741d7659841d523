/**
 * A streamed run (`simulate(input, { onSteps })`, the CLI's text format) must print exactly the trace of a kept run
 * and keep none of it: "memory proportional to what is shown" — `--until 1000h` on a crash loop held
 * every step and its playback history (441 MB) only to write them out once.
 */
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../scenarios';
import { simulate } from './simulate';
import { formatTrace } from './trace/formatText';
import type { Step } from './types';

function streamed(input: Parameters<typeof simulate>[0]) {
  const steps: Step[] = [];
  let batches = 0;
  let largest = 0;
  const run = simulate(input, {
    onSteps: (s) => {
      batches++;
      largest = Math.max(largest, s.length);
      steps.push(...s);
    },
  });
  return { run, steps, batches, largest };
}

describe('streamed runs', () => {
  // Actions, forks of the cluster by faults, back-offs, namespaces: every scenario, so every component's events.
  for (const sc of SCENARIOS) {
    it(`${sc.id}: the same trace, events and output as a kept run, and nothing kept`, () => {
      const kept = simulate(sc.input);
      const s = streamed(sc.input);
      expect(formatTrace(s.steps)).toBe(formatTrace(kept.steps));
      expect(s.steps.map((x) => x.seq)).toEqual(kept.steps.map((x) => x.seq));
      expect(s.run.apply).toEqual(kept.apply);
      expect(s.run.output).toEqual(kept.output);
      expect(s.run.end).toEqual(kept.end);
      expect(s.run.steps).toHaveLength(0);
      expect(s.run.history).toHaveLength(0);
    });
  }

  it('hands steps over as the run goes, not all at the end', () => {
    const sc = SCENARIOS.find((x) => x.id === 'crashloop-exit-1')!;
    const s = streamed(sc.input);
    expect(s.batches).toBeGreaterThan(100);
    expect(s.largest).toBeLessThan(s.steps.length / 10);
  });
});
