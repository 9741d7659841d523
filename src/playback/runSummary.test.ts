import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_ID } from '../scenarios';
import { nextIn } from './navigation';
import { lineOf, runSummary } from './runSummary';
import { scenarioRun } from './testRuns';

describe('runSummary', () => {
  const run = scenarioRun(DEFAULT_SCENARIO_ID);
  const lines = runSummary(run.steps);

  it('puts every step in exactly one line, lines in order of first appearance', () => {
    const seen = lines.flatMap((l) => l.seqs).sort((a, b) => a - b);
    expect(seen).toEqual(run.steps.map((s) => s.seq));
    const firsts = lines.map((l) => l.seqs[0]);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    for (const l of lines) expect(l.first.seq).toBe(l.seqs[0]);
    expect(lines.length).toBeLessThan(run.steps.length / 3);
  });

  it('folds the ReplicaSet controller’s Pod creations on all nodes into one line', () => {
    const creates = lines.filter((l) => l.first.narration.key === 'replicaset.createPod');
    expect(creates).toHaveLength(1);
    expect(creates[0].seqs).toHaveLength(3);
    const binds = lines.find((l) => l.first.narration.key === 'scheduler.bind')!;
    expect(binds.seqs).toHaveLength(3);
    expect(binds.objects).toBe(3);
    const starts = lines.find((l) => l.first.narration.key === 'kubelet.startContainer')!;
    expect(starts.seqs).toHaveLength(3);
    // Three replicas spread over the three workers by PodTopologySpread's default constraints.
    expect(starts.nodes).toBe(3);
  });

  it('finds a step’s line and the next step of a line', () => {
    const creates = lines.find((l) => l.first.narration.key === 'replicaset.createPod')!;
    expect(lineOf(lines, creates.seqs[1])).toBe(creates);
    expect(nextIn(creates.seqs, creates.seqs[0])).toBe(creates.seqs[1]);
    expect(nextIn(creates.seqs, -1)).toBe(creates.seqs[0]);
    expect(nextIn(creates.seqs, creates.seqs[2])).toBeUndefined();
    expect(lineOf(lines, run.steps.length)).toBeUndefined();
  });
});
