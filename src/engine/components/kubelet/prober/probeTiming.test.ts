/**
 * When the prober runs a container's first probe (pkg/kubelet/prober/worker.go run/doProbe: a ticker every
 * periodSeconds from the worker's start with the pod, runs within initialDelaySeconds skipped;
 * prober_manager.go UpdatePodStatus: a readiness probe with no result yet is triggered at each status update).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../simulate';

const probed = (initialDelaySeconds: number) => `apiVersion: v1
kind: Pod
metadata:
  name: probed
spec:
  containers:
  - name: web
    image: nginx:1.27-alpine
    readinessProbe:
      httpGet: {path: /, port: 80}
      initialDelaySeconds: ${initialDelaySeconds}
      periodSeconds: 10
`;

function times(initialDelaySeconds: number) {
  const run = simulate({ yaml: probed(initialDelaySeconds) });
  const onKubelet = (verb: string) =>
    run.steps.find((s) => s.to.component === 'kubelet' && s.verb === verb && s.object?.name === 'probed')!.time;
  return {
    workerStart: run.steps.find((s) => s.to.component === 'kubelet' && /^WATCH ADDED Pod probed/.test(s.label ?? ''))
      ?.time,
    started: onKubelet('StartContainer OK'),
    probes: run.steps.filter((s) => s.verb === 'probe').map((s) => s.time),
  };
}

describe('first readiness probe', () => {
  it('with initialDelaySeconds, runs at the first tick of the worker (every periodSeconds from the pod sync) after the delay', () => {
    const t = times(5);
    const first = t.probes[0];
    expect(first - t.started).toBeGreaterThanOrEqual(5_000);
    expect(first - t.started).toBeLessThan(15_000);
    expect(t.workerStart).toBeDefined();
    expect((first - t.workerStart!) % 10_000).toBe(0);
  });

  it('without one, runs after the PLEG relist that sees the container running (UpdatePodStatus manual trigger), not at once', () => {
    const t = times(0);
    expect(t.probes[0] - t.started).toBeGreaterThanOrEqual(100);
    expect(t.probes[0] - t.started).toBeLessThanOrEqual(1_000);
  });
});
