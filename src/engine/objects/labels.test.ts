import { describe, it, expect } from 'vitest';
import {
  findMatchingUntoleratedTaint,
  labelSelectorAsSelector,
  matchesNodeSelectorTerms,
  matchesSelector,
  selectorFromSet,
  selectorIsEmpty,
  selectorMatches,
  tolerates,
  tolerationsTolerateTaint,
} from './labels';

describe('matchesSelector (metav1.LabelSelector)', () => {
  const labels = { app: 'web', tier: 'frontend' };

  it('nil selects nothing, {} selects everything', () => {
    expect(matchesSelector(undefined, labels)).toBe(false);
    expect(matchesSelector(null, labels)).toBe(false);
    expect(matchesSelector({}, labels)).toBe(true);
    expect(matchesSelector({}, undefined)).toBe(true);
    expect(selectorIsEmpty(labelSelectorAsSelector({}))).toBe(true);
    expect(selectorIsEmpty(labelSelectorAsSelector(null))).toBe(false);
  });

  it('matchLabels are ANDed', () => {
    expect(matchesSelector({ matchLabels: { app: 'web' } }, labels)).toBe(true);
    expect(matchesSelector({ matchLabels: { app: 'web', tier: 'backend' } }, labels)).toBe(false);
  });

  it('matchExpressions In/NotIn/Exists/DoesNotExist', () => {
    const m = (operator: string, key: string, values?: string[]) =>
      matchesSelector({ matchExpressions: [{ key, operator, values }] }, labels);
    expect(m('In', 'app', ['web', 'api'])).toBe(true);
    expect(m('In', 'app', ['api'])).toBe(false);
    expect(m('In', 'missing', ['x'])).toBe(false);
    expect(m('NotIn', 'app', ['api'])).toBe(true);
    expect(m('NotIn', 'app', ['web'])).toBe(false);
    expect(m('NotIn', 'missing', ['x'])).toBe(true); // absent key satisfies NotIn
    expect(m('Exists', 'tier')).toBe(true);
    expect(m('Exists', 'missing')).toBe(false);
    expect(m('DoesNotExist', 'missing')).toBe(true);
    expect(m('DoesNotExist', 'app')).toBe(false);
  });

  it('invalid requirements select nothing', () => {
    expect(matchesSelector({ matchExpressions: [{ key: 'app', operator: 'In', values: [] }] }, labels)).toBe(false);
    expect(matchesSelector({ matchExpressions: [{ key: 'app', operator: 'Exists', values: ['x'] }] }, labels)).toBe(
      false,
    );
    expect(matchesSelector({ matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] }, labels)).toBe(false);
  });

  it('selectorFromSet: empty set is everything', () => {
    expect(selectorMatches(selectorFromSet({}), labels)).toBe(true);
    expect(selectorMatches(selectorFromSet(undefined), {})).toBe(true);
    expect(selectorMatches(selectorFromSet({ app: 'web' }), labels)).toBe(true);
    expect(selectorMatches(selectorFromSet({ app: 'api' }), labels)).toBe(false);
  });
});

describe('matchesNodeSelectorTerms', () => {
  const node = { name: 'node-1', labels: { 'kubernetes.io/os': 'linux', cores: '8', disk: 'ssd' } };

  it('terms are ORed, expressions ANDed', () => {
    expect(
      matchesNodeSelectorTerms(
        [
          { matchExpressions: [{ key: 'disk', operator: 'In', values: ['hdd'] }] },
          { matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] },
        ],
        node,
      ),
    ).toBe(true);
    expect(
      matchesNodeSelectorTerms(
        [
          {
            matchExpressions: [
              { key: 'disk', operator: 'In', values: ['ssd'] },
              { key: 'gpu', operator: 'Exists' },
            ],
          },
        ],
        node,
      ),
    ).toBe(false);
  });

  it('Gt and Lt compare integers; non-integer label values never match', () => {
    const t = (operator: string, v: string, key = 'cores') =>
      matchesNodeSelectorTerms([{ matchExpressions: [{ key, operator, values: [v] }] }], node);
    expect(t('Gt', '4')).toBe(true);
    expect(t('Gt', '8')).toBe(false);
    expect(t('Lt', '16')).toBe(true);
    expect(t('Lt', '8')).toBe(false);
    expect(t('Gt', '1', 'disk')).toBe(false);
    expect(t('Gt', '1', 'missing')).toBe(false);
    expect(t('Gt', 'x')).toBe(false); // invalid term is skipped
  });

  it('empty terms and empty term lists match nothing', () => {
    expect(matchesNodeSelectorTerms([], node)).toBe(false);
    expect(matchesNodeSelectorTerms([{}], node)).toBe(false);
    expect(matchesNodeSelectorTerms([{ matchExpressions: [] }], node)).toBe(false);
  });

  it('matchFields supports metadata.name In/NotIn with one value', () => {
    const f = (operator: string, values: string[]) =>
      matchesNodeSelectorTerms([{ matchFields: [{ key: 'metadata.name', operator, values }] }], node);
    expect(f('In', ['node-1'])).toBe(true);
    expect(f('In', ['node-2'])).toBe(false);
    expect(f('NotIn', ['node-2'])).toBe(true);
    expect(f('In', ['node-1', 'node-2'])).toBe(false); // must have one element
  });
});

describe('tolerates (ToleratesTaint)', () => {
  const cp = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

  it('Exists with a matching key tolerates any value', () => {
    expect(tolerates({ key: cp.key, operator: 'Exists' }, cp)).toBe(true);
    expect(tolerates({ key: cp.key, operator: 'Exists', effect: 'NoSchedule' }, cp)).toBe(true);
    expect(tolerates({ key: cp.key, operator: 'Exists', effect: 'NoExecute' }, cp)).toBe(false);
  });

  it('an empty key with Exists tolerates everything', () => {
    expect(tolerates({ operator: 'Exists' }, cp)).toBe(true);
    expect(tolerates({ operator: 'Exists' }, { key: 'x', value: 'y', effect: 'NoExecute' })).toBe(true);
  });

  it('Equal (or empty operator) compares values; missing value equals ""', () => {
    expect(tolerates({ key: cp.key }, cp)).toBe(true);
    expect(tolerates({ key: cp.key, operator: 'Equal', value: '' }, cp)).toBe(true);
    expect(
      tolerates(
        { key: 'spray', operator: 'Equal', value: 'mortein' },
        { key: 'spray', value: 'mortein', effect: 'NoSchedule' },
      ),
    ).toBe(true);
    expect(tolerates({ key: 'spray', value: 'other' }, { key: 'spray', value: 'mortein', effect: 'NoSchedule' })).toBe(
      false,
    );
    expect(tolerates({ key: 'spray', operator: 'Bogus' }, { key: 'spray', effect: 'NoSchedule' })).toBe(false);
  });

  it('finds the first untolerated taint in node order', () => {
    const taints = [
      { key: 'a', effect: 'PreferNoSchedule' },
      { key: 'b', value: '1', effect: 'NoSchedule' },
      { key: 'c', effect: 'NoExecute' },
    ];
    const doNotSchedule = (t: { effect: string }) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';
    expect(findMatchingUntoleratedTaint(taints, [], doNotSchedule)?.key).toBe('b');
    expect(findMatchingUntoleratedTaint(taints, [{ key: 'b', operator: 'Exists' }], doNotSchedule)?.key).toBe('c');
    expect(tolerationsTolerateTaint(undefined, taints[0])).toBe(false);
  });
});
