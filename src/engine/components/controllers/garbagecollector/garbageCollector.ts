/**
 * Garbage collector (pkg/controller/garbagecollector), background cascading deletion: when an owner is gone,
 * its dependents (objects whose ownerReferences name the owner's uid) are deleted.
 */
import type { Controller } from '../Controller';

const NAME = 'garbagecollector';

export const garbageCollector: Controller = {
  name: NAME,
  watches: '*',
  keysFor(ev) {
    return ev.type === 'DELETED' && ev.object.metadata.uid
      ? [`${ev.object.kind}|${ev.object.metadata.uid}|${ev.object.metadata.name}`]
      : [];
  },
  reconcile(key, kcm, sim) {
    const [kind, uid, name] = key.split('|');
    // Every kind kube-controller-manager caches can be a dependent (ReplicaSets, Pods, EndpointSlices, Jobs,
    // ControllerRevisions, PersistentVolumeClaims …): the real collector's graph spans every resource.
    for (const dk of kcm.s.cache.keys()) {
      for (const o of kcm.list(dk)) {
        if (o.metadata.deletionTimestamp !== undefined) continue;
        if (!o.metadata.ownerReferences?.some((r) => r.uid === uid)) continue;
        kcm.request(
          sim,
          NAME,
          { verb: 'delete', resourceKind: dk, namespace: o.metadata.namespace, name: o.metadata.name },
          { key, action: 'delete' },
          {
            summary: `Garbage collector: owner ${kind} ${name} is gone, so its dependent ${dk} ${o.metadata.name} is deleted`,
            narration: { key: 'gc.delete', params: { ownerKind: kind, owner: name, kind: dk, name: o.metadata.name } },
          },
        );
      }
    }
  },
};
