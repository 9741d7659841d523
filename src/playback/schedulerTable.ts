/**
 * The scheduler inspector's table for a `schedule` step: one row per node with the Filter verdict (which plugin
 * rejected it and why) and, for feasible nodes, the weighted score of every Score plugin and the total.
 */
import { nodeVerdicts } from '../engine/trace/nodeVerdicts';
import type { SchedulingResult, Step } from '../engine/types';

interface SchedulerRow {
  node: string;
  passed: boolean;
  notEvaluated: boolean;
  rejectedBy?: string;
  reasons: readonly string[];
  scores: Record<string, number>;
  total?: number;
  selected: boolean;
}

interface SchedulerTable {
  pod: string;
  plugins: string[];
  rows: SchedulerRow[];
  selected?: string;
  message?: string;
}

function schedulingResult(step: Step | undefined): { pod: string; result: SchedulingResult } | undefined {
  return step?.detail?.type === 'schedule' ? { pod: step.detail.pod, result: step.detail.result } : undefined;
}

export function schedulerTable(step: Step | undefined): SchedulerTable | undefined {
  const found = schedulingResult(step);
  if (!found) return undefined;
  const { pod, result } = found;
  const plugins = [...(result.scores?.plugins ?? [])];
  const rows = nodeVerdicts(result).map((n) => ({
    node: n.node,
    passed: !n.rejectedBy && !n.notEvaluated,
    notEvaluated: !!n.notEvaluated,
    rejectedBy: n.rejectedBy,
    reasons: n.reasons,
    scores: n.scores ?? {},
    total: n.total,
    selected: n.node === result.selected,
  }));
  return { pod, plugins, rows, selected: result.selected, message: result.message };
}

/** The scheduling decision nearest to `cursor` (searching backwards first), for the "go to" shortcut. */
export function nearestScheduleStep(steps: readonly Step[], cursor: number): number | undefined {
  for (let i = Math.min(cursor, steps.length - 1); i >= 0; i--) if (steps[i].detail?.type === 'schedule') return i;
  for (let i = cursor + 1; i < steps.length; i++) if (steps[i].detail?.type === 'schedule') return i;
  return undefined;
}
