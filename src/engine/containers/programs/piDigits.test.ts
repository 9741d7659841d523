import { describe, expect, it } from 'vitest';
import { piDigits } from './piDigits';

describe('piDigits (what perl -Mbignum=bpi prints for bpi(N))', () => {
  it('gives the true first 50 significant digits of π', () => {
    expect(piDigits(50)).toBe('3.1415926535897932384626433832795028841971693993751');
  });

  it('rounds the last digit: bpi(5) is 3.1416, bpi(1) is 3', () => {
    expect(piDigits(5)).toBe('3.1416');
    expect(piDigits(1)).toBe('3');
  });

  it('bpi(2000) has 2000 significant digits and agrees with the first 50', () => {
    const s = piDigits(2000);
    expect(s.replace('.', '')).toHaveLength(2000);
    expect(s.startsWith(piDigits(50).slice(0, -1))).toBe(true);
    // The well-known 762nd–767th decimals: the Feynman point.
    expect(s.slice(2 + 761, 2 + 767)).toBe('999999');
  });
});
