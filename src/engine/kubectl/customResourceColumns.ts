/**
 * The table the apiextensions-apiserver answers `kubectl get <custom resources>` with
 * (pkg/registry/customresource/tableconvertor/tableconvertor.go): NAME, then the version's
 * additionalPrinterColumns (priority > 0 only with -o wide), each a simple JSONPath; with no columns declared,
 * NAME and AGE. A `date` column is printed as an age; a missing value is an empty cell.
 */
import type { KObject } from '../types';
import { lookupServed, printerColumns, type PrinterColumn } from '../objects/customResources';
import { findResults, goPrint, parseJsonPath, relaxedJsonPath } from './jsonPath';
import { translateTimestampSince } from './humanDuration';
import { ageCell, col, type Cell, type TableDef } from './tableDef';
import type { ResourceInfo } from '../objects/resources';

/** The CRD that serves `info` (a custom resource), among the objects the printer sees. */
export function crdOf(info: ResourceInfo, objects: readonly KObject[] | undefined): KObject | undefined {
  if (!info.crd) return undefined;
  return objects?.find((o) => o.kind === 'CustomResourceDefinition' && o.metadata.name === info.crd);
}

export function customResourceTable(crd: KObject, version: string): TableDef {
  const columns = printerColumns(crd, version);
  if (columns.length === 0)
    return { columns: [col('Name'), col('Age')], row: (o, ctx) => [o.metadata.name, ageCell(o, ctx)] };
  const paths = columns.map(compile);
  return {
    columns: [col('Name'), ...columns.map((c) => col(c.name, (c.priority ?? 0) > 0 ? 1 : 0))],
    row: (o, ctx) => [o.metadata.name, ...columns.map((c, i) => cell(c, paths[i], o, ctx.now))],
  };
}

function compile(c: PrinterColumn): ReturnType<typeof parseJsonPath> | undefined {
  const relaxed = relaxedJsonPath(c.jsonPath);
  if (typeof relaxed !== 'string') return undefined;
  try {
    return parseJsonPath(relaxed);
  } catch {
    return undefined;
  }
}

/** cellForJSONValue: integers and numbers as numbers, booleans as booleans, dates as ages, strings printed. */
function cell(c: PrinterColumn, path: ReturnType<typeof parseJsonPath> | undefined, o: KObject, now: number): Cell {
  if (!path) return '';
  const results = findResults(path, o);
  const value = results[0]?.[0];
  if (value === undefined || value === null) return '';
  switch (c.type) {
    case 'date':
      return typeof value === 'number' ? translateTimestampSince(value, now) : String(value);
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : '';
    case 'number':
      return typeof value === 'number' ? value : '';
    case 'boolean':
      return typeof value === 'boolean' ? value : '';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : goPrint(value);
  }
}

/** A custom resource's ResourceInfo from the CRDs among `objects`, by kind (what the printers are given). */
export function customInfoForKind(kind: string, objects: readonly KObject[] | undefined): ResourceInfo | undefined {
  for (const crd of objects ?? []) {
    if (crd.kind !== 'CustomResourceDefinition' || crd.spec?.names?.kind !== kind) continue;
    const storage = (crd.spec?.versions ?? []).find((v: { storage?: boolean }) => v.storage)?.name;
    const info = lookupServed(`${crd.spec.group}/${storage}`, kind, [crd]);
    if (info) return info;
  }
  return undefined;
}
