import { describe, expect, it } from 'vitest';
import { groupsRepeats, involvesPod, navigableSteps, NO_FILTER, nextIn, prevIn, snapForward } from './navigation';
import { nextMark, phaseMarks, phaseStrip, prevMark } from './timeline';
import { scenarioRun } from './testRuns';

describe('navigation', () => {
  const run = scenarioRun('happy-path');

  it('binary-searches neighbours in a sorted list', () => {
    const list = [2, 4, 9];
    expect(nextIn(list, 0)).toBe(2);
    expect(nextIn(list, 4)).toBe(9);
    expect(nextIn(list, 9)).toBeUndefined();
    expect(prevIn(list, 9)).toBe(4);
    expect(prevIn(list, 2)).toBeUndefined();
    expect(snapForward(list, 5)).toBe(9);
    expect(snapForward(list, 50)).toBe(9);
  });

  it('keeps every step without filters and skips background steps on request', () => {
    expect(navigableSteps(run.steps, { hideBackground: false, pod: null })).toHaveLength(run.steps.length);
    const fg = navigableSteps(run.steps, { hideBackground: true, pod: null });
    expect(fg.length).toBeLessThan(run.steps.length);
    expect(fg.every((s) => !run.steps[s].background || s === run.steps.length - 1)).toBe(true);
  });

  it('follows one Pod from creation to Ready', () => {
    const pod = run.steps.find((s) => s.narration.key === 'scheduler.selected')!.narration.params!.pod as string;
    const steps = navigableSteps(run.steps, { hideBackground: false, pod });
    const keys = steps.map((s) => run.steps[s].narration.key);
    expect(keys).toContain('scheduler.bind');
    expect(keys).toContain('kubelet.runSandbox');
    expect(keys).toContain('cni.added');
    expect(steps.every((s) => involvesPod(run.steps[s], pod) || s === run.steps.length - 1)).toBe(true);
  });
});

describe('timeline', () => {
  const run = scenarioRun('happy-path');

  it('marks the first step of each phase in journey order', () => {
    const marks = phaseMarks(run.steps);
    const phases = marks.map((m) => m.phase);
    expect(phases.slice(0, 3)).toEqual(['submit', 'admission', 'persist']);
    expect(new Set(phases).size).toBe(phases.length);
    expect(nextMark(marks, 0)?.phase).toBe('admission');
    expect(prevMark(marks, marks[2].seq)?.phase).toBe('admission');
  });

  it('draws the strip in a bounded number of slices covering the run', () => {
    const strip = phaseStrip(run.steps, 50);
    expect(strip[0].start).toBe(0);
    expect(strip[strip.length - 1].end).toBe(run.steps.length);
    expect(strip.length).toBeLessThanOrEqual(50);
  });
});

describe('groupsRepeats', () => {
  it('is automatic (long runs only) unless the user chose', () => {
    expect(groupsRepeats(NO_FILTER, 300)).toBe(false);
    expect(groupsRepeats(NO_FILTER, 50_000)).toBe(true);
    expect(groupsRepeats({ ...NO_FILTER, groupRepeats: false }, 50_000)).toBe(false);
    expect(groupsRepeats({ ...NO_FILTER, groupRepeats: true }, 300)).toBe(true);
  });
});
