/**
 * π to a number of significant digits, as Perl's `bpi(N)` (Math::BigFloat, through `-Mbignum=bpi`) prints it: the
 * value rounded to N significant digits, so `bpi(2000)` is "3." and 1,999 decimals. Computed exactly with BigInt
 * and Machin's formula π = 16·atan(1/5) − 4·atan(1/239), with guard digits so the rounding digit is right.
 */

/** atan(1/x) · 10^digits, by the alternating Taylor series, truncated. */
function arctanInverse(x: bigint, scale: bigint): bigint {
  const x2 = x * x;
  let term = scale / x;
  let sum = term;
  for (let n = 3n, sign = -1n; term !== 0n; n += 2n, sign = -sign) {
    term /= x2;
    sum += (sign * term) / n;
  }
  return sum;
}

export function piDigits(significant: number): string {
  if (!Number.isInteger(significant) || significant < 1) throw new RangeError('significant digits must be ≥ 1');
  const guard = 10;
  const scale = 10n ** BigInt(significant - 1 + guard);
  const pi = 16n * arctanInverse(5n, scale) - 4n * arctanInverse(239n, scale);
  // Round away the guard digits (half up; π's expansion never makes a tie within 10 guard digits matter).
  const rounded = (pi + 5n * 10n ** BigInt(guard - 1)) / 10n ** BigInt(guard);
  const digits = rounded.toString();
  return significant === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
}
