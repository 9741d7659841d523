/**
 * ReplicationController controller (pkg/controller/replication/replication_controller.go): the ReplicaSet
 * controller run for the legacy core/v1 kind — Kubernetes converts each RC to a ReplicaSet and back, and records
 * its Events as `replication-controller` ("Created pod: …", "Deleted pod: …").
 */
import { replicaSetLikeController } from '../replicaset/replicaSetController';

export const replicationController = replicaSetLikeController({
  name: 'replicationcontroller',
  source: 'replication-controller',
  kind: 'ReplicationController',
  apiVersion: 'v1',
  narration: 'replication',
});
