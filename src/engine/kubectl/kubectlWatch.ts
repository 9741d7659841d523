/**
 * `kubectl get TYPE -w` / `--watch-only` in the panel: the watch a user would have started when the run began,
 * replayed over the run's history up to the cursor (kubectl/pkg/cmd/get/get.go watch()). Without --watch-only the
 * LIST comes first as one table; then every write to a selected object is one watch event and one row (MODIFIED
 * rows repeat when nothing printed changed; a deleted object prints its last state), the AGE as of the event.
 * kubectl's tabwriter is flushed after every event and remembers column widths (cli-runtime printers
 * GetNewTabWriter with tabwriter.RememberWidths): a row is aligned with the widest cells printed so far, never
 * narrower, so a longer STATUS shifts the rest of its row.
 */
import type { HistoryEntry } from '../api';
import type { KObject } from '../types';
import { tableRows, type PrintContext } from './printers';
import type { ResourceInfo } from './resourceInfo';

/** The run's writes and when each step happened: what a watch replays. */
export interface WatchSource {
  history: readonly HistoryEntry[];
  /** Virtual ms of a step. */
  timeOf: (seq: number) => number;
  /** The cursor's step: events after it have not happened yet. */
  upTo: number;
}

const MIN_WIDTH = 6;
const PADDING = 3;

class RememberingTabwriter {
  private widths: number[] = [];
  private out: string[] = [];

  /** One flush: the rows are aligned together, and with every earlier flush's widths. */
  flush(rows: string[][]): void {
    const columns = Math.max(0, ...rows.map((r) => r.length - 1));
    for (let c = 0; c < columns; c++) {
      let w = MIN_WIDTH;
      for (const r of rows) if (c < r.length - 1) w = Math.max(w, [...r[c]].length + PADDING);
      this.widths[c] = Math.max(this.widths[c] ?? 0, w);
    }
    for (const r of rows)
      this.out.push(
        r
          .map((cell, c) => (c < r.length - 1 ? cell.padEnd(this.widths[c] + cell.length - [...cell].length) : cell))
          .join(''),
      );
  }

  text(): string {
    return this.out.join('\n');
  }
}

export function answerWatch(
  info: ResourceInfo,
  names: string[],
  matches: (o: KObject) => boolean,
  ctx: PrintContext & { namespace: string; allNamespaces: boolean },
  watchOnly: boolean,
  source: WatchSource,
): string {
  const prefix = `/registry/${info.etcdPrefix}/${info.namespaced && !ctx.allNamespaces ? `${ctx.namespace}/` : ''}`;
  const selected = (o: KObject) =>
    o.kind === info.kind && matches(o) && (names.length === 0 || names.includes(o.metadata.name));
  const entries = source.history.filter((h) => h.seq <= source.upTo && h.key.startsWith(prefix));
  // The LIST: what existed before the first step; the watch follows from there.
  const start = source.history.length ? source.history[0].seq : 0;
  const known = new Map<string, KObject>();
  let i = 0;
  for (; i < entries.length && entries[i].seq <= start; i++) {
    const v = entries[i].value as KObject | null;
    if (v && selected(v)) known.set(entries[i].key, v);
    else known.delete(entries[i].key);
  }
  const w = new RememberingTabwriter();
  let headerDone = false;
  const print = (objects: KObject[], now: number) => {
    if (!objects.length) return;
    const { header, rows } = tableRows(info.kind, objects, { ...ctx, now, keepOrder: true });
    w.flush(headerDone || ctx.noHeaders ? rows : [header, ...rows]);
    headerDone = true;
  };
  if (!watchOnly)
    print(
      [...known.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, o]) => o),
      source.timeOf(start),
    );
  for (; i < entries.length; i++) {
    const h = entries[i];
    const v = h.value as KObject | null;
    const before = known.get(h.key);
    if (v && selected(v)) {
      known.set(h.key, v);
      print([v], source.timeOf(h.seq));
    } else if (before) {
      // DELETED (or no longer selected): the last state the watch saw.
      known.delete(h.key);
      print([before], source.timeOf(h.seq));
    }
  }
  return w.text();
}
