/**
 * Explicit JSON nulls decoded as Go's encoding/json decodes them into the typed object (apimachinery's JSON
 * serializer, sigs.k8s.io/json), so defaulting, admission and validation only ever see the shapes Go would:
 * - null for a struct field (a struct, pointer, slice, map or scalar) leaves the field's zero value: the field is
 *   as good as absent (`spec:` left empty on a Pod → `spec.containers: Required value`);
 * - null for an element of a slice or a value of a map is stored as the element type's zero value:
 *   `containers: [null]` is one `Container{}` (→ `spec.containers[0].name: Required value`, …), `["a", null]` in a
 *   []string is `["a", ""]`, a null Quantity is `0` (Quantity.UnmarshalJSON treats `null` as the zero Quantity);
 * - free-form parts (status, which the bundled schema does not type) lose their null fields and get `{}` for null
 *   list items: every list in a status is a list of structs.
 * Values of the wrong JSON type are left alone: strictDecode reports them with Go's text first.
 */
import type { KObject } from '../types';
import { kindDefinition } from './strictDecode';

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
}

interface Defs {
  definitions?: Record<string, SchemaNode>;
}

/**
 * Struct fields that Go holds by value (not behind a pointer), so the typed object always has them, null or absent:
 * `ObjectMeta`, every `Spec`, a `PodTemplateSpec`/`JobTemplateSpec` (k8s.io/api apps/v1, batch/v1), a Deployment's
 * `strategy`, a StatefulSet's or DaemonSet's `updateStrategy`, a PVC's `resources`. Only these are filled in (with
 * `{}`), and only along this chain from the root: what the later stages read without a guard. A Namespace's spec
 * is left out: NamespaceSpec is all optional and the printers show a Namespace as the apiserver stored it.
 */
const BY_VALUE = new Set(['metadata', 'spec', 'template', 'jobTemplate', 'strategy', 'updateStrategy']);
/** By name only in these structs: PodSpec.resources, say, is a pointer. */
const BY_VALUE_IN: Record<string, string> = { resources: 'PersistentVolumeClaimSpec' };

/**
 * `obj` as the typed decode leaves it: explicit nulls decoded, by-value structs present. The same object when
 * nothing changes (bodies may be frozen and shared between steps).
 */
export function decodeNulls(obj: KObject, schema: unknown): KObject {
  const defName = kindDefinition(schema, obj.kind, obj.apiVersion);
  const defs = (schema as Defs).definitions ?? {};
  const decoder = new NullDecoder(defs);
  const root: SchemaNode = defName ? { $ref: `#/definitions/${defName}` } : {};
  const decoded = hasNull(obj) ? (decoder.value(obj, root) as KObject) : obj;
  return defName && obj.kind !== 'Namespace' ? (decoder.byValue(decoded, root) as KObject) : decoded;
}

function hasNull(v: unknown): boolean {
  if (v === null) return true;
  if (typeof v !== 'object' || v === undefined) return false;
  if (Array.isArray(v)) return v.some(hasNull);
  for (const k in v)
    if (Object.prototype.hasOwnProperty.call(v, k) && hasNull((v as Record<string, unknown>)[k])) return true;
  return false;
}

class NullDecoder {
  constructor(private readonly defs: Record<string, SchemaNode>) {}

  /** Decodes a non-null value; `schema` is what the schema says is here (`{}` when unknown: free-form). */
  value(v: unknown, schema: SchemaNode): unknown {
    if (v === null || typeof v !== 'object' || !hasNull(v)) return v;
    const node = this.resolve(schema);
    if (Array.isArray(v)) {
      const items = node.type === 'array' || hasType(node, 'array') ? (node.items ?? {}) : {};
      return v.map((item) => (item === null ? this.zero(items) : this.value(item, items)));
    }
    const obj = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    if (node.properties) {
      for (const key of Object.keys(obj)) {
        const child = obj[key];
        const prop = Object.prototype.hasOwnProperty.call(node.properties, key) ? node.properties[key] : undefined;
        // A struct field: null leaves the zero value. An unknown one stays for strictDecode to report.
        if (child === null && prop) continue;
        defineData(out, key, this.value(child, prop ?? {}));
      }
      return out;
    }
    const additional = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
    for (const key of Object.keys(obj)) {
      const child = obj[key];
      if (child === null) {
        // A map value keeps its key with the element's zero value; a free-form object just drops the field.
        if (additional) defineData(out, key, this.zero(additional));
        continue;
      }
      defineData(out, key, this.value(child, additional ?? {}));
    }
    return out;
  }

  /** `v` with the BY_VALUE struct fields under it present; `v` itself when they all are. */
  byValue(v: Record<string, unknown>, schema: SchemaNode): Record<string, unknown> {
    const props = this.resolve(schema).properties ?? {};
    let out = v;
    const structName = schema.$ref?.slice(schema.$ref.lastIndexOf('/') + 1);
    for (const key of [...BY_VALUE, ...Object.keys(BY_VALUE_IN)]) {
      if (BY_VALUE_IN[key] !== undefined && BY_VALUE_IN[key] !== structName) continue;
      const prop = Object.prototype.hasOwnProperty.call(props, key) ? props[key] : undefined;
      if (!prop || !this.resolve(prop).properties) continue;
      const child = v[key];
      if (child !== undefined && (typeof child !== 'object' || child === null || Array.isArray(child))) continue;
      const filled = this.byValue((child as Record<string, unknown> | undefined) ?? {}, prop);
      if (filled === child) continue;
      if (out === v) out = { ...v };
      defineData(out, key, filled);
    }
    return out;
  }

  /** The JSON form of the Go zero value of an element of this schema. */
  private zero(schema: SchemaNode): unknown {
    if (schema.$ref) {
      const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
      if (name === 'Quantity') return '0';
      if (name === 'Time' || name === 'MicroTime') return null; // metav1.Time's zero value marshals as null
    }
    const node = this.resolve(schema);
    if (node.properties) return {};
    if (node.format === 'int-or-string') return 0;
    if (node.format === 'byte') return '';
    if (hasType(node, 'string')) return '';
    if (hasType(node, 'integer') || hasType(node, 'number')) return 0;
    if (hasType(node, 'boolean')) return false;
    if (hasType(node, 'array')) return [];
    return {}; // maps, free-form objects (status lists are lists of structs)
  }

  private resolve(schema: SchemaNode): SchemaNode {
    let node = schema;
    for (let i = 0; node.$ref && i < 8; i++) {
      node = this.defs[node.$ref.slice(node.$ref.lastIndexOf('/') + 1)] ?? {};
    }
    return node;
  }
}

function hasType(node: SchemaNode, t: string): boolean {
  return Array.isArray(node.type) ? node.type[0] === t : node.type === t;
}

/** Plain assignment would call the `__proto__` setter for a key of that name. */
function defineData(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}
