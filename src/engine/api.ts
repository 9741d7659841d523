/**
 * The engine's public surface: everything the CLI, the playback layer and the Web Worker call.
 * Implemented in `simulate.ts`; this file only declares the shapes so that views can be built against them.
 */
import type { DrainFlags } from './kubectl/drainCommand';
import type { KEvent, KObject, Step } from './types';
export type { KEvent, KObject, Step };

export const KUBERNETES_VERSION = 'v1.34.1';

/** Virtual time 0 of every run, as a wall-clock instant for printing timestamps (RFC 3339, Start Time…). */
export const EPOCH_MS = 1768467600000; // 2026-01-15T09:00:00Z

export interface NodeSpec {
  name: string;
  /** Millicores. */
  cpu: number;
  /** Bytes. */
  memory: number;
  pods: number;
  labels?: Record<string, string>;
  taints?: Array<{ key: string; value?: string; effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' }>;
  unschedulable?: boolean;
  /** Images already present on the node (normalised refs such as `docker.io/library/nginx:1.27-alpine`). */
  images?: string[];
}

export interface ClusterSpec {
  nodes: NodeSpec[];
  etcdMembers: 1 | 3 | 5;
  /** kubeconfig user; `kubernetes-admin` (group system:masters) by default. */
  user?: { name: string; groups?: string[]; token?: 'valid' | 'invalid' };
  /** Extra RBAC objects (Role/ClusterRole/bindings) as plain objects. */
  rbac?: KObject[];
  /**
   * metrics-server installed (kind has none by default): its Deployment, Service and the APIService
   * `v1beta1.metrics.k8s.io` exist from the start, so the resource metrics API (kubectl top, the HPA) answers.
   */
  metricsServer?: boolean;
  /** Admission extras that a scenario can switch on. */
  admission?: {
    /** ValidatingAdmissionPolicy-like rule: reject containers whose image has tag `latest` or no tag. */
    denyLatestTag?: boolean;
    /** MutatingAdmissionWebhook that injects a sidecar container into Pods. */
    injectSidecar?: { name: string; image: string; command?: string[] };
  };
}

/** Something a user does at a point in the run (intervention) or a fault a scenario injects. */
export type UserAction =
  | { type: 'delete-pod'; namespace?: string; name: string }
  /** `kubectl delete <kind> <name>` of any kind (a Namespace, a Deployment …); `$pod:` names as for delete-pod. */
  | { type: 'delete'; kind: string; namespace?: string; name: string }
  | { type: 'scale'; kind: 'Deployment' | 'ReplicaSet'; namespace?: string; name: string; replicas: number }
  | { type: 'set-image'; namespace?: string; deployment: string; container: string; image: string }
  | { type: 'rollout-undo'; namespace?: string; deployment: string }
  | { type: 'cordon' | 'uncordon'; node: string }
  /** `kubectl drain NODE [--ignore-daemonsets] [--force] [--delete-emptydir-data] [--grace-period=N] [--timeout=D]`. */
  | ({ type: 'drain'; node: string } & DrainFlags)
  | {
      type: 'taint';
      node: string;
      key: string;
      value?: string;
      effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
    }
  /** `kubectl taint nodes NODE KEY[:EFFECT]-`: removes the node's taints with that key (and effect). */
  | { type: 'untaint'; node: string; key: string; effect?: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' }
  | { type: 'stop' | 'start'; component: string; node?: string; member?: number }
  | { type: 'registry'; reachable: boolean }
  | { type: 'apply'; yaml: string }
  /** `kubectl exec POD [-c CONTAINER] -- COMMAND…` (docs/CONTRACTS.md §11); `$pod:` names as for delete-pod. */
  | { type: 'exec'; namespace?: string; pod: string; container?: string; command: string[] };

/** An action placed on the timeline: applied just before step `atStep` would run (or at virtual time `atMs`). */
export interface TimedAction {
  atStep?: number;
  atMs?: number;
  action: UserAction;
}

export interface SimulationInput {
  yaml: string;
  cluster?: Partial<ClusterSpec> & { nodeCount?: number };
  seed?: number;
  /** Virtual-time horizon in ms (default 10 min). */
  untilMs?: number;
  /**
   * Keep the clock going to the horizon even once the cluster has converged (the CLI's `--until`): the background
   * traffic (Lease renewals, node status) goes on, so the final world reads as it would at that time — a Pod's AGE
   * is 10m, a back-off has run out. Without it a run ends as soon as nothing is left to do.
   */
  runToHorizon?: boolean;
  /** Hard cap on the number of steps (default 200 000). */
  maxSteps?: number;
  actions?: TimedAction[];
  /** File name kubectl reports in errors (`error when creating "manifest.yaml"`). */
  filename?: string;
}

/** What `kubectl apply` printed for one document. */
export interface ApplyResult {
  doc: number;
  /** e.g. `deployment.apps/web created`, or kubectl's error text. */
  line: string;
  ok: boolean;
  /** For editor markers: manifest field the error is about. */
  errors?: Array<{ path: string; message: string; line?: number; column?: number }>;
}

/** A write recorded for playback: the value of a key after step `seq` (null = deleted). */
export interface HistoryEntry {
  seq: number;
  /** `/registry/...` for etcd; `node/<name>/...` for node-local runtime facts. */
  key: string;
  value: unknown;
  revision: number;
}

export interface WorldState {
  seq: number;
  time: number;
  revision: number;
  /** etcd contents by key. */
  etcd: Map<string, KObject>;
  /** node-local facts by key (`node/<node>/images`, `node/<node>/iptables`, `node/<node>/pods/<uid>`). */
  runtime: Map<string, unknown>;
  events: KEvent[];
}

export interface Run {
  kubernetesVersion: string;
  seed: number;
  cluster: ClusterSpec;
  steps: Step[];
  history: HistoryEntry[];
  apply: ApplyResult[];
  /** Errors that stopped intake before anything was sent (YAML syntax, limits). */
  inputErrors: Array<{ message: string; line?: number; column?: number; kind?: 'yaml' | 'validation' | 'limit' }>;
  /** Every line kubectl printed (apply results and intervention commands), with the step it belongs to. */
  output: Array<{ seq: number; line: string; ok: boolean }>;
  end: { reason: 'quiescent' | 'horizon' | 'step-cap'; time: number };
}
