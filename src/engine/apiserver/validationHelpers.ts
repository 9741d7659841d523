/**
 * Small checks the validation files share (pkg/apis/core/validation: ValidateNonnegativeField,
 * ValidatePositiveIntOrPercent, IsNotMoreThan100Percent) and plain-object helpers.
 */
import type { FieldError } from '../types';
import { invalid } from './fieldError';
import { isValidPercent } from './validationRules';

export type Obj = Record<string, any>;

/** ValidateNonnegativeField. */
export function nonNegative(value: unknown, path: string): FieldError[] {
  return typeof value === 'number' && value < 0 ? [invalid(path, value, 'must be greater than or equal to 0')] : [];
}

/** ValidatePositiveIntOrPercent. */
export function positiveIntOrPercent(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') return isValidPercent(value).map((msg) => invalid(path, value, msg));
  if (typeof value === 'number') return nonNegative(value, path);
  return [];
}

export function intOrPercentValue(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (isValidPercent(value).length === 0) return Number(value.slice(0, -1));
    const n = Number(value); // intstr.IntValue() → strconv.Atoi, 0 on failure
    return Number.isInteger(n) ? n : 0;
  }
  return 0;
}

export function notMoreThan100Percent(value: unknown, path: string): FieldError[] {
  if (typeof value !== 'string' || isValidPercent(value).length > 0) return [];
  return Number(value.slice(0, -1)) > 100 ? [invalid(path, value, 'must not be greater than 100%')] : [];
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as Obj);
  const kb = Object.keys(b as Obj);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Obj)[k], (b as Obj)[k]));
}

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}
