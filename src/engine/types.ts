/**
 * Core vocabulary shared by every part of the engine and by its views.
 * The Step fields marked (frozen) are the docs/CONTRACTS.md §3 contract: they may grow, never change meaning.
 */

/** docs/CONTRACTS.md §2 component ids (frozen). */
export type ComponentId =
  | 'kubectl'
  | 'kube-apiserver'
  | 'etcd'
  | 'kube-controller-manager'
  | 'kube-scheduler'
  | 'kubelet'
  | 'container-runtime'
  | 'cni'
  | 'kube-proxy';

export const COMPONENT_IDS: readonly ComponentId[] = [
  'kubectl',
  'kube-apiserver',
  'etcd',
  'kube-controller-manager',
  'kube-scheduler',
  'kubelet',
  'container-runtime',
  'cni',
  'kube-proxy',
];

/** Components that run once per node and therefore carry a node name. */
export const NODE_LOCAL: ReadonlySet<ComponentId> = new Set(['kubelet', 'container-runtime', 'cni', 'kube-proxy']);

/** One end of a message: a component instance, optionally a sub-part (apiserver stage, controller, etcd member…). */
export interface Endpoint {
  component: ComponentId;
  node?: string;
  part?: string;
}

export type Phase =
  'submit' | 'admission' | 'persist' | 'reconcile' | 'schedule' | 'run' | 'network' | 'status' | 'fault' | 'user';

export interface ObjectRef {
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  uid?: string;
}

/** A core/v1 Event as kubectl shows it (the fields views need, named as in the API). */
export interface KEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  /** `source.component` / `reportingController`, e.g. `default-scheduler`, `kubelet`. */
  source: string;
  /** Node name for node-local reporters (kubelet); kubectl ≥1.27 does not print it. */
  host?: string;
  involvedObject: ObjectRef & { fieldPath?: string };
  /** Virtual ms of the first occurrence. */
  firstTimestamp: number;
  /** Virtual ms of the last occurrence. */
  lastTimestamp: number;
  count: number;
  /** Stable name `<involved>.<hex>`, as client-go's recorder names events. */
  name: string;
  namespace: string;
}

/** Where in the user's manifest a step originates. */
export interface SourceRef {
  /** 0-based document index in the applied manifest. */
  doc: number;
  /** Field path such as `spec.template.spec.containers[0].image`. */
  path: string;
}

/** Narration key + parameters; the text lives in i18n catalogs. */
export interface Narration {
  key: string;
  params?: Record<string, string | number>;
}

/** One arrow on the diagram (or one internal decision). */
export interface Step {
  /** (frozen) 0-based, dense. */
  seq: number;
  /** (frozen) virtual milliseconds since the run started. */
  time: number;
  /** (frozen) */
  phase: Phase;
  /** (frozen) */
  from: Endpoint;
  /** (frozen) */
  to: Endpoint;
  /** (frozen) e.g. `POST`, `WATCH ADDED`, `filter`, `bind`, `RunPodSandbox`. */
  verb: string;
  /** (frozen) */
  object?: ObjectRef;
  /** (frozen) one line in English. */
  summary: string;
  /** (frozen) Events recorded at this step. */
  events: KEvent[];
  /** (frozen) seq of the step that triggered this one. */
  cause?: number;
  /** (frozen) manifest document and field that explains this step. */
  source?: SourceRef;
  /** Short label for the travelling message, e.g. `POST /apis/apps/v1/namespaces/default/deployments`. */
  label: string;
  narration: Narration;
  /** Background activity (lease renewals): shown, but does not keep a run alive. */
  background?: boolean;
  /** Structured detail for inspectors (scheduler verdict tables, iptables rules, HTTP status…). */
  detail?: StepDetail;
  /** etcd revision after this step. */
  revision: number;
}

export type StepDetail =
  | { type: 'http'; status?: number; body?: string }
  | { type: 'schedule'; pod: string; result: SchedulingResult }
  | { type: 'iptables'; node: string; rules: string[] }
  | { type: 'admission'; plugins: string[]; changes: string[] }
  | { type: 'end'; reason: 'quiescent' | 'horizon' | 'step-cap' };

/**
 * Per-node scheduler verdicts kept so the UI can answer "why not node-2?". Stored by column rather than as one object
 * per node: a 1,000-replica rollout on 100 nodes keeps 100,000 verdicts, and an object plus two score maps for each
 * were 300,000 objects for the garbage collector to copy. `nodeVerdicts` (trace/nodeVerdicts.ts) gives one row per
 * node.
 */
export interface SchedulingResult {
  /** Every node the scheduler knew, in its order (one array shared by the cycles that saw the same nodes). */
  nodes: readonly string[];
  /** Nodes a PreFilter or Filter plugin rejected; absent when none was. */
  rejected?: NodeRejection[];
  /** Nodes the Filter phase stopped before reaching (≥100 nodes: numFeasibleNodesToFind); absent when none. */
  notEvaluated?: string[];
  /** The Score phase, run when at least two nodes passed the filters. */
  scores?: NodeScores;
  selected?: string;
  /** Full FailedScheduling message when nothing fits. */
  message?: string;
  /** Nodes that went through Filter (feasible + rejected), as in the "evaluatedNodes" log field. */
  evaluatedNodes?: number;
  /** Nodes that passed every Filter plugin. */
  feasibleNodes?: number;
  /** Round-robin start for the next cycle (Scheduler.nextStartNodeIndex). */
  nextStartNodeIndex?: number;
  /** Preemption succeeded: the node to nominate (status.nominatedNodeName) … */
  nominatedNode?: string;
  /** … and the victims to delete, as `namespace/name`. */
  victims?: string[];
  /** VolumeBinding decisions for the selected node: claims to bind to existing PVs, claims to provision. */
  volumeBinding?: { bind: Array<{ claim: string; volume: string }>; provision: string[] };
}

export interface NodeRejection {
  node: string;
  /** Filter plugin that rejected the node (the PreFilter plugins, comma-joined, when their results left it out). */
  plugin: string;
  reasons: readonly string[];
}

/** The feasible nodes' scores: per Score plugin that ran, one number per node, parallel to `nodes`. */
export interface NodeScores {
  /** The feasible nodes, in the order Filter found them. */
  nodes: readonly string[];
  /** The Score plugins that scored this cycle, in profile order (the others skipped themselves in PreScore). */
  plugins: readonly string[];
  /** [plugin][node]: the score before NormalizeScore and weighting. Rows may be shared between results. */
  raw: ReadonlyArray<readonly number[]>;
  /** [plugin][node]: the normalised score × the plugin's weight. Rows may be shared between results. */
  weighted: ReadonlyArray<readonly number[]>;
  /** [node]: the sum of the weighted scores. */
  total: number[];
}

/** A Kubernetes object as stored (plain JSON, apiserver-normalised). */
export interface KObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec?: any;
  status?: any;
  [field: string]: any;
}

export interface ObjectMeta {
  name: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  /** Virtual ms; printers render it relative to "now". */
  creationTimestamp?: number;
  deletionTimestamp?: number;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  /** Who owns which fields (src/engine/apiserver/managedFields.ts); kept only for writes that name a manager. */
  managedFields?: Array<{
    manager: string;
    operation: 'Apply' | 'Update';
    apiVersion: string;
    time: number;
    fieldsType: 'FieldsV1';
    fieldsV1: Record<string, unknown>;
    subresource?: string;
  }>;
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** A field-level validation error (apimachinery field.Error). */
export interface FieldError {
  type:
    | 'Required value'
    | 'Invalid value'
    | 'Unsupported value'
    | 'Duplicate value'
    | 'Not found'
    | 'Forbidden'
    | 'Too long'
    | 'Too many'
    | 'Internal error';
  field: string;
  /** Rendered bad value (already formatted: `"x"`, `70000`, `{"app":"web"}`), absent for Required/Forbidden/Too long. */
  value?: string;
  detail?: string;
}

/**
 * A container's log as the runtime keeps it (`node/<node>/logs/<containerId>` in the world's runtime facts): every
 * line the container's program writes, stamped with its virtual time. A reader shows the lines before its moment
 * and before the container finished (`node/<node>/containers/<id>`.finishedAt).
 */
export interface ContainerLog {
  /** Pod uid. */
  pod: string;
  container: string;
  startedAt: number;
  lines: Array<{ at: number; text: string; stream: 'stdout' | 'stderr' }>;
  /** The program's log cap was reached: later lines are missing. */
  truncated?: boolean;
}
