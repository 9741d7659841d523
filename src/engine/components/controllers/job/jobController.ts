/**
 * Job controller (pkg/controller/job/job_controller.go, v1.34): runs `parallelism` Pods until `completions`
 * succeed (NonIndexed or Indexed), recreates failed Pods after the pod-failure back-off, fails the Job past
 * `backoffLimit`, `activeDeadlineSeconds` or a podFailurePolicy FailJob rule, and deletes the Pods of a suspended
 * Job. Pods carry the `batch.kubernetes.io/job-tracking` finalizer until they are counted: a finished Pod's uid goes
 * into status.uncountedTerminatedPods, then its finalizer is removed, then it moves to succeeded/failed
 * (trackJobStatusAndRemoveFinalizers). The terminal conditions come in two steps: SuccessCriteriaMet then Complete,
 * FailureTarget then Failed (delayTerminalCondition, on in v1.34), with the Events `Completed` "Job completed" or
 * the failure's reason and message.
 */
import { defineController, type ReconcileContext } from '../../../client/defineController';
import type { ApiResponse } from '../../../messages';
import type { Job, JobCondition, JobStatus } from '../../../objects/typed';
import type { KObject } from '../../../types';
import { cacheKey, controllerOf } from '../objectKeys';
import { isPodReady, podsToDelete } from '../replicaset/podHelpers';
import {
  backoffRemainingMs,
  completionIndex,
  formatIndexes,
  hasTrackingFinalizer,
  isActive,
  isIndexed,
  isPodFailed,
  isTerminal,
  JOB_TRACKING_FINALIZER,
  matchPodFailurePolicy,
  nextBackoffRecord,
  onlyReplaceFailedPods,
  parseIndexes,
  podFromJob,
  type BackoffRecord,
} from './jobPods';
import type { Pod } from '../../../objects/typed';

type Condition = JobCondition;

/** The status a sync builds: its lists always present while it works (empty ones are dropped before the write). */
type WorkingStatus = JobStatus & {
  conditions: Condition[];
  uncountedTerminatedPods: { succeeded?: string[]; failed?: string[] };
};

/** The rest of a sync after its first status write: remove finalizers, then count (flushUncounted…). */
interface Flush {
  /** Pods whose finalizer is being removed. */
  pods: string[];
  uids: string[];
  pending: number;
  failedUids: string[];
  /** The status that was written, and the terminal condition to add once every Pod is counted. */
  status: JobStatus;
  finished?: Condition;
  terminating: number;
  backoff?: BackoffRecord;
}

interface JobState {
  expectAdd: Map<string, number>;
  expectDel: Map<string, number>;
  /** Uids whose finalizer removal was sent and not yet observed (finalizerExpectations). */
  rmFinalizers: Map<string, Set<string>>;
  backoff: Map<string, BackoffRecord>;
  flush: Map<string, Flush>;
  /** The Job as last written by this controller: newer than the cache until its watch event arrives. */
  written: Map<string, Job>;
  /** Pod creates of a slow-start batch not sent yet. */
  creates: Map<string, { bodies: KObject[]; size: number; outstanding: number }>;
  /** The status write of a sync whose Pod creates are still answering: manageJob returns before it is sent. */
  deferred: Map<string, { needsFlush: boolean; flush: Flush }>;
}

type Ctx = ReconcileContext<JobState>;

export const jobController = defineController<JobState>({
  name: 'job',
  eventSource: 'job-controller',
  watches: ['Job', 'Pod'],
  initialState: () => ({
    expectAdd: new Map(),
    expectDel: new Map(),
    rmFinalizers: new Map(),
    backoff: new Map(),
    flush: new Map(),
    written: new Map(),
    creates: new Map(),
    deferred: new Map(),
  }),

  keysFor(ev, { state: s }) {
    const o = ev.object;
    if (o.kind === 'Job') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    if (o.kind !== 'Pod') return [];
    const ref = controllerOf(o);
    if (ref?.kind !== 'Job') return [];
    const key = cacheKey(o.metadata.namespace, ref.name);
    if (ev.type === 'ADDED') lower(s.expectAdd, key);
    if (
      ev.type === 'DELETED' ||
      (o.metadata.deletionTimestamp !== undefined && ev.old?.metadata.deletionTimestamp === undefined)
    )
      lower(s.expectDel, key);
    if (ev.type === 'DELETED' || !hasTrackingFinalizer(o as Pod)) s.rmFinalizers.get(key)?.delete(o.metadata.uid!);
    return [key];
  },

  hasPendingWork({ state: s }) {
    return s.creates.size > 0 || s.flush.size > 0;
  },

  reconcile(ctx) {
    return syncJob(ctx);
  },

  onResponse(resp, ctx) {
    return onResponse(resp, ctx);
  },
});

function lower(m: Map<string, number>, key: string): void {
  const n = m.get(key) ?? 0;
  if (n > 0) m.set(key, n - 1);
}

function newer(a: Job | undefined, b: Job | undefined): Job | undefined {
  if (!a || !b) return a ?? b;
  return Number(b.metadata.resourceVersion ?? 0) > Number(a.metadata.resourceVersion ?? 0) ? b : a;
}

function findCondition(conds: Condition[] | undefined, type: string): Condition | undefined {
  return (conds ?? []).find((c) => c.type === type);
}

export function isJobFinished(job: { status?: JobStatus }): Condition | undefined {
  return (job.status?.conditions ?? []).find(
    (c: Condition) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
}

function condition(type: string, reason: string, message: string, now: number): Condition {
  return { type, status: 'True', lastProbeTime: now, lastTransitionTime: now, reason, message };
}

function jobRef(job: Job) {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    namespace: job.metadata.namespace,
    name: job.metadata.name,
    uid: job.metadata.uid,
  };
}

function syncJob(ctx: Ctx) {
  const { kcm, state: s, sim, key } = ctx;
  const [ns, name] = key.split('/');
  const job = newer(kcm.get('Job', ns, name) as Job | undefined, s.written.get(key));
  if (!kcm.get('Job', ns, name) || !job) {
    for (const m of [s.expectAdd, s.expectDel, s.rmFinalizers, s.backoff, s.written, s.creates, s.deferred])
      m.delete(key);
    return;
  }
  if (isJobFinished(job)) {
    s.backoff.delete(key);
    return;
  }
  const now = sim.now;
  const spec = job.spec ?? {};
  const indexed = isIndexed(job);
  const completions: number | undefined = typeof spec.completions === 'number' ? spec.completions : undefined;
  const suspended = spec.suspend === true;
  const satisfied = !(s.expectAdd.get(key) ?? 0) && !(s.expectDel.get(key) ?? 0) && !s.creates.has(key);
  const pods = kcm.ownedBy('Pod', ns, job.metadata.uid!);
  const old = job.status ?? {};
  const status: WorkingStatus = {
    ...old,
    conditions: (old.conditions ?? []).map((c: Condition) => ({ ...c })),
    uncountedTerminatedPods: {
      ...(old.uncountedTerminatedPods?.succeeded?.length
        ? { succeeded: [...old.uncountedTerminatedPods.succeeded] }
        : {}),
      ...(old.uncountedTerminatedPods?.failed?.length ? { failed: [...old.uncountedTerminatedPods.failed] } : {}),
    },
  };
  const uncountedSucceeded = new Set<string>(status.uncountedTerminatedPods.succeeded ?? []);
  const uncountedFailed = new Set<string>(status.uncountedTerminatedPods.failed ?? []);
  const expectedRm = s.rmFinalizers.get(key) ?? new Set<string>();
  const validIndex = (p: Pod) => !indexed || (completionIndex(p) >= 0 && completionIndex(p) < (completions ?? 0));
  const activePods = pods.filter(isActive);
  let terminating = pods.filter((p) => p.metadata.deletionTimestamp !== undefined && !isTerminal(p)).length;
  let ready = activePods.filter(isPodReady).length;
  let active = activePods.length;
  const fresh = (p: Pod, uncounted: Set<string>) =>
    hasTrackingFinalizer(p) && !uncounted.has(p.metadata.uid!) && !expectedRm.has(p.metadata.uid!) && validIndex(p);
  const newSucceeded = pods.filter((p) => fresh(p, uncountedSucceeded) && p.status?.phase === 'Succeeded');
  const newFailed = pods.filter((p) => fresh(p, uncountedFailed) && isPodFailed(p, job));
  const policy = spec.podFailurePolicy;
  const countedNewFailed = policy
    ? newFailed.filter((p) => matchPodFailurePolicy(policy, p).countFailed).length
    : newFailed.length;
  let succeeded = (old.succeeded ?? 0) + newSucceeded.length + uncountedSucceeded.size;
  const failed = (old.failed ?? 0) + countedNewFailed + uncountedFailed.size;
  if (status.startTime === undefined && !suspended) status.startTime = now;
  const backoff = nextBackoffRecord(s.backoff.get(key) ?? { failuresAfterLastSuccess: 0 }, newSucceeded, newFailed);
  let requeueAfter: number | undefined;

  let finished: Condition | undefined = findCondition(status.conditions, 'SuccessCriteriaMet');
  if (finished?.status !== 'True') finished = undefined;
  if (!finished) {
    const target = findCondition(status.conditions, 'FailureTarget');
    if (target?.status === 'True') finished = condition('Failed', target.reason!, target.message!, now);
    else if (policy) {
      for (const p of pods) {
        if (!isPodFailed(p, job)) continue;
        const m = matchPodFailurePolicy(policy, p).failJobMessage;
        if (m) {
          finished = condition('FailureTarget', 'PodFailurePolicy', m, now);
          break;
        }
      }
    }
  }
  if (!finished) {
    const deadline = spec.activeDeadlineSeconds;
    if (failed > (spec.backoffLimit ?? 6) || pastBackoffLimitOnFailure(job, pods))
      finished = condition('FailureTarget', 'BackoffLimitExceeded', 'Job has reached the specified backoff limit', now);
    else if (typeof deadline === 'number' && !suspended && now - (status.startTime ?? now) >= deadline * 1000)
      finished = condition('FailureTarget', 'DeadlineExceeded', 'Job was active longer than specified deadline', now);
    else if (typeof deadline === 'number' && !suspended)
      requeueAfter = (status.startTime ?? now) + deadline * 1000 - now;
  }

  // Indexed: succeeded counts the completed indexes (calculateSucceededIndexes).
  const prevIndexes = indexed ? parseIndexes(old.completedIndexes) : new Set<number>();
  const succeededIndexes = new Set(prevIndexes);
  if (indexed) {
    for (const p of pods)
      if (p.status?.phase === 'Succeeded' && hasTrackingFinalizer(p) && validIndex(p))
        succeededIndexes.add(completionIndex(p));
    succeeded = succeededIndexes.size;
  }

  let suspendChanged = false;
  if (finished) {
    const { removed, removedReady } = deletePods(ctx, job, activePods, false);
    if (removed !== active || !satisfied) finished = undefined;
    active -= removed;
    terminating += removed;
    ready -= removedReady;
  } else {
    let manageCalled = false;
    if (satisfied && job.metadata.deletionTimestamp === undefined) {
      const r = manageJob(ctx, job, { activePods, succeeded, succeededIndexes, terminating, backoff });
      active = r.active;
      terminating = r.terminating;
      ready -= r.removedReady;
      if (r.requeueAfter !== undefined) requeueAfter = Math.min(requeueAfter ?? Infinity, r.requeueAfter);
      manageCalled = true;
    }
    const complete =
      completions === undefined ? succeeded > 0 && active === 0 : succeeded >= completions && active === 0;
    if (complete)
      finished = condition(
        'SuccessCriteriaMet',
        'CompletionsReached',
        'Reached expected number of succeeded pods',
        now,
      );
    else if (manageCalled) {
      const cur = findCondition(status.conditions, 'Suspended');
      if (suspended && cur?.status !== 'True') {
        upsertCondition(status, condition('Suspended', 'JobSuspended', 'Job suspended', now));
        suspendChanged = true;
        ctx.event({ type: 'Normal', reason: 'Suspended', message: 'Job suspended', involvedObject: jobRef(job) });
      } else if (!suspended && cur?.status === 'True') {
        upsertCondition(status, { ...condition('Suspended', 'JobResumed', 'Job resumed', now), status: 'False' });
        suspendChanged = true;
        status.startTime = now;
        ctx.event({ type: 'Normal', reason: 'Resumed', message: 'Job resumed', involvedObject: jobRef(job) });
      }
    }
  }

  let needsFlush =
    suspendChanged ||
    active !== (old.active ?? 0) ||
    ready !== old.ready ||
    terminating !== old.terminating ||
    status.startTime !== old.startTime;
  status.active = active;
  status.ready = ready;
  status.terminating = terminating;

  // trackJobStatusAndRemoveFinalizers: uncounted uids first, finalizers next, counters last.
  const toRemove: Pod[] = [];
  const newIndexes: number[] = [];
  const ordered = indexed ? [...pods].sort((a, b) => completionIndex(a) - completionIndex(b)) : pods;
  for (const p of ordered) {
    const uid = p.metadata.uid!;
    if (!hasTrackingFinalizer(p) || expectedRm.has(uid)) continue;
    const considerFailed = isPodFailed(p, job);
    if (!(
      job.metadata.deletionTimestamp !== undefined ||
      finished ||
      p.status?.phase === 'Succeeded' ||
      considerFailed
    ))
      continue;
    toRemove.push(p);
    if (p.status?.phase === 'Succeeded' && !uncountedFailed.has(uid)) {
      if (indexed) {
        const ix = completionIndex(p);
        if (validIndex(p) && !prevIndexes.has(ix)) {
          newIndexes.push(ix);
          needsFlush = true;
        }
      } else if (!uncountedSucceeded.has(uid)) {
        (status.uncountedTerminatedPods.succeeded ??= []).push(uid);
        needsFlush = true;
      }
    } else if (considerFailed || (finished && finished.type !== 'SuccessCriteriaMet')) {
      if (!uncountedFailed.has(uid) && validIndex(p) && (!policy || matchPodFailurePolicy(policy, p).countFailed)) {
        (status.uncountedTerminatedPods.failed ??= []).push(uid);
        needsFlush = true;
      }
    }
  }
  if (indexed) {
    const s2 = formatIndexes([...prevIndexes, ...newIndexes]);
    if (s2 !== (old.completedIndexes ?? '')) needsFlush = true;
    status.succeeded = parseIndexes(s2).size;
    if (s2) status.completedIndexes = s2;
  }
  if (finished?.type === 'FailureTarget') {
    if (!findCondition(status.conditions, 'FailureTarget')) {
      status.conditions.push(finished);
      needsFlush = true;
    }
    finished = condition('Failed', finished.reason!, finished.message!, now);
  }
  if (finished?.type === 'SuccessCriteriaMet') {
    if (!findCondition(status.conditions, 'SuccessCriteriaMet')) {
      status.conditions.push(finished);
      needsFlush = true;
    }
    finished = condition('Complete', finished.reason!, finished.message!, now);
  }
  // Uids already counted whose pods lost their finalizer move to the counters now.
  const withFinalizer = new Set(
    pods.filter((p) => hasTrackingFinalizer(p) && !expectedRm.has(p.metadata.uid!)).map((p) => p.metadata.uid!),
  );
  if (cleanUncounted(status, withFinalizer)) needsFlush = true;
  if (!status.conditions.length) delete (status as JobStatus).conditions;
  const flush: Flush = {
    pods: toRemove.map((p) => p.metadata.name),
    uids: toRemove.map((p) => p.metadata.uid!),
    pending: 0,
    failedUids: [],
    status,
    finished,
    terminating,
    backoff,
  };
  if (s.creates.has(key)) s.deferred.set(key, { needsFlush, flush });
  else startFlush(ctx, job, needsFlush, flush);
  return requeueAfter !== undefined ? { requeueAfter: Math.max(requeueAfter, 0) } : undefined;
}

function startFlush(ctx: Ctx, job: Job, needsFlush: boolean, flush: Flush): void {
  if (needsFlush) writeStatus(ctx, job, flush.status, 'flush', flush);
  else continueFlush(ctx, job, flush);
}

function upsertCondition(status: WorkingStatus, c: Condition): void {
  const i = status.conditions.findIndex((x: Condition) => x.type === c.type);
  if (i >= 0) status.conditions[i] = c;
  else status.conditions.push(c);
}

/** cleanUncountedPodsWithoutFinalizers: uncounted uids whose Pods no longer hold the finalizer are counted. */
function cleanUncounted(status: Omit<WorkingStatus, 'conditions'>, withFinalizer: Set<string>): boolean {
  let changed = false;
  for (const [list, counter] of [
    ['succeeded', 'succeeded'],
    ['failed', 'failed'],
  ] as const) {
    const uids: string[] = status.uncountedTerminatedPods[list] ?? [];
    const keep = uids.filter((u) => withFinalizer.has(u));
    if (keep.length !== uids.length) {
      changed = true;
      if (!(list === 'succeeded' && status.completedIndexes !== undefined))
        status[counter] = (status[counter] ?? 0) + uids.length - keep.length;
      if (keep.length) status.uncountedTerminatedPods[list] = keep;
      else delete status.uncountedTerminatedPods[list];
    }
  }
  return changed;
}

/** pastBackoffLimitOnFailure: restartPolicy OnFailure counts container restarts of running Pods instead. */
function pastBackoffLimitOnFailure(job: Job, pods: Pod[]): boolean {
  if (job.spec?.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const p of pods) {
    if (p.status?.phase !== 'Running' && p.status?.phase !== 'Pending') continue;
    for (const c of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])])
      restarts += c.restartCount ?? 0;
  }
  const limit = job.spec.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

interface ManageInput {
  activePods: Pod[];
  succeeded: number;
  succeededIndexes: Set<number>;
  terminating: number;
  backoff: BackoffRecord;
}

/** manageJob: delete what is too many (or everything, when suspended), else create what is missing. */
function manageJob(ctx: Ctx, job: Job, m: ManageInput) {
  const { state: s, key, sim } = ctx;
  let active = m.activePods.length;
  const terminating = m.terminating;
  const parallelism: number = job.spec.parallelism ?? 1;
  const completions: number | undefined = job.spec.completions ?? undefined;
  if (job.spec.suspend === true) {
    const r = deletePods(ctx, job, podsToDelete(m.activePods, active) as Pod[], true);
    return { active: active - r.removed, terminating: terminating + r.removed, removedReady: r.removedReady };
  }
  let want: number;
  if (completions === undefined) want = m.succeeded > 0 ? active : parallelism;
  else want = Math.max(0, Math.min(completions - m.succeeded, parallelism));
  // Indexed: a second Pod for an index, or one past completions, goes first (appendDuplicatedIndexPodsForRemoval).
  const extra: Pod[] = [];
  let left = m.activePods;
  if (isIndexed(job)) {
    const seen = new Set<number>();
    left = [];
    for (const p of [...m.activePods].sort((a, b) => completionIndex(a) - completionIndex(b))) {
      const ix = completionIndex(p);
      if (ix < 0 || ix >= (completions ?? 0) || seen.has(ix)) extra.push(p);
      else {
        seen.add(ix);
        left.push(p);
      }
    }
  }
  const rmAtLeast = Math.max(active - want, 0);
  const toDelete = extra.length >= rmAtLeast ? extra : [...extra, ...podsToDelete(left, rmAtLeast - extra.length)];
  if (toDelete.length > 0) {
    const r = deletePods(ctx, job, toDelete as Pod[], true);
    return { active: active - r.removed, terminating: terminating + r.removed, removedReady: r.removedReady };
  }
  const diff = want - (onlyReplaceFailedPods(job) ? terminating : 0) - active;
  if (diff <= 0) return { active, terminating, removedReady: 0 };
  const remaining = backoffRemainingMs(m.backoff, sim.now);
  if (remaining > 0) return { active, terminating, removedReady: 0, requeueAfter: remaining };
  let indexes: number[] = [];
  if (isIndexed(job)) {
    const busy = new Set(m.activePods.map(completionIndex));
    for (let i = 0; i < (completions ?? 0) && indexes.length < diff; i++)
      if (!m.succeededIndexes.has(i) && !busy.has(i)) indexes.push(i);
  } else indexes = Array.from({ length: diff }, () => -1);
  if (indexes.length === 0) return { active, terminating, removedReady: 0 };
  s.expectAdd.set(key, indexes.length);
  const batch = { bodies: indexes.map((i) => podFromJob(job, i)), size: 1, outstanding: 0 };
  s.creates.set(key, batch);
  sendCreates(ctx, job, batch);
  active += indexes.length;
  return { active, terminating, removedReady: 0 };
}

/** slowStartBatch: 1, 2, 4 … creates; the next batch starts when the previous one has answered. */
function sendCreates(ctx: Ctx, job: Job, b: { bodies: KObject[]; size: number; outstanding: number }): void {
  const n = Math.min(b.size, b.bodies.length);
  const total = job.spec.completions ?? 1;
  for (const body of b.bodies.splice(0, n)) {
    b.outstanding++;
    const ix = body.metadata.annotations?.['batch.kubernetes.io/job-completion-index'];
    ctx.request(
      { verb: 'create', resourceKind: 'Pod', namespace: job.metadata.namespace, body },
      { action: 'create' },
      {
        summary: `Job controller: ${job.metadata.name} has ${job.status?.succeeded ?? 0}/${total} completions and needs another Pod running${ix !== undefined ? ` (completion index ${ix})` : ''}; creating one from its template`,
        narration:
          ix !== undefined
            ? { key: 'job.createIndexedPod', params: { job: job.metadata.name, index: ix, completions: total } }
            : {
                key: 'job.createPod',
                params: { job: job.metadata.name, parallelism: job.spec.parallelism ?? 1, completions: total },
              },
      },
    );
  }
  b.size *= 2;
}

/** deleteJobPods / deleteActivePods: the finalizer is dropped first (when `removeFinalizer`), then the Pod deleted. */
function deletePods(ctx: Ctx, job: Job, pods: Pod[], expect: boolean) {
  const { state: s, key } = ctx;
  if (expect && pods.length) s.expectDel.set(key, (s.expectDel.get(key) ?? 0) + pods.length);
  let removedReady = 0;
  for (const p of pods) {
    if (isPodReady(p)) removedReady++;
    ctx.request(
      { verb: 'delete', resourceKind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name },
      { action: 'delete', pod: p.metadata.name },
      {
        summary: `Job controller: ${job.metadata.name} ${job.spec.suspend ? 'is suspended' : 'does not need'} Pod ${p.metadata.name} any more; deleting it`,
        narration: { key: 'job.deletePod', params: { job: job.metadata.name, pod: p.metadata.name } },
      },
    );
  }
  return { removed: pods.length, removedReady };
}

function writeStatus(ctx: Ctx, job: Job, status: JobStatus, action: 'flush' | 'count', flush: Flush): void {
  ctx.state.flush.set(ctx.key, flush);
  const succeeded = status.succeeded ?? 0;
  const failed = status.failed ?? 0;
  const cond = (status.conditions ?? []).at(-1) as Condition | undefined;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'Job',
      namespace: job.metadata.namespace,
      name: job.metadata.name,
      subresource: 'status',
      body: { ...job, status },
    },
    { action },
    {
      phase: 'status',
      summary: `Job controller: ${job.metadata.name} status active ${status.active ?? 0}, succeeded ${succeeded}, failed ${failed}${cond ? `, condition ${cond.type}` : ''}`,
      narration:
        cond?.status === 'True' && ['Complete', 'Failed', 'FailureTarget', 'SuccessCriteriaMet'].includes(cond.type)
          ? {
              key: 'job.statusCondition',
              params: { job: job.metadata.name, condition: cond.type, reason: cond.reason ?? '' },
            }
          : {
              key: 'job.status',
              params: {
                job: job.metadata.name,
                active: status.active ?? 0,
                succeeded,
                failed,
                uncounted:
                  (status.uncountedTerminatedPods?.succeeded?.length ?? 0) +
                  (status.uncountedTerminatedPods?.failed?.length ?? 0),
              },
            },
    },
  );
}

/** After the first status write: remove the finalizers of the Pods just recorded, or count and finish. */
function continueFlush(ctx: Ctx, job: Job, f: Flush): void {
  const { state: s, key } = ctx;
  if (f.pods.length === 0) return finishFlush(ctx, job, f);
  s.flush.set(key, f);
  const expected = s.rmFinalizers.get(key) ?? new Set<string>();
  s.rmFinalizers.set(key, expected);
  f.pods.forEach((pod, i) => {
    expected.add(f.uids[i]);
    f.pending++;
    ctx.request(
      {
        verb: 'patch',
        resourceKind: 'Pod',
        namespace: job.metadata.namespace,
        name: pod,
        patch: { metadata: { finalizers: null } },
      },
      { action: 'finalizer', pod, uid: f.uids[i] },
      {
        summary: `Job controller: Pod ${pod} of ${job.metadata.name} is recorded in the Job's status, so its ${JOB_TRACKING_FINALIZER} finalizer comes off`,
        narration: { key: 'job.removeFinalizer', params: { job: job.metadata.name, pod } },
      },
    );
  });
}

/** Counts the Pods whose finalizer came off, and adds Complete/Failed once nothing is uncounted or terminating. */
function finishFlush(ctx: Ctx, job: Job, f: Flush): void {
  const { state: s, key, sim } = ctx;
  s.flush.delete(key);
  const status = { ...f.status, uncountedTerminatedPods: { ...f.status.uncountedTerminatedPods } };
  if (status.conditions) status.conditions = [...status.conditions];
  const stillHeld = new Set(f.failedUids);
  const all = [...(status.uncountedTerminatedPods.succeeded ?? []), ...(status.uncountedTerminatedPods.failed ?? [])];
  const removed = new Set(f.uids.filter((u) => !stillHeld.has(u)));
  const withFinalizer = new Set(all.filter((u: string) => !removed.has(u)));
  let needsFlush = cleanUncounted(status, withFinalizer);
  let finished = false;
  const uncounted =
    (status.uncountedTerminatedPods.succeeded?.length ?? 0) + (status.uncountedTerminatedPods.failed?.length ?? 0);
  if (f.finished && uncounted === 0 && f.terminating === 0) {
    status.conditions = [...(status.conditions ?? []), f.finished];
    if (f.finished.type === 'Complete') status.completionTime = f.finished.lastTransitionTime ?? sim.now;
    finished = true;
    needsFlush = true;
  }
  if (!needsFlush) return;
  s.flush.set(key, { ...f, pods: [], uids: [], status, finished: finished ? f.finished : undefined });
  writeStatus(ctx, job, status, 'count', s.flush.get(key)!);
}

function createsDone(ctx: Ctx, job: Job | undefined): void {
  const { state: s, key } = ctx;
  s.creates.delete(key);
  const d = s.deferred.get(key);
  s.deferred.delete(key);
  if (d && job) startFlush(ctx, job, d.needsFlush, d.flush);
}

function onResponse(resp: ApiResponse, ctx: Ctx) {
  const { state: s, key, kcm } = ctx;
  const [ns, name] = key.split('/');
  const job = newer(kcm.get('Job', ns, name) as Job | undefined, s.written.get(key));
  const involved = job ? jobRef(job) : { apiVersion: 'batch/v1', kind: 'Job', namespace: ns, name };
  const action = resp.ctx?.action;
  const f = s.flush.get(key);
  if (action === 'create') {
    const b = s.creates.get(key);
    if (resp.error || resp.unreachable) {
      lower(s.expectAdd, key);
      ctx.event({
        type: 'Warning',
        reason: 'FailedCreate',
        message: `Error creating: ${resp.error?.message ?? 'the server is currently unable to handle the request'}`,
        involvedObject: involved,
      });
      if (b) {
        // A failed batch ends the slow start: the Pods not sent are not expected.
        b.outstanding--;
        for (let i = 0; i < b.bodies.length; i++) lower(s.expectAdd, key);
        b.bodies = [];
        if (b.outstanding <= 0) createsDone(ctx, job);
      }
      return { requeue: true } as const;
    }
    ctx.event({
      type: 'Normal',
      reason: 'SuccessfulCreate',
      message: `Created pod: ${resp.object!.metadata.name}`,
      involvedObject: involved,
    });
    if (b) {
      b.outstanding--;
      if (b.outstanding === 0) {
        if (b.bodies.length && job) sendCreates(ctx, job, b);
        else createsDone(ctx, job);
      }
    }
    return;
  }
  if (action === 'delete') {
    if (resp.error && resp.error.code !== 404) {
      lower(s.expectDel, key);
      ctx.event({
        type: 'Warning',
        reason: 'FailedDelete',
        message: `Error deleting: ${resp.error.message}`,
        involvedObject: involved,
      });
      return { requeue: true } as const;
    }
    if (!resp.error)
      ctx.event({
        type: 'Normal',
        reason: 'SuccessfulDelete',
        message: `Deleted pod: ${resp.ctx!.pod}`,
        involvedObject: involved,
      });
    return;
  }
  if (action === 'finalizer') {
    if (!f) return;
    f.pending--;
    if (resp.error && resp.error.code !== 404) {
      s.rmFinalizers.get(key)?.delete(String(resp.ctx!.uid));
      f.failedUids.push(String(resp.ctx!.uid));
    }
    if (f.pending === 0 && job) finishFlush(ctx, job, f);
    return;
  }
  // A status write.
  if (resp.error || resp.unreachable || !f) {
    s.flush.delete(key);
    return resp.error || resp.unreachable ? ({ requeue: true } as const) : undefined;
  }
  const written = resp.object! as Job;
  s.written.set(key, written);
  if (action === 'flush') {
    if (f.backoff) s.backoff.set(key, f.backoff);
    continueFlush(ctx, written, f);
    return;
  }
  s.flush.delete(key);
  if (f.finished) {
    const c = f.finished;
    if (c.type === 'Complete') {
      const completions = written.spec?.completions;
      if (typeof completions === 'number' && (written.status?.succeeded ?? 0) > completions)
        ctx.event({
          type: 'Warning',
          reason: 'TooManySucceededPods',
          message: 'Too many succeeded pods running after completion count reached',
          involvedObject: involved,
        });
      ctx.event({ type: 'Normal', reason: 'Completed', message: 'Job completed', involvedObject: involved });
    } else ctx.event({ type: 'Warning', reason: c.reason!, message: c.message!, involvedObject: involved });
  }
  return;
}
