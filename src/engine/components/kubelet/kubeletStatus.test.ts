/**
 * What `kubectl get pods -w` shows while the kubelet runs a Pod: the STATUS column printed from every stored
 * version of the Pod, as a watch would print it.
 */
import { describe, expect, it } from 'vitest';
import type { Run } from '../../api';
import { podSummary } from '../../kubectl/podColumns';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';

/** The distinct STATUS values a `kubectl get pods -w` prints for one Pod, in order. */
function statusSequence(run: Run, name: string, namespace = 'default'): string[] {
  const seen: string[] = [];
  for (const h of run.history) {
    if (h.key !== `/registry/pods/${namespace}/${name}` || !h.value) continue;
    const s = podSummary(h.value as any, 0).status;
    if (seen.at(-1) !== s) seen.push(s);
  }
  return seen;
}

const pod = (name: string, spec: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
${spec}`;

describe('kubelet pod status as kubectl prints it', () => {
  it('a crashed container shows Error until it restarts, never ContainerCreating (kubelet_pods.go convertToAPIContainerStatuses: an exited container is the latest status)', () => {
    const run = simulate({
      yaml: pod(
        'crasher',
        `  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "echo hi; sleep 2; exit 1"]`,
      ),
      untilMs: 60_000,
    });
    const seq = statusSequence(run, 'crasher');
    expect(seq.slice(0, 8)).toEqual([
      'Pending',
      'ContainerCreating',
      'Running',
      'Error',
      'Running',
      'Error',
      'CrashLoopBackOff',
      'Running',
    ]);
    expect(seq.lastIndexOf('ContainerCreating')).toBe(1);
  });

  it('repeats the BackOff event at each pod worker re-sync, every 10–15 s, as one aggregated event (pod_workers.go completeWork: wait.Jitter(backOffPeriod, 0.5))', () => {
    const run = simulate({
      yaml: pod(
        'crasher',
        `  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 2; exit 1"]`,
      ),
      untilMs: 180_000,
    });
    const times = run.steps.flatMap((s) => s.events.filter((e) => e.reason === 'BackOff').map(() => s.time));
    expect(times.length).toBeGreaterThan(8);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    // Between two syncs of one back-off the gap is the requeue; a restart in between makes it longer.
    expect(gaps.every((g) => g >= 10_000)).toBe(true);
    expect(gaps.filter((g) => g <= 15_000).length).toBeGreaterThan(gaps.length / 2);
    const world = worldAt(run, run.steps.length - 1);
    const events = world.events.filter((e) => e.reason === 'BackOff');
    expect(events).toHaveLength(1);
    expect(events[0].count).toBe(times.length);
  });

  it('init containers show Init:0/2 → Init:1/2 → PodInitializing → Running, never Init:ContainerCreating or ContainerCreating (convertToAPIContainerStatuses defaultWaitingState; printers.go printPod)', () => {
    const run = simulate({
      yaml: pod(
        'inits',
        `  initContainers:
  - name: first
    image: busybox:1.36
    command: ["sh", "-c", "sleep 2"]
  - name: second
    image: alpine:3.20
    command: ["sh", "-c", "sleep 2"]
  containers:
  - name: web
    image: nginx:1.27-alpine`,
      ),
    });
    expect(statusSequence(run, 'inits')).toEqual(['Pending', 'Init:0/2', 'Init:1/2', 'PodInitializing', 'Running']);
  });

  it('a completed Pod has its sandbox stopped: PodReadyToStartContainers False, the IP kept (SyncTerminatingPod; status/generate.go)', () => {
    const run = simulate({
      yaml: pod(
        'once',
        `  restartPolicy: Never
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "echo done"]`,
      ),
    });
    expect(run.steps.some((s) => s.verb === 'StopPodSandbox')).toBe(true);
    const last = run.history.filter((h) => h.key === '/registry/pods/default/once' && h.value).at(-1)!.value as any;
    expect(last.status.phase).toBe('Succeeded');
    expect(last.status.conditions.map((c: any) => `${c.type}=${c.status}`)).toEqual([
      'PodReadyToStartContainers=False',
      'Initialized=True',
      'Ready=False',
      'ContainersReady=False',
      'PodScheduled=True',
    ]);
    expect(last.status.podIP).toMatch(/^10\.244\./);
  });
});
