/**
 * `kubectl describe job` and `kubectl describe cronjob`, after staging/src/k8s.io/kubectl/pkg/describe/describe.go
 * (v1.34) describeJob, describeCronJob, describeJobTemplate and printActiveJobs. A Job's Pods Statuses come from
 * its own status counters (not from listing Pods, unlike the ReplicaSet describer). The CronJob describer of v1.34
 * has no `Time Zone` line (that arrived with kubernetes/kubernetes#136663, after v1.34).
 */
import type { KEvent, KObject } from '../types';
import { rfc1123z } from './describeContainers';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printController, printLabelsMultiline } from './describeHelpers';
import { describePodTemplate } from './describePodTemplate';
import { humanDuration } from './humanDuration';
import { selectorString } from './labels';
import { LEVEL_0, PrefixWriter } from './prefixWriter';
import { printBoolPtr } from './tableDef';

interface DescribeContext {
  now: number;
  events: KEvent[];
}

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** Go's `%v` of a bool. */
const goBool = (v: unknown): string => (v ? 'true' : 'false');

/** capIndexesListOrNone: the completed-indexes list cut after the first comma past `softLimit` characters. */
export function capIndexesListOrNone(indexes: string | undefined, softLimit: number): string {
  if (!indexes) return '<none>';
  let ix = softLimit;
  while (ix < indexes.length && indexes[ix] !== ',') ix++;
  return ix >= indexes.length ? indexes : `${indexes.slice(0, ix + 1)}...`;
}

export function describeJob(job: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = job.spec ?? {};
  const st = job.status ?? {};
  w.write(LEVEL_0, `Name:\t${job.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${job.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', job.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', job.metadata.annotations);
  const controlledBy = printController(job);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (isSet(spec.parallelism)) w.write(LEVEL_0, `Parallelism:\t${spec.parallelism}\n`);
  w.write(LEVEL_0, `Completions:\t${isSet(spec.completions) ? spec.completions : '<unset>'}\n`);
  if (isSet(spec.completionMode)) w.write(LEVEL_0, `Completion Mode:\t${spec.completionMode}\n`);
  if (isSet(spec.suspend)) w.write(LEVEL_0, `Suspend:\t${goBool(spec.suspend)}\n`);
  if (isSet(spec.backoffLimit)) w.write(LEVEL_0, `Backoff Limit:\t${spec.backoffLimit}\n`);
  if (isSet(spec.ttlSecondsAfterFinished))
    w.write(LEVEL_0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
  if (typeof st.startTime === 'number') w.write(LEVEL_0, `Start Time:\t${rfc1123z(st.startTime)}\n`);
  if (typeof st.completionTime === 'number') w.write(LEVEL_0, `Completed At:\t${rfc1123z(st.completionTime)}\n`);
  if (typeof st.startTime === 'number' && typeof st.completionTime === 'number') {
    // Both metav1.Times are whole seconds on the wire; Go subtracts those.
    const secs = (ms: number): number => Math.floor(ms / 1000) * 1000;
    w.write(LEVEL_0, `Duration:\t${humanDuration(secs(st.completionTime) - secs(st.startTime))}\n`);
  }
  if (isSet(spec.activeDeadlineSeconds)) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  const active = st.active ?? 0;
  const succeeded = st.succeeded ?? 0;
  const failed = st.failed ?? 0;
  w.write(
    LEVEL_0,
    isSet(st.ready)
      ? `Pods Statuses:\t${active} Active (${st.ready} Ready) / ${succeeded} Succeeded / ${failed} Failed\n`
      : `Pods Statuses:\t${active} Active / ${succeeded} Succeeded / ${failed} Failed\n`,
  );
  if (spec.completionMode === 'Indexed')
    w.write(LEVEL_0, `Completed Indexes:\t${capIndexesListOrNone(st.completedIndexes, 50)}\n`);
  describePodTemplate(spec.template, w);
  describeEvents(eventsFor(job, ctx.events), w, ctx.now);
  return w.render();
}

/** describeJobTemplate: the CronJob's job template — unset fields print `<unset>`, unlike describeJob. */
function describeJobTemplate(jobTemplate: any, w: PrefixWriter): void {
  const spec = jobTemplate?.spec ?? {};
  w.write(LEVEL_0, `Selector:\t${spec.selector ? selectorString(spec.selector) : '<unset>'}\n`);
  w.write(LEVEL_0, `Parallelism:\t${isSet(spec.parallelism) ? spec.parallelism : '<unset>'}\n`);
  w.write(LEVEL_0, `Completions:\t${isSet(spec.completions) ? spec.completions : '<unset>'}\n`);
  if (isSet(spec.activeDeadlineSeconds)) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  describePodTemplate(spec.template, w);
}

/** printActiveJobs: the names of status.active on one line, comma-separated. */
function printActiveJobs(w: PrefixWriter, title: string, jobs: Array<{ name?: string }> | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = jobs ?? [];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((job, i) => {
    if (i !== 0) w.write(LEVEL_0, ', ');
    w.write(LEVEL_0, job.name ?? '');
  });
  w.writeLine('');
}

export function describeCronJob(cj: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = cj.spec ?? {};
  w.write(LEVEL_0, `Name:\t${cj.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${cj.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', cj.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', cj.metadata.annotations);
  w.write(LEVEL_0, `Schedule:\t${spec.schedule ?? ''}\n`);
  w.write(LEVEL_0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
  w.write(LEVEL_0, `Suspend:\t${printBoolPtr(spec.suspend)}\n`);
  const orUnset = (v: unknown, suffix = ''): string => (isSet(v) ? `${v}${suffix}` : '<unset>');
  w.write(LEVEL_0, `Successful Job History Limit:\t${orUnset(spec.successfulJobsHistoryLimit)}\n`);
  w.write(LEVEL_0, `Failed Job History Limit:\t${orUnset(spec.failedJobsHistoryLimit)}\n`);
  w.write(LEVEL_0, `Starting Deadline Seconds:\t${orUnset(spec.startingDeadlineSeconds, 's')}\n`);
  describeJobTemplate(spec.jobTemplate, w);
  const last = cj.status?.lastScheduleTime;
  w.write(LEVEL_0, `Last Schedule Time:\t${typeof last === 'number' ? rfc1123z(last) : '<unset>'}\n`);
  printActiveJobs(w, 'Active Jobs', cj.status?.active);
  describeEvents(eventsFor(cj, ctx.events), w, ctx.now);
  return w.render();
}
