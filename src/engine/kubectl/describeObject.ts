/**
 * `kubectl describe <kind> <name>` against a whole world: picks the describer for the object's kind and hands it
 * the related objects kubectl would fetch (ReplicaSets for a Deployment, pods for a ReplicaSet or Node,
 * EndpointSlices for a Service, the node and lease). Kinds without a dedicated describer return undefined.
 */
import type { KEvent, KObject } from '../types';
import { describeDeployment, describePod, describeReplicaSet, describeService } from './describe';
import { describeNamespace } from './describeNamespace';
import { describeDaemonSet, describeReplicationController } from './describeDaemonSet';
import { describeNode } from './describeNode';
import { describeStatefulSet } from './describeStatefulSet';

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
    case 'Namespace':
      return describeNamespace(obj);
    default:
      return undefined;
  }
}
