import { describe, expect, it } from 'vitest';
import { worldAt } from '../engine/trace/worldAt';
import { diagnoseAt, stuckInstance } from './diagnosis';
import { scenarioRun } from './testRuns';
import { verdictOf } from './verdict';

const atEnd = (id: string) => {
  const run = scenarioRun(id);
  const last = run.steps.length - 1;
  return verdictOf(diagnoseAt(run, worldAt(run, last), last));
};

describe('verdict', () => {
  it('says Done with the Pods Ready and the Service endpoints when the journey completed', () => {
    expect(atEnd('happy-path')).toEqual({ kind: 'done', ready: 3, want: 3, services: [{ name: 'web', count: 3 }] });
  });

  it('says Stuck with the object and the reason where it stopped', () => {
    const v = atEnd('pending-insufficient-cpu');
    expect(v).toMatchObject({ kind: 'stuck', reasonKey: 'unschedulable' });
    expect(v?.kind === 'stuck' && v.object).toMatch(/^pod\/web-/);
    expect(v?.kind === 'stuck' && String(v.params.message)).toContain('Insufficient cpu');
    expect(atEnd('service-no-endpoints')).toMatchObject({ kind: 'stuck' });
  });

  it('names the diagram instance to mark: the scheduler for a Pending Pod, the runtime on its node for a bad image', () => {
    const instance = (id: string) => {
      const run = scenarioRun(id);
      const last = run.steps.length - 1;
      const world = worldAt(run, last);
      return stuckInstance(diagnoseAt(run, world, last).stuck!, world);
    };
    expect(instance('pending-insufficient-cpu')).toBe('kube-scheduler');
    expect(instance('image-pull-backoff')).toMatch(/^container-runtime@node-\d$/);
    expect(instance('apiserver-down')).toBe('kube-apiserver');
  });
});

describe('verdict after applying again', () => {
  it('forgets the first attempt’s mapping error once the same file is applied again and works', () => {
    const run = scenarioRun('crd-and-resource-in-one-file');
    const last = run.steps.length - 1;
    const firstError = run.output.find((o) => !o.ok)!;
    expect(diagnoseAt(run, worldAt(run, firstError.seq), firstError.seq).stuck?.key).toBe('api.noKind');
    expect(diagnoseAt(run, worldAt(run, last), last).stuck).toBeUndefined();
  });
});
