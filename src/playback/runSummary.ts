/**
 * A run in aggregate: every step that carries the same message — same sender and receiver components (any node),
 * same narration, verb and object kind — folded into one line, in order of first appearance. 1,000 replicas behind a
 * Service on 100 nodes are ~170,000 steps but 73 such lines ("The replicaset controller created 1,000 Pods"), each of
 * which opens onto its steps (panels/SummaryPanel.tsx).
 *
 * Unlike messageGroups.ts, which folds only consecutive steps so that stepping keeps the trace's order, these lines
 * gather steps from all over the run: they are a table of contents to jump from, not a way to step.
 */
import type { Endpoint, Step } from '../engine/types';
import { nextIn } from './navigation';

export interface SummaryLine {
  /** The first step's: the line is told from it (who, what), and its narration key picks the aggregate sentence. */
  first: Step;
  /** Every step of the line, ascending. */
  seqs: number[];
  /**
   * Distinct objects the messages are about (by kind, namespace and name). A create names its object by its
   * `generateName` (`web-799b5df799-…`): the API server picks the name, so creations count as one object here.
   */
  objects: number;
  /** Distinct nodes among the senders and receivers. */
  nodes: number;
}

/** Sender and receiver without their node: the kubelets of a hundred nodes sending the same message are one line. */
function who(e: Endpoint): string {
  return e.part ? `${e.component}/${e.part}` : e.component;
}

function lineKey(s: Step): string {
  return `${who(s.from)}\u0000${who(s.to)}\u0000${s.narration.key}\u0000${s.verb}\u0000${s.object?.kind ?? ''}`;
}

interface Building {
  line: SummaryLine;
  objects: Set<string>;
  nodes: Set<string>;
}

export function runSummary(steps: readonly Step[]): SummaryLine[] {
  const byKey = new Map<string, Building>();
  const order: Building[] = [];
  for (const s of steps) {
    const key = lineKey(s);
    let b = byKey.get(key);
    if (!b) {
      b = { line: { first: s, seqs: [], objects: 0, nodes: 0 }, objects: new Set(), nodes: new Set() };
      byKey.set(key, b);
      order.push(b);
    }
    b.line.seqs.push(s.seq);
    if (s.object) b.objects.add(`${s.object.kind}/${s.object.namespace ?? ''}/${s.object.name}`);
    if (s.from.node) b.nodes.add(s.from.node);
    if (s.to.node) b.nodes.add(s.to.node);
  }
  return order.map(({ line, objects, nodes }) => ({ ...line, objects: objects.size, nodes: nodes.size }));
}

/** The line holding step `seq`, if any (lines partition the run's steps). */
export function lineOf(lines: readonly SummaryLine[], seq: number): SummaryLine | undefined {
  return lines.find((l) => binaryHas(l.seqs, seq));
}

function binaryHas(seqs: readonly number[], seq: number): boolean {
  return nextIn(seqs, seq - 1) === seq;
}
