/**
 * What the apiextensions-apiserver does with a custom resource's body and its version's structural
 * openAPIV3Schema, in its order: unknown fields (pkg/apiserver/schema/pruning/algorithm.go, reported by strict field
 * validation, dropped otherwise), defaults (pkg/apiserver/schema/defaulting/algorithm.go) and validation
 * (k8s.io/kube-openapi pkg/validation/validate, with the field errors apiextensions' validation.go
 * ConvertSchemaValidationErrors makes of them: `spec.replicas: Invalid value: "string": spec.replicas in body must be
 * of type integer: "string"`).
 */
import type { FieldError, KObject } from '../types';
import { invalid, notSupported, renderValue, required, tooLong } from './fieldError';

type Schema = Record<string, any>;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The metadata fields ObjectMeta has: everything else under metadata is pruned too (pruning of the ObjectMeta). */
const ROOT_KEPT = new Set(['apiVersion', 'kind', 'metadata']);

/**
 * Walks `value` against `schema` and calls `found` with the path of every field the schema does not define. A
 * level with x-kubernetes-preserve-unknown-fields keeps its unknown fields; additionalProperties makes a map.
 */
function walkUnknown(
  value: unknown,
  schema: Schema | undefined,
  path: string,
  found: (path: string, parent: Record<string, unknown>, key: string) => void,
  root = false,
): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => walkUnknown(v, schema.items, `${path}[${i}]`, found));
    return;
  }
  if (!isObject(value)) return;
  const props: Schema | undefined = schema.properties;
  const additional = schema.additionalProperties;
  for (const key of Object.keys(value)) {
    const child = path ? `${path}.${key}` : key;
    if (root && ROOT_KEPT.has(key)) continue;
    if (props && key in props) walkUnknown(value[key], props[key], child, found);
    else if (isObject(additional)) walkUnknown(value[key], additional, child, found);
    else if (additional === true || schema['x-kubernetes-preserve-unknown-fields'] === true) continue;
    else found(child, value, key);
  }
}

/** Paths of the fields the schema does not define (strict field validation's `unknown field "spec.x"`). */
export function unknownFields(obj: KObject, schema: Schema): string[] {
  const out: string[] = [];
  walkUnknown(obj, schema, '', (p) => out.push(p), true);
  return out;
}

/** A copy without the fields the schema does not define. */
export function prune(obj: KObject, schema: Schema): KObject {
  const copy = structuredCloneJson(obj);
  walkUnknown(copy, schema, '', (_p, parent, key) => delete parent[key], true);
  return copy;
}

/** A copy with each absent property that has a `default:` set to it, at every level that is present. */
export function applySchemaDefaults(obj: KObject, schema: Schema): KObject {
  const copy = structuredCloneJson(obj);
  defaultInto(copy, schema);
  return copy;
}

function defaultInto(value: unknown, schema: Schema | undefined): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    for (const v of value) defaultInto(v, schema.items);
    return;
  }
  if (!isObject(value)) return;
  const props: Schema = schema.properties ?? {};
  for (const [key, prop] of Object.entries(props)) {
    if (value[key] === undefined && isObject(prop) && prop.default !== undefined)
      value[key] = structuredCloneJson(prop.default);
    if (key !== 'metadata') defaultInto(value[key], prop);
  }
  if (isObject(schema.additionalProperties))
    for (const key of Object.keys(value)) if (!(key in props)) defaultInto(value[key], schema.additionalProperties);
}

/** The OpenAPI type name of a JSON value, as kube-openapi's validator reports a mismatch. */
function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(type: string, v: unknown): boolean {
  const t = typeOf(v);
  if (type === 'number') return t === 'number' || t === 'integer';
  return t === type;
}

/** Field errors for `obj` against its version's schema, in the validator's order (type first, then the rest). */
export function validateAgainstSchema(obj: KObject, schema: Schema): FieldError[] {
  const errs: FieldError[] = [];
  const props: Schema = schema.properties ?? {};
  // The root's metadata is validated as ObjectMeta by the generic registry, not by the schema.
  for (const [key, prop] of Object.entries(props))
    if (!ROOT_KEPT.has(key) && (obj as Record<string, unknown>)[key] !== undefined)
      validateValue((obj as Record<string, unknown>)[key], prop, key, errs);
  for (const key of schema.required ?? [])
    if (!ROOT_KEPT.has(key) && (obj as Record<string, unknown>)[key] === undefined) errs.push(required(key));
  return errs;
}

function validateValue(v: unknown, s: Schema | undefined, path: string, errs: FieldError[]): void {
  if (!isObject(s)) return;
  if (v === null && s.nullable) return;
  if (typeof s.type === 'string' && !(s['x-kubernetes-int-or-string'] && typeof v === 'string')) {
    if (!typeMatches(s.type, v)) {
      errs.push(invalid(path, typeOf(v), `${path} in body must be of type ${s.type}: "${typeOf(v)}"`));
      return;
    }
  }
  if (Array.isArray(s.enum) && !s.enum.some((e: unknown) => JSON.stringify(e) === JSON.stringify(v)))
    errs.push(
      notSupported(
        path,
        v,
        s.enum.map((e: unknown) => (typeof e === 'string' ? e : JSON.stringify(e))),
      ),
    );
  if (typeof v === 'string') {
    const len = [...v].length;
    // TooLongFailCode becomes field.TooLongMaxLength (ConvertSchemaValidationErrors), which prints no value.
    if (typeof s.maxLength === 'number' && len > s.maxLength) errs.push(tooLong(path, s.maxLength));
    if (typeof s.minLength === 'number' && len < s.minLength)
      errs.push(invalid(path, v, `${path} in body should be at least ${s.minLength} chars long`));
    if (typeof s.pattern === 'string' && !safeTest(s.pattern, v))
      errs.push(invalid(path, v, `${path} in body should match '${s.pattern}'`));
  }
  if (typeof v === 'number') {
    if (typeof s.maximum === 'number' && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum))
      errs.push(
        invalid(path, v, `${path} in body should be less than ${s.exclusiveMaximum ? '' : 'or equal to '}${s.maximum}`),
      );
    if (typeof s.minimum === 'number' && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum))
      errs.push(
        invalid(
          path,
          v,
          `${path} in body should be greater than ${s.exclusiveMinimum ? '' : 'or equal to '}${s.minimum}`,
        ),
      );
  }
  if (Array.isArray(v)) {
    if (typeof s.maxItems === 'number' && v.length > s.maxItems)
      errs.push({
        type: 'Too many',
        field: path,
        value: renderValue(v.length),
        detail: `must have at most ${s.maxItems} items`,
      });
    if (typeof s.minItems === 'number' && v.length < s.minItems)
      errs.push(invalid(path, v.length, `${path} in body should have at least ${s.minItems} items`));
    v.forEach((item, i) => validateValue(item, s.items as Schema, `${path}[${i}]`, errs));
  }
  if (isObject(v)) {
    const props: Schema = s.properties ?? {};
    for (const [key, prop] of Object.entries(props))
      if (v[key] !== undefined) validateValue(v[key], prop, `${path}.${key}`, errs);
    if (isObject(s.additionalProperties))
      for (const key of Object.keys(v))
        if (!(key in props)) validateValue(v[key], s.additionalProperties as Schema, `${path}.${key}`, errs);
    for (const key of (s.required as string[] | undefined) ?? [])
      if (v[key] === undefined) errs.push(required(`${path}.${key}`));
  }
}

/** An ECMAScript reading of the schema's pattern; one that does not compile was refused with the CRD. */
function safeTest(pattern: string, v: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(v);
  } catch {
    return true;
  }
}

function structuredCloneJson<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
