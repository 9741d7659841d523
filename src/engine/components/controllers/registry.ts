/**
 * The controllers kube-controller-manager runs, in the order they see each watch event. Adding a controller is one
 * folder under this one and one line here (and its part names in controllerParts.ts, which the diagram draws without
 * loading the controllers; registry.test.ts says when they differ): the apiserver's watch routes, the re-list after
 * a restart and the Summary read this list.
 */
import type { Controller } from './Controller';
import { daemonSetController } from './daemonset/daemonSetController';
import { deploymentController } from './deployment/deploymentController';
import { disruptionController } from './disruption/disruptionController';
import { endpointSliceController } from './endpointslice/endpointSliceController';
import { endpointsController } from './endpoint/endpointsController';
import { cronJobController } from './cronjob/cronJobController';
import { jobController } from './job/jobController';
import { garbageCollector } from './garbagecollector/garbageCollector';
import { namespaceController } from './namespace/namespaceController';
import { nodeLifecycleController } from './nodelifecycle/nodeLifecycleController';
import { replicaSetController } from './replicaset/replicaSetController';
import { replicationController } from './replication/replicationController';
import { resourceQuotaController } from './resourcequota/resourceQuotaController';
import { serviceAccountController } from './serviceaccount/serviceAccountController';
import { ttlAfterFinishedController } from './ttlafterfinished/ttlAfterFinishedController';
import { statefulSetController } from './statefulset/statefulSetController';
import { persistentVolumeBinder } from './volume/persistentVolumeBinder';
import { horizontalPodAutoscalerController } from './podautoscaler/horizontalController';

export const CONTROLLERS: readonly Controller[] = [
  deploymentController,
  replicaSetController,
  jobController,
  cronJobController,
  ttlAfterFinishedController,
  statefulSetController,
  endpointSliceController,
  endpointsController,
  nodeLifecycleController,
  persistentVolumeBinder,
  garbageCollector,
  serviceAccountController,
  namespaceController,
  daemonSetController,
  replicationController,
  resourceQuotaController,
  disruptionController,
  horizontalPodAutoscalerController,
];

/** The parts of kube-controller-manager drawn on the diagram: each controller and the parts it draws from. */
export function controllerParts(): string[] {
  const out: string[] = [];
  for (const c of CONTROLLERS) {
    out.push(c.name);
    for (const p of c.parts ?? []) out.push(p);
    if (c.watches !== '*') for (const w of c.watches) if (typeof w !== 'string' && w.part) out.push(w.part);
  }
  return [...new Set(out)];
}
