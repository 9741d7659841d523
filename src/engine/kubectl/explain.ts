/**
 * `kubectl explain <resource>[.field…]` from the bundled schema (src/schemas/k8s.schema.json, the one the editor
 * and the strict decoder use), printed as kubectl v1.34's OpenAPI v3 explain does
 * (k8s.io/kubectl/pkg/explain/v2/templates/plaintext.tmpl): GROUP/KIND/VERSION, then `FIELD: name <type>` for a
 * field path, DESCRIPTION (sprig `wrap 76 | indent 4`) and FIELDS (`  name\t<type> -required-`, the description
 * wrapped under it). A property that refers to a definition prints like the apiserver's `allOf: [$ref]` with a
 * description: its own description, then the definition's.
 *
 * Known difference: the bundled schema is generated from kubernetes-types, whose descriptions keep only the first
 * sentence of the API docs, and it leaves `status` untyped; the layout is kubectl's, the wording is shorter.
 */
import { k8sSchema } from '../components/apiserver/schema';
import { resolveResource } from './resourceInfo';
import { resolveServedArg, versionSchema } from '../objects/customResources';
import type { KObject } from '../types';

type Schema = {
  type?: string | string[];
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  format?: string;
};

const definitions = (): Record<string, Schema> => (k8sSchema() as { definitions: Record<string, Schema> }).definitions;

const refName = (ref: string) => ref.split('/').pop() ?? '';

function resolve(s: Schema): Schema {
  return s.$ref ? (definitions()[refName(s.$ref)] ?? {}) : s;
}

const isMap = (s: Schema) => typeof s.additionalProperties === 'object';

/** plaintext.tmpl "typeGuess", reading the bundled schema's shapes as their OpenAPI counterparts. */
function typeGuess(s: Schema): string {
  if (s.items) return `[]${typeGuess(s.items)}`;
  if (isMap(s)) return `map[string]${typeGuess(s.additionalProperties as Schema)}`;
  if (s.format === 'int-or-string') return 'IntOrString';
  if (s.$ref) {
    const name = refName(s.$ref);
    if (name === 'Quantity') return 'Quantity';
    const def = definitions()[name];
    const type = Array.isArray(def?.type) ? def.type[0] : def?.type;
    return !def || !type || type === 'object' ? name || 'Object' : type;
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object') return 'Object';
  return type ?? 'Object';
}

/** The property's description, then the referenced definition's (the `description` template over allOf). */
function description(s: Schema): string {
  let out = s.description ? `${s.description}\n` : '';
  if (s.$ref) {
    const def = resolve(s);
    if (def.description && def.description !== s.description) out += `${def.description}\n`;
  }
  if (s.items) out += description(s.items);
  if (isMap(s)) out += description(s.additionalProperties as Schema);
  return out;
}

/** github.com/Masterminds/goutils WrapCustom(str, n, "\n", false), as sprig's `wrap` calls it. */
export function goutilsWrap(str: string, wrapLength: number): string {
  let out = '';
  let offset = 0;
  while (str.length - offset > wrapLength) {
    if (str[offset] === ' ') {
      offset++;
      continue;
    }
    const end = wrapLength + offset + 1;
    const space = str.slice(offset, end).lastIndexOf(' ');
    if (space >= 0) {
      out += `${str.slice(offset, offset + space)}\n`;
      offset += space + 1;
    } else {
      const from = wrapLength + offset;
      const index = str.slice(from).indexOf(' ');
      if (index === -1) {
        out += str.slice(offset);
        offset = str.length;
      } else {
        out += `${str.slice(offset, from + index)}\n`;
        offset = from + index + 1;
      }
    }
  }
  return out + str.slice(offset);
}

const indent = (n: number, s: string) => ' '.repeat(n) + s.split('\n').join(`\n${' '.repeat(n)}`);

function enumShort(s: Schema, indentAmount: number): string {
  if (!s.enum?.length) return '';
  const shown = s.enum.slice(0, 4).map((e) => (e === '' ? '""' : String(e)));
  return `\n${' '.repeat(indentAmount)}enum: ${shown.join(', ')}${s.enum.length > 4 ? ', ....' : ''}`;
}

/** The FIELDS list (level 1, not recursive). */
function fieldList(s: Schema): string {
  const resolved = resolve(s);
  if (resolved.properties) {
    let out = '';
    for (const name of Object.keys(resolved.properties).sort()) {
      const field = resolved.properties[name];
      out += `  ${name}\t<${typeGuess(field)}>`;
      if (resolved.required?.includes(name)) out += ' -required-';
      out += `${enumShort(field, 2)}\n`;
      out += `${indent(4, goutilsWrap(field.description || '<no description>', 76))}\n\n`;
    }
    return out;
  }
  if (resolved.items) return fieldList(resolved.items);
  if (isMap(resolved)) return fieldList(resolved.additionalProperties as Schema);
  return '';
}

/** plaintext.tmpl "output": follow the path, then DESCRIPTION and FIELDS; undefined when a field is missing. */
function output(s: Schema, path: string[]): string | undefined {
  if (path.length === 0) {
    let out = `DESCRIPTION:\n${indent(4, goutilsWrap(description(s) || '<empty>', 76))}\n`;
    const fields = fieldList(s);
    if (fields) out += `FIELDS:\n${fields}`;
    return out;
  }
  const resolved = resolve(s);
  const sub = resolved.properties?.[path[0]];
  if (sub) {
    let head = '';
    if (path.length === 1) {
      const values = (sub.enum ?? []).map((e) => `\n    ${e === '' ? '""' : String(e)}`).join('');
      head = `FIELD: ${path[0]} <${typeGuess(sub)}>\n${sub.enum?.length ? `ENUM:${values}` : ''}\n\n`;
    }
    const rest = output(sub, path.slice(1));
    return rest === undefined ? undefined : head + rest;
  }
  if (resolved.items) return output(resolved.items, path);
  if (isMap(resolved)) return output(resolved.additionalProperties as Schema, path);
  return undefined;
}

/**
 * What the apiextensions-apiserver publishes for a custom resource (pkg/controller/openapi/builder): the version's
 * openAPIV3Schema with apiVersion, kind and metadata added as every kind has them.
 */
function customDefinition(crd: KObject, version: string): Schema | undefined {
  const schema = versionSchema(crd, version) as Schema | undefined;
  if (!schema) return undefined;
  const standard = definitions().Pod?.properties ?? {};
  const properties: Record<string, Schema> = {
    ...(standard.apiVersion ? { apiVersion: standard.apiVersion } : {}),
    ...(standard.kind ? { kind: standard.kind } : {}),
    ...(standard.metadata ? { metadata: standard.metadata } : {}),
    ...(schema.properties ?? {}),
  };
  return { ...schema, properties };
}

/** `crds`: the CustomResourceDefinitions of the world, whose Established resources explain can describe too. */
export function answerExplain(tokens: string[], crds: readonly KObject[] = []): { output: string; ok: boolean } {
  const args = tokens.filter((t) => !t.startsWith('-'));
  const flag = tokens.find((t) => t.startsWith('-') && !/^--api-version=|^--output=plaintext$/.test(t));
  if (flag) return { output: `error: "kubectl explain ${flag}" is not simulated here`, ok: false };
  if (args.length === 0)
    return {
      output:
        'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.',
      ok: false,
    };
  if (args.length > 1) return { output: `error: We accept only this format: explain RESOURCE`, ok: false };
  const [resource, ...path] = args[0].split('.');
  // explain.SplitAndParseResourceRequest: the first dotted part is the resource, the rest the field path.
  const info = resolveResource(resource) ?? resolveServedArg(resource, crds);
  const fieldPath = path;
  if (!info) return { output: `error: the server doesn't have a resource type "${resource}"`, ok: false };
  const crd = info.crd ? crds.find((c) => c.metadata.name === info.crd) : undefined;
  const def = crd ? customDefinition(crd, info.version) : definitions()[info.kind];
  if (!def) return { output: `error: "kubectl explain ${info.resource}" is not simulated here`, ok: false };
  const body = output(def, fieldPath);
  if (body === undefined)
    return { output: `error: field "${fieldPath[fieldPath.length - 1]}" does not exist`, ok: false };
  const head = `${info.group ? `GROUP:      ${info.group}\n` : ''}KIND:       ${info.kind}\nVERSION:    ${info.version}\n\n`;
  // The template's final "\n" is the one the panel leaves off.
  return { output: head + body, ok: true };
}
