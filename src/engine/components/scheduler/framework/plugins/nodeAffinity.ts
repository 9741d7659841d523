/**
 * NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go).
 * PreFilter: Skip without nodeSelector/required affinity; a required term made only of
 * `matchFields metadata.name In [...]` (what DaemonSet pods carry) narrows the nodes to check
 * (PreFilterResult), and terms that contradict each other give "pod affinity terms conflict".
 * Filter: spec.nodeSelector AND required nodeSelectorTerms (nodeaffinity.GetRequiredNodeAffinity);
 * UnschedulableAndUnresolvable. Score: sum of weights of matching preferred terms, normalised to 0..100.
 */
import type { KObject } from '../../../../types';
import {
  matchesNodeSelectorTerm,
  matchesNodeSelectorTerms,
  selectorFromSet,
  selectorMatches,
  type NodeSelectorTerm,
} from '../../../../objects/labels';
import type { NodeInfo } from '../nodeInfo';
import { defaultNormalizeScore, MAX_NODE_SCORE } from '../normalizeScore';
import type { Plugin } from '../plugin';
import { newStatus } from '../status';

const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

/** nodeaffinity.GetRequiredNodeAffinity(pod).Match(node) */
export function requiredNodeAffinityMatches(pod: KObject, node: NodeInfo): boolean {
  const sel = pod.spec?.nodeSelector as Record<string, string> | undefined;
  if (sel && Object.keys(sel).length > 0 && !selectorMatches(selectorFromSet(sel), node.labels)) return false;
  const required = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required != null) {
    return matchesNodeSelectorTerms(required.nodeSelectorTerms ?? [], { name: node.name, labels: node.labels });
  }
  return true;
}

interface PreferredTerm {
  weight: number;
  term: NodeSelectorTerm;
}

const PRESCORE = 'PreScoreNodeAffinity';

export const nodeAffinity: Plugin = {
  name: 'NodeAffinity',
  preFilter(ctx) {
    const spec = ctx.pod.pod.spec ?? {};
    const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    if (required == null && spec.nodeSelector == null) return { status: newStatus('Skip') };
    const terms: NodeSelectorTerm[] = required?.nodeSelectorTerms ?? [];
    if (required == null || terms.length === 0) return undefined;

    // Check if there is affinity to specific nodes (terms are ORed, requirements in a term ANDed).
    let nodeNames: Set<string> | undefined;
    for (const t of terms) {
      let termNames: Set<string> | undefined;
      for (const r of t.matchFields ?? []) {
        if (r.key === 'metadata.name' && r.operator === 'In') {
          const s = new Set(r.values ?? []);
          termNames = termNames ? new Set([...termNames].filter((n) => s.has(n))) : s;
        }
      }
      // A term without a node-name requirement makes every node eligible.
      if (!termNames) return undefined;
      nodeNames = new Set([...(nodeNames ?? []), ...termNames]);
    }
    if (nodeNames && nodeNames.size === 0) {
      return { status: newStatus('UnschedulableAndUnresolvable', ERR_REASON_CONFLICT) };
    }
    return nodeNames ? { nodeNames } : undefined;
  },
  filter(ctx, node) {
    return requiredNodeAffinityMatches(ctx.pod.pod, node)
      ? undefined
      : newStatus('UnschedulableAndUnresolvable', ERR_REASON_POD);
  },
  preScore(ctx) {
    const pref = ctx.pod.pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution;
    if (pref == null) return newStatus('Skip');
    // NewPreferredSchedulingTerms skips zero weights and empty preferences.
    const terms: PreferredTerm[] = [];
    for (const p of pref as any[]) {
      const pre = p?.preference ?? {};
      if (!p?.weight || ((pre.matchExpressions ?? []).length === 0 && (pre.matchFields ?? []).length === 0)) continue;
      terms.push({ weight: p.weight, term: pre });
    }
    ctx.state.set(PRESCORE, terms);
    return undefined;
  },
  score(ctx, node) {
    const terms = (ctx.state.get(PRESCORE) as PreferredTerm[] | undefined) ?? [];
    let count = 0;
    for (const t of terms)
      if (matchesNodeSelectorTerm(t.term, { name: node.name, labels: node.labels })) count += t.weight;
    return count;
  },
  normalizeScore(_ctx, scores) {
    defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
  },
};
