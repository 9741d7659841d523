/**
 * The kinds Podyssey's simulated apiserver accepts. `scripts/gen-k8s-schema.mjs` turns this type into
 * `src/schemas/k8s.schema.json` (Monaco validation/hover in the browser, strict decoding in the engine).
 * Add a kind here, then run `npm run gen:schema` and commit the regenerated schema.
 */
import type { DaemonSet, Deployment, ReplicaSet, StatefulSet } from 'kubernetes-types/apps/v1';
import type { HorizontalPodAutoscaler } from 'kubernetes-types/autoscaling/v2';
import type { CronJob, Job } from 'kubernetes-types/batch/v1';
import type { Lease } from 'kubernetes-types/coordination/v1';
import type {
  ConfigMap,
  Event,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  Secret,
  Service,
  ServiceAccount,
} from 'kubernetes-types/core/v1';
import type { EndpointSlice } from 'kubernetes-types/discovery/v1';
import type { Ingress, NetworkPolicy } from 'kubernetes-types/networking/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from 'kubernetes-types/rbac/v1';
import type { StorageClass } from 'kubernetes-types/storage/v1';

export type SupportedKinds = {
  Namespace: Namespace;
  Pod: Pod;
  Service: Service;
  ConfigMap: ConfigMap;
  Secret: Secret;
  ServiceAccount: ServiceAccount;
  PersistentVolume: PersistentVolume;
  PersistentVolumeClaim: PersistentVolumeClaim;
  Node: Node;
  Event: Event;
  Deployment: Deployment;
  ReplicaSet: ReplicaSet;
  StatefulSet: StatefulSet;
  DaemonSet: DaemonSet;
  Job: Job;
  CronJob: CronJob;
  StorageClass: StorageClass;
  EndpointSlice: EndpointSlice;
  Lease: Lease;
  Ingress: Ingress;
  NetworkPolicy: NetworkPolicy;
  Role: Role;
  RoleBinding: RoleBinding;
  ClusterRole: ClusterRole;
  ClusterRoleBinding: ClusterRoleBinding;
  HorizontalPodAutoscaler: HorizontalPodAutoscaler;
  PodDisruptionBudget: PodDisruptionBudget;
};
