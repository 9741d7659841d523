/**
 * PodTopologySpread (pkg/scheduler/framework/plugins/podtopologyspread/{common,filtering,scoring,plugin}.go).
 * Filter, for each DoNotSchedule constraint: the node must carry the topology key (else "... (missing required
 * label)", UnschedulableAndUnresolvable) and `matching pods in its domain + self-match - global minimum` must not
 * exceed maxSkew (else Unschedulable). Score, for ScheduleAnyway constraints or, when the pod has none, the
 * system defaults (hostname maxSkew 3, zone maxSkew 5) with a selector from the pod's Services and controlling
 * ReplicaSet/StatefulSet/ReplicationController: per node Σ cnt·ln(#domains+2) + (maxSkew−1), rounded, then
 * NormalizeScore = 100·(max+min−s)/max. This is what spreads a Deployment's replicas across nodes.
 */
import type { KObject } from '../../../../types';
import {
  findMatchingUntoleratedTaint,
  labelSelectorAsSelector,
  selectorFromSet,
  selectorIsEmpty,
  selectorMatches,
  type LabelMap,
  type LabelSelector,
  type Selector,
} from '../../../../objects/labels';
import type { NodeInfo, PodInfo, Snapshot } from '../nodeInfo';
import { MAX_NODE_SCORE } from '../normalizeScore';
import type { CycleContext, Plugin } from '../plugin';
import { newStatus } from '../status';
import { requiredNodeAffinityMatches } from './nodeAffinity';
import { doNotScheduleTaint } from './taintToleration';
import { BoundedCache } from '../../../../util/boundedMemo';

const ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
const ERR_REASON_NODE_LABEL_NOT_MATCH = ERR_REASON_CONSTRAINTS_NOT_MATCH + ' (missing required label)';

const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';

interface SpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  selector: Selector;
  /** Namespace and selector as a string, once the selector is final: the key of the per-node counts. */
  countKey?: string;
  minDomains: number;
  nodeAffinityPolicy: string;
  nodeTaintsPolicy: string;
}

/** plugin.go systemDefaultConstraints */
const SYSTEM_DEFAULT = [
  { maxSkew: 3, topologyKey: HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway' },
  { maxSkew: 5, topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway' },
];

/** filterTopologySpreadConstraints (matchLabelKeys merged into the selector; NodeInclusionPolicy defaults). */
function filterConstraints(constraints: any[], podLabels: LabelMap, action: string): SpreadConstraint[] {
  const out: SpreadConstraint[] = [];
  for (const c of constraints) {
    if (c?.whenUnsatisfiable !== action) continue;
    let selector = labelSelectorAsSelector(c.labelSelector as LabelSelector | undefined);
    const keys: string[] = c.matchLabelKeys ?? [];
    if (selector !== null && keys.length > 0) {
      const extra: Selector = [];
      for (const k of keys)
        if (podLabels[k] !== undefined) extra.push({ key: k, operator: 'In', values: [podLabels[k]] });
      selector = [...selector, ...extra];
    }
    out.push({
      maxSkew: c.maxSkew ?? 1,
      topologyKey: c.topologyKey,
      selector,
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: c.nodeAffinityPolicy ?? 'Honor',
      nodeTaintsPolicy: c.nodeTaintsPolicy ?? 'Ignore',
    });
  }
  return out;
}

/** helper.DefaultSelector: Services selecting the pod, plus the controlling RC/RS/StatefulSet selector. */
function defaultSelector(pod: KObject, s: Snapshot): Selector {
  const ns = pod.metadata.namespace ?? 'default';
  const labels = pod.metadata.labels ?? {};
  const set: LabelMap = {};
  for (const svc of s.objects.services ?? []) {
    if ((svc.metadata.namespace ?? 'default') !== ns) continue;
    const sel = svc.spec?.selector as LabelMap | undefined;
    // Services with nil selectors match nothing, not everything.
    if (sel == null) continue;
    if (selectorMatches(selectorFromSet(sel), labels)) Object.assign(set, sel);
  }
  let selector: Selector = selectorFromSet(set);
  const owner = controllerRef(pod);
  if (!owner) return selector;
  const find = (list: KObject[] | undefined) =>
    (list ?? []).find((o) => o.metadata.name === owner.name && (o.metadata.namespace ?? 'default') === ns);
  if (owner.kind === 'ReplicationController' && owner.apiVersion === 'v1') {
    const rc = find(s.objects.replicationControllers);
    if (rc) selector = selectorFromSet({ ...set, ...(rc.spec?.selector ?? {}) });
  } else if ((owner.kind === 'ReplicaSet' || owner.kind === 'StatefulSet') && owner.apiVersion === 'apps/v1') {
    const obj = find(owner.kind === 'ReplicaSet' ? s.objects.replicaSets : s.objects.statefulSets);
    if (obj) {
      const other = labelSelectorAsSelector(obj.spec?.selector as LabelSelector | undefined);
      if (other !== null) selector = [...(selector ?? []), ...other];
    }
  }
  return selector;
}

/** buildDefaultConstraints */
function buildDefaultConstraints(ctx: CycleContext, action: string): SpreadConstraint[] {
  const cs = filterConstraints(SYSTEM_DEFAULT, ctx.pod.labels, action);
  if (cs.length === 0) return [];
  const sel = sharedDefaultSelector(ctx.pod.pod, ctx.snapshot);
  if (selectorIsEmpty(sel)) return [];
  for (const c of cs) c.selector = sel;
  return cs;
}

/** What defaultSelector read to build `selector`, to tell whether the next pod would get the same one. */
interface DefaultSelectorInputs {
  namespace: string;
  labels: LabelMap;
  owner: { kind: string; apiVersion: string; name: string } | undefined;
  services: KObject[] | undefined;
  replicaSets: KObject[] | undefined;
  statefulSets: KObject[] | undefined;
  replicationControllers: KObject[] | undefined;
  selector: Selector;
}

let lastDefault: DefaultSelectorInputs | undefined;

/**
 * defaultSelector, reused while its inputs stay the same: the replicas of one workload are scheduled one after
 * another and each would build the same selector, and then the same count key for it (a JSON text per cycle).
 * The same selector object lets countKeyOf find its key by identity. The object lists are compared by identity
 * (the scheduler hands the same arrays while its informer caches of those kinds do not change), the pod's labels
 * by value, in order (the selector lists them in that order).
 */
function sharedDefaultSelector(pod: KObject, s: Snapshot): Selector {
  const namespace = pod.metadata.namespace ?? 'default';
  const labels: LabelMap = pod.metadata.labels ?? {};
  const ref = controllerRef(pod);
  const o = s.objects;
  const last = lastDefault;
  if (
    last !== undefined &&
    last.namespace === namespace &&
    last.services === o.services &&
    last.replicaSets === o.replicaSets &&
    last.statefulSets === o.statefulSets &&
    last.replicationControllers === o.replicationControllers &&
    sameOwner(last.owner, ref) &&
    sameLabels(last.labels, labels)
  )
    return last.selector;
  const selector = defaultSelector(pod, s);
  lastDefault = {
    namespace,
    labels,
    owner: ref && { kind: ref.kind, apiVersion: ref.apiVersion, name: ref.name },
    services: o.services,
    replicaSets: o.replicaSets,
    statefulSets: o.statefulSets,
    replicationControllers: o.replicationControllers,
    selector,
  };
  return selector;
}

function controllerRef(pod: KObject): { kind: string; apiVersion: string; name: string } | undefined {
  // An index loop: find() on a frozen (stored) array takes a slow path in V8 11.
  const refs = pod.metadata.ownerReferences;
  if (refs) for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  return undefined;
}

function sameOwner(a: DefaultSelectorInputs['owner'], b: DefaultSelectorInputs['owner']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.kind === b.kind && a.apiVersion === b.apiVersion && a.name === b.name;
}

/** Same keys in the same order, with the same values. */
function sameLabels(a: LabelMap, b: LabelMap): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || a[ka[i]] !== b[kb[i]]) return false;
  return true;
}

/**
 * Count keys by their text, so that the key of a selector is the same string in every cycle: a map lookup with the
 * very string it was stored under skips comparing the characters, and a cycle looks up every node.
 */
const countKeys = new BoundedCache<string, string>(10_000);

const sameText = (text: string) => text;

/** The last selector keyed: the system defaults give both constraints of a cycle the same selector object. */
let lastKeyed: { selector: Selector; ns: string; key: string } | undefined;

function countKeyOf(c: SpreadConstraint, ns: string): string {
  if (c.countKey !== undefined) return c.countKey;
  if (lastKeyed && lastKeyed.selector === c.selector && lastKeyed.ns === ns) return (c.countKey = lastKeyed.key);
  const text = `${ns}\u0000${JSON.stringify(c.selector)}`;
  const key = countKeys.getOrCompute(text, sameText);
  lastKeyed = { selector: c.selector, ns, key };
  return (c.countKey = key);
}

/**
 * Matching-pod counts per NodeInfo, selector and namespace, kept on the NodeInfo. A NodeInfo never changes once
 * built (the scheduler's cache builds a new one when a node's pods change), so a count holds for its lifetime;
 * without this every cycle of a large Deployment re-counted every pod in the cluster (twice).
 */
function countOnNode(node: NodeInfo, c: SpreadConstraint, ns: string): number {
  const key = countKeyOf(c, ns);
  if (node.lastCountKey === key) return node.lastCount!;
  const counts = (node.matchCounts ??= new Map());
  let n = counts.get(key);
  if (n === undefined) counts.set(key, (n = countPodsMatchSelector(node.pods, c.selector, ns)));
  node.lastCountKey = key;
  node.lastCount = n;
  return n;
}

/** countPodsMatchSelector: skips terminating pods and other namespaces; an empty selector counts nothing. */
function countPodsMatchSelector(pods: PodInfo[], sel: Selector, ns: string): number {
  if (selectorIsEmpty(sel)) return 0;
  let n = 0;
  for (const p of pods) {
    if (p.pod.metadata.deletionTimestamp != null || p.namespace !== ns) continue;
    if (selectorMatches(sel, p.labels)) n++;
  }
  return n;
}

function nodeLabelsMatchSpreadConstraints(labels: LabelMap, cs: SpreadConstraint[]): boolean {
  for (const c of cs) if (labels[c.topologyKey] === undefined) return false;
  return true;
}

/** topologySpreadConstraint.matchNodeInclusionPolicies */
function matchNodeInclusionPolicies(c: SpreadConstraint, ctx: CycleContext, node: NodeInfo): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !requiredNodeAffinityMatches(ctx.pod.pod, node)) return false;
  if (
    c.nodeTaintsPolicy === 'Honor' &&
    findMatchingUntoleratedTaint(node.taints, ctx.pod.pod.spec?.tolerations, doNotScheduleTaint)
  ) {
    return false;
  }
  return true;
}

/** Whether matchNodeInclusionPolicies holds for every node, whatever its labels and taints. */
function includesEveryNode(c: SpreadConstraint, pod: KObject): boolean {
  if (c.nodeTaintsPolicy === 'Honor') return false;
  if (c.nodeAffinityPolicy !== 'Honor') return true;
  const spec = pod.spec;
  return (
    spec?.nodeSelector == null && spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution == null
  );
}

/** Matching pods per topology value over a list of nodes, with what each node contributed. */
interface DomainTotals {
  countKey: string;
  topologyKey: string;
  nodes: NodeInfo[];
  values: string[];
  counts: number[];
  totals: Map<string, number>;
}

/**
 * Per node list (the scheduler's cache keeps one and replaces the NodeInfos of changed nodes in it), the last
 * totals worked out, by count key and topology key. A cycle adds up every node's matching pods per domain; between
 * two cycles of a large Deployment only a node or two changed, so the totals are updated for those instead.
 */
const domainTotalsOf = new WeakMap<readonly NodeInfo[], DomainTotals[]>();

/** Σ countOnNode per topology value (`''` for nodes without the key) over every node of `nodes`. */
function domainTotals(nodes: readonly NodeInfo[], c: SpreadConstraint, ns: string): Map<string, number> {
  const countKey = countKeyOf(c, ns);
  let kept = domainTotalsOf.get(nodes);
  if (!kept) domainTotalsOf.set(nodes, (kept = []));
  let d = kept.find((x) => x.countKey === countKey && x.topologyKey === c.topologyKey);
  if (d && d.nodes.length === nodes.length) {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      if (node === d.nodes[i]) continue;
      d.totals.set(d.values[i], d.totals.get(d.values[i])! - d.counts[i]);
      const value = node.labels[c.topologyKey] ?? '';
      const count = countOnNode(node, c, ns);
      d.totals.set(value, (d.totals.get(value) ?? 0) + count);
      d.nodes[i] = node;
      d.values[i] = value;
      d.counts[i] = count;
    }
    return d.totals;
  }
  if (d) kept.splice(kept.indexOf(d), 1);
  if (kept.length >= MAX_DOMAIN_TOTALS) kept.shift();
  d = { countKey, topologyKey: c.topologyKey, nodes: [...nodes], values: [], counts: [], totals: new Map() };
  for (const node of nodes) {
    const value = node.labels[c.topologyKey] ?? '';
    const count = countOnNode(node, c, ns);
    d.values.push(value);
    d.counts.push(count);
    d.totals.set(value, (d.totals.get(value) ?? 0) + count);
  }
  kept.push(d);
  return d.totals;
}

/** Selectors whose totals a node list keeps (a handful of workloads being scheduled at once is the usual case). */
const MAX_DOMAIN_TOTALS = 8;

interface PreFilterState {
  constraints: SpreadConstraint[];
  /** per constraint: topology value → matching pods */
  tpPairToMatchNum: Array<Map<string, number>>;
}

function minMatchNum(st: PreFilterState, i: number): number {
  const counts = st.tpPairToMatchNum[i];
  let min = 2147483647; // criticalPaths start at MaxInt32
  for (const v of counts.values()) if (v < min) min = v;
  // minDomains: with fewer eligible domains than required, the global minimum is treated as 0.
  if (counts.size < st.constraints[i].minDomains) min = 0;
  return min;
}

interface PreScoreState {
  constraints: SpreadConstraint[];
  ignoredNodes: Set<string>;
  /** per constraint (non-hostname): topology value → matching pods */
  topologyValueToPodCounts: Array<Map<string, number>>;
  topologyNormalizingWeight: number[];
}

const PREFILTER = 'PreFilterPodTopologySpread';
const PRESCORE = 'PreScorePodTopologySpread';

/** scoreForCount: `maxSkew-1` waters down small differences between domains. */
function scoreForCount(cnt: number, maxSkew: number, tpWeight: number): number {
  return cnt * tpWeight + (maxSkew - 1);
}

/** Go's math.Round: half away from zero. */
function goRound(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

export const podTopologySpread: Plugin = {
  name: 'PodTopologySpread',
  preFilter(ctx) {
    const user = ctx.pod.pod.spec?.topologySpreadConstraints ?? [];
    const constraints =
      user.length > 0
        ? filterConstraints(user, ctx.pod.labels, 'DoNotSchedule')
        : buildDefaultConstraints(ctx, 'DoNotSchedule');
    if (constraints.length === 0) return { status: newStatus('Skip') };
    const st: PreFilterState = { constraints, tpPairToMatchNum: constraints.map(() => new Map()) };
    for (const node of ctx.snapshot.nodes) {
      if (!nodeLabelsMatchSpreadConstraints(node.labels, constraints)) continue;
      for (let i = 0; i < constraints.length; i++) {
        const c = constraints[i];
        if (!matchNodeInclusionPolicies(c, ctx, node)) continue;
        const value = node.labels[c.topologyKey];
        const count = countOnNode(node, c, ctx.pod.namespace);
        const m = st.tpPairToMatchNum[i];
        m.set(value, (m.get(value) ?? 0) + count);
      }
    }
    ctx.state.set(PREFILTER, st);
    return undefined;
  },
  filter(ctx, node) {
    const st = ctx.state.get(PREFILTER) as PreFilterState | undefined;
    if (!st || st.constraints.length === 0) return undefined;
    for (let i = 0; i < st.constraints.length; i++) {
      const c = st.constraints[i];
      const tpVal = node.labels[c.topologyKey];
      if (tpVal === undefined) return newStatus('UnschedulableAndUnresolvable', ERR_REASON_NODE_LABEL_NOT_MATCH);
      const min = minMatchNum(st, i);
      const selfMatch = selectorMatches(c.selector, ctx.pod.labels) ? 1 : 0;
      const matchNum = st.tpPairToMatchNum[i].get(tpVal) ?? 0;
      if (matchNum + selfMatch - min > c.maxSkew) {
        return newStatus('Unschedulable', ERR_REASON_CONSTRAINTS_NOT_MATCH);
      }
    }
    return undefined;
  },
  preScore(ctx, feasible) {
    if (ctx.snapshot.nodes.length === 0) return newStatus('Skip');
    const user = ctx.pod.pod.spec?.topologySpreadConstraints ?? [];
    const constraints =
      user.length > 0
        ? filterConstraints(user, ctx.pod.labels, 'ScheduleAnyway')
        : buildDefaultConstraints(ctx, 'ScheduleAnyway');
    if (constraints.length === 0) return newStatus('Skip');
    // Only non-default constraints require every topology key on a node; system defaults let zone-less nodes
    // still spread by hostname.
    const requireAll = user.length > 0;
    const st: PreScoreState = {
      constraints,
      ignoredNodes: new Set(),
      topologyValueToPodCounts: constraints.map(() => new Map()),
      topologyNormalizingWeight: [],
    };
    const topoSize = constraints.map(() => 0);
    for (const node of feasible) {
      if (requireAll && !nodeLabelsMatchSpreadConstraints(node.labels, constraints)) {
        st.ignoredNodes.add(node.name);
        continue;
      }
      for (let i = 0; i < constraints.length; i++) {
        const c = constraints[i];
        if (c.topologyKey === HOSTNAME) continue; // per-node counts are computed in Score
        const value = node.labels[c.topologyKey] ?? '';
        if (!st.topologyValueToPodCounts[i].has(value)) {
          st.topologyValueToPodCounts[i].set(value, 0);
          topoSize[i]++;
        }
      }
    }
    st.topologyNormalizingWeight = constraints.map((c, i) => {
      const sz = c.topologyKey === HOSTNAME ? feasible.length - st.ignoredNodes.size : topoSize[i];
      return Math.log(sz + 2);
    });
    // Every node counts towards its domain unless requireAll or an inclusion policy leaves it out. When neither
    // can (system defaults, no node affinity, taints ignored), the per-domain totals over all nodes are the same
    // for every pod with this selector, and kept from cycle to cycle (domainTotals).
    const counted: boolean[] = constraints.map(
      (c) => c.topologyKey !== HOSTNAME && (requireAll || !includesEveryNode(c, ctx.pod.pod)),
    );
    for (let i = 0; i < constraints.length; i++) {
      const c = constraints[i];
      if (c.topologyKey === HOSTNAME || counted[i]) continue;
      const totals = domainTotals(ctx.snapshot.nodes, c, ctx.pod.namespace);
      const m = st.topologyValueToPodCounts[i];
      for (const value of m.keys()) m.set(value, totals.get(value) ?? 0);
    }
    if (counted.includes(true)) {
      for (const node of ctx.snapshot.nodes) {
        if (requireAll && !nodeLabelsMatchSpreadConstraints(node.labels, constraints)) continue;
        for (let i = 0; i < constraints.length; i++) {
          if (!counted[i]) continue;
          const c = constraints[i];
          const value = node.labels[c.topologyKey] ?? '';
          const m = st.topologyValueToPodCounts[i];
          const cur = m.get(value);
          // Checked after the domain (both tests are pure): only nodes in a feasible node's domain count.
          if (cur === undefined || !matchNodeInclusionPolicies(c, ctx, node)) continue;
          m.set(value, cur + countOnNode(node, c, ctx.pod.namespace));
        }
      }
    }
    ctx.state.set(PRESCORE, st);
    return undefined;
  },
  score(ctx, node) {
    const st = ctx.state.get(PRESCORE) as PreScoreState;
    if (st.ignoredNodes.size > 0 && st.ignoredNodes.has(node.name)) return 0;
    let score = 0;
    for (let i = 0; i < st.constraints.length; i++) {
      const c = st.constraints[i];
      const tpVal = node.labels[c.topologyKey];
      if (tpVal === undefined) continue;
      const cnt =
        c.topologyKey === HOSTNAME
          ? countOnNode(node, c, ctx.pod.namespace)
          : (st.topologyValueToPodCounts[i].get(tpVal) ?? 0);
      score += scoreForCount(cnt, c.maxSkew, st.topologyNormalizingWeight[i]);
    }
    return goRound(score);
  },
  normalizeScore(ctx, scores) {
    const st = ctx.state.get(PRESCORE) as PreScoreState;
    let min = Number.MAX_SAFE_INTEGER;
    let max = 0;
    const invalid = new Set<string>();
    for (const s of scores) {
      if (st.ignoredNodes.has(s.name)) {
        invalid.add(s.name);
        continue;
      }
      if (s.score < min) min = s.score;
      if (s.score > max) max = s.score;
    }
    for (const s of scores) {
      if (invalid.has(s.name)) {
        s.score = 0;
        continue;
      }
      if (max === 0) {
        s.score = MAX_NODE_SCORE;
        continue;
      }
      s.score = Math.trunc((MAX_NODE_SCORE * (max + min - s.score)) / max);
    }
  },
};
