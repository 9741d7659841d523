import { describe, it, expect } from 'vitest';
import { addQuantity, canonicalQuantity, formatQuantity, parseQuantity } from './quantity';
import { formatLabels, formatLabelSelector, selectorString } from './labels';

describe('Quantity canonical form', () => {
  it.each([
    ['100m', '100m'],
    ['0.1', '100m'],
    ['1', '1'],
    ['2000m', '2'],
    ['1500m', '1500m'],
    ['1000', '1k'],
    ['128Mi', '128Mi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['1.5Gi', '1536Mi'],
    ['512', '512'],
    ['4194304Ki', '4Gi'],
    ['1e3', '1k'],
    ['0', '0'],
  ])('%s → %s', (input, want) => {
    expect(canonicalQuantity(input)).toBe(want);
  });

  it('adds keeping the first format and renders zero as 0', () => {
    expect(formatQuantity(addQuantity(parseQuantity('64Mi')!, parseQuantity('128Mi')!))).toBe('192Mi');
    expect(formatQuantity(addQuantity(parseQuantity('100m')!, parseQuantity('0.25')!))).toBe('350m');
    expect(parseQuantity('bogus')).toBeUndefined();
  });
});

describe('labels and selectors', () => {
  it('formats label maps and selectors like apimachinery', () => {
    expect(formatLabels({ b: '2', a: '1' })).toBe('a=1,b=2');
    expect(formatLabels({})).toBe('<none>');
    expect(
      selectorString({
        matchLabels: { app: 'web' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['fe', 'be'] },
          { key: 'env', operator: 'NotIn', values: ['dev'] },
          { key: 'gpu', operator: 'Exists' },
          { key: 'legacy', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe('app=web,env notin (dev),gpu,!legacy,tier in (be,fe)');
    expect(formatLabelSelector({})).toBe('<none>');
    expect(selectorString(undefined)).toBe('');
  });
});
