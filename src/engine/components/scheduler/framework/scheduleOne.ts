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
import type { KObject, SchedulingResult } from '../../../types';
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
  type PluginName,
  type SchedulerOptions,
} from './plugin';
import { defaultPreemption } from './plugins/defaultPreemption';
import { findPodVolumes } from './plugins/volumeBinding';
import { isRejected, newStatus, statusMessage, type Status } from './status';

export interface Rand {
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

/** frameworkImpl.RunFilterPlugins: the first non-success status wins. */
function runFilters(ctx: CycleContext, node: NodeInfo, skip: Set<PluginName>): Status | undefined {
  for (const p of FILTER_PLUGINS) {
    if (!p.filter || skip.has(p.name)) continue;
    const s = p.filter(ctx, node);
    if (s && s.code !== 'Success') return { ...s, plugin: p.name };
  }
  return undefined;
}

/** What the pod would see on `node` if only `pods` were there (preemption dry runs). */
function filterWithPods(ctx: CycleContext, node: NodeInfo, pods: PodInfo[]): Status | undefined {
  const replaced = nodeInfoWithPods(node, pods);
  const c = newContext(ctx.pod, snapshotWithNode(ctx.snapshot, replaced), ctx.options);
  const pre = runPreFilter(c);
  if (pre.status && isRejected(pre.status)) return pre.status;
  return runFilters(c, replaced, pre.skip);
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
  let max = Number.NEGATIVE_INFINITY;
  for (const s of scores) if (s.total > max) max = s.total;
  let count = 0;
  let selected = '';
  for (const s of scores) {
    if (s.total !== max) continue;
    count++;
    if (count === 1 || rng.intn(count) === 0) selected = s.name;
  }
  return selected;
}

type NodeEntry = SchedulingResult['nodes'][number];

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

export interface SnapshotCycleInput {
  /** The pod to schedule. */
  pod: KObject;
  /** The cluster as the scheduler's cache sees it, without the pod being scheduled. */
  snapshot: Snapshot;
  startIndex?: number;
  options?: SchedulerOptions;
}

/** The cycle against a ready snapshot: the scheduler component keeps one up to date instead of rebuilding it. */
export function scheduleOnSnapshot(input: SnapshotCycleInput, rng: Rand): SchedulingResult {
  const snapshot = input.snapshot;
  if (snapshot.nodes.length === 0) {
    return { nodes: [], message: NO_NODES_AVAILABLE, evaluatedNodes: 0, feasibleNodes: 0 };
  }
  const options = resolveOptions(input.options);
  const ctx = newContext(podInfo(input.pod), snapshot, options);
  const entries = new Map<string, NodeEntry>();
  for (const n of snapshot.nodes) entries.set(n.name, { node: n.name, reasons: [] });
  const result = (extra: Partial<SchedulingResult>): SchedulingResult => ({
    nodes: snapshot.nodes.map((n) => entries.get(n.name)!),
    ...extra,
  });
  const allNodes = snapshot.nodes.length;

  // PreFilter
  const pre = runPreFilter(ctx);
  if (pre.status && isRejected(pre.status)) {
    for (const e of entries.values()) {
      e.rejectedBy = pre.status.plugin;
      e.reasons = [...pre.status.reasons];
    }
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
  const nominated = snapshot.byName.get(input.pod.status?.nominatedNodeName ?? '');
  if (nominated && !runFilters(ctx, nominated, pre.skip)) {
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
    for (const n of snapshot.nodes) {
      if (pre.nodeNames.has(n.name)) continue;
      const e = entries.get(n.name)!;
      e.rejectedBy = plugins.join(',');
      e.reasons = [...absentStatus.reasons];
    }
  }

  // Filter
  const numToFind = numFeasibleNodesToFind(nodes.length, options.percentageOfNodesToScore);
  const feasible: NodeInfo[] = [];
  const statuses = new Map<string, Status>();
  for (let i = 0; i < nodes.length && feasible.length < numToFind; i++) {
    const node = nodes[(start + i) % nodes.length];
    const s = runFilters(ctx, node, pre.skip);
    if (!s) {
      feasible.push(node);
      continue;
    }
    statuses.set(node.name, s);
    const e = entries.get(node.name)!;
    e.rejectedBy = s.plugin;
    e.reasons = [...s.reasons];
  }
  const nextStartNodeIndex = (start + feasible.length + statuses.size) % allNodes;
  const counts = {
    evaluatedNodes: feasible.length + statuses.size,
    feasibleNodes: feasible.length,
    nextStartNodeIndex,
  };
  if (feasible.length + statuses.size < nodes.length) {
    const seen = new Set(feasible);
    for (const n of nodes) if (!statuses.has(n.name) && !seen.has(n)) entries.get(n.name)!.notEvaluated = true;
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

  // PreScore + Score + NormalizeScore, weighted. Arrays run parallel to `feasible` (this loop runs for every
  // feasible node and score plugin of every cycle, so it avoids per-score lookups by name).
  const scored = feasible.map((n) => {
    const e = entries.get(n.name)!;
    e.scores = {};
    e.rawScores = {};
    return e;
  });
  const totals = feasible.map(() => 0);
  for (const { plugin, weight } of SCORE_PLUGINS) {
    if (plugin.preScore?.(ctx, feasible)?.code === 'Skip') continue;
    const name = plugin.name;
    const list: NodeScore[] = new Array(feasible.length);
    for (let i = 0; i < feasible.length; i++) {
      const score = plugin.score!(ctx, feasible[i]);
      list[i] = { name: feasible[i].name, score };
      scored[i].rawScores![name] = score;
    }
    plugin.normalizeScore?.(ctx, list);
    for (let i = 0; i < list.length; i++) {
      const w = list[i].score * weight;
      scored[i].scores![name] = w;
      totals[i] += w;
    }
  }
  for (let i = 0; i < scored.length; i++) scored[i].total = totals[i];

  const selected = selectHost(
    feasible.map((n, i) => ({ name: n.name, total: totals[i] })),
    rng,
  );
  return result({ selected, ...counts, ...volumeDecisions(ctx, pre.skip, snapshot.byName.get(selected)!) });
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
