/** PriorityClass validation against pkg/apis/scheduling/validation/validation.go and scheduling/v1 helpers.go. */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { applyDefaults } from './defaults';
import { invalidStatusMessage, validateObject } from './validate';

const pc = (name: string, value: number, extra: Record<string, unknown> = {}): KObject =>
  applyDefaults({
    apiVersion: 'scheduling.k8s.io/v1',
    kind: 'PriorityClass',
    metadata: { name },
    value,
    ...extra,
  } as KObject);

const message = (o: KObject, existing?: KObject) =>
  invalidStatusMessage('PriorityClass.scheduling.k8s.io', o.metadata.name, validateObject(o, { existing }));

describe('PriorityClass validation', () => {
  it('defaults preemptionPolicy to PreemptLowerPriority', () => {
    expect(pc('a', 1).preemptionPolicy).toBe('PreemptLowerPriority');
    expect(validateObject(pc('a', 1000000000))).toEqual([]);
  });

  it('caps user classes at HighestUserDefinablePriority', () => {
    expect(message(pc('huge', 1000000001))).toBe(
      'PriorityClass.scheduling.k8s.io "huge" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
    );
  });

  it('reserves the system- prefix for the two system classes', () => {
    expect(message(pc('system-mine', 5))).toBe(
      'PriorityClass.scheduling.k8s.io "system-mine" is invalid: metadata.name: Forbidden: priority class names with \'system-\' prefix are reserved for system use only. error: system-mine is not a known system priority class',
    );
    expect(message(pc('system-node-critical', 5))).toContain(
      'error: value of system-node-critical PriorityClass must be 2000001000',
    );
    expect(validateObject(pc('system-cluster-critical', 2000000000))).toEqual([]);
  });

  it('rejects an unknown preemption policy and changes of value or policy', () => {
    expect(message(pc('a', 1, { preemptionPolicy: 'Sometimes' }))).toBe(
      'PriorityClass.scheduling.k8s.io "a" is invalid: preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"',
    );
    expect(message(pc('a', 2), pc('a', 1))).toBe(
      'PriorityClass.scheduling.k8s.io "a" is invalid: value: Forbidden: may not be changed in an update.',
    );
  });
});
