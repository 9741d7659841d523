/**
 * InterPodAffinity (pkg/scheduler/framework/plugins/interpodaffinity/{filtering,scoring}.go).
 * PreFilter counts, per topology pair (key, value of the node holding the pod):
 *  - existing pods whose required anti-affinity matches the incoming pod,
 *  - existing pods matching ALL of the incoming pod's required affinity terms,
 *  - existing pods matching each of its required anti-affinity terms.
 * Filter rejects, in this order: affinity not satisfied (UnschedulableAndUnresolvable; a pod whose terms match
 * itself may start a group when nothing matches anywhere), its anti-affinity violated (Unschedulable), an
 * existing pod's anti-affinity violated (Unschedulable).
 * Score: preferred terms of the incoming pod and of existing pods (plus existing required affinity with
 * hardPodAffinityWeight 1) add or subtract weights per topology value; min-max normalised to 0..100.
 */
import type { LabelMap } from '../../../../objects/labels';
import { selectorIsEmpty, selectorMatches } from '../../../../objects/labels';
import type { AffinityTerm, NodeInfo, PodInfo, Snapshot, WeightedAffinityTerm } from '../nodeInfo';
import { MAX_NODE_SCORE } from '../normalizeScore';
import type { CycleContext, Plugin } from '../plugin';
import { newStatus } from '../status';

const ERR_REASON_EXISTING_ANTI_AFFINITY = "node(s) didn't satisfy existing pods anti-affinity rules";
const ERR_REASON_AFFINITY = "node(s) didn't match pod affinity rules";
const ERR_REASON_ANTI_AFFINITY = "node(s) didn't match pod anti-affinity rules";

const HARD_POD_AFFINITY_WEIGHT = 1;

/** AffinityTerm.Matches */
function termMatches(t: AffinityTerm, pod: PodInfo, nsLabels: LabelMap | undefined): boolean {
  if (t.namespaces.has(pod.namespace) || selectorMatches(t.namespaceSelector, nsLabels)) {
    return selectorMatches(t.selector, pod.labels);
  }
  return false;
}

/**
 * mergeAffinityTermNamespacesIfNotEmpty: the incoming pod's namespaceSelector is resolved against the namespace
 * list once, then replaced by Nothing, so later matches need no namespace labels.
 */
function mergeNamespaces<T extends AffinityTerm>(t: T, s: Snapshot, extraNamespaces: () => Iterable<string>): T {
  // Nothing (no namespaceSelector) stays Nothing and Everything ({}) is kept as is: neither lists namespaces.
  if (t.namespaceSelector === null || selectorIsEmpty(t.namespaceSelector)) return t;
  const names = new Set(t.namespaces);
  const seen = new Set<string>();
  for (const ns of s.objects.namespaces ?? []) seen.add(ns.metadata.name);
  for (const n of extraNamespaces()) seen.add(n);
  for (const n of seen) if (selectorMatches(t.namespaceSelector, s.namespaceLabels(n))) names.add(n);
  return { ...t, namespaces: names, namespaceSelector: null };
}

function knownNamespaces(ctx: CycleContext): Set<string> {
  const out = new Set<string>([ctx.pod.namespace]);
  for (const n of ctx.snapshot.nodes) for (const p of n.pods) out.add(p.namespace);
  return out;
}

type Counts = Map<string, number>;

function pairKey(key: string, value: string): string {
  return `${key}\u0000${value}`;
}

function bump(m: Counts, node: NodeInfo, key: string, by: number): void {
  const v = node.labels[key];
  if (v === undefined) return;
  const k = pairKey(key, v);
  const n = (m.get(k) ?? 0) + by;
  if (n === 0) m.delete(k);
  else m.set(k, n);
}

function podMatchesAllAffinityTerms(terms: AffinityTerm[], pod: PodInfo): boolean {
  if (terms.length === 0) return false;
  for (const t of terms) if (!termMatches(t, pod, undefined)) return false;
  return true;
}

interface PreFilterState {
  affinityTerms: AffinityTerm[];
  antiAffinityTerms: AffinityTerm[];
  existingAntiAffinityCounts: Counts;
  affinityCounts: Counts;
  antiAffinityCounts: Counts;
}

const PREFILTER = 'PreFilterInterPodAffinity';
const PRESCORE = 'PreScoreInterPodAffinity';

export const interPodAffinity: Plugin = {
  name: 'InterPodAffinity',
  preFilter(ctx) {
    const pod = ctx.pod;
    const nsLabels = ctx.snapshot.namespaceLabels(pod.namespace);
    const existingAntiAffinityCounts: Counts = new Map();
    for (const node of ctx.snapshot.havePodsWithRequiredAntiAffinity) {
      for (const existing of node.podsWithRequiredAntiAffinity) {
        for (const t of existing.requiredAntiAffinityTerms) {
          if (termMatches(t, pod, nsLabels)) bump(existingAntiAffinityCounts, node, t.topologyKey, 1);
        }
      }
    }
    if (
      existingAntiAffinityCounts.size === 0 &&
      pod.requiredAffinityTerms.length === 0 &&
      pod.requiredAntiAffinityTerms.length === 0
    ) {
      return { status: newStatus('Skip') };
    }
    const nss = () => knownNamespaces(ctx);
    const st: PreFilterState = {
      affinityTerms: pod.requiredAffinityTerms.map((t) => mergeNamespaces(t, ctx.snapshot, nss)),
      antiAffinityTerms: pod.requiredAntiAffinityTerms.map((t) => mergeNamespaces(t, ctx.snapshot, nss)),
      existingAntiAffinityCounts,
      affinityCounts: new Map(),
      antiAffinityCounts: new Map(),
    };
    if (st.affinityTerms.length > 0 || st.antiAffinityTerms.length > 0) {
      for (const node of ctx.snapshot.nodes) {
        for (const existing of node.pods) {
          if (podMatchesAllAffinityTerms(st.affinityTerms, existing)) {
            for (const t of st.affinityTerms) bump(st.affinityCounts, node, t.topologyKey, 1);
          }
          for (const t of st.antiAffinityTerms) {
            if (termMatches(t, existing, undefined)) bump(st.antiAffinityCounts, node, t.topologyKey, 1);
          }
        }
      }
    }
    ctx.state.set(PREFILTER, st);
    return undefined;
  },
  filter(ctx, node) {
    const st = ctx.state.get(PREFILTER) as PreFilterState | undefined;
    if (!st) return undefined;
    // satisfyPodAffinity
    let podsExist = true;
    let affinityOk = true;
    for (const t of st.affinityTerms) {
      const v = node.labels[t.topologyKey];
      if (v === undefined) {
        // All topology labels must exist on the node.
        affinityOk = false;
        break;
      }
      if ((st.affinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) <= 0) podsExist = false;
    }
    if (affinityOk && !podsExist) {
      // The first pod of a group whose terms select itself may go anywhere with the topology labels.
      affinityOk = st.affinityCounts.size === 0 && podMatchesAllAffinityTerms(st.affinityTerms, ctx.pod);
    }
    if (!affinityOk) return newStatus('UnschedulableAndUnresolvable', ERR_REASON_AFFINITY);
    // satisfyPodAntiAffinity
    if (st.antiAffinityCounts.size > 0) {
      for (const t of st.antiAffinityTerms) {
        const v = node.labels[t.topologyKey];
        if (v !== undefined && (st.antiAffinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) > 0) {
          return newStatus('Unschedulable', ERR_REASON_ANTI_AFFINITY);
        }
      }
    }
    // satisfyExistingPodsAntiAffinity
    if (st.existingAntiAffinityCounts.size > 0) {
      for (const k of Object.keys(node.labels)) {
        if ((st.existingAntiAffinityCounts.get(pairKey(k, node.labels[k])) ?? 0) > 0) {
          return newStatus('Unschedulable', ERR_REASON_EXISTING_ANTI_AFFINITY);
        }
      }
    }
    return undefined;
  },
  preScore(ctx) {
    const pod = ctx.pod;
    const hasConstraints = pod.preferredAffinityTerms.length > 0 || pod.preferredAntiAffinityTerms.length > 0;
    const nodes = hasConstraints ? ctx.snapshot.nodes : ctx.snapshot.havePodsWithAffinity;
    const nss = () => knownNamespaces(ctx);
    const prefAff = pod.preferredAffinityTerms.map((t) => mergeNamespaces(t, ctx.snapshot, nss));
    const prefAnti = pod.preferredAntiAffinityTerms.map((t) => mergeNamespaces(t, ctx.snapshot, nss));
    const nsLabels = ctx.snapshot.namespaceLabels(pod.namespace);
    // topologyKey → value → score
    const topologyScore = new Map<string, Map<string, number>>();
    const add = (t: AffinityTerm, weight: number, target: PodInfo, labels: LabelMap | undefined, node: NodeInfo) => {
      if (!termMatches(t, target, labels)) return;
      const v = node.labels[t.topologyKey];
      if (v === undefined) return;
      let m = topologyScore.get(t.topologyKey);
      if (!m) topologyScore.set(t.topologyKey, (m = new Map()));
      m.set(v, (m.get(v) ?? 0) + weight);
    };
    for (const node of nodes) {
      if (Object.keys(node.labels).length === 0) continue;
      const podsToProcess = hasConstraints ? node.pods : node.podsWithAffinity;
      for (const existing of podsToProcess) {
        // processExistingPod
        for (const t of prefAff) add(t, t.weight, existing, undefined, node);
        for (const t of prefAnti) add(t, -t.weight, existing, undefined, node);
        for (const t of existing.requiredAffinityTerms) add(t, HARD_POD_AFFINITY_WEIGHT, pod, nsLabels, node);
        for (const t of existing.preferredAffinityTerms as WeightedAffinityTerm[])
          add(t, t.weight, pod, nsLabels, node);
        for (const t of existing.preferredAntiAffinityTerms as WeightedAffinityTerm[]) {
          add(t, -t.weight, pod, nsLabels, node);
        }
      }
    }
    ctx.state.set(PRESCORE, topologyScore);
    return undefined;
  },
  score(ctx, node) {
    const ts = ctx.state.get(PRESCORE) as Map<string, Map<string, number>>;
    let score = 0;
    for (const [key, values] of ts) {
      const v = node.labels[key];
      if (v !== undefined) score += values.get(v) ?? 0;
    }
    return score;
  },
  normalizeScore(ctx, scores) {
    const ts = ctx.state.get(PRESCORE) as Map<string, Map<string, number>>;
    if (ts.size === 0) return;
    let min = Infinity;
    let max = -Infinity;
    for (const s of scores) {
      if (s.score > max) max = s.score;
      if (s.score < min) min = s.score;
    }
    const diff = max - min;
    for (const s of scores) {
      s.score = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((s.score - min) / diff)) : 0;
    }
  },
};
