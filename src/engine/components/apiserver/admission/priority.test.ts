/**
 * The Priority admission plugin against plugin/pkg/admission/priority/admission.go (admitPod, validatePriorityClass,
 * getDefaultPriorityClass) and its admission_test.go cases; texts verbatim from the source.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { admitPodPriority, validatePriorityClass } from './priority';
import { testStore } from './testStore';
import { makePod } from '../../../testing/builders';

const pc = (name: string, value: number, extra: Record<string, unknown> = {}): KObject =>
  ({
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name },
    value,
    preemptionPolicy: 'PreemptLowerPriority',
    ...extra,
  }) as KObject;

const pod = (spec: Record<string, unknown> = {}): KObject => makePod('p').spec(spec).obj();

const system = [pc('system-cluster-critical', 2000000000), pc('system-node-critical', 2000001000)];

describe('Priority admission: Pods', () => {
  it('gives a Pod without a class priority 0 and PreemptLowerPriority when there is no global default', () => {
    const p = pod();
    expect(admitPodPriority(p, 'p', testStore(system)).error).toBeUndefined();
    expect(p.spec.priority).toBe(0);
    expect(p.spec.preemptionPolicy).toBe('PreemptLowerPriority');
    expect(p.spec.priorityClassName).toBeUndefined();
  });

  it('resolves a named class to its value and preemption policy', () => {
    const p = pod({ priorityClassName: 'batch' });
    admitPodPriority(p, 'p', testStore([...system, pc('batch', 1000, { preemptionPolicy: 'Never' })]));
    expect(p.spec.priority).toBe(1000);
    expect(p.spec.preemptionPolicy).toBe('Never');
  });

  it('resolves the system classes, which exist in every cluster', () => {
    const p = pod({ priorityClassName: 'system-node-critical' });
    admitPodPriority(p, 'p', testStore(system));
    expect(p.spec.priority).toBe(2000001000);
  });

  it('refuses a class that does not exist: 403, named by generateName before the registry names the Pod', () => {
    const r = admitPodPriority(pod({ priorityClassName: 'nope' }), 'web-7c5ddbdf54-', testStore(system));
    expect(r.error?.code).toBe(403);
    expect(r.error?.reason).toBe('Forbidden');
    expect(r.error?.message).toBe('pods "web-7c5ddbdf54-" is forbidden: no PriorityClass with name nope was found');
  });

  it('applies the global default class (the lowest value if several) and names it on the Pod', () => {
    const store = testStore([
      ...system,
      pc('default-a', 500, { globalDefault: true }),
      pc('default-b', 200, { globalDefault: true }),
    ]);
    const p = pod();
    admitPodPriority(p, 'p', store);
    expect(p.spec.priorityClassName).toBe('default-b');
    expect(p.spec.priority).toBe(200);
  });

  it('accepts a priority equal to the computed one and refuses a different one', () => {
    expect(admitPodPriority(pod({ priority: 0 }), 'p', testStore(system)).error).toBeUndefined();
    expect(admitPodPriority(pod({ priority: 10 }), 'p', testStore(system)).error?.message).toBe(
      'pods "p" is forbidden: the integer value of priority (10) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name',
    );
  });

  it('refuses a preemption policy that differs from the class', () => {
    expect(admitPodPriority(pod({ preemptionPolicy: 'Never' }), 'p', testStore(system)).error?.message).toBe(
      'pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    );
  });
});

describe('Priority admission: PriorityClasses', () => {
  const store = testStore([...system, pc('default-a', 500, { globalDefault: true })]);

  it('refuses a second global default', () => {
    const err = validatePriorityClass(pc('other', 1, { globalDefault: true }), 'create', store);
    expect(err?.code).toBe(403);
    expect(err?.message).toBe(
      'priorityclasses.scheduling.k8s.io "other" is forbidden: PriorityClass default-a is already marked as default. Only one default can exist',
    );
  });

  it('lets the default class itself be updated, and classes that are not default through', () => {
    expect(validatePriorityClass(pc('default-a', 500, { globalDefault: true }), 'update', store)).toBeUndefined();
    expect(validatePriorityClass(pc('other', 1), 'create', store)).toBeUndefined();
  });
});
