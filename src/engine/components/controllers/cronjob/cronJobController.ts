/**
 * CronJob controller (pkg/controller/cronjob/cronjob_controllerv2.go, v1.34): at each scheduled time of
 * `spec.schedule` (in `spec.timeZone`) it creates Job `<cronjob>-<scheduled time in minutes since the Unix epoch>`
 * from the jobTemplate, honours concurrencyPolicy (Allow / Forbid / Replace) and startingDeadlineSeconds, keeps
 * `status.active`, `lastScheduleTime` and `lastSuccessfulTime`, deletes finished Jobs beyond the history limits, and
 * queues itself again 100 ms after the next scheduled time.
 */
import { EPOCH_MS } from '../../../api';
import { utcFields as civilOf } from '../../../util/calendar';
import { defineController, type ReconcileContext } from '../../../client/defineController';
import type { KObject } from '../../../types';
import type { CronJob, CronJobStatus, Job, ObjectReference } from '../../../objects/typed';
import { isJobFinished } from '../job/jobController';
import { cacheKey, controllerOf } from '../objectKeys';
import { nextAfter, parseSchedule, zoneOffsetMinutes, type Schedule } from './cronSchedule';

/** nextScheduleDelta: the controller wakes a little after the scheduled time. */
const NEXT_SCHEDULE_DELTA_MS = 100;

interface CronState {
  /** A status to write once the Job create answers (the create comes first, then UpdateStatus). */
  pending: Map<string, { status: WorkingStatus; job?: string }>;
}

type Ctx = ReconcileContext<CronState>;

/** The status a sync builds, its `active` list always present (an empty one is dropped before the write). */
type WorkingStatus = CronJobStatus & { active: ObjectReference[] };

export const cronJobController = defineController<CronState>({
  name: 'cronjob',
  eventSource: 'cronjob-controller',
  watches: ['CronJob', 'Job'],
  initialState: () => ({ pending: new Map() }),
  keysFor(ev) {
    const o = ev.object;
    if (o.kind === 'CronJob') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    if (o.kind !== 'Job') return [];
    const ref = controllerOf(o);
    return ref?.kind === 'CronJob' ? [cacheKey(o.metadata.namespace, ref.name)] : [];
  },
  reconcile: (ctx) => syncCronJob(ctx),
  onResponse(resp, ctx) {
    const { state: s, key } = ctx;
    const [ns, name] = key.split('/');
    const cj = ctx.kcm.get('CronJob', ns, name) as CronJob | undefined;
    const action = resp.ctx?.action;
    if (action === 'create') {
      const p = s.pending.get(key);
      if (resp.error) {
        if (resp.error.reason !== 'AlreadyExists' && cj)
          ctx.event({
            type: 'Warning',
            reason: 'FailedCreate',
            message: `Error creating job: ${resp.error.message}`,
            involvedObject: ref(cj),
          });
        s.pending.delete(key);
        return resp.error.reason === 'AlreadyExists' ? undefined : ({ requeue: true } as const);
      }
      const job = resp.object!;
      if (cj)
        ctx.event({
          type: 'Normal',
          reason: 'SuccessfulCreate',
          message: `Created job ${job.metadata.name}`,
          involvedObject: ref(cj),
        });
      if (p && cj) {
        p.status.active = [
          ...(p.status.active ?? []),
          {
            apiVersion: 'batch/v1',
            kind: 'Job',
            name: job.metadata.name,
            namespace: job.metadata.namespace,
            resourceVersion: job.metadata.resourceVersion,
            uid: job.metadata.uid,
          },
        ];
        writeStatus(ctx, cj, p.status);
      }
      s.pending.delete(key);
      return;
    }
    if (action === 'delete') {
      if (!resp.error && cj)
        ctx.event({
          type: 'Normal',
          reason: 'SuccessfulDelete',
          message: `Deleted job ${resp.ctx!.job}`,
          involvedObject: ref(cj),
        });
      return;
    }
    if (action === 'status' && resp.object) ctx.kcm.remember(resp.object);
  },
});

function ref(cj: CronJob) {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    namespace: cj.metadata.namespace,
    name: cj.metadata.name,
    uid: cj.metadata.uid,
  };
}

/** Virtual time ↔ wall-clock time: the simulation starts at EPOCH_MS. */
const wall = (t: number) => EPOCH_MS + t;
const virtual = (w: number) => w - EPOCH_MS;

function syncCronJob(ctx: Ctx) {
  const { kcm, key, sim } = ctx;
  const [ns, name] = key.split('/');
  const cj = kcm.get('CronJob', ns, name) as CronJob | undefined;
  if (!cj) return;
  const now = sim.now;
  const spec = cj.spec ?? {};
  const jobs = kcm.ownedBy('Job', ns, cj.metadata.uid!) as Job[];
  const status: WorkingStatus = { ...(cj.status ?? {}), active: [...(cj.status?.active ?? [])] };
  let update = cleanupFinishedJobs(ctx, cj, jobs, status);
  const children = new Set(jobs.map((j) => j.metadata.uid));
  for (const j of jobs) {
    const inActive = status.active.some((a) => a.uid === j.metadata.uid);
    const finished = isJobFinished(j);
    if (!inActive && !finished) {
      ctx.event({
        type: 'Warning',
        reason: 'UnexpectedJob',
        message: `Saw a job that the controller did not create or forgot: ${j.metadata.name}`,
        involvedObject: ref(cj),
      });
    } else if (inActive && finished) {
      status.active = status.active.filter((a) => a.uid !== j.metadata.uid);
      ctx.event({
        type: 'Normal',
        reason: 'SawCompletedJob',
        message: `Saw completed job: ${j.metadata.name}, condition: ${finished.type}`,
        involvedObject: ref(cj),
      });
      update = true;
    }
    if (finished?.type === 'Complete' && typeof j.status?.completionTime === 'number') {
      if (status.lastSuccessfulTime === undefined || j.status.completionTime > status.lastSuccessfulTime) {
        status.lastSuccessfulTime = j.status.completionTime;
        update = true;
      }
    }
  }
  for (const a of [...status.active]) {
    if (children.has(a.uid)) continue;
    ctx.event({
      type: 'Normal',
      reason: 'MissingJob',
      message: `Active job went missing: ${a.name}`,
      involvedObject: ref(cj),
    });
    status.active = status.active.filter((x) => x.uid !== a.uid);
    update = true;
  }
  const done = (requeueAfter?: number) => {
    if (update) writeStatus(ctx, cj, status);
    return requeueAfter === undefined ? undefined : { requeueAfter };
  };
  if (cj.metadata.deletionTimestamp !== undefined) return done();
  const offset = zoneOffsetMinutes(spec.timeZone);
  if (offset === undefined) {
    ctx.event({
      type: 'Warning',
      reason: 'UnknownTimeZone',
      message: `invalid timeZone: "${spec.timeZone}": unknown time zone ${spec.timeZone}`,
      involvedObject: ref(cj),
    });
    return done();
  }
  if (spec.suspend === true) return done();
  let sched: Schedule;
  try {
    sched = parseSchedule(String(spec.schedule ?? ''));
  } catch (e) {
    ctx.event({
      type: 'Warning',
      reason: 'UnparseableSchedule',
      message: `unparseable schedule: "${spec.schedule}" : ${(e as Error).message}`,
      involvedObject: ref(cj),
    });
    return done();
  }
  const next = (t: number) => virtual(nextAfter(sched, wall(t), offset));
  const deadline = typeof spec.startingDeadlineSeconds === 'number' ? spec.startingDeadlineSeconds * 1000 : undefined;
  // nextScheduleTime / mostRecentScheduleTime: the latest scheduled time in (earliest, now].
  let earliest = status.lastScheduleTime ?? cj.metadata.creationTimestamp ?? 0;
  if (deadline !== undefined && now - deadline > earliest) earliest = now - deadline;
  let scheduled: number | undefined;
  let missed = 0;
  for (let t = next(earliest); t <= now; t = next(t)) {
    scheduled = t;
    missed++;
  }
  // nextScheduleTimeDuration: 100 ms after the schedule's next time after the most recent one.
  const requeue = () => Math.max(next(scheduled ?? earliest) + NEXT_SCHEDULE_DELTA_MS - now, 0);

  if (missed > 100)
    ctx.event({
      type: 'Warning',
      reason: 'TooManyMissedTimes',
      message: `too many missed start times: ${missed}. Set or decrease .spec.startingDeadlineSeconds or check clock skew`,
      involvedObject: ref(cj),
    });
  if (scheduled === undefined) return done(requeue());
  if (deadline !== undefined && scheduled + deadline < now) {
    ctx.event({
      type: 'Warning',
      reason: 'MissSchedule',
      message: `Missed scheduled time to start a job: ${rfc1123z(wall(scheduled))}`,
      involvedObject: ref(cj),
    });
    return done(requeue());
  }
  const jobName = `${cj.metadata.name}-${Math.floor(wall(scheduled) / 60_000)}`;
  if (status.active.some((a) => a.name === jobName) || status.lastScheduleTime === scheduled) return done(requeue());
  if (spec.concurrencyPolicy === 'Forbid' && status.active.length > 0) {
    ctx.event({
      type: 'Normal',
      reason: 'JobAlreadyActive',
      message: 'Not starting job because prior execution is running and concurrency policy is Forbid',
      involvedObject: ref(cj),
    });
    return done(requeue());
  }
  if (spec.concurrencyPolicy === 'Replace') {
    for (const a of status.active) {
      if (a.name) deleteJob(ctx, cj, a.name, 'replace');
    }
    status.active = [];
  }
  status.lastScheduleTime = scheduled;
  ctx.state.pending.set(key, { status, job: jobName });
  ctx.request(
    { verb: 'create', resourceKind: 'Job', namespace: ns, body: jobFromTemplate(cj, jobName, scheduled, offset) },
    { action: 'create' },
    {
      summary: `CronJob controller: ${cj.metadata.name}'s schedule "${spec.schedule}" came due at ${iso(wall(scheduled), offset)}; creating Job ${jobName}`,
      narration: {
        key: 'cronjob.createJob',
        params: {
          cronjob: cj.metadata.name,
          schedule: String(spec.schedule),
          job: jobName,
          time: iso(wall(scheduled), offset),
        },
      },
    },
  );
  return { requeueAfter: requeue() };
}

/** getJobFromTemplate2: the template's labels/annotations, the scheduled-timestamp annotation, the owner. */
function jobFromTemplate(cj: CronJob, name: string, scheduled: number, offset: number): KObject {
  const t = cj.spec.jobTemplate ?? {};
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name,
      namespace: cj.metadata.namespace,
      labels: { ...(t.metadata?.labels ?? {}) },
      annotations: {
        ...(t.metadata?.annotations ?? {}),
        'batch.kubernetes.io/cronjob-scheduled-timestamp': iso(wall(scheduled), offset),
      },
      ownerReferences: [
        {
          apiVersion: 'batch/v1',
          kind: 'CronJob',
          name: cj.metadata.name,
          uid: cj.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: t.spec,
  };
}

/** cleanupFinishedJobs: the oldest finished Jobs beyond successfulJobsHistoryLimit / failedJobsHistoryLimit go. */
function cleanupFinishedJobs(ctx: Ctx, cj: CronJob, jobs: Job[], status: WorkingStatus): boolean {
  const spec = cj.spec ?? {};
  let update = false;
  const byStart = (a: KObject, b: KObject) =>
    (a.status?.startTime ?? Infinity) - (b.status?.startTime ?? Infinity) ||
    a.metadata.name.localeCompare(b.metadata.name);
  for (const [type, limit] of [
    ['Complete', spec.successfulJobsHistoryLimit],
    ['Failed', spec.failedJobsHistoryLimit],
  ] as const) {
    if (typeof limit !== 'number') continue;
    const finished = jobs
      .filter((j) => isJobFinished(j)?.type === type && j.metadata.deletionTimestamp === undefined)
      .sort(byStart);
    for (const j of finished.slice(0, Math.max(finished.length - limit, 0))) {
      deleteJob(ctx, cj, j.metadata.name, 'history');
      const before = status.active.length;
      status.active = status.active.filter((a) => a.uid !== j.metadata.uid);
      if (status.active.length !== before) update = true;
    }
  }
  return update;
}

function deleteJob(ctx: Ctx, cj: CronJob, job: string, why: 'history' | 'replace'): void {
  ctx.request(
    { verb: 'delete', resourceKind: 'Job', namespace: cj.metadata.namespace, name: job },
    { action: 'delete', job },
    {
      summary:
        why === 'history'
          ? `CronJob controller: ${cj.metadata.name} keeps only its latest finished Jobs; deleting ${job} (its Pods go with it)`
          : `CronJob controller: ${cj.metadata.name} has concurrencyPolicy Replace; deleting the still-running ${job}`,
      narration: {
        key: why === 'history' ? 'cronjob.deleteHistory' : 'cronjob.deleteReplaced',
        params: { cronjob: cj.metadata.name, job },
      },
    },
  );
}

function writeStatus(ctx: Ctx, cj: CronJob, status: WorkingStatus): void {
  const out: CronJobStatus = { ...status };
  if (!out.active?.length) delete out.active;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'CronJob',
      namespace: cj.metadata.namespace,
      name: cj.metadata.name,
      subresource: 'status',
      body: { ...cj, status: out },
    },
    { action: 'status' },
    {
      phase: 'status',
      summary: `CronJob controller: ${cj.metadata.name} status: ${status.active?.length ?? 0} active Job(s)`,
      narration: { key: 'cronjob.status', params: { cronjob: cj.metadata.name, active: status.active?.length ?? 0 } },
    },
  );
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** time.RFC3339 in the CronJob's zone: 2026-01-15T09:01:00Z or 2026-01-15T17:01:00+08:00. */
function iso(wallMs: number, offsetMinutes: number): string {
  const d = civilOf(wallMs + offsetMinutes * 60_000);
  const zone =
    offsetMinutes === 0
      ? 'Z'
      : `${offsetMinutes > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  return `${d.year}-${pad(d.month)}-${pad(d.day)}T${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}${zone}`;
}

/** time.RFC1123Z in UTC: Thu, 15 Jan 2026 09:01:00 +0000. */
function rfc1123z(wallMs: number): string {
  const d = civilOf(wallMs);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${days[d.weekday]}, ${pad(d.day)} ${months[d.month - 1]} ${d.year} ${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)} +0000`;
}
