/**
 * Kubernetes objects as the engine stores them, typed from `kubernetes-types` (the Go API types as TypeScript):
 * controllers read `job.spec.backoffLimit` as `number | undefined`, not `any`. Two differences from the wire form
 * are part of the types rather than hidden in casts:
 * - times (`metav1.Time`, an RFC 3339 string on the wire) are virtual milliseconds, as in `ObjectMeta`;
 *   printers format them;
 * - `metadata` is the engine's `ObjectMeta` (numeric timestamps, `name` always set after admission).
 * kubernetes-types is at 1.30 (the newest published); fields added since (a Job's `successPolicy` and
 * `managedBy`, a StatefulSet's `persistentVolumeClaimRetentionPolicy` …) are added here where the engine uses them.
 */
import type * as apps from 'kubernetes-types/apps/v1';
import type * as batch from 'kubernetes-types/batch/v1';
import type * as core from 'kubernetes-types/core/v1';
import type * as discovery from 'kubernetes-types/discovery/v1';
import type { KObject, ObjectMeta } from '../types';

/** The fields of the API types that hold a `metav1.Time` / `MicroTime` (every one in the groups the engine runs). */
type TimeField =
  | 'acquireTime'
  | 'completionTime'
  | 'eventTime'
  | 'finishedAt'
  | 'firstTimestamp'
  | 'lastHeartbeatTime'
  | 'lastObservedTime'
  | 'lastPhaseTransitionTime'
  | 'lastProbeTime'
  | 'lastScaleTime'
  | 'lastScheduleTime'
  | 'lastSuccessfulTime'
  | 'lastTimestamp'
  | 'lastTransitionTime'
  | 'lastUpdateTime'
  | 'renewTime'
  | 'startTime'
  | 'startedAt'
  | 'time'
  | 'timeAdded';

/** `T` with every time field, at any depth, as virtual milliseconds. */
type VirtualTimes<T> = T extends readonly (infer U)[]
  ? VirtualTimes<U>[]
  : T extends object
    ? { [K in keyof T]: K extends TimeField ? number : VirtualTimes<T[K]> }
    : T;

/** A stored object of one kind: its spec as sent (defaulted by the apiserver), its status as controllers write it. */
interface Typed<Spec, Status> {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  spec: VirtualTimes<Spec>;
  status?: VirtualTimes<Status>;
  /** Kinds with top-level content (an EndpointSlice's `endpoints`, a ControllerRevision's `data`) add their own. */
  [field: string]: unknown;
}

export type Pod = Typed<core.PodSpec, core.PodStatus>;
export type Node = Typed<core.NodeSpec, core.NodeStatus>;
export type Service = Typed<core.ServiceSpec, core.ServiceStatus>;
export type PersistentVolumeClaim = Typed<core.PersistentVolumeClaimSpec, core.PersistentVolumeClaimStatus>;
export type PersistentVolume = Typed<core.PersistentVolumeSpec, core.PersistentVolumeStatus>;
export type Namespace = Typed<core.NamespaceSpec, core.NamespaceStatus>;
export type ReplicationController = Typed<core.ReplicationControllerSpec, core.ReplicationControllerStatus>;

export type JobSpec = batch.JobSpec & {
  /** v1.31+ (JobSuccessPolicy), GA in v1.33. */
  successPolicy?: { rules: Array<{ succeededIndexes?: string; succeededCount?: number }> };
  /** v1.30+ alpha, beta in v1.32: a Job another controller manages is skipped. */
  managedBy?: string;
};
export type Job = Typed<JobSpec, batch.JobStatus>;
export type JobStatus = VirtualTimes<batch.JobStatus>;
export type JobCondition = VirtualTimes<batch.JobCondition>;
export type CronJob = Typed<batch.CronJobSpec, batch.CronJobStatus>;
export type CronJobStatus = VirtualTimes<batch.CronJobStatus>;
export type PodFailurePolicy = batch.PodFailurePolicy;
export type PodFailurePolicyOnExitCodesRequirement = batch.PodFailurePolicyOnExitCodesRequirement;
export type Container = core.Container;
export type PodSpec = VirtualTimes<core.PodSpec>;
export type DaemonSetStatus = VirtualTimes<apps.DaemonSetStatus>;
export type StatefulSetStatus = VirtualTimes<apps.StatefulSetStatus>;
export type DeploymentCondition = VirtualTimes<apps.DeploymentCondition>;
export type ObjectReference = core.ObjectReference;
export type EnvVar = core.EnvVar;
export type PodCondition = VirtualTimes<core.PodCondition>;

export type Deployment = Typed<apps.DeploymentSpec, apps.DeploymentStatus>;
export type ReplicaSet = Typed<apps.ReplicaSetSpec, apps.ReplicaSetStatus>;
export type StatefulSet = Typed<apps.StatefulSetSpec, apps.StatefulSetStatus>;
export type DaemonSet = Typed<apps.DaemonSetSpec, apps.DaemonSetStatus>;
/** ControllerRevisions carry their snapshot in top-level `data` and `revision`, not spec/status. */
export type ControllerRevision = KObject & { data?: unknown; revision: number };

/** EndpointSlices keep their content at the top level (`addressType`, `endpoints`, `ports`). */
export type EndpointSlice = KObject & Pick<discovery.EndpointSlice, 'addressType' | 'endpoints' | 'ports'>;

/** The stored type of each kind the controllers read through their informers. */
interface KindTypes {
  Pod: Pod;
  Node: Node;
  Service: Service;
  PersistentVolumeClaim: PersistentVolumeClaim;
  PersistentVolume: PersistentVolume;
  Namespace: Namespace;
  ReplicationController: ReplicationController;
  Job: Job;
  CronJob: CronJob;
  Deployment: Deployment;
  ReplicaSet: ReplicaSet;
  StatefulSet: StatefulSet;
  DaemonSet: DaemonSet;
  ControllerRevision: ControllerRevision;
  EndpointSlice: EndpointSlice;
}

/** The stored type of `kind`: typed for the kinds above, the untyped `KObject` for any other. */
export type ObjectOf<K extends string> = K extends keyof KindTypes ? KindTypes[K] : KObject;
