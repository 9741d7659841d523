/**
 * Shapes shared by the per-kind column definitions. A definition mirrors one `TableColumnDefinition` list in
 * pkg/printers/internalversion/printers.go `AddHandlers`: every column with its priority (1 = only with
 * `-o wide`), and a row function returning *all* cells in column order, as the server-side printer does
 * (kubectl then hides priority-1 columns unless wide).
 */
import type { KObject } from '../types';
import { translateTimestampSince } from './humanDuration';

export interface PrintContext {
  /** Virtual ms "now", for AGE columns. */
  now: number;
  /** `-o wide`. */
  wide?: boolean;
  /** `-A`: adds the NAMESPACE column for namespaced kinds. */
  allNamespaces?: boolean;
  /** Every object in the world, for lookups across kinds. */
  objects?: KObject[];
  /** Prefix NAME cells with `kind.group/` (kubectl does this when several kinds are printed). */
  withKind?: boolean;
  /** Namespace the command ran in, for "No resources found in <ns> namespace." (default `default`). */
  namespace?: string;
  /** `--show-labels`: a LABELS column after the others (cli-runtime printers/tableprinter.go). */
  showLabels?: boolean;
  /** `-L key,…`: one column per label key (header: the key's last `/` part, upper-cased), before LABELS. */
  labelColumns?: string[];
  /** `--no-headers`. */
  noHeaders?: boolean;
  /** The objects are already in the order to print (`--sort-by`). */
  keepOrder?: boolean;
}

export interface ColumnDef {
  /** Column name as in printers.go; the header is its upper-case form. */
  name: string;
  priority?: 0 | 1;
}

export interface TableDef {
  columns: ColumnDef[];
  row(obj: KObject, ctx: PrintContext): Cell[];
}

/** Cells are strings, numbers or booleans, printed with Go's fmt.Sprint (`true`, `3`). */
export type Cell = string | number | boolean;

export const col = (name: string, priority: 0 | 1 = 0): ColumnDef => ({ name, priority });

/** AGE cell: translateTimestampSince(creationTimestamp). */
export function ageCell(obj: KObject, ctx: PrintContext): string {
  return translateTimestampSince(obj.metadata?.creationTimestamp, ctx.now);
}

/** layoutContainerCells: container names and images, comma-joined (wide CONTAINERS / IMAGES). */
export function layoutContainerCells(containers: any[] | undefined): [string, string] {
  const list = containers ?? [];
  return [list.map((c) => c.name ?? '').join(','), list.map((c) => c.image ?? '').join(',')];
}

/** printBool / printBoolPtr (printers.go): `True`, `False`, `<unset>`. */
export function printBoolPtr(v: boolean | undefined | null): string {
  if (v === undefined || v === null) return '<unset>';
  return v ? 'True' : 'False';
}

export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
