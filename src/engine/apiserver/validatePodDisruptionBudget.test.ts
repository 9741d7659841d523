/**
 * PodDisruptionBudget validation against pkg/apis/policy/validation/validation.go (ValidatePodDisruptionBudgetSpec)
 * and its validation_test.go cases; texts verbatim, values rendered the v1.34 way (JSON).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { applyDefaults } from './defaults';
import { invalidStatusMessage, validateObject } from './validate';

const pdb = (spec: Record<string, unknown>): KObject =>
  applyDefaults({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
  } as KObject);

const message = (o: KObject) => invalidStatusMessage('PodDisruptionBudget.policy', o.metadata.name, validateObject(o));

describe('PodDisruptionBudget validation', () => {
  it('accepts minAvailable or maxUnavailable as a count or a percentage', () => {
    for (const spec of [{ minAvailable: 2 }, { maxUnavailable: '25%' }, { minAvailable: '100%' }, {}])
      expect(validateObject(pdb(spec))).toEqual([]);
  });

  it('refuses both set, printing the whole spec with its Go field names', () => {
    expect(message(pdb({ minAvailable: 1, maxUnavailable: 1 }))).toBe(
      'PodDisruptionBudget.policy "web" is invalid: spec: Invalid value: {"MinAvailable":1,"Selector":{"matchLabels":{"app":"web"}},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set',
    );
  });

  it('refuses negative counts, malformed percentages and more than 100%', () => {
    expect(validateObject(pdb({ minAvailable: -1 }))).toEqual([
      { type: 'Invalid value', field: 'spec.minAvailable', value: '-1', detail: 'must be greater than or equal to 0' },
    ]);
    expect(validateObject(pdb({ maxUnavailable: '150%' })).map((e) => e.detail)).toEqual([
      'must not be greater than 100%',
    ]);
    expect(validateObject(pdb({ maxUnavailable: 'ten' })).map((e) => `${e.field}: ${e.value}`)).toEqual([
      'spec.maxUnavailable: "ten"',
    ]);
  });

  it('validates the selector like any label selector', () => {
    expect(
      validateObject(pdb({ selector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] } }))[0]?.field,
    ).toBe('spec.selector.matchExpressions[0].values');
  });

  it('accepts the two unhealthyPodEvictionPolicy values and lists them, sorted, for any other', () => {
    expect(validateObject(pdb({ unhealthyPodEvictionPolicy: 'AlwaysAllow' }))).toEqual([]);
    expect(message(pdb({ unhealthyPodEvictionPolicy: 'Never' }))).toBe(
      'PodDisruptionBudget.policy "web" is invalid: spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget"',
    );
  });
});
