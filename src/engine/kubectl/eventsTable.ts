/**
 * `kubectl get events`: printEvent in pkg/printers/internalversion/printers.go. Columns LAST SEEN, TYPE,
 * REASON, OBJECT, MESSAGE; wide inserts SUBOBJECT and SOURCE before MESSAGE and appends FIRST SEEN, COUNT, NAME
 * (that is the column order in AddHandlers). OBJECT is `<lower-case kind>/<name>`.
 *
 * Ordering: the apiserver lists events in key (name) order; docs/CONTRACTS.md §4 asks for time order, so rows are
 * sorted by lastTimestamp, then name — what `kubectl get events --sort-by=.lastTimestamp` shows.
 */
import type { KEvent, KObject } from '../types';
import { translateTimestampSince } from './humanDuration';
import { byteCompare } from './labels';
import { col, type Cell, type PrintContext, type TableDef } from './tableDef';
import { formatTable } from './tabwriter';

/** formatEventSource: `component` or `component, host` (host = source.host / reportingInstance). */
export function formatEventSource(e: KEvent): string {
  return e.host ? `${e.source}, ${e.host}` : e.source;
}

export function eventRow(e: KEvent, ctx: PrintContext): Cell[] {
  const first = translateTimestampSince(e.firstTimestamp, ctx.now);
  const last =
    e.lastTimestamp === undefined || e.lastTimestamp === null
      ? first
      : translateTimestampSince(e.lastTimestamp, ctx.now);
  const count = e.count ? e.count : 1; // "Singleton events don't have a count set in the new API."
  const io = e.involvedObject ?? ({} as KEvent['involvedObject']);
  const kind = (io.kind ?? '').toLowerCase();
  const target = io.name ? `${kind}/${io.name}` : kind;
  return [
    last,
    e.type,
    e.reason,
    target,
    io.fieldPath ?? '',
    formatEventSource(e),
    e.message.trim(),
    first,
    count,
    e.name,
  ];
}

/** Accept a core/v1 Event object (as stored) or a KEvent, and return a KEvent. */
export function toKEvent(o: KObject | KEvent): KEvent {
  const x = o as any;
  if (typeof x.source === 'string') return x as KEvent;
  return {
    type: x.type ?? 'Normal',
    reason: x.reason ?? '',
    message: x.message ?? x.note ?? '',
    source: x.source?.component || x.reportingController || '',
    host: x.source?.host || x.reportingInstance || undefined,
    involvedObject: x.involvedObject ?? x.regarding ?? { apiVersion: '', kind: '', name: '' },
    firstTimestamp: x.firstTimestamp ?? x.eventTime ?? x.deprecatedFirstTimestamp,
    lastTimestamp: x.lastTimestamp ?? x.series?.lastObservedTime ?? x.firstTimestamp ?? x.eventTime,
    count: x.series?.count ?? x.count ?? 1,
    name: x.metadata?.name ?? '',
    namespace: x.metadata?.namespace ?? '',
  };
}

export const eventColumns: TableDef = {
  columns: [
    col('Last Seen'),
    col('Type'),
    col('Reason'),
    col('Object'),
    col('Subobject', 1),
    col('Source', 1),
    col('Message'),
    col('First Seen', 1),
    col('Count', 1),
    col('Name', 1),
  ],
  row(o, ctx) {
    return eventRow(toKEvent(o), ctx);
  },
};

/** Time order: lastTimestamp, then name (stable). */
export function sortEvents(events: KEvent[]): KEvent[] {
  return [...events].sort((a, b) => {
    const ta = a.lastTimestamp ?? a.firstTimestamp ?? 0;
    const tb = b.lastTimestamp ?? b.firstTimestamp ?? 0;
    return ta !== tb ? ta - tb : byteCompare(a.name ?? '', b.name ?? '');
  });
}

/**
 * `kubectl get events [-o wide] [-A]` as text (no final newline). Empty → kubectl's stderr line
 * `No resources found in <ns> namespace.` (or `No resources found` with -A).
 */
export function printEvents(
  events: KEvent[],
  ctx: { now: number; wide?: boolean; allNamespaces?: boolean; namespace?: string },
): string {
  if (events.length === 0) {
    return ctx.allNamespaces ? 'No resources found' : `No resources found in ${ctx.namespace ?? 'default'} namespace.`;
  }
  const visible = eventColumns.columns.map((c, i) => ({ c, i })).filter((x) => !x.c.priority || ctx.wide);
  const header = [...(ctx.allNamespaces ? ['NAMESPACE'] : []), ...visible.map((x) => x.c.name.toUpperCase())];
  const rows = sortEvents(events).map((e) => {
    const cells = eventRow(e, ctx);
    const out = visible.map((x) => cellText(cells[x.i]));
    return ctx.allNamespaces ? [e.namespace ?? '', ...out] : out;
  });
  return formatTable([header, ...rows]);
}

/**
 * How the table printer writes one cell (cli-runtime printers/tableprinter.go printRows): strings are cut at
 * the first newline, carriage return or form feed and get `...`; other values use fmt.Sprint.
 */
export function cellText(cell: Cell | undefined): string {
  if (cell === undefined || cell === null) return '';
  if (typeof cell !== 'string') return String(cell);
  const brk = cell.search(/[\n\r\f]/);
  return brk >= 0 ? `${cell.slice(0, brk)}...` : cell;
}
