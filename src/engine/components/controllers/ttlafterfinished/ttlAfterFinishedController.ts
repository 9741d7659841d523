/**
 * TTL-after-finished controller (pkg/controller/ttlafterfinished/ttlafterfinished_controller.go): a Job with
 * `ttlSecondsAfterFinished` is deleted that long after it finished (its Complete or Failed condition's
 * lastTransitionTime). The real controller deletes with foreground propagation; here the Job goes at once and the
 * garbage collector then deletes its Pods, which no longer hold the job-tracking finalizer.
 */
import { defineController } from '../../../client/defineController';
import { isJobFinished } from '../job/jobController';
import type { Job } from '../../../objects/typed';
import { cacheKey } from '../objectKeys';

export const ttlAfterFinishedController = defineController<Record<string, never>>({
  name: 'ttl-after-finished',
  eventSource: 'ttl-after-finished-controller',
  watches: ['Job'],
  initialState: () => ({}),
  keysFor(ev) {
    const o = ev.object;
    if (ev.type === 'DELETED' || o.kind !== 'Job' || typeof o.spec?.ttlSecondsAfterFinished !== 'number') return [];
    return isJobFinished(o) ? [cacheKey(o.metadata.namespace, o.metadata.name)] : [];
  },
  reconcile(ctx) {
    const [ns, name] = ctx.key.split('/');
    const job = ctx.kcm.get('Job', ns, name) as Job | undefined;
    const finished = job && isJobFinished(job);
    const ttl = job?.spec?.ttlSecondsAfterFinished;
    if (!job || !finished || typeof ttl !== 'number' || job.metadata.deletionTimestamp !== undefined) return;
    // timeLeft: finishAt + ttl − now; a Job not expired yet is queued again for when it will be.
    const expireAt = (finished.lastTransitionTime ?? ctx.sim.now) + ttl * 1000;
    if (expireAt > ctx.sim.now) return { requeueAfter: expireAt - ctx.sim.now };
    ctx.request(
      { verb: 'delete', resourceKind: 'Job', namespace: ns, name },
      {},
      {
        summary: `TTL-after-finished controller: Job ${name} finished ${ttl}s ago (ttlSecondsAfterFinished: ${ttl}); deleting it`,
        narration: { key: 'ttl.deleteJob', params: { job: name, ttl } },
      },
    );
  },
});
