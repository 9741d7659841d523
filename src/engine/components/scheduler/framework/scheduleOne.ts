/**
 * One scheduling cycle of kube-scheduler v1.34 for one pod (pkg/scheduler/schedule_one.go: schedulePod,
 * findNodesThatFitPod, findNodesThatPassFilters, prioritizeNodes, selectHost; PostFilter as in
 * schedulingAlgorithm). Pure: same input + same rng draws → same result.
 *
 *   no nodes             → "no nodes available to schedule pods" (ErrNoNodesAvailable, no PostFilter)
 *   PreFilter rejects    → FitError with the PreFilter message for every node
 *   Filter               → nodes checked round-robin from startIndex until numFeasibleNodesToFind are feasible;
 *                          each node stops at its first failing plugin
 *   0 feasible           → FitError histogram + PostFilter (DynamicResources, DefaultPreemption) sentence
 *   1 feasible           → chosen without scoring
 *   ≥2 feasible          → PreScore/Score/NormalizeScore × weight, highest total wins, ties broken uniformly
 *                          at random (reservoir sampling, as selectHost)
 */
import { withFields } from '../../../kernel/withFields';
import type { KObject, NodeRejection, NodeScores, SchedulingResult } from '../../../types';
import { DYNAMIC_RESOURCES_STATE, FILTER_PLUGINS, PRE_FILTER_PLUGINS, SCORE_PLUGINS } from './defaultProfile';
import { fitErrorMessage, NO_NODES_AVAILABLE } from './fitError';
import {
  buildSnapshot,
  nodeInfoWithPods,
  podInfo,
  snapshotWithNode,
  type ClusterObjects,
  type NodeInfo,
  type PodInfo,
  type Snapshot,
} from './nodeInfo';
import {
  newContext,
  resolveOptions,
  type CycleContext,
  type NodeScore,
  type Plugin,
  type PluginName,
  type SchedulerOptions,
} from './plugin';
import { defaultPreemption } from './plugins/defaultPreemption';
import { findPodVolumes } from './plugins/volumeBinding';
import { keepRow, sameRow, shareNames, sharePlugins } from './sharedRows';
import { isRejected, newStatus, statusMessage, type Status } from './status';

interface Rand {
  intn(n: number): number;
}

export interface CycleInput extends ClusterObjects {
  /** The pod to schedule. */
  pod: KObject;
  /** core/v1 Nodes (status.allocatable {cpu, memory, pods, ...}, labels, spec.taints, spec.unschedulable). */
  nodes: KObject[];
  /** Every pod already bound or assumed (spec.nodeName set) and not terminal. */
  podsOnNodes: KObject[];
  /** node name → images present (names as the kubelet reports them). Falls back to node.status.images. */
  imagesOnNodes?: Record<string, Array<{ name: string; sizeBytes: number }>>;
  /** Scheduler.nextStartNodeIndex: pass the previous result's nextStartNodeIndex for round-robin filtering. */
  startIndex?: number;
  options?: SchedulerOptions;
}

const MIN_FEASIBLE_NODES_TO_FIND = 100;
const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/**
 * numFeasibleNodesToFind: below 100 nodes every node is checked; otherwise a percentage (adaptive when 0:
 * 50 − nodes/125, at least 5%), never fewer than 100 nodes.
 */
export function numFeasibleNodesToFind(numAllNodes: number, percentageOfNodesToScore = 0): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = percentageOfNodesToScore;
  if (percentage === 0) {
    percentage = 50 - Math.trunc(numAllNodes / 125);
    if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  }
  const n = Math.trunc((numAllNodes * percentage) / 100);
  return n < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : n;
}

interface PreFilterRun {
  status?: Status;
  nodeNames?: Set<string>;
  pluginsWithNodes: string[];
  skip: Set<PluginName>;
}

/** frameworkImpl.RunPreFilterPlugins */
function runPreFilter(ctx: CycleContext): PreFilterRun {
  const skip = new Set<PluginName>();
  const pluginsWithNodes: string[] = [];
  let nodeNames: Set<string> | undefined;
  let returnStatus: Status | undefined;
  for (const p of PRE_FILTER_PLUGINS) {
    const o = p.preFilter?.(ctx);
    const s = o?.status;
    if (s?.code === 'Skip') {
      skip.add(p.name);
      continue;
    }
    if (s && s.code !== 'Success') {
      s.plugin = p.name;
      // UnschedulableAndUnresolvable ends PreFilter at once (preemption cannot help); plain Unschedulable lets
      // the remaining PreFilters run so preemption has their state (kubernetes/kubernetes#119770).
      if (s.code === 'Unschedulable') {
        returnStatus = s;
        continue;
      }
      return { status: s, pluginsWithNodes, skip };
    }
    if (o?.nodeNames) {
      pluginsWithNodes.push(p.name);
      nodeNames = nodeNames ? new Set([...nodeNames].filter((n) => o.nodeNames!.has(n))) : new Set(o.nodeNames);
      if (nodeNames.size === 0) {
        const names = [...pluginsWithNodes].sort();
        const msg =
          names.length === 1
            ? `node(s) didn't satisfy plugin ${names[0]}`
            : `node(s) didn't satisfy plugin(s) [${names.join(' ')}] simultaneously`;
        return {
          status: { ...newStatus('UnschedulableAndUnresolvable', msg), plugin: p.name },
          pluginsWithNodes,
          skip,
        };
      }
    }
  }
  return { status: returnStatus, nodeNames, pluginsWithNodes, skip };
}

/** The Filter plugins a cycle runs: those PreFilter did not skip (worked out once, not for every node). */
function activeFilters(skip: Set<PluginName>): Plugin[] {
  return FILTER_PLUGINS.filter((p) => p.filter && !skip.has(p.name));
}

/** frameworkImpl.RunFilterPlugins: the first non-success status wins. */
function runFilters(ctx: CycleContext, node: NodeInfo, filters: readonly Plugin[]): Status | undefined {
  for (const p of filters) {
    const s = p.filter!(ctx, node);
    if (s && s.code !== 'Success') return withFields(s, { plugin: p.name });
  }
  return undefined;
}

/** What the pod would see on `node` if only `pods` were there (preemption dry runs). */
function filterWithPods(ctx: CycleContext, node: NodeInfo, pods: PodInfo[]): Status | undefined {
  const replaced = nodeInfoWithPods(node, pods);
  const c = newContext(ctx.pod, snapshotWithNode(ctx.snapshot, replaced), ctx.options);
  const pre = runPreFilter(c);
  if (pre.status && isRejected(pre.status)) return pre.status;
  return runFilters(c, replaced, activeFilters(pre.skip));
}

interface PostFilterRun {
  message: string;
  nominatedNode?: string;
  victims?: PodInfo[];
}

/**
 * frameworkImpl.RunPostFilterPlugins over [DynamicResources, DefaultPreemption]: reasons of plugins returning
 * Unschedulable are joined with ", "; Success (a nomination) or an Error stops the loop.
 */
function runPostFilter(
  ctx: CycleContext,
  nodeStatuses: Map<string, Status>,
  absentStatus: Status | undefined,
  rng: Rand,
): PostFilterRun {
  const reasons: string[] = [];
  if (ctx.options.dynamicResourceAllocation) {
    // DynamicResources.PostFilter reads its PreFilter state first. When an earlier PreFilter rejected the pod,
    // that state was never written: CycleState.Read fails with "not found", an Error that ends PostFilter
    // before preemption runs.
    if (!ctx.state.has(DYNAMIC_RESOURCES_STATE)) return { message: 'not found' };
    reasons.push('no new claims to deallocate');
  }
  const out = defaultPreemption({
    pod: ctx.pod,
    snapshot: ctx.snapshot,
    nodeStatuses,
    absentStatus,
    filterWithPods: (node, pods) => filterWithPods(ctx, node, pods),
    rng,
  });
  if (out.status.code === 'Success') return { message: '', nominatedNode: out.nominatedNode, victims: out.victims };
  if (out.status.code !== 'Unschedulable') return { message: statusMessage(out.status) };
  reasons.push(...out.status.reasons);
  return { message: reasons.join(', ') };
}

/** selectHost: the highest total; among equal totals each node is kept with probability 1/count. */
export function selectHost(scores: Array<{ name: string; total: number }>, rng: Rand): string {
  const i = selectHostIndex(
    scores.map((s) => s.total),
    rng,
  );
  return i < 0 ? '' : scores[i].name;
}

/** selectHost over the totals alone (an array per cycle, not an object per node): the winner's index, or -1. */
function selectHostIndex(totals: readonly number[], rng: Rand): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const t of totals) if (t > max) max = t;
  let count = 0;
  let selected = -1;
  for (let i = 0; i < totals.length; i++) {
    if (totals[i] !== max) continue;
    count++;
    if (count === 1 || rng.intn(count) === 0) selected = i;
  }
  return selected;
}

function isSamePod(a: KObject, b: KObject): boolean {
  if (a.metadata.uid && b.metadata.uid) return a.metadata.uid === b.metadata.uid;
  return (
    a.metadata.name === b.metadata.name && (a.metadata.namespace ?? 'default') === (b.metadata.namespace ?? 'default')
  );
}

export function runSchedulingCycle(input: CycleInput, rng: Rand): SchedulingResult {
  if (input.nodes.length === 0) {
    return { nodes: [], message: NO_NODES_AVAILABLE, evaluatedNodes: 0, feasibleNodes: 0 };
  }
  const snapshot = buildSnapshot({ ...input, exclude: (p) => isSamePod(p, input.pod) });
  return scheduleOnSnapshot({ pod: input.pod, snapshot, startIndex: input.startIndex, options: input.options }, rng);
}

interface SnapshotCycleInput {
  /** The pod to schedule. */
  pod: KObject;
  /** The cluster as the scheduler's cache sees it, without the pod being scheduled. */
  snapshot: Snapshot;
  startIndex?: number;
  options?: SchedulerOptions;
  /**
   * Pods a preemption nominated a node for and that are not bound yet (the scheduling queue's nominator): on their
   * node, those of at least this pod's priority count as if they were there.
   */
  nominatedPods?: ReadonlyArray<{ pod: KObject; node: string }>;
}

/**
 * The nominated pods of at least `priority` by node (addGENominatedPods' selection), or undefined when there are
 * none: the common case costs nothing.
 */
function nominatedByNode(
  nominated: SnapshotCycleInput['nominatedPods'],
  self: KObject,
  priority: number,
): Map<string, PodInfo[]> | undefined {
  let out: Map<string, PodInfo[]> | undefined;
  for (const { pod, node } of nominated ?? []) {
    if (isSamePod(pod, self)) continue;
    const info = podInfo(pod);
    if (info.priority < priority) continue;
    out ??= new Map();
    out.set(node, [...(out.get(node) ?? []), info]);
  }
  return out;
}

/** The cycle against a ready snapshot: the scheduler component keeps one up to date instead of rebuilding it. */
export function scheduleOnSnapshot(input: SnapshotCycleInput, rng: Rand): SchedulingResult {
  const snapshot = input.snapshot;
  if (snapshot.nodes.length === 0) {
    return { nodes: [], message: NO_NODES_AVAILABLE, evaluatedNodes: 0, feasibleNodes: 0 };
  }
  const options = resolveOptions(input.options);
  const ctx = newContext(podInfo(input.pod), snapshot, options);
  const nominatedOn = nominatedByNode(input.nominatedPods, input.pod, ctx.pod.priority);
  const rejected: NodeRejection[] = [];
  const result = (extra: Partial<SchedulingResult>): SchedulingResult => {
    const r: SchedulingResult = { nodes: snapshot.names, ...extra };
    if (rejected.length > 0) r.rejected = rejected;
    return r;
  };
  const allNodes = snapshot.nodes.length;

  // PreFilter
  const pre = runPreFilter(ctx);
  if (pre.status && isRejected(pre.status)) {
    const reasons = [...pre.status.reasons];
    for (const n of snapshot.nodes) rejected.push({ node: n.name, plugin: pre.status.plugin!, reasons });
    const post = runPostFilter(ctx, new Map(), pre.status, rng);
    const message = fitErrorMessage({
      numAllNodes: allNodes,
      preFilterMsg: statusMessage(pre.status),
      absentStatus: pre.status,
      postFilterMsg: post.message,
    });
    return result({ message, evaluatedNodes: 0, feasibleNodes: 0, ...nomination(post) });
  }

  // A node nominated by an earlier preemption is tried first; if it fits, it is the only candidate
  // (findNodesThatFitPod → evaluateNominatedNode).
  const start = input.startIndex ?? 0;
  const filters = activeFilters(pre.skip);
  // RunFilterPluginsWithNominatedPods: on a node with nominated pods of at least this priority, the pod must fit
  // with them there as well as without them.
  const filterNode = (node: NodeInfo): Status | undefined => {
    const extra = nominatedOn?.get(node.name);
    if (extra) {
      const s = filterWithPods(ctx, node, [...node.pods, ...extra]);
      if (s) return s;
    }
    return runFilters(ctx, node, filters);
  };
  const nominated = snapshot.byName.get(input.pod.status?.nominatedNodeName ?? '');
  if (nominated && !filterNode(nominated)) {
    return result({
      selected: nominated.name,
      evaluatedNodes: 1,
      feasibleNodes: 1,
      nextStartNodeIndex: start,
      ...volumeDecisions(ctx, pre.skip, nominated),
    });
  }

  // Nodes narrowed by a PreFilterResult; the others count as rejected by the plugins that narrowed them.
  let nodes = snapshot.nodes;
  let absentStatus: Status | undefined;
  if (pre.nodeNames) {
    nodes = snapshot.nodes.filter((n) => pre.nodeNames!.has(n.name));
    const plugins = [...pre.pluginsWithNodes].sort();
    absentStatus = newStatus('UnschedulableAndUnresolvable', `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}]`);
    const plugin = plugins.join(',');
    const reasons = [...absentStatus.reasons];
    for (const n of snapshot.nodes) if (!pre.nodeNames.has(n.name)) rejected.push({ node: n.name, plugin, reasons });
  }

  // Filter
  const numToFind = numFeasibleNodesToFind(nodes.length, options.percentageOfNodesToScore);
  const feasible: NodeInfo[] = [];
  const statuses = new Map<string, Status>();
  for (let i = 0; i < nodes.length && feasible.length < numToFind; i++) {
    const node = nodes[(start + i) % nodes.length];
    const s = filterNode(node);
    if (!s) {
      feasible.push(node);
      continue;
    }
    statuses.set(node.name, s);
    rejected.push({ node: node.name, plugin: s.plugin!, reasons: [...s.reasons] });
  }
  const nextStartNodeIndex = (start + feasible.length + statuses.size) % allNodes;
  const counts: Partial<SchedulingResult> = {
    evaluatedNodes: feasible.length + statuses.size,
    feasibleNodes: feasible.length,
    nextStartNodeIndex,
  };
  if (feasible.length + statuses.size < nodes.length) {
    const seen = new Set(feasible);
    counts.notEvaluated = nodes.filter((n) => !statuses.has(n.name) && !seen.has(n)).map((n) => n.name);
  }

  if (feasible.length === 0) {
    const post = runPostFilter(ctx, statuses, absentStatus, rng);
    const message = fitErrorMessage({
      numAllNodes: allNodes,
      nodeToStatus: statuses,
      absentStatus,
      postFilterMsg: post.message,
    });
    return result({ message, ...counts, ...nomination(post) });
  }

  if (feasible.length === 1) {
    return result({ selected: feasible[0].name, ...counts, ...volumeDecisions(ctx, pre.skip, feasible[0]) });
  }

  const scores = scoreNodes(ctx, feasible);
  const selected = feasible[selectHostIndex(scores.total, rng)];
  return result({ selected: selected.name, ...counts, scores, ...volumeDecisions(ctx, pre.skip, selected) });
}

/** Rows and NodeScores being filled, reused by every cycle: a result keeps copies or shared rows (sharedRows.ts). */
const scratch = { raw: [] as number[], weighted: [] as number[], list: [] as NodeScore[] };

/**
 * PreScore + Score + NormalizeScore, weighted. Runs for every feasible node and Score plugin of every cycle, so it
 * scores into scratch rows parallel to `feasible` and reuses one NodeScore per node across plugins and cycles.
 */
function scoreNodes(ctx: CycleContext, feasible: NodeInfo[]): NodeScores {
  const n = feasible.length;
  const plugins: PluginName[] = [];
  const raw: Array<readonly number[]> = [];
  const weighted: Array<readonly number[]> = [];
  const total: number[] = new Array<number>(n).fill(0);
  const { raw: r, weighted: w, list } = scratch;
  r.length = w.length = n;
  for (let i = list.length; i < n; i++) list.push({ name: '', score: 0 });
  list.length = n;
  for (let i = 0; i < n; i++) list[i].name = feasible[i].name;
  for (const { plugin, weight } of SCORE_PLUGINS) {
    if (plugin.preScore?.(ctx, feasible)?.code === 'Skip') continue;
    for (let i = 0; i < n; i++) list[i].score = r[i] = plugin.score!(ctx, feasible[i]);
    plugin.normalizeScore?.(ctx, list);
    for (let i = 0; i < n; i++) total[i] += w[i] = list[i].score * weight;
    plugins.push(plugin.name);
    const rawRow = keepRow(r);
    raw.push(rawRow);
    // Without NormalizeScore and with weight 1 the weighted row is the raw one (x * 1 is x, even for -0 and NaN).
    const unchanged = (!plugin.normalizeScore && weight === 1) || sameRow(w, r);
    weighted.push(unchanged ? rawRow : keepRow(w));
  }
  return { nodes: shareNames(feasible), plugins: sharePlugins(plugins), raw, weighted, total };
}

function nomination(post: PostFilterRun): Partial<SchedulingResult> {
  if (!post.nominatedNode) return {};
  return { nominatedNode: post.nominatedNode, victims: (post.victims ?? []).map((v) => v.key) };
}

/** VolumeBinding Reserve/PreBind input: which claims bind to existing PVs and which get provisioned there. */
function volumeDecisions(ctx: CycleContext, skip: Set<PluginName>, node: NodeInfo): Partial<SchedulingResult> {
  if (skip.has('VolumeBinding')) return {};
  const d = findPodVolumes(ctx, node);
  if (d.bind.length === 0 && d.provision.length === 0) return {};
  return { volumeBinding: { bind: d.bind, provision: d.provision } };
}
