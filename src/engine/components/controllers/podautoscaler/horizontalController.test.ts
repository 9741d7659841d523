/**
 * The HPA controller through the whole engine (pkg/controller/podautoscaler/horizontal.go, v1.34): kind without
 * metrics-server, the walkthrough with it, the v1 object, and a Pod without a cpu request.
 */
import { describe, expect, it } from 'vitest';
import type { SimulationInput } from '../../../api';
import { answerKubectl } from '../../../kubectl/kubectlCommand';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';
import { LOAD_GENERATOR, PHP_APACHE, PHP_APACHE_HPA } from '../../../../scenarios/autoscalingScenarios';

const NO_METRICS_API =
  'unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)';

function run(input: SimulationInput) {
  const r = simulate(input);
  const world = worldAt(r, r.steps.length - 1);
  const hpa = objectsOf(world).find((o) => o.kind === 'HorizontalPodAutoscaler')!;
  const events = r.steps.flatMap((s) => s.events.map((e) => ({ ...e, time: s.time })));
  const hpaEvents = events.filter((e) => e.source === 'horizontal-pod-autoscaler');
  return { r, world, hpa, hpaEvents };
}

describe('HorizontalPodAutoscaler controller', () => {
  it('on kind (no metrics-server): 404 from the metrics API, the real events and conditions, cpu: <unknown>/50%', () => {
    const { r, world, hpa, hpaEvents } = run({ yaml: `${PHP_APACHE}---\n${PHP_APACHE_HPA}`, untilMs: 50_000 });
    // enqueueHPA adds with the 15 s resync delay: the first sync is 15 s after the HPA was created.
    const first = r.steps.find((s) => s.from.part === 'horizontal-pod-autoscaler');
    expect(first?.time).toBeGreaterThanOrEqual(15_000);
    expect(hpaEvents.slice(0, 2).map((e) => [e.type, e.reason, e.message])).toEqual([
      ['Warning', 'FailedGetResourceMetric', `failed to get cpu utilization: ${NO_METRICS_API}`],
      [
        'Warning',
        'FailedComputeMetricsReplicas',
        `invalid metrics (1 invalid out of 1), first error is: failed to get cpu resource metric value: failed to get cpu utilization: ${NO_METRICS_API}`,
      ],
    ]);
    expect(hpaEvents.filter((e) => e.reason === 'FailedGetResourceMetric').map((e) => e.time)).toHaveLength(3);
    expect(hpa.status.conditions.map((c: any) => [c.type, c.status, c.reason])).toEqual([
      ['AbleToScale', 'True', 'SucceededGetScale'],
      ['ScalingActive', 'False', 'FailedGetResourceMetric'],
    ]);
    expect(hpa.status.conditions[1].message).toBe(
      `the HPA was unable to compute the replica count: failed to get cpu utilization: ${NO_METRICS_API}`,
    );
    expect(hpa.status).toMatchObject({ currentReplicas: 1, desiredReplicas: 0, currentMetrics: [{ type: '' }] });
    expect(answerKubectl('get hpa', world).output.split('\n')[1]).toMatch(
      /^php-apache\s+Deployment\/php-apache\s+cpu: <unknown>\/50%\s+1\s+10\s+1\s+/,
    );
    expect(answerKubectl('top pods', world).output).toBe('error: Metrics API not available');
  });

  it('serves autoscaling/v1 (targetCPUUtilizationPercentage) from the same stored v2 object', () => {
    const v1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: php-apache
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: php-apache}
  minReplicas: 1
  maxReplicas: 10
  targetCPUUtilizationPercentage: 50
`;
    const { hpaEvents, world } = run({ yaml: `${PHP_APACHE}---\n${v1}`, untilMs: 20_000 });
    expect(hpaEvents[0].reason).toBe('FailedGetResourceMetric');
    expect(answerKubectl('get hpa', world).output).toContain('cpu: <unknown>/50%');
  });

  it('with metrics-server: scales the walkthrough up to 7, then waits out the 5-minute window before going back to 1', () => {
    const { hpaEvents, hpa, world } = run({
      yaml: `${PHP_APACHE}---\n${PHP_APACHE_HPA}---\n${LOAD_GENERATOR}`,
      cluster: { metricsServer: true },
      actions: [{ atMs: 150_000, action: { type: 'delete-pod', name: 'load-generator' } }],
      untilMs: 600_000,
    });
    const rescales = hpaEvents.filter((e) => e.reason === 'SuccessfulRescale');
    expect(rescales.map((e) => e.message)).toEqual([
      'New size: 4; reason: cpu resource utilization (percentage of request) above target',
      // The sync whose own recommendation matched the current size, raised by the window's highest: no reason, as
      // horizontal.go computes the reason before normalizing.
      'New size: 5; reason: ',
      'New size: 7; reason: cpu resource utilization (percentage of request) above target',
      'New size: 1; reason: All metrics below target',
    ]);
    const lastUp = rescales[2].time;
    expect(rescales[3].time - Math.max(lastUp, 150_000)).toBeGreaterThanOrEqual(300_000 - 15_000);
    expect(hpa.status.conditions.map((c: any) => [c.type, c.status, c.reason])).toEqual([
      ['AbleToScale', 'True', 'ReadyForNewScale'],
      ['ScalingActive', 'True', 'ValidMetricFound'],
      // Idle php-apache: 0% of its request → 0 replicas, held at minReplicas, as a real cluster shows it.
      ['ScalingLimited', 'True', 'TooFewReplicas'],
    ]);
    expect(typeof hpa.status.lastScaleTime).toBe('number');
    const describe = answerKubectl('describe hpa php-apache', world).output;
    expect(describe).toContain('  resource cpu on pods  (as a percentage of request):  0% (1m) / 50%');
    expect(describe).toContain('Deployment pods:                                       1 current / 1 desired');
  });

  it('with a behavior: one Pod per 15 s up, and a 60-second window down', () => {
    const behavior = PHP_APACHE_HPA.replace(
      '  metrics:',
      `  behavior:
    scaleUp:
      policies: [{type: Pods, value: 1, periodSeconds: 15}]
    scaleDown:
      stabilizationWindowSeconds: 60
  metrics:`,
    );
    const { hpaEvents } = run({
      yaml: `${PHP_APACHE}---\n${behavior}---\n${LOAD_GENERATOR}`,
      cluster: { metricsServer: true },
      actions: [{ atMs: 150_000, action: { type: 'delete-pod', name: 'load-generator' } }],
      untilMs: 300_000,
    });
    const sizes = hpaEvents
      .filter((e) => e.reason === 'SuccessfulRescale')
      .map((e) => [e.message.split(';')[0], e.time]);
    const ups = sizes.filter(([m]) => m !== 'New size: 1').map(([m]) => m);
    expect(ups.slice(0, 3)).toEqual(['New size: 2', 'New size: 3', 'New size: 4']);
    const down = sizes.find(([m]) => m === 'New size: 1');
    expect(down?.[1]).toBeGreaterThan(150_000 + 60_000 - 15_000);
    expect(down?.[1]).toBeLessThan(150_000 + 60_000 + 45_000);
  });

  it('without its target: FailedGetScale with the scale subresource’s NotFound, AbleToScale False', () => {
    const { hpaEvents, hpa } = run({ yaml: PHP_APACHE_HPA, untilMs: 20_000 });
    expect(hpaEvents[0]).toMatchObject({
      type: 'Warning',
      reason: 'FailedGetScale',
      message: 'deployments.apps "php-apache" not found',
    });
    expect(hpa.status.conditions).toEqual([
      expect.objectContaining({
        type: 'AbleToScale',
        status: 'False',
        reason: 'FailedGetScale',
        message: `the HPA controller was unable to get the target's current scale: deployments.apps "php-apache" not found`,
      }),
    ]);
  });

  it('syncs again after kube-controller-manager restarts (the informer’s list hands the HPA back)', () => {
    const { hpaEvents } = run({
      yaml: `${PHP_APACHE}---\n${PHP_APACHE_HPA}`,
      actions: [
        { atMs: 20_000, action: { type: 'stop', component: 'kube-controller-manager' } },
        { atMs: 40_000, action: { type: 'start', component: 'kube-controller-manager' } },
      ],
      untilMs: 75_000,
    });
    const times = hpaEvents.filter((e) => e.reason === 'FailedGetResourceMetric').map((e) => e.time);
    expect(times.some((t) => t > 50_000)).toBe(true);
  });

  it('a target kind without a scale subresource: FailedGetScale', () => {
    const cm = PHP_APACHE_HPA.replace(
      'apiVersion: apps/v1\n    kind: Deployment',
      'apiVersion: v1\n    kind: ConfigMap',
    );
    const { hpaEvents } = run({ yaml: cm, untilMs: 20_000 });
    expect(hpaEvents[0]).toMatchObject({
      reason: 'FailedGetScale',
      message: 'the server could not find the requested resource',
    });
  });

  it('reports a container without a cpu request', () => {
    const noRequest = PHP_APACHE.replace(
      / {8}resources:\n {10}limits:\n {12}cpu: 500m\n {10}requests:\n {12}cpu: 200m\n/,
      '',
    );
    const { hpaEvents } = run({
      yaml: `${noRequest}---\n${PHP_APACHE_HPA}`,
      cluster: { metricsServer: true },
      untilMs: 80_000,
    });
    const missing = hpaEvents.find((e) => e.reason === 'FailedGetResourceMetric' && e.message.includes('missing'));
    expect(missing?.message).toMatch(
      /^failed to get cpu utilization: missing request for cpu in container php-apache of Pod php-apache-/,
    );
  });
});
