/**
 * DescribeEvents (k8s.io/kubectl/pkg/describe/describe.go, kubectl v1.34): `Events:\t<none>` when empty,
 * otherwise a Type/Reason/Age/From/Message table sorted oldest first (event.SortableEvents: by lastTimestamp,
 * stable). Age is `since(first)` or `since(last) (xN over since(first))` when count > 1. From is
 * source.component (reportingController for events.k8s.io events) — no host. kubectl ≤ 1.34 does not prefix
 * the message with involvedObject.fieldPath (that arrived in 1.35).
 */
import type { KEvent } from '../types';
import { translateTimestampSince } from './humanDuration';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';

export function describeEvents(events: KEvent[], w: PrefixWriter, now: number): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  const sorted = [...events].sort(
    (a, b) => (a.lastTimestamp ?? a.firstTimestamp ?? 0) - (b.lastTimestamp ?? b.firstTimestamp ?? 0),
  );
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sorted) {
    const first = translateTimestampSince(e.firstTimestamp, now);
    const interval =
      (e.count ?? 1) > 1 ? `${translateTimestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})` : first;
    w.write(LEVEL_1, `${e.type}\t${e.reason}\t${interval}\t${e.source}\t${e.message.trim()}\n`);
  }
}

/** The events block on its own, as it appears at the end of `kubectl describe` (no final newline). */
export function formatDescribeEvents(events: KEvent[], now: number): string {
  const w = new PrefixWriter();
  describeEvents(events, w, now);
  return w.render();
}
