/**
 * The slice of the scheduling framework (k8s.io/kube-scheduler/framework interface.go) the default plugins use.
 * Plugins are stateless objects; per-cycle data lives in `ctx.state` (framework.CycleState), keyed by plugin name,
 * so a preemption dry run can re-run PreFilter + Filter against a modified snapshot with a fresh state.
 */
import type { NodeInfo, PodInfo, Snapshot } from './nodeInfo';
import type { Status } from './status';

export type PluginName =
  | 'NodeUnschedulable'
  | 'NodeName'
  | 'TaintToleration'
  | 'NodeAffinity'
  | 'NodePorts'
  | 'NodeResourcesFit'
  | 'VolumeBinding'
  | 'PodTopologySpread'
  | 'InterPodAffinity'
  | 'DynamicResources'
  | 'NodeResourcesBalancedAllocation'
  | 'ImageLocality'
  | 'DefaultPreemption';

/**
 * Version-dependent behaviour, so one engine can reproduce the texts of a given cluster.
 * Defaults are Kubernetes v1.34.0.
 */
export interface SchedulerOptions {
  /**
   * The DynamicResources plugin is enabled (DynamicResourceAllocation went GA, on by default, in v1.34). It adds a
   * PostFilter that contributes "no new claims to deallocate" for pods without ResourceClaims, and, when an earlier
   * PreFilter rejected the pod (so its own PreFilter never ran), fails with the error "not found", which replaces
   * the preemption sentence. Set false for the pre-1.34 texts. Default true.
   */
  dynamicResourceAllocation?: boolean;
  /**
   * PR kubernetes/kubernetes#134740 (v1.35, cherry-picked to v1.34 patch releases as #135023): TaintToleration
   * reports "node(s) had untolerated taint(s)" without the key/value. Default false (v1.34.0 wording).
   */
  genericTaintMessage?: boolean;
  /** KubeSchedulerConfiguration percentageOfNodesToScore; 0 = adaptive (the default). */
  percentageOfNodesToScore?: number;
}

type ResolvedOptions = Required<SchedulerOptions>;

export function resolveOptions(o: SchedulerOptions | undefined): ResolvedOptions {
  return {
    dynamicResourceAllocation: o?.dynamicResourceAllocation ?? true,
    genericTaintMessage: o?.genericTaintMessage ?? false,
    percentageOfNodesToScore: o?.percentageOfNodesToScore ?? 0,
  };
}

export interface CycleContext {
  pod: PodInfo;
  snapshot: Snapshot;
  /** framework.CycleState */
  state: Map<string, unknown>;
  options: ResolvedOptions;
}

interface PreFilterOutcome {
  /** Undefined = success. `Skip` = this plugin's Filter is skipped this cycle. */
  status?: Status;
  /** PreFilterResult.NodeNames: only these nodes are worth filtering. */
  nodeNames?: Set<string>;
}

export interface NodeScore {
  name: string;
  score: number;
}

export interface Plugin {
  readonly name: PluginName;
  preFilter?(ctx: CycleContext): PreFilterOutcome | undefined;
  filter?(ctx: CycleContext, node: NodeInfo): Status | undefined;
  /** Returning a `Skip` status removes the plugin from this cycle's scoring. */
  preScore?(ctx: CycleContext, feasible: NodeInfo[]): Status | undefined;
  score?(ctx: CycleContext, node: NodeInfo): number;
  normalizeScore?(ctx: CycleContext, scores: NodeScore[]): void;
}

export function newContext(pod: PodInfo, snapshot: Snapshot, options: ResolvedOptions): CycleContext {
  return { pod, snapshot, state: new Map(), options };
}
