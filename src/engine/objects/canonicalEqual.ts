/**
 * `canonicalEqual(a, b)` is `canonicalJson(a) === canonicalJson(b)` without building either string. Controllers
 * and the kubelet compare a freshly computed status with the stored one on every sync to skip no-op writes; with
 * thousands of pods the string building dominated those syncs.
 *
 * Same semantics as the strings: key order does not matter, a key holding `undefined` counts as `null` (and so
 * do NaN and ±Infinity), primitives compare by their JSON text, and objects only by their own enumerable keys.
 */
export function canonicalEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const aObject = a !== null && typeof a === 'object';
  const bObject = b !== null && typeof b === 'object';
  if (!aObject || !bObject) return !aObject && !bObject && primitiveJson(a) === primitiveJson(b);
  const aArray = Array.isArray(a);
  if (aArray !== Array.isArray(b)) return false;
  if (aArray) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      // A hole prints as nothing (Array.prototype.join), unlike an undefined element, which prints as null.
      const xHole = !(i in x);
      if (xHole !== !(i in y)) return false;
      if (!xHole && !canonicalEqual(x[i], y[i])) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) {
    if (!Object.prototype.propertyIsEnumerable.call(y, k)) return false;
    if (!canonicalEqual(x[k], y[k])) return false;
  }
  return true;
}

function primitiveJson(v: unknown): string {
  return JSON.stringify(v) ?? 'null';
}
