/**
 * resource.Quantity, as k8s.io/apimachinery/pkg/api/resource/quantity.go parses and prints it.
 *
 * Values are carried as JS numbers in base units (cores, bytes). That is exact for every quantity a manifest
 * realistically holds (millicores, bytes up to 2^53); Go keeps an int64/inf.Dec, which only matters past that.
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface ParsedQuantity {
  /** Value in base units (1 = one core, one byte, one pod...). */
  value: number;
  /** The suffix family the input used; String() re-uses it (1.5Gi prints as 1536Mi, 1.5G as 1500M). */
  format: QuantityFormat;
}

/** splitREString in quantity.go; also the text of ErrFormatWrong. */
const QUANTITY_REGEXP = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
/** resource.ErrFormatWrong: what the apiserver's JSON decoder returns for `cpu: abc`. */
export const QUANTITY_FORMAT_ERROR = `quantities must match the regular expression '${QUANTITY_REGEXP}'`;
/** resource.ErrSuffix: a well-formed number with an unknown suffix, such as `100mi` or `1K`. */
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

/** resource.ErrNumeric: a suffix with no number in front, such as `Mi`. */
export const QUANTITY_NUMERIC_ERROR = 'unable to parse numeric part of quantity';

class QuantityError extends Error {}

const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const SUFFIX_CHARS = 'eEinumkKMGTP';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * Parses a quantity the way resource.ParseQuantity does (hand-written scanner, not the regexp), so that the
 * same inputs fail with the same error. A JSON number arrives as its decimal text, e.g. `0.5` or `1e3`.
 */
export function parseQuantity(input: string | number): ParsedQuantity {
  const str = typeof input === 'number' ? numberText(input) : input.trim();
  if (str.length === 0) throw new QuantityError(QUANTITY_FORMAT_ERROR);
  if (str === '0') return { value: 0, format: 'DecimalSI' };

  // parseQuantityString: sign, leading zeros, integer digits, optional fraction, then the suffix.
  let pos = 0;
  const end = str.length;
  let negative = false;
  if (str[0] === '-' || str[0] === '+') {
    negative = str[0] === '-';
    pos++;
  }
  const numStart = pos;
  while (pos < end && isDigit(str[pos])) pos++;
  let numberEnd = pos;
  if (pos < end && str[pos] === '.') {
    pos++;
    while (pos < end && isDigit(str[pos])) pos++;
    numberEnd = pos;
  }
  const suffixStart = pos;
  while (pos < end && SUFFIX_CHARS.includes(str[pos]!)) pos++;
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  while (pos < end && isDigit(str[pos])) pos++;
  if (pos < end) throw new QuantityError(QUANTITY_FORMAT_ERROR);

  const numText = str.slice(numStart, numberEnd);
  const suffix = str.slice(suffixStart);
  const magnitude = Number(numText);

  let value: number;
  let format: QuantityFormat;
  if (suffix in BINARY) {
    value = magnitude * 2 ** BINARY[suffix]!;
    format = 'BinarySI';
  } else if (suffix in DECIMAL) {
    value = scale10(magnitude, DECIMAL[suffix]!);
    format = 'DecimalSI';
  } else if (/^[eE][-+]?[0-9]+$/.test(suffix)) {
    value = scale10(magnitude, Number(suffix.slice(1)));
    format = 'DecimalExponent';
  } else {
    throw new QuantityError(QUANTITY_SUFFIX_ERROR);
  }
  // Go checks the suffix first, then parses the number (inf.Dec.SetString rejects "" and ".").
  if (numText === '' || numText === '.') {
    if (numStart === end) return { value: 0, format }; // "-" / "+": Go's leading-zero loop returns 0 early
    throw new QuantityError(QUANTITY_NUMERIC_ERROR);
  }
  return { value: negative ? -value : value, format };
}

/** parseQuantity without throwing: the error text the apiserver would give, or the value. */
export function tryParseQuantity(input: unknown): ParsedQuantity | { error: string } {
  if (typeof input !== 'string' && typeof input !== 'number') return { error: QUANTITY_FORMAT_ERROR };
  try {
    return parseQuantity(input);
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** CPU in millicores, rounded up like Quantity.MilliValue() (0.1m → 1). */
export function parseCpuMillis(q: string | number): number {
  return ceilExact(parseQuantity(q).value * 1000);
}

/** Bytes (or any integer resource), rounded up like Quantity.Value() (0.5 → 1). */
export function parseBytes(q: string | number): number {
  return ceilExact(parseQuantity(q).value);
}

/**
 * The canonical text Quantity.String() prints: the largest suffix that keeps the number integral, in the format
 * the value was written in. BinarySI falls back to DecimalSI when the value is not a whole number of bytes or is
 * below 1024 in magnitude (quantity.go CanonicalizeBytes).
 */
export function formatQuantity(value: number, format: QuantityFormat = 'DecimalSI'): string {
  if (value === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (format === 'BinarySI' && abs >= 1024 && Number.isInteger(abs)) {
    let exp = 0;
    let n = abs;
    while (exp < 60 && n % 1024 === 0) {
      n /= 1024;
      exp += 10;
    }
    const suffix = Object.keys(BINARY).find((k) => BINARY[k] === exp) ?? '';
    return sign + String(n) + suffix;
  }
  // Decimal: the largest exponent (a multiple of 3) with an integral mantissa; below nano, round up to 1n.
  for (let exp = 18; exp >= -9; exp -= 3) {
    const mantissa = scale10(abs, -exp);
    const rounded = Math.round(mantissa);
    if (rounded >= 1 && Math.abs(mantissa - rounded) < 1e-9 * Math.max(1, rounded)) {
      if (format === 'DecimalExponent') return sign + String(rounded) + (exp === 0 ? '' : `e${exp}`);
      const suffix = Object.keys(DECIMAL).find((k) => DECIMAL[k] === exp) ?? '';
      return sign + String(rounded) + suffix;
    }
  }
  return sign + String(Math.ceil(scale10(abs, 9))) + (format === 'DecimalExponent' ? 'e-9' : 'n');
}

/** CPU for printers: `250m`, `1`, `1500m` (kubectl describe shows millicores unless whole cores). */
export function formatCpuMillis(millis: number): string {
  return formatQuantity(millis / 1000, 'DecimalSI');
}

/** Memory for printers in the binary form kubectl shows for node capacity: `4Gi`, `128Mi`, `1500` (1000 → `1k`). */
export function formatBytes(bytes: number): string {
  return formatQuantity(bytes, 'BinarySI');
}

/** Canonical form of a quantity as written (what the apiserver stores and `kubectl get -o yaml` shows). */
export function canonicalQuantity(q: string | number): string {
  const parsed = parseQuantity(q);
  return formatQuantity(parsed.value, parsed.format);
}

function scale10(n: number, exp: number): number {
  // Multiplying by 10**-k loses precision (0.1 * 1e3 is fine, 3 * 1e-3 is not); divide for negative exponents.
  return exp >= 0 ? n * 10 ** exp : n / 10 ** -exp;
}

function ceilExact(n: number): number {
  const r = Math.round(n);
  return Math.abs(n - r) < 1e-9 ? r : Math.ceil(n);
}

function numberText(n: number): string {
  // Go's encoding/json prints float64 with 'f' up to 1e21 and exponent form beyond, like JS String().
  return String(n);
}

/** A container's memory limit in bytes (its cgroup's memory.max), 0 for none or an unparsable one. */
export function memoryLimitBytes(container: any): number {
  const limit = container?.resources?.limits?.memory;
  if (limit === undefined || limit === null) return 0;
  try {
    return parseBytes(limit);
  } catch {
    return 0;
  }
}
