/**
 * The typed messages components exchange. Vocabulary follows Kubernetes: API requests and responses, etcd
 * transactions, watch events, CRI and CNI calls, PLEG container events.
 */
import type { FieldError, KObject } from './types';
import type { ResourceInfo } from './objects/resources';

export interface UserInfo {
  name: string;
  groups: string[];
  /** Credentials presented; `invalid` makes authentication fail (401). */
  credential?: 'valid' | 'invalid';
}

type ApiVerb = 'get' | 'list' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export interface ApiRequest {
  kind: 'api-request';
  reqId: number;
  verb: ApiVerb;
  /** Kubernetes kind of the addressed resource (`Deployment`, `Pod`…). */
  resourceKind: string;
  /** The API version the client addressed, when the kind is served in more than one (`autoscaling/v1`). */
  apiVersion?: string;
  /**
   * A custom resource: the resource as the client's discovery mapped it (objects/customResources.ts). Built-in
   * kinds are found in the fixed table; these exist only while their CRD is Established.
   */
  custom?: ResourceInfo;
  namespace?: string;
  name?: string;
  /** `finalize`: a Namespace's spec.finalizers (pkg/registry/core/namespace/storage FinalizeREST). */
  subresource?: 'status' | 'binding' | 'scale' | 'eviction' | 'finalize';
  body?: KObject;
  /** For patch: a function-free description of the change (merge patch). */
  patch?: Record<string, unknown>;
  /** Delete: grace period seconds (0 = immediate removal). */
  gracePeriodSeconds?: number;
  user: UserInfo;
  /** Opaque continuation data echoed in the response. */
  ctx?: Record<string, unknown>;
  /** Show every apiserver pipeline stage as its own step (the user's own kubectl requests). */
  showPipeline?: boolean;
  /** Manifest document this request came from. */
  doc?: number;
  /** For create: name generation happens server side. */
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
  /** Client-side apply: the manifest as written, which strict field validation checks (not the merged object). */
  appliedConfig?: KObject;
  /**
   * Patch: how `patch` applies (the request's Content-Type); a JSON merge patch (RFC 7386) when absent. `json`:
   * RFC 6902 operations in `jsonPatch`; `apply`: server-side apply of the configuration in `patch`.
   */
  patchType?: 'merge' | 'strategic' | 'json' | 'apply';
  /** A JSON patch's operations (RFC 6902). */
  jsonPatch?: unknown[];
  /**
   * `?fieldManager=` (or the client's user-agent prefix): the writes of a request that names one record
   * metadata.managedFields. In-cluster components send none, so the engine's own objects carry no entries.
   */
  fieldManager?: string;
  /** Server-side apply's `?force=true`: conflicting fields are taken over. */
  force?: boolean;
  /** `?dryRun=All`: admission and validation run, nothing is stored; the answer is the object that would be. */
  dryRun?: boolean;
  /** List: `?labelSelector=` and `?fieldSelector=` as a client sent them (labels.Parse / fields.ParseSelector). */
  labelSelector?: string;
  fieldSelector?: string;
  /** The query string a live client sent (`?labelSelector=app%3Dweb`), drawn in the request's label. */
  query?: string;
}

export interface StatusError {
  code: number;
  reason: string;
  message: string;
  details?: {
    kind?: string;
    group?: string;
    name?: string;
    causes?: FieldError[];
    /** metav1.StatusCause entries that are not field errors (`DisruptionBudget` on a refused eviction). */
    reasons?: Array<{ reason: string; message: string; field?: string }>;
    /** StatusDetails.retryAfterSeconds (a 429's suggestion, also its Retry-After header). */
    retryAfterSeconds?: number;
  };
}

export interface ApiResponse {
  kind: 'api-response';
  reqId: number;
  status: number;
  object?: KObject;
  /** A list's items (the watch cache's copy, in key order). */
  items?: readonly KObject[];
  error?: StatusError;
  /** The response's `Warning:` headers (admission warnings such as PodSecurity's), in order. */
  warnings?: string[];
  /** Network-level failure (apiserver unreachable). */
  unreachable?: boolean;
  ctx?: Record<string, unknown>;
}

interface EtcdOp {
  type: 'put' | 'delete';
  key: string;
  value?: KObject;
  /** Optimistic concurrency: required mod revision (0 = must not exist). */
  expectModRevision?: number;
}

export interface EtcdTxn {
  kind: 'etcd-txn';
  reqId: number;
  ops: EtcdOp[];
  /** Heartbeat writes (node Leases): drawn, but they do not keep a run alive. */
  background?: boolean;
}

export interface EtcdResult {
  kind: 'etcd-result';
  reqId: number;
  ok: boolean;
  revision: number;
  error?: string;
  /** The values as stored (with resourceVersion set). */
  values?: Array<KObject | null>;
}

export type WatchType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface WatchEvent {
  kind: 'watch';
  type: WatchType;
  object: KObject;
  /** The object before this change, when any (lets views show diffs). */
  old?: KObject;
}

export type CriCall =
  | 'RunPodSandbox'
  | 'PodSandboxStatus'
  | 'StopPodSandbox'
  | 'RemovePodSandbox'
  | 'ImageStatus'
  | 'PullImage'
  | 'CreateContainer'
  | 'StartContainer'
  | 'StopContainer'
  | 'RemoveContainer'
  | 'ExecSync';

export interface CriRequest {
  kind: 'cri';
  reqId: number;
  call: CriCall;
  podUid: string;
  args: Record<string, unknown>;
}

export interface CriResponse {
  kind: 'cri-result';
  reqId: number;
  call: CriCall;
  podUid: string;
  ok: boolean;
  error?: string;
  result?: Record<string, unknown>;
}

interface CniRequest {
  kind: 'cni';
  reqId: number;
  command: 'ADD' | 'DEL';
  podUid: string;
  podName: string;
  namespace: string;
}

interface CniResponse {
  kind: 'cni-result';
  reqId: number;
  command: 'ADD' | 'DEL';
  podUid: string;
  ip?: string;
}

/** PLEG: the runtime reports a container state change to the kubelet. */
export interface ContainerEvent {
  kind: 'container-event';
  type: 'ContainerStarted' | 'ContainerDied';
  podUid: string;
  containerId: string;
  exitCode?: number;
  finishedAt?: number;
  /** containerd's exit reason when the kernel killed it: the cgroup's OOM killer (`OOMKilled`). */
  reason?: 'OOMKilled';
}

interface Timer {
  kind: 'timer';
  name: string;
  data?: Record<string, unknown>;
}

export type Message =
  | ApiRequest
  | ApiResponse
  | EtcdTxn
  | EtcdResult
  | WatchEvent
  | CriRequest
  | CriResponse
  | CniRequest
  | CniResponse
  | ContainerEvent
  | Timer;
