/**
 * Name generation as the apiserver and controllers do it.
 * - generateName suffix: 5 chars from `bcdfghjklmnpqrstvwxz2456789` (apiserver storage/names/generate.go).
 * - pod-template-hash: FNV-32a → decimal → SafeEncodeString (controller.ComputeHash). Real hashes come from a Go
 *   spew dump we cannot reproduce byte for byte, so we hash canonical JSON of the template — same alphabet, same
 *   lengths, stable across runs.
 */
import type { Rng } from '../kernel/Rng';

const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

function randomSuffix(rng: Rng, n = 5): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHANUMS[rng.intn(27)];
  return s;
}

/** GenerateName: base truncated to 58 chars + 5 random chars. */
export function generateName(rng: Rng, base: string): string {
  return base.slice(0, 58) + randomSuffix(rng);
}

function fnv32a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i) & 0xff;
    h = Math.imul(h, 0x01000193) >>> 0;
    const hi = text.charCodeAt(i) >> 8;
    if (hi) {
      h ^= hi;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}

/** rand.SafeEncodeString over the decimal form: only 4-9 and b c d f can appear. */
export function safeEncodeDecimal(n: number): string {
  return String(n >>> 0)
    .split('')
    .map((d) => ALPHANUMS[d.charCodeAt(0) % 27])
    .join('');
}

export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(v).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
}

export function podTemplateHash(template: unknown, collisionCount = 0): string {
  return safeEncodeDecimal(fnv32a(canonicalJson(template) + (collisionCount ? `#${collisionCount}` : '')));
}

/** Two hex digits for each byte value. */
const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A uint32 as 8 lowercase hex digits, as `n.toString(16).padStart(8, '0')` gives them, by table: Number#toString
 * with a radix is a slow runtime call, and every pod uid, sandbox and container id draws several.
 */
export function hex8(n: number): string {
  return HEX_BYTES[n >>> 24] + HEX_BYTES[(n >>> 16) & 0xff] + HEX_BYTES[(n >>> 8) & 0xff] + HEX_BYTES[n & 0xff];
}

/** RFC 4122 v4 UUID from the run's uid stream. */
export function uuid(rng: Rng): string {
  const a = hex8(rng.nextUint32());
  const b = hex8(rng.nextUint32());
  const c = hex8(rng.nextUint32());
  const d = hex8(rng.nextUint32());
  const variant = ((parseInt(c[0], 16) & 0x3) | 0x8).toString(16);
  const id = `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  // Flattened (charCodeAt flattens): as built, a uid is a tree of eight cons strings, and every version of the
  // object, every reference to it and every event about it keeps that tree alive.
  void id.charCodeAt(0);
  return id;
}
