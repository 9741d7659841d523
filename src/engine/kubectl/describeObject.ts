/**
 * `kubectl describe <kind> <name>` against a whole world: picks the describer for the object's kind and hands it
 * the related objects kubectl would fetch (ReplicaSets for a Deployment, pods for a ReplicaSet, Node or claim,
 * EndpointSlices for a Service, the node and lease, a ServiceAccount's Secrets). Kinds kubectl has no describer for
 * (describe.go describerMap) go to the generic describer, as in kubectl; kinds kubectl describes with a dedicated
 * describer that is not reproduced here return undefined rather than a wrong layout.
 */
import type { KEvent, KObject } from '../types';
import { describeDeployment, describePod, describeReplicaSet, describeService } from './describe';
import { describeCronJob, describeJob } from './describeBatch';
import { describeConfigMap, describeSecret, describeServiceAccount } from './describeConfig';
import { describeEndpoints } from './describeEndpoints';
import { describeGeneric } from './describeGeneric';
import { describeNamespace } from './describeNamespace';
import { describeDaemonSet, describeReplicationController } from './describeDaemonSet';
import { describeNode } from './describeNode';
import { describePodDisruptionBudget } from './describePodDisruptionBudget';
import { describeHorizontalPodAutoscaler } from './describeHorizontalPodAutoscaler';
import { describeLimitRange, describeResourceQuota } from './describeResourceQuota';
import { describeStatefulSet } from './describeStatefulSet';
import { describePersistentVolume, describePersistentVolumeClaim, describeStorageClass } from './describeStorage';

/** Kinds in kubectl's describerMap (v1.34) that have no describer here yet: never the generic layout for these. */
const DEDICATED_ELSEWHERE = new Set([
  'PriorityClass',
  'EndpointSlice',
  'Ingress',
  'IngressClass',
  'ServiceCIDR',
  'IPAddress',
  'CertificateSigningRequest',
  'CSINode',
  'VolumeAttributesClass',
  'Role',
  'ClusterRole',
  'RoleBinding',
  'ClusterRoleBinding',
  'NetworkPolicy',
]);

export function describeObject(
  obj: KObject,
  world: { now: number; events: KEvent[]; objects: KObject[] },
): string | undefined {
  const { now, events, objects } = world;
  const ofKind = (kind: string): KObject[] => objects.filter((o) => o.kind === kind);
  switch (obj.kind) {
    case 'Pod':
      return describePod(obj, {
        now,
        events,
        node: ofKind('Node').find((n) => n.metadata.name === obj.spec?.nodeName),
      });
    case 'Deployment':
      return describeDeployment(obj, { now, events, replicaSets: ofKind('ReplicaSet') });
    case 'ReplicaSet':
      return describeReplicaSet(obj, { now, events, pods: ofKind('Pod') });
    case 'StatefulSet':
      return describeStatefulSet(obj, { now, events, pods: ofKind('Pod') });
    case 'DaemonSet':
      return describeDaemonSet(obj, { now, events, pods: ofKind('Pod') });
    case 'ReplicationController':
      return describeReplicationController(obj, { now, events, pods: ofKind('Pod') });
    case 'Service':
      return describeService(obj, { now, events, endpointSlices: ofKind('EndpointSlice') });
    case 'Node':
      return describeNode(obj, {
        now,
        events,
        pods: ofKind('Pod'),
        lease: ofKind('Lease').find(
          (l) => l.metadata.namespace === 'kube-node-lease' && l.metadata.name === obj.metadata.name,
        ),
      });
    case 'Namespace': {
      const inNs = (kind: string) => ofKind(kind).filter((o) => o.metadata.namespace === obj.metadata.name);
      return describeNamespace(obj, { quotas: inNs('ResourceQuota'), limitRanges: inNs('LimitRange') });
    }
    case 'Job':
      return describeJob(obj, { now, events });
    case 'CronJob':
      return describeCronJob(obj, { now, events });
    case 'PersistentVolumeClaim':
      return describePersistentVolumeClaim(obj, { now, events, pods: ofKind('Pod') });
    case 'PersistentVolume':
      return describePersistentVolume(obj, { now, events });
    case 'StorageClass':
      return describeStorageClass(obj, { now, events });
    case 'ConfigMap':
      return describeConfigMap(obj, { now, events });
    case 'Endpoints':
      return describeEndpoints(obj, { now, events });
    case 'Secret':
      return describeSecret(obj);
    case 'ServiceAccount':
      return describeServiceAccount(obj, { now, events, secrets: ofKind('Secret') });
    case 'ResourceQuota':
      return describeResourceQuota(obj);
    case 'LimitRange':
      return describeLimitRange(obj);
    case 'PodDisruptionBudget':
      return describePodDisruptionBudget(obj, { now, events });
    case 'HorizontalPodAutoscaler':
      return describeHorizontalPodAutoscaler(obj, { now, events });
    default:
      return DEDICATED_ELSEWHERE.has(obj.kind) ? undefined : describeGeneric(obj, { now, events });
  }
}
