/**
 * Garbage collector (pkg/controller/garbagecollector), background cascading deletion: when an owner is gone,
 * its dependents (objects whose ownerReferences name the owner's uid) are deleted.
 */
import { defineController } from '../../../client/defineController';

export const garbageCollector = defineController<Record<string, never>>({
  name: 'garbagecollector',
  eventSource: 'garbage-collector-controller',
  watches: '*',
  initialState: () => ({}),
  keysFor(ev) {
    return ev.type === 'DELETED' && ev.object.metadata.uid
      ? [`${ev.object.kind}|${ev.object.metadata.uid}|${ev.object.metadata.name}`]
      : [];
  },
  // A delete that failed is retried with back-off (attemptToDeleteItem's error goes back to the attemptToDelete
  // queue rate-limited); the retry finds the dependents still in the cache and sends their deletes again.
  reconcile(ctx) {
    const { kcm, key } = ctx;
    const [kind, uid, name] = key.split('|');
    // Every kind kube-controller-manager caches can be a dependent (ReplicaSets, Pods, EndpointSlices, Jobs,
    // ControllerRevisions, PersistentVolumeClaims …): the real collector's graph spans every resource.
    for (const dk of kcm.s.cache.keys()) {
      for (const o of kcm.list(dk)) {
        if (o.metadata.deletionTimestamp !== undefined) continue;
        if (!o.metadata.ownerReferences?.some((r) => r.uid === uid)) continue;
        ctx.request(
          { verb: 'delete', resourceKind: dk, namespace: o.metadata.namespace, name: o.metadata.name },
          { action: 'delete' },
          {
            summary: `Garbage collector: owner ${kind} ${name} is gone, so its dependent ${dk} ${o.metadata.name} is deleted`,
            narration: { key: 'gc.delete', params: { ownerKind: kind, owner: name, kind: dk, name: o.metadata.name } },
          },
        );
      }
    }
  },
  // A dependent already gone is what the collector wanted (attemptToDeleteItem treats NotFound as done).
  onResponse(resp) {
    return resp.error?.code === 404 ? { forget: true } : undefined;
  },
});
