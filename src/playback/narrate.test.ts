import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulate';
import type { Step } from '../engine/types';
import { en } from '../i18n/locales/en';
import { createTranslator } from '../i18n/translate';
import { SCENARIOS } from '../scenarios';
import { endpointLabel, narrate, narrationKey, stepHeadline } from './narrate';
import { scenarioRun } from './testRuns';

const t = createTranslator('en', en);

describe('narrate', () => {
  it('has an English template for every narration key the scenarios produce, and fills every placeholder', () => {
    const missing = new Set<string>();
    const unfilled: string[] = [];
    for (const s of SCENARIOS) {
      const run = simulate(s.input);
      for (const step of run.steps) {
        const key = narrationKey(step);
        if (!(key in en)) missing.add(step.narration.key);
        const text = narrate(step, t);
        const raw = t(key, { ...step.narration.params, summary: step.summary });
        if (/\{[A-Za-z0-9_]+\}/.test(raw)) unfilled.push(`${s.id}#${step.seq} ${step.narration.key}: ${raw}`);
        expect(text.length).toBeGreaterThan(0);
      }
    }
    expect([...missing]).toEqual([]);
    expect(unfilled.slice(0, 5)).toEqual([]);
  });

  it('tells what the scheduler decided in Kubernetes terms', () => {
    const run = scenarioRun('happy-path');
    const step = run.steps.find((s) => s.narration.key === 'scheduler.selected')!;
    const text = narrate(step, t);
    expect(text).toContain(String(step.narration.params!.pod));
    expect(text).toContain(String(step.narration.params!.node));
    expect(stepHeadline(step, t)).toBe('kube-scheduler decides');
  });

  it('falls back to the step summary for unknown keys', () => {
    const step = {
      ...scenarioRun('happy-path').steps[0],
      narration: { key: 'brand.new.key' },
      summary: 'Something new',
    } as Step;
    expect(narrate(step, t)).toBe('Something new');
  });

  it('labels endpoints with node and sub-part', () => {
    expect(endpointLabel({ component: 'kubelet', node: 'node-1' }, t)).toBe('kubelet (node-1)');
    expect(endpointLabel({ component: 'kube-controller-manager', part: 'replicaset,endpointslice' }, t)).toBe(
      'kube-controller-manager · replicaset, endpointslice',
    );
  });
});
