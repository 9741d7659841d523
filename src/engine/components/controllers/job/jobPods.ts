/**
 * What the Job controller reads of its Pods and writes into the ones it creates (pkg/controller/job:
 * job_controller.go, indexed_job_utils.go, pod_failure_policy.go, backoff_utils.go; v1.34).
 */
import type { KObject, ObjectMeta } from '../../../types';
import type {
  Container,
  PodCondition,
  PodFailurePolicy,
  PodFailurePolicyOnExitCodesRequirement,
} from '../../../objects/typed';
import type { Job, Pod } from '../../../objects/typed';

export const JOB_TRACKING_FINALIZER = 'batch.kubernetes.io/job-tracking';
const COMPLETION_INDEX_KEY = 'batch.kubernetes.io/job-completion-index';
/** DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff (job_controller.go). */
const POD_FAILURE_BACKOFF_MS = 10_000;
const MAX_POD_FAILURE_BACKOFF_MS = 10 * 60_000;

export function hasTrackingFinalizer(p: Pod): boolean {
  return (p.metadata.finalizers ?? []).includes(JOB_TRACKING_FINALIZER);
}

export function isIndexed(job: Job): boolean {
  return job.spec?.completionMode === 'Indexed';
}

export function isTerminal(p: Pod): boolean {
  const phase = p.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** FilterActivePods: neither terminal nor being deleted. */
export function isActive(p: Pod): boolean {
  return !isTerminal(p) && p.metadata.deletionTimestamp === undefined;
}

/** onlyReplaceFailedPods: podReplacementPolicy Failed, or any podFailurePolicy. */
export function onlyReplaceFailedPods(job: Job): boolean {
  return job.spec?.podReplacementPolicy === 'Failed' || job.spec?.podFailurePolicy != null;
}

/** isPodFailed: Failed, or (unless only failed pods are replaced) deleted before it succeeded. */
export function isPodFailed(p: Pod, job: Job): boolean {
  if (p.status?.phase === 'Failed') return true;
  if (onlyReplaceFailedPods(job)) return false;
  return p.metadata.deletionTimestamp !== undefined && p.status?.phase !== 'Succeeded';
}

/** getCompletionIndex: the annotation as a non-negative integer, or -1. */
export function completionIndex(p: Pod): number {
  const v = p.metadata.annotations?.[COMPLETION_INDEX_KEY];
  if (v === undefined || !/^\d+$/.test(v)) return -1;
  return Number(v);
}

/** getFinishedTime: the last container to terminate, else the deletion, else the creation. */
function finishedTime(p: Pod): number {
  let t: number | undefined;
  for (const c of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])]) {
    const f = c.state?.terminated?.finishedAt;
    if (typeof f === 'number' && (t === undefined || f > t)) t = f;
  }
  return t ?? p.metadata.deletionTimestamp ?? p.metadata.creationTimestamp ?? 0;
}

/**
 * The Pod the controller creates from the Job's template (CreatePodsWithGenerateName): generateName `<job>-`, or
 * `<job>-<index>-` with the completion index annotation and label, hostname `<job>-<index>` and the
 * JOB_COMPLETION_INDEX variable for an Indexed Job; the job-tracking finalizer; the Job as controller.
 */
export function podFromJob(job: Job, index: number): KObject {
  const t = job.spec.template ?? {};
  const labels: Record<string, string> = { ...(t.metadata?.labels ?? {}) };
  const annotations: Record<string, string> = { ...(t.metadata?.annotations ?? {}) };
  let spec = t.spec;
  let generateName = `${job.metadata.name}-`;
  if (index >= 0) {
    annotations[COMPLETION_INDEX_KEY] = String(index);
    labels[COMPLETION_INDEX_KEY] = String(index);
    generateName = `${job.metadata.name}-${index}-`;
    const withIndexEnv = (c: Container): Container =>
      (c.env ?? []).some((e) => e.name === 'JOB_COMPLETION_INDEX')
        ? c
        : {
            ...c,
            env: [
              ...(c.env ?? []),
              {
                name: 'JOB_COMPLETION_INDEX',
                valueFrom: { fieldRef: { fieldPath: `metadata.annotations['${COMPLETION_INDEX_KEY}']` } },
              },
            ],
          };
    spec = {
      ...spec,
      hostname: `${job.metadata.name}-${index}`,
      containers: (spec?.containers ?? []).map(withIndexEnv),
      ...(spec?.initContainers ? { initContainers: spec.initContainers.map(withIndexEnv) } : {}),
    };
  }
  const meta: Partial<ObjectMeta> = {
    generateName,
    namespace: job.metadata.namespace,
    labels,
    finalizers: [
      ...(t.metadata?.finalizers ?? []).filter((f: string) => f !== JOB_TRACKING_FINALIZER),
      JOB_TRACKING_FINALIZER,
    ],
    ownerReferences: [
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        name: job.metadata.name,
        uid: job.metadata.uid!,
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  };
  if (Object.keys(annotations).length) meta.annotations = annotations;
  // A create body: no name yet, the apiserver makes one from generateName.
  return { apiVersion: 'v1', kind: 'Pod', metadata: meta as ObjectMeta, spec };
}

interface PodFailurePolicyMatch {
  /** FailJob: the message of the Job's FailureTarget condition. */
  failJobMessage?: string;
  countFailed: boolean;
  action?: string;
}

/** matchPodFailurePolicy (pod_failure_policy.go): the first rule that matches a Failed pod decides. */
export function matchPodFailurePolicy(policy: PodFailurePolicy | undefined, pod: Pod): PodFailurePolicyMatch {
  const rules = policy?.rules ?? [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    const action: string = rule.action;
    let what: string | undefined;
    if (rule.onExitCodes) {
      const c = matchingContainer(pod, rule.onExitCodes);
      if (c)
        what = `Container ${c.name} for pod ${pod.metadata.namespace}/${pod.metadata.name} failed with exit code ${c.code}`;
    } else if (rule.onPodConditions) {
      for (const pattern of rule.onPodConditions) {
        const want = pattern.status ?? 'True';
        if ((pod.status?.conditions ?? []).some((x: PodCondition) => x.type === pattern.type && x.status === want)) {
          what = `Pod ${pod.metadata.namespace}/${pod.metadata.name} has condition ${pattern.type}`;
          break;
        }
      }
    }
    if (what === undefined) continue;
    switch (action) {
      case 'Ignore':
        return { countFailed: false, action };
      case 'FailJob':
        return { failJobMessage: `${what} matching ${action} rule at index ${i}`, countFailed: true, action };
      default:
        // Count (and FailIndex, which needs backoffLimitPerIndex): counted against the backoff limit.
        return { countFailed: true, action };
    }
  }
  return { countFailed: true };
}

function matchingContainer(
  pod: Pod,
  req: PodFailurePolicyOnExitCodesRequirement,
): { name: string; code: number } | undefined {
  const all = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  for (const cs of all) {
    if (req.containerName && req.containerName !== cs.name) continue;
    const code = cs.state?.terminated?.exitCode;
    // Exit code 0 never matches (isOnExitCodesOperatorMatching is only asked about failed containers).
    if (typeof code !== 'number' || code === 0) continue;
    const listed = (req.values ?? []).includes(code);
    if (req.operator === 'In' ? listed : !listed) return { name: cs.name, code };
  }
  return undefined;
}

/** The Job's pod-failure back-off (backoff_utils.go backoffRecord). */
export interface BackoffRecord {
  failuresAfterLastSuccess: number;
  lastFailureTime?: number;
}

/** newBackoffRecord: failures since the last success, and when the last of them finished. */
export function nextBackoffRecord(old: BackoffRecord, succeeded: Pod[], failed: Pod[]): BackoffRecord {
  const byTime = (a: KObject, b: KObject) => finishedTime(a as Pod) - finishedTime(b as Pod);
  const s = [...succeeded].sort(byTime);
  const f = [...failed].sort(byTime);
  if (s.length === 0) {
    if (f.length === 0) return old;
    return {
      failuresAfterLastSuccess: old.failuresAfterLastSuccess + f.length,
      lastFailureTime: finishedTime(f[f.length - 1]),
    };
  }
  const rec: BackoffRecord = { failuresAfterLastSuccess: 0 };
  const lastSuccess = finishedTime(s[s.length - 1]);
  for (let i = f.length - 1; i >= 0; i--) {
    const t = finishedTime(f[i]);
    if (t <= lastSuccess) break;
    rec.lastFailureTime ??= t;
    rec.failuresAfterLastSuccess++;
  }
  return rec;
}

/** getRemainingTime: 10 s doubling per failure since the last success, capped; 0 once that has passed. */
export function backoffRemainingMs(rec: BackoffRecord | undefined, now: number): number {
  if (!rec || rec.failuresAfterLastSuccess === 0 || rec.lastFailureTime === undefined) return 0;
  let d = POD_FAILURE_BACKOFF_MS;
  for (let i = 1; i < rec.failuresAfterLastSuccess; i++) {
    d *= 2;
    if (d >= MAX_POD_FAILURE_BACKOFF_MS) {
      d = MAX_POD_FAILURE_BACKOFF_MS;
      break;
    }
  }
  const elapsed = now - rec.lastFailureTime;
  return d < elapsed ? 0 : d - elapsed;
}

/** Completed indexes as the API writes them: "0-2,4,6-7" (OrderedIntervals.String). */
export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

export function parseIndexes(s: string | undefined): Set<number> {
  const out = new Set<number>();
  for (const part of (s ?? '').split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) continue;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    for (let i = a; i <= b; i++) out.add(i);
  }
  return out;
}
