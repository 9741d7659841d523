/**
 * field.Error construction and rendering (k8s.io/apimachinery/pkg/util/validation/field/errors.go) and the text
 * kubectl prints for an Invalid (422) response (kubectl pkg/cmd/util/helpers.go checkErr).
 */
import type { FieldError } from '../types';

/**
 * A bad value rendered the way v1.34's ErrorBody renders it (apimachinery c58e197e "Nicer value rendering"):
 * int/float/bool with %v, string with %q, nil as `null`, everything else (maps, structs, typedef'd values) as
 * JSON. Go's json.Marshal sorts map keys; pass structs as objects whose key order is the Go field order.
 */
export function renderValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number') return goNumber(value);
  if (typeof value === 'boolean') return String(value);
  return goJSON(value);
}

/** Marks an object whose keys must keep their order (a Go struct) rather than be sorted (a Go map). */
export class GoStruct {
  constructor(readonly fields: Record<string, unknown>) {}
}

export const required = (field: string, detail = ''): FieldError =>
  withDetail({ type: 'Required value', field }, detail);

export const forbidden = (field: string, detail: string): FieldError =>
  withDetail({ type: 'Forbidden', field }, detail);

export const invalid = (field: string, value: unknown, detail: string): FieldError =>
  withDetail({ type: 'Invalid value', field, value: renderValue(value) }, detail);

export const duplicate = (field: string, value: unknown): FieldError => ({
  type: 'Duplicate value',
  field,
  value: renderValue(value),
});

export const notFound = (field: string, value: unknown, detail = ''): FieldError =>
  withDetail({ type: 'Not found', field, value: renderValue(value) }, detail);

/** field.NotSupported: `supported values: "A", "B"` (each strconv.Quote'd, in the order given). */
export const notSupported = (field: string, value: unknown, validValues: readonly string[]): FieldError =>
  withDetail(
    { type: 'Unsupported value', field, value: renderValue(value) },
    validValues.length ? `supported values: ${validValues.map(goQuote).join(', ')}` : '',
  );

/** field.TooLong with a byte limit: `must have at most 262144 bytes` (the value is never printed). */
export const tooLong = (field: string, maxBytes: number): FieldError => ({
  type: 'Too long',
  field,
  detail: `must have at most ${maxBytes} bytes`,
});

/** `<field>: <ErrorBody>`, as field.Error.Error() and kubectl's cause lines print it. */
export function fieldErrorText(e: FieldError): string {
  let body: string = e.type;
  if (e.value !== undefined) body += `: ${e.value}`;
  if (e.detail) body += `: ${e.detail}`;
  return `${e.field}: ${body}`;
}

/**
 * What kubectl prints for a 422: `The Deployment "web" is invalid: <cause>` for one cause; for several, that
 * prefix (with its trailing space) on a line of its own, then `* <cause>` per line. Duplicate causes are dropped.
 */
export function formatInvalid(kind: string, name: string, errs: FieldError[]): string {
  const prefix = `The ${kind} ${goQuote(name)} is invalid: `;
  const causes = [...new Set(errs.map(fieldErrorText))];
  if (causes.length === 1) return prefix + causes[0];
  return [prefix, ...causes.map((c) => `* ${c}`)].join('\n');
}

/** The raw status message API clients see: `Deployment.apps "web" is invalid: [e1, e2]` (errors.NewInvalid). */
export function invalidStatusMessage(qualifiedKind: string, name: string, errs: FieldError[]): string {
  const causes = [...new Set(errs.map(fieldErrorText))];
  const aggregate = causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`;
  return `${qualifiedKind} ${goQuote(name)} is invalid: ${aggregate}`;
}

function withDetail(e: FieldError, detail: string): FieldError {
  return detail ? { ...e, detail } : e;
}

/** Go's %q for a string (strconv.Quote): printable runes kept, others escaped. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (cp === 0x07) out += '\\a';
    else if (cp === 0x08) out += '\\b';
    else if (cp === 0x0c) out += '\\f';
    else if (cp === 0x0a) out += '\\n';
    else if (cp === 0x0d) out += '\\r';
    else if (cp === 0x09) out += '\\t';
    else if (cp === 0x0b) out += '\\v';
    else if (cp < 0x20 || cp === 0x7f) out += '\\x' + cp.toString(16).padStart(2, '0');
    else if ((cp >= 0x80 && cp < 0xa0) || cp === 0xfeff) out += '\\u' + cp.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

function goNumber(n: number): string {
  // %v of an int32/int64 or float64; manifests only hold integers and simple decimals here.
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? n.toFixed(0) : String(n);
}

/** encoding/json: sorted map keys, HTML-safe escaping of <, > and &. */
function goJSON(value: unknown): string {
  const text = JSON.stringify(sortForGo(value)) ?? 'null';
  return text.replace(/[<>&\u2028\u2029]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

function sortForGo(value: unknown): unknown {
  if (value instanceof GoStruct) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value.fields)) out[k] = sortForGo(v);
    return out;
  }
  if (Array.isArray(value)) return value.map(sortForGo);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortForGo((value as Record<string, unknown>)[k]);
    return out;
  }
  return value ?? null;
}
