import { describe, expect, it } from 'vitest';
import {
  QUANTITY_FORMAT_ERROR,
  QUANTITY_NUMERIC_ERROR,
  QUANTITY_SUFFIX_ERROR,
  canonicalQuantity,
  formatBytes,
  formatCpuMillis,
  formatQuantity,
  parseBytes,
  parseCpuMillis,
  parseQuantity,
  tryParseQuantity,
} from './quantity';

describe('parseCpuMillis', () => {
  it.each([
    ['100m', 100],
    ['0.5', 500],
    [0.5, 500],
    [1, 1000],
    ['1', 1000],
    ['2', 2000],
    ['250m', 250],
    ['1.5', 1500],
    ['.5', 500],
    ['0.1m', 1], // MilliValue rounds up
    ['1e3', 1_000_000],
    ['1k', 1_000_000],
    ['0', 0],
    ['+1', 1000],
    ['100u', 1], // 0.0001 cores → 0.1m → rounds up to 1m
  ])('%s → %d', (input, want) => {
    expect(parseCpuMillis(input)).toBe(want);
  });
});

describe('parseBytes', () => {
  it.each([
    ['128Mi', 128 * 1024 * 1024],
    ['1G', 1e9],
    ['1Gi', 1024 ** 3],
    ['1e3', 1000],
    [1000, 1000],
    ['129M', 129e6],
    ['123Mi', 123 * 2 ** 20],
    ['0.5Gi', 2 ** 29],
    ['1.5Gi', 1.5 * 2 ** 30],
    ['64974848', 64974848],
    ['1Ki', 1024],
    ['1k', 1000],
    ['0.5', 1], // Value() rounds up
    ['4Gi', 4 * 2 ** 30],
    ['1Ei', 2 ** 60],
  ])('%s → %d', (input, want) => {
    expect(parseBytes(input)).toBe(want);
  });
});

describe('parseQuantity errors (resource.ParseQuantity)', () => {
  it.each(['abc', '100MB', '1.5.5', '', '1 Gi', '1Gi5x'])('%j is a format error', (input) => {
    expect(() => parseQuantity(input)).toThrow(QUANTITY_FORMAT_ERROR);
  });

  it.each(['100mi', '1K', '1e', '1Mm', '--1'])('%j has an unknown suffix', (input) => {
    expect(() => parseQuantity(input)).toThrow(QUANTITY_SUFFIX_ERROR);
  });

  it('a suffix without a number is a numeric error', () => {
    expect(() => parseQuantity('Mi')).toThrow(QUANTITY_NUMERIC_ERROR);
  });

  it('quotes the exact Go regular expression', () => {
    expect(QUANTITY_FORMAT_ERROR).toBe(
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
    );
  });

  it('tryParseQuantity reports instead of throwing', () => {
    expect(tryParseQuantity('abc')).toEqual({ error: QUANTITY_FORMAT_ERROR });
    expect(tryParseQuantity(true)).toEqual({ error: QUANTITY_FORMAT_ERROR });
    expect(tryParseQuantity('1Gi')).toEqual({ value: 2 ** 30, format: 'BinarySI' });
  });

  it('keeps the sign', () => {
    expect(parseQuantity('-1')).toEqual({ value: -1, format: 'DecimalSI' });
    expect(parseQuantity('-100m').value).toBeCloseTo(-0.1);
  });
});

describe('formatQuantity (Quantity.String canonical form)', () => {
  it.each([
    [0.5, 'DecimalSI', '500m'],
    [1.5, 'DecimalSI', '1500m'],
    [1, 'DecimalSI', '1'],
    [1000, 'DecimalSI', '1k'],
    [129e6, 'DecimalSI', '129M'],
    [128974848, 'DecimalSI', '128974848'],
    [0.1, 'DecimalSI', '100m'],
    [0.0001, 'DecimalSI', '100u'],
    [1.5 * 2 ** 30, 'BinarySI', '1536Mi'],
    [2 ** 29, 'BinarySI', '512Mi'],
    [4 * 2 ** 30, 'BinarySI', '4Gi'],
    [1000, 'BinarySI', '1k'], // below 1024 a BinarySI value prints as DecimalSI
    [1500, 'BinarySI', '1500'],
    [0, 'BinarySI', '0'],
    [1000, 'DecimalExponent', '1e3'],
    [-0.5, 'DecimalSI', '-500m'],
  ] as const)('%d %s → %s', (value, format, want) => {
    expect(formatQuantity(value, format)).toBe(want);
  });

  it('canonicalQuantity keeps the input format', () => {
    expect(canonicalQuantity('1.5Gi')).toBe('1536Mi');
    expect(canonicalQuantity('0.5')).toBe('500m');
    expect(canonicalQuantity('1000m')).toBe('1');
    expect(canonicalQuantity(1)).toBe('1');
    expect(canonicalQuantity('1.5G')).toBe('1500M');
  });

  it('printer helpers', () => {
    expect(formatCpuMillis(250)).toBe('250m');
    expect(formatCpuMillis(2000)).toBe('2');
    expect(formatCpuMillis(1500)).toBe('1500m');
    expect(formatBytes(4 * 2 ** 30)).toBe('4Gi');
    expect(formatBytes(128 * 2 ** 20)).toBe('128Mi');
  });
});
