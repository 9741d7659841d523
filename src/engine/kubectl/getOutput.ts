/**
 * `kubectl get` output options beyond the tables: `--sort-by` (kubectl/pkg/cmd/get/sorter.go),
 * `-o custom-columns=` (kubectl/pkg/cmd/get/customcolumn.go) and `-o jsonpath=` (cli-runtime
 * printers/jsonpath.go over client-go util/jsonpath). All read the object as kubectl decodes it from the wire
 * (prepareForOutput: RFC 3339 timestamps, string resourceVersion).
 */
import type { KObject } from '../types';
import { executeJsonPath, findResults, goPrint, JsonPathError, parseJsonPath, relaxedJsonPath } from './jsonPath';
import { parseQuantity } from './quantity';
import { goSort } from './goSort';
import { formatTable } from './tabwriter';
import { prepareForOutput } from './yamlOutput';

const wire = (o: KObject): unknown => prepareForOutput(o);

/** github.com/fvbommel/sortorder NaturalLess: digit runs compare as numbers, digits before other bytes. */
export function naturalLess(a: string, b: string): boolean {
  const isDigit = (c: string) => c >= '0' && c <= '9';
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const d1 = isDigit(a[i]);
    const d2 = isDigit(b[j]);
    if (d1 !== d2) return d1;
    if (!d1) {
      if (a[i] !== b[j]) return a[i] < b[j];
      i++;
      j++;
      continue;
    }
    while (i < a.length && a[i] === '0') i++;
    while (j < b.length && b[j] === '0') j++;
    const nz1 = i;
    const nz2 = j;
    while (i < a.length && isDigit(a[i])) i++;
    while (j < b.length && isDigit(b[j])) j++;
    if (i - nz1 !== j - nz2) return i - nz1 < j - nz2;
    const n1 = a.slice(nz1, i);
    const n2 = b.slice(nz2, j);
    if (n1 !== n2) return n1 < n2;
    if (nz1 !== nz2) return nz1 < nz2;
  }
  return a.length < b.length;
}

/** sorter.go isLess for two decoded JSON values (the reflect.Interface case). */
function isLess(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return b !== null && b !== undefined;
  if (b === null || b === undefined) return false;
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'string' && typeof b === 'string') {
    // Two quantities (`100m`, `1Gi`) compare by value.
    const qa = parseQuantity(a);
    const qb = parseQuantity(b);
    if (qa && qb) return qa.milli < qb.milli;
    return naturalLess(a, b);
  }
  const type = Array.isArray(a) ? '[]interface {}' : typeof a === 'object' ? 'map[string]interface {}' : typeof a;
  throw new JsonPathError(`unsortable type: ${type}`);
}

/**
 * `--sort-by=FIELD` over objects already in apiserver order, with Go's (unstable) sort.Sort as kubectl runs it;
 * an object without the field sorts first (TableSorter.Less returns true for it). Returns kubectl's error text
 * when no object has the field.
 */
export function sortObjects(objects: KObject[], sortBy: string): KObject[] | string {
  const field = relaxedJsonPath(sortBy);
  if (typeof field !== 'string') return `error: ${field.error}`;
  let template;
  try {
    template = parseJsonPath(field);
  } catch (e) {
    return `error: sorting error: ${(e as Error).message}`;
  }
  const keyed = objects.map((o) => ({ o, v: findResults(template, wire(o))[0] ?? [] }));
  if (keyed.length > 1 && !keyed.some((k) => k.v.length > 0))
    return `error: couldn't find any field with path "${field}" in the list of objects`;
  const less = (x: (typeof keyed)[number], y: (typeof keyed)[number]): boolean => {
    if (x.v.length === 0) return true;
    if (y.v.length === 0) return false;
    return isLess(x.v[0], y.v[0]);
  };
  try {
    goSort(keyed, less);
  } catch (e) {
    return `error: Field ${field} is an unsortable type: ${(e as Error).message}`;
  }
  return keyed.map((k) => k.o);
}

/** `-o custom-columns=HEADER:PATH,…`: the header row, then one row per object; `<none>` for a missing value. */
export function printCustomColumns(spec: string, objects: KObject[], noHeaders = false): string | { error: string } {
  if (spec.length === 0) return { error: 'error: custom-columns format specified but no custom columns given' };
  const columns: Array<{ header: string; template: ReturnType<typeof parseJsonPath> }> = [];
  for (const part of spec.split(',')) {
    const i = part.indexOf(':');
    if (i < 0) return { error: `error: unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>` };
    const path = relaxedJsonPath(part.slice(i + 1));
    if (typeof path !== 'string') return { error: `error: ${path.error}` };
    try {
      columns.push({ header: part.slice(0, i), template: parseJsonPath(path) });
    } catch (e) {
      return { error: `error: ${(e as Error).message}` };
    }
  }
  const rows = noHeaders ? [] : [columns.map((c) => c.header)];
  for (const o of objects) {
    const data = wire(o);
    rows.push(
      columns.map((c) => {
        const values = findResults(c.template, data).flat();
        return values.length === 0 ? '<none>' : values.map(goPrint).join(',');
      }),
    );
  }
  return formatTable(rows);
}

/**
 * `-o jsonpath=TEMPLATE` on one object (a single name) or on the List kubectl builds around several.
 */
export function printJsonPath(template: string, data: KObject | KObject[]): string | { error: string } {
  const value = Array.isArray(data)
    ? { apiVersion: 'v1', items: data.map(wire), kind: 'List', metadata: { resourceVersion: '' } }
    : wire(data);
  try {
    return executeJsonPath(template, value);
  } catch (e) {
    return { error: `error: error parsing jsonpath ${template}, ${(e as Error).message}` };
  }
}
