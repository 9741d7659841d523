/**
 * Repeated messages, grouped for large runs. A Service with 1,000 Pods on 100 nodes sends every EndpointSlice change
 * to the kube-proxy of each node: a hundred consecutive steps that differ only in the receiving node. Stepping
 * through them one by one tells nothing new, so with grouping on, navigation lands once per run of such steps (on
 * its last step, so the world shown includes all of them) and the narration says "×100, on 100 nodes".
 *
 * A group is a maximal run of at least two consecutive steps with the same sender and receiver components (any
 * node), verb, object kind, phase and background flag. Only consecutive steps group: the trace's order is the story,
 * and merging across other steps would hide what happened in between.
 */
import type { Step } from '../engine/types';

export interface MessageGroup {
  /** First and last seq of the run (inclusive). */
  start: number;
  end: number;
  /** Distinct node names among the senders and receivers, in order of appearance. */
  nodes: string[];
}

/** Runs with more steps than this become groups by default (the checkbox can still turn grouping on or off). */
export const GROUP_BY_DEFAULT_ABOVE_STEPS = 2000;

function sameMessage(a: Step, b: Step): boolean {
  return (
    a.from.component === b.from.component &&
    a.to.component === b.to.component &&
    a.verb === b.verb &&
    a.phase === b.phase &&
    !!a.background === !!b.background &&
    a.object?.kind === b.object?.kind
  );
}

export function messageGroups(steps: readonly Step[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  let start = 0;
  for (let i = 1; i <= steps.length; i++) {
    if (i < steps.length && sameMessage(steps[start], steps[i])) continue;
    if (i - start >= 2) {
      const nodes = new Set<string>();
      for (let k = start; k < i; k++) {
        const { from, to } = steps[k];
        if (from.node) nodes.add(from.node);
        if (to.node) nodes.add(to.node);
      }
      groups.push({ start, end: i - 1, nodes: [...nodes] });
    }
    start = i;
  }
  return groups;
}

/** The group containing `seq` (binary search over groups ordered by start), if any. */
export function groupAt(groups: readonly MessageGroup[], seq: number): MessageGroup | undefined {
  let lo = 0;
  let hi = groups.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const g = groups[mid];
    if (seq < g.start) hi = mid - 1;
    else if (seq > g.end) lo = mid + 1;
    else return g;
  }
  return undefined;
}

/**
 * Keeps, of the seqs of `list` (ascending) that fall inside one group, only the last: a filter may have removed the
 * group's own last step, and the group must still be reachable.
 */
export function collapseGroups(list: readonly number[], groups: readonly MessageGroup[]): number[] {
  if (groups.length === 0) return [...list];
  const out: number[] = [];
  let g = 0;
  for (let i = 0; i < list.length; i++) {
    const seq = list[i];
    while (g < groups.length && groups[g].end < seq) g++;
    const group = groups[g];
    const next = list[i + 1];
    if (group && seq >= group.start && next !== undefined && next <= group.end) continue;
    out.push(seq);
  }
  return out;
}
