/**
 * The generic describer kubectl falls back to for kinds without a describer of their own (ControllerRevision,
 * Lease, EndpointSlice's neighbours…): staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.34)
 * genericDescriber.Describe, printUnstructuredContent and smartLabelFor. It walks the object as its JSON wire form
 * (timestamps as RFC 3339 strings), fields sorted, each name turned into a label (`creationTimestamp` →
 * `Creation Timestamp`), skipping managedFields and the metadata already printed at the top.
 */
import type { KEvent, KObject } from '../types';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { byteCompare } from './labels';
import { LEVEL_0, PrefixWriter } from './prefixWriter';
import { prepareForOutput } from './yamlOutput';

const SKIP = new Set([
  '.metadata.managedFields',
  '.metadata.name',
  '.metadata.namespace',
  '.metadata.labels',
  '.metadata.annotations',
]);
const COMMON_ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

/** github.com/fatih/camelcase Split: runs of lower, upper, digit and other characters; `PDFLoader` → PDF, Loader. */
export function camelCaseSplit(src: string): string[] {
  const classOf = (ch: string): number =>
    /\p{Ll}/u.test(ch) ? 1 : /\p{Lu}/u.test(ch) ? 2 : /\p{Nd}/u.test(ch) ? 3 : 4;
  const runs: string[][] = [];
  let last = 0;
  for (const ch of src) {
    const c = classOf(ch);
    if (c === last) runs[runs.length - 1].push(ch);
    else runs.push([ch]);
    last = c;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    if (classOf(runs[i][0]) === 2 && classOf(runs[i + 1][0]) === 1) {
      runs[i + 1].unshift(runs[i].pop()!);
    }
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

/** smartLabelFor: field names with characters other than letters and `-` are kept as they are. */
export function smartLabelFor(field: string): string {
  if (/[^\p{L}-]/u.test(field)) return field;
  return camelCaseSplit(field)
    .filter((part) => part !== '_')
    .map((part) =>
      COMMON_ACRONYMS.includes(part.toUpperCase()) ? part.toUpperCase() : part.charAt(0).toUpperCase() + part.slice(1),
    )
    .join(' ');
}

/** Go's `%v` of a decoded JSON value. */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (typeof v === 'object') {
    const keys = Object.keys(v as Record<string, unknown>).sort(byteCompare);
    return `map[${keys.map((k) => `${k}:${goValue((v as Record<string, unknown>)[k])}`).join(' ')}]`;
  }
  return String(v);
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function printUnstructuredContent(
  w: PrefixWriter,
  level: number,
  content: Record<string, unknown>,
  prefix: string,
): void {
  for (const field of Object.keys(content).sort(byteCompare)) {
    const value = content[field];
    const path = `${prefix}.${field}`;
    if (SKIP.has(path)) continue;
    if (isMap(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value, path);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (isMap(child)) printUnstructuredContent(w, level + 1, child, path);
        else w.write(level + 1, `${goValue(child)}\n`);
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

export function describeGeneric(obj: KObject, ctx: { now: number; events: KEvent[] }): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${obj.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', obj.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
  printUnstructuredContent(w, LEVEL_0, prepareForOutput(obj) as Record<string, unknown>, '');
  describeEvents(eventsFor(obj, ctx.events), w, ctx.now);
  return w.render();
}
