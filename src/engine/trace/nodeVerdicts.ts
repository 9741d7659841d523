/**
 * One row per node from a SchedulingResult, which stores its verdicts by column (see types.ts): what the scheduler
 * inspector and tests read.
 */
import type { SchedulingResult } from '../types';

interface NodeVerdict {
  node: string;
  /** Filter plugin that rejected the node, if any. */
  rejectedBy?: string;
  reasons: readonly string[];
  /** Plugin name → weighted score (only for scored nodes). */
  scores?: Record<string, number>;
  total?: number;
  /** Plugin name → score before NormalizeScore and weighting (only plugins that scored this cycle). */
  rawScores?: Record<string, number>;
  /** The Filter phase stopped before reaching this node. */
  notEvaluated?: boolean;
}

const NO_REASONS: readonly string[] = [];

/** The verdict for every node of `result`, in `result.nodes` order. */
export function nodeVerdicts(result: SchedulingResult): NodeVerdict[] {
  const rows = new Map<string, NodeVerdict>();
  for (const node of result.nodes) rows.set(node, { node, reasons: NO_REASONS });
  for (const r of result.rejected ?? []) Object.assign(rows.get(r.node)!, { rejectedBy: r.plugin, reasons: r.reasons });
  for (const node of result.notEvaluated ?? []) rows.get(node)!.notEvaluated = true;
  const s = result.scores;
  if (s) {
    s.nodes.forEach((node, i) => {
      const row = rows.get(node)!;
      row.scores = {};
      row.rawScores = {};
      s.plugins.forEach((plugin, p) => {
        row.scores![plugin] = s.weighted[p][i];
        row.rawScores![plugin] = s.raw[p][i];
      });
      row.total = s.total[i];
    });
  }
  return [...rows.values()];
}
