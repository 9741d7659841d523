/**
 * The Job, CronJob and ttl-after-finished controllers end to end, against kube-controller-manager v1.34
 * (pkg/controller/job/job_controller.go, pkg/controller/cronjob/cronjob_controllerv2.go,
 * pkg/controller/ttlafterfinished/ttlafterfinished_controller.go, pkg/registry/batch/job/strategy.go).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';
import type { KObject } from '../../../types';

const job = (name: string, spec: string, command: string, restartPolicy = 'Never') => `apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
spec:
${spec}
  template:
    spec:
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "${command}"]
      restartPolicy: ${restartPolicy}
`;

function run(yaml: string, untilMs = 120_000) {
  const r = simulate({ yaml, untilMs });
  const world = worldAt(r, r.steps.length - 1);
  const objects = objectsOf(world).filter((o) => o.metadata.namespace === 'default');
  const of = (kind: string) => objects.filter((o) => o.kind === kind);
  const events = world.events.filter((e) => e.namespace === 'default');
  return { r, of, events, world };
}

const conditions = (j: KObject) => (j.status?.conditions ?? []).map((c: any) => `${c.type}/${c.reason}`);

describe('Job controller', () => {
  it('runs a Pod to completion: selector and labels defaulted, finalizer removed, SuccessCriteriaMet then Complete', () => {
    const { of, events } = run(job('pi', '  backoffLimit: 4', 'echo 3.14159'));
    const [j] = of('Job');
    const uid = j.metadata.uid!;
    expect(j.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    expect(j.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'pi',
      'controller-uid': uid,
      'job-name': 'pi',
    });
    expect(conditions(j)).toEqual(['SuccessCriteriaMet/CompletionsReached', 'Complete/CompletionsReached']);
    expect(j.status.conditions[1].message).toBe('Reached expected number of succeeded pods');
    expect(j.status).toMatchObject({ succeeded: 1, active: 0, ready: 0, terminating: 0, uncountedTerminatedPods: {} });
    expect(typeof j.status.completionTime).toBe('number');
    const [pod] = of('Pod');
    expect(pod.metadata.name).toMatch(/^pi-[a-z0-9]{5}$/);
    expect(pod.status.phase).toBe('Succeeded');
    expect(pod.metadata.finalizers ?? []).toEqual([]);
    expect(pod.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Job', name: 'pi', controller: true });
    const reasons = events.filter((e) => e.involvedObject.kind === 'Job').map((e) => `${e.reason}: ${e.message}`);
    expect(reasons).toEqual([`SuccessfulCreate: Created pod: ${pod.metadata.name}`, 'Completed: Job completed']);
  });

  it('recreates failed Pods after 10 s then 20 s, and fails with BackoffLimitExceeded past backoffLimit', () => {
    const { of, events } = run(job('flaky', '  backoffLimit: 2', 'exit 1'));
    const [j] = of('Job');
    expect(conditions(j)).toEqual(['FailureTarget/BackoffLimitExceeded', 'Failed/BackoffLimitExceeded']);
    expect(j.status.failed).toBe(3);
    const pods = of('Pod').sort((a, b) => a.metadata.creationTimestamp! - b.metadata.creationTimestamp!);
    expect(pods.map((p) => p.status.phase)).toEqual(['Failed', 'Failed', 'Failed']);
    const finished = (p: KObject) => p.status.containerStatuses[0].state.terminated.finishedAt;
    // The next Pod waits the back-off after the previous one's failure (plus the controller's few ms).
    expect(pods[1].metadata.creationTimestamp! - finished(pods[0])).toBeGreaterThanOrEqual(10_000);
    expect(pods[1].metadata.creationTimestamp! - finished(pods[0])).toBeLessThan(11_000);
    expect(pods[2].metadata.creationTimestamp! - finished(pods[1])).toBeGreaterThanOrEqual(20_000);
    expect(pods[2].metadata.creationTimestamp! - finished(pods[1])).toBeLessThan(21_000);
    const last = events.filter((e) => e.involvedObject.kind === 'Job').at(-1)!;
    expect([last.type, last.reason, last.message]).toEqual([
      'Warning',
      'BackoffLimitExceeded',
      'Job has reached the specified backoff limit',
    ]);
  });

  it('Indexed: one Pod per index named <job>-<index>-<random>, with the index annotation, label and hostname', () => {
    const { of } = run(job('idx', '  completions: 3\n  parallelism: 3\n  completionMode: Indexed', 'echo done'));
    const [j] = of('Job');
    expect(j.status.completedIndexes).toBe('0-2');
    expect(j.status.succeeded).toBe(3);
    const pods = of('Pod').sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    expect(pods.map((p) => p.metadata.name.replace(/-[a-z0-9]{5}$/, ''))).toEqual(['idx-0', 'idx-1', 'idx-2']);
    expect(pods.map((p) => p.metadata.annotations?.['batch.kubernetes.io/job-completion-index'])).toEqual([
      '0',
      '1',
      '2',
    ]);
    expect(pods.map((p) => p.metadata.labels?.['batch.kubernetes.io/job-completion-index'])).toEqual(['0', '1', '2']);
    expect(pods.map((p) => p.spec.hostname)).toEqual(['idx-0', 'idx-1', 'idx-2']);
  });

  it('fails a Job that runs past activeDeadlineSeconds and deletes its Pod', () => {
    const { of, events } = run(job('slow', '  activeDeadlineSeconds: 10', 'sleep 600'), 60_000);
    const [j] = of('Job');
    expect(conditions(j)).toEqual(['FailureTarget/DeadlineExceeded', 'Failed/DeadlineExceeded']);
    expect(j.status.conditions[1].message).toBe('Job was active longer than specified deadline');
    expect(of('Pod')).toEqual([]);
    expect(events.some((e) => e.reason === 'SuccessfulDelete' && e.message.startsWith('Deleted pod: slow-'))).toBe(
      true,
    );
  });

  it('a podFailurePolicy FailJob rule fails the Job on the first matching exit code', () => {
    const policy =
      '  backoffLimit: 6\n  podFailurePolicy:\n    rules:\n    - action: FailJob\n      onExitCodes:\n        operator: In\n        values: [42]';
    const { of } = run(job('strict', policy, 'exit 42'));
    const [j] = of('Job');
    expect(conditions(j)).toEqual(['FailureTarget/PodFailurePolicy', 'Failed/PodFailurePolicy']);
    expect(j.status.conditions[0].message).toMatch(
      /^Container work for pod default\/strict-[a-z0-9]{5} failed with exit code 42 matching FailJob rule at index 0$/,
    );
    expect(of('Pod')).toHaveLength(1);
  });

  it('ttlSecondsAfterFinished deletes the Job, and the garbage collector its Pods', () => {
    const { of, r } = run(job('short', '  ttlSecondsAfterFinished: 20', 'echo hi'), 60_000);
    expect(of('Job')).toEqual([]);
    expect(of('Pod')).toEqual([]);
    const del = r.steps.find((s) => s.from.part === 'ttl-after-finished')!;
    expect(del.label).toBe('DELETE /apis/batch/v1/namespaces/default/jobs/short');
  });
});

describe('CronJob controller', () => {
  const cronjob = (extra = '') => `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/1 * * * *"
${extra}  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            command: ["sh", "-c", "date; echo Hello from the Kubernetes cluster"]
          restartPolicy: OnFailure
`;

  it('creates <cronjob>-<minutes since the epoch> each minute and keeps successfulJobsHistoryLimit of them', () => {
    const { of, events } = run(cronjob('  successfulJobsHistoryLimit: 2\n'), 5 * 60_000);
    // The virtual clock starts at 2026-01-15T09:00:00Z = 29474460 minutes since 1970.
    expect(
      of('Job')
        .map((j) => j.metadata.name)
        .sort(),
    ).toEqual(['hello-29474463', 'hello-29474464']);
    const j = of('Job').find((x) => x.metadata.name === 'hello-29474464')!;
    expect(j.metadata.annotations?.['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe('2026-01-15T09:04:00Z');
    const cj = of('CronJob')[0];
    expect(cj.status.lastScheduleTime).toBe(4 * 60_000);
    const msgs = events.filter((e) => e.involvedObject.kind === 'CronJob').map((e) => `${e.reason}: ${e.message}`);
    expect(msgs.slice(0, 2)).toEqual([
      'SuccessfulCreate: Created job hello-29474461',
      'SawCompletedJob: Saw completed job: hello-29474461, condition: Complete',
    ]);
    expect(msgs).toContain('SuccessfulDelete: Deleted job hello-29474461');
  });

  it('Forbid skips a run while the previous Job is active', () => {
    const yaml = cronjob('  concurrencyPolicy: Forbid\n').replace(
      'date; echo Hello from the Kubernetes cluster',
      'sleep 90',
    );
    const { events } = run(yaml, 3 * 60_000);
    expect(
      events.some(
        (e) =>
          e.reason === 'JobAlreadyActive' &&
          e.message === 'Not starting job because prior execution is running and concurrency policy is Forbid',
      ),
    ).toBe(true);
  });
});
