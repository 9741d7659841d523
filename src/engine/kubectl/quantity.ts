/**
 * Just enough of k8s.io/apimachinery/pkg/api/resource.Quantity for kubectl's describe arithmetic:
 * parse a quantity string, add quantities, and print the canonical form (`Quantity.String()`).
 * Values are held as integer milli-units (exact for cpu millicores and for bytes up to ~9 PB).
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** Value × 1000, rounded to an integer (Go rounds sub-milli values up; irrelevant for real objects). */
  milli: number;
  format: QuantityFormat;
}

const BINARY: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

export const ZERO_QUANTITY: Quantity = { milli: 0, format: 'DecimalSI' };

export function parseQuantity(input: string | number | undefined | null): Quantity | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'number') return { milli: Math.round(input * 1000), format: 'DecimalSI' };
  const m = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?[0-9]+)?$/.exec(
    input.trim(),
  );
  if (!m) return undefined;
  const num = Number(m[1]);
  const suffix = m[2] ?? '';
  if (suffix in BINARY) return { milli: Math.round(num * 1024 ** BINARY[suffix] * 1000), format: 'BinarySI' };
  if (suffix in DECIMAL) return { milli: Math.round(num * 10 ** (DECIMAL[suffix] + 3)), format: 'DecimalSI' };
  const exp = Number(suffix.slice(1));
  return { milli: Math.round(num * 10 ** (exp + 3)), format: 'DecimalExponent' };
}

/** Quantity.Add keeps the receiver's format. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { milli: a.milli + b.milli, format: a.format };
}

function decimalString(milli: number): string {
  if (milli === 0) return '0';
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  if (abs % 1000 !== 0) return `${sign}${abs}m`;
  let units = abs / 1000;
  const suffixes = ['', 'k', 'M', 'G', 'T', 'P', 'E'];
  let i = 0;
  while (i < suffixes.length - 1 && units % 1000 === 0) {
    units /= 1000;
    i++;
  }
  return `${sign}${units}${suffixes[i]}`;
}

/** Canonical string, as Quantity.String() prints it (`100m`, `2`, `128Mi`, `1536`, `1k`). */
export function formatQuantity(q: Quantity): string {
  if (q.format === 'BinarySI') {
    const abs = Math.abs(q.milli);
    // Below 1Ki (or with a fractional part) Go falls back to DecimalSI "to avoid rounding and confusion".
    if (abs < 1024 * 1000 || abs % 1000 !== 0) return decimalString(q.milli);
    let units = abs / 1000;
    const suffixes = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
    let i = 0;
    while (i < suffixes.length - 1 && units % 1024 === 0) {
      units /= 1024;
      i++;
    }
    return `${q.milli < 0 ? '-' : ''}${units}${suffixes[i]}`;
  }
  return decimalString(q.milli);
}

/** Canonicalise a quantity string (`0.1` → `100m`); unparseable input is returned unchanged. */
export function canonicalQuantity(input: string | number | undefined | null): string {
  if (input === undefined || input === null) return '';
  const q = parseQuantity(input);
  return q ? formatQuantity(q) : String(input);
}
