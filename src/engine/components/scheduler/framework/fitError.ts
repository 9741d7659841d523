/**
 * FitError.Error() (pkg/scheduler/framework/types.go, v1.34):
 *   "0/<all> nodes are available:" + (" <preFilterMsg>." | " <histogram>.") + (" <postFilterMsg>")
 * The histogram counts every reason of every node that has an explicit status, plus the absent-node status'
 * reasons for the nodes without one, formats "<count> <reason>", sorts the strings lexicographically
 * (sort.Strings: "1 node(s)..." before "2 Insufficient...", "10 ..." before "2 ...") and joins them with ", ".
 * The PostFilter (preemption) message is appended without a period of its own: it usually is another FitError
 * that ends in "." already (older releases added one and printed "..").
 */
import type { Status } from './status';

export const NO_NODES_AVAILABLE = 'no nodes available to schedule pods';

interface FitErrorInput {
  numAllNodes: number;
  /** Diagnosis.PreFilterMsg: set when a PreFilter plugin rejected the pod (then no histogram is printed). */
  preFilterMsg?: string;
  /** Diagnosis.NodeToStatus explicit entries. */
  nodeToStatus?: Map<string, Status> | Iterable<[string, Status]>;
  /** Diagnosis.NodeToStatus.AbsentNodesStatus(). */
  absentStatus?: Status;
  /** Diagnosis.PostFilterMsg */
  postFilterMsg?: string;
}

/** Byte-wise string order as Go's sort.Strings (UTF-16 code units agree with UTF-8 bytes outside surrogates). */
function goLess(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function reasonHistogram(input: FitErrorInput): string[] {
  const reasons = new Map<string, number>();
  let explicit = 0;
  for (const [, st] of input.nodeToStatus ?? []) {
    explicit++;
    for (const r of st.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  }
  if (explicit < input.numAllNodes && input.absentStatus) {
    for (const r of input.absentStatus.reasons) {
      reasons.set(r, (reasons.get(r) ?? 0) + input.numAllNodes - explicit);
    }
  }
  const out: string[] = [];
  for (const [r, n] of reasons) out.push(`${n} ${r}`);
  return out.sort(goLess);
}

export function fitErrorMessage(input: FitErrorInput): string {
  let msg = `0/${input.numAllNodes} nodes are available:`;
  if (input.preFilterMsg) {
    msg += ` ${input.preFilterMsg}.`;
  } else {
    const hist = reasonHistogram(input);
    if (hist.length > 0) msg += ` ${hist.join(', ')}.`;
  }
  if (input.postFilterMsg) msg += ` ${input.postFilterMsg}`;
  return msg;
}

/**
 * truncateMessage (schedule_one.go): the FailedScheduling event note is capped at 1024 bytes
 * (validation.NoteLengthLimit) with a " ..." suffix; the PodScheduled condition keeps the full text.
 */
export function truncateEventMessage(message: string, limit = 1024): string {
  const utf8Len = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
  let total = 0;
  for (const ch of message) total += utf8Len(ch.codePointAt(0)!);
  if (total <= limit) return message;
  const suffix = ' ...';
  // Go slices bytes; we cut at the last whole character that fits.
  let used = 0;
  let out = '';
  for (const ch of message) {
    const n = utf8Len(ch.codePointAt(0)!);
    if (used + n > limit - suffix.length) break;
    used += n;
    out += ch;
  }
  return out + suffix;
}
