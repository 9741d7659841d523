/**
 * `?labelSelector=` and `?fieldSelector=` of a LIST or WATCH, as the apiserver parses them: the label grammar of
 * apimachinery pkg/labels/selector.go Parse (`a=b`, `a==b`, `a!=b`, `a in (x,y)`, `a notin (x)`, `a`, `!a`, `a>1`,
 * `a<1`, comma-separated, all must hold) and the field grammar of pkg/fields/selector.go ParseSelector (`f=v`,
 * `f==v`, `f!=v`). Fields are read from the stored object by their dotted path (`metadata.name`, `spec.nodeName`,
 * `involvedObject.uid`), which is what each resource's GetAttrs exposes for the fields kubectl selects on.
 * Returns the filter, or the apiserver's error text for a selector that does not parse.
 */
import { requirementMatches, type Requirement } from '../objects/labels';
import type { KObject } from '../types';

export function listFilter(labelSelector?: string, fieldSelector?: string): ((o: KObject) => boolean) | string {
  const labels = labelSelector ? parseLabelSelector(labelSelector) : [];
  if (typeof labels === 'string') return labels;
  const fields = fieldSelector ? parseFieldSelector(fieldSelector) : [];
  if (typeof fields === 'string') return fields;
  return (o) =>
    labels.every((r) => requirementMatches(r, o.metadata?.labels)) &&
    fields.every((f) => (fieldValue(o, f.field) === f.value) === (f.op === '='));
}

/** labels.Parse: the requirements of a selector string, or `unable to parse requirement: …`. */
function parseLabelSelector(text: string): Requirement[] | string {
  const out: Requirement[] = [];
  for (const part of splitTopLevel(text)) {
    const s = part.trim();
    if (!s) continue;
    let m: RegExpMatchArray | null;
    if ((m = s.match(/^!\s*([^\s=!<>(),]+)$/))) out.push({ key: m[1], operator: 'DoesNotExist', values: [] });
    else if ((m = s.match(/^([^\s=!<>(),]+)\s+(in|notin)\s*\(([^)]*)\)$/)))
      out.push({
        key: m[1],
        operator: m[2] === 'in' ? 'In' : 'NotIn',
        values: m[3]
          .split(',')
          .map((v) => v.trim())
          .filter((v, _, all) => v !== '' || all.length === 1),
      });
    else if ((m = s.match(/^([^\s=!<>(),]+)\s*(==|=|!=)\s*([^\s=!<>(),]*)$/)))
      out.push({ key: m[1], operator: m[2] === '!=' ? 'NotIn' : 'In', values: [m[3]] });
    else if ((m = s.match(/^([^\s=!<>(),]+)\s*([<>])\s*(-?\d+)$/)))
      out.push({ key: m[1], operator: m[2] === '>' ? 'Gt' : 'Lt', values: [m[3]] });
    else if ((m = s.match(/^([^\s=!<>(),]+)$/))) out.push({ key: m[1], operator: 'Exists', values: [] });
    else return `unable to parse requirement: found '${s}', expected: in, notin, =, ==, !=, gt, lt`;
  }
  return out;
}

interface FieldRequirement {
  field: string;
  op: '=' | '!=';
  value: string;
}

/** fields.ParseSelector. */
function parseFieldSelector(text: string): FieldRequirement[] | string {
  const out: FieldRequirement[] = [];
  for (const part of text.split(',')) {
    if (!part) continue;
    const m = part.match(/^([^=!]+)(==|=|!=)(.*)$/);
    if (!m) return `invalid selector: '${text}'; can't understand '${part}'`;
    out.push({ field: m[1], op: m[2] === '!=' ? '!=' : '=', value: m[3] });
  }
  return out;
}

function fieldValue(o: KObject, path: string): string {
  let v: unknown = o;
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  // An absent field selects as the empty string (`spec.nodeName=` finds the unscheduled Pods).
  return v === undefined || v === null ? '' : String(v);
}

function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
