/**
 * The replica calculator against cases of pkg/controller/podautoscaler/replica_calculator_test.go (v1.34):
 * TestReplicaCalcScaleUp, …ScaleDown, …Tolerance, …MissingMetrics (scale-down treats a missing Pod as 100%),
 * …ScaleUpUnreadyLessScale (an unready Pod counts as 0% on a scale-up), …MissingRequest and the empty selector.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { resourceReplicas, type PodMetric } from './replicaCalculator';

const NOW = 20 * 60_000;

function pod(
  name: string,
  opts: { request?: string; ready?: boolean; phase?: string; startedAgo?: number } = {},
): KObject {
  const started = NOW - (opts.startedAgo ?? 10 * 60_000);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: {
      containers: [
        { name: 'c', ...(opts.request === '' ? {} : { resources: { requests: { cpu: opts.request ?? '1' } } }) },
      ],
    },
    status: {
      phase: opts.phase ?? 'Running',
      startTime: started,
      conditions: [
        { type: 'Ready', status: opts.ready === false ? 'False' : 'True', lastTransitionTime: started + 5000 },
      ],
    },
  };
}

const metrics = (values: Record<string, number>) =>
  new Map<string, PodMetric>(
    Object.entries(values).map(([k, v]) => [k, { value: v, timestamp: NOW - 1000, windowMs: 15_000 }]),
  );

const calc = (pods: KObject[], m: Map<string, PodMetric>, currentReplicas = pods.length, targetUtilization = 30) =>
  resourceReplicas({ currentReplicas, targetUtilization, pods, metrics: m, timestamp: NOW - 1000, now: NOW });

describe('GetResourceReplicas', () => {
  it('scales up by the usage ratio (TestReplicaCalcScaleUp: 3 Pods at 300m, 500m, 700m of 1 core, target 30% → 5)', () => {
    const r = calc([pod('a'), pod('b'), pod('c')], metrics({ a: 300, b: 500, c: 700 }));
    expect(r).toEqual({ replicas: 5, utilization: 50, rawUtilization: 500, timestamp: NOW - 1000 });
  });

  it('scales down (TestReplicaCalcScaleDown: 5 Pods at 100,300,500,250,250m, target 50% → 3)', () => {
    const pods = ['a', 'b', 'c', 'd', 'e'].map((n) => pod(n));
    const r = calc(pods, metrics({ a: 100, b: 300, c: 500, d: 250, e: 250 }), 5, 50);
    expect(r).toMatchObject({ replicas: 3, utilization: 28 });
  });

  it('keeps the count within the 10% tolerance (TestReplicaCalcTolerance)', () => {
    const r = calc([pod('a'), pod('b'), pod('c')], metrics({ a: 1010, b: 1030, c: 1020 }), 3, 100);
    expect(r).toMatchObject({ replicas: 3, utilization: 102 });
  });

  it('counts a Pod without metrics as using its whole request on a scale-down (TestReplicaCalcMissingMetricsScaleDown…)', () => {
    const pods = [pod('a'), pod('b'), pod('c'), pod('d')];
    // The 3 samples: 400m of 3 cores = 13% of a 50% target (alone: 1 replica). With d at 100% of its request:
    // 1400m of 4 cores = 35% → ceil(0.7 × 4) = 3.
    const r = calc(pods, metrics({ a: 100, b: 200, c: 100 }), 4, 50);
    expect(r).toMatchObject({ replicas: 3, utilization: 13 });
  });

  it('does not scale when the missing Pods would reverse the direction (TestReplicaCalcMissingMetricsNoChangeGt)', () => {
    const pods = [pod('a'), pod('b'), pod('c'), pod('d')];
    // 3 samples at 60% of a 50% target (ratio 1.2 up); d at 0% makes it 45% (0.9, down): keep 4.
    const r = calc(pods, metrics({ a: 600, b: 600, c: 600 }), 4, 50);
    expect(r).toMatchObject({ replicas: 4, utilization: 60 });
  });

  it('counts an unready Pod as 0% on a scale-up (TestReplicaCalcScaleUpUnreadyLessScale)', () => {
    const pods = [pod('a', { ready: false, startedAgo: 60_000 }), pod('b'), pod('c')];
    const r = calc(pods, metrics({ a: 300, b: 500, c: 700 }));
    // Ready: 1200m of 2 cores = 60% → ratio 2; with the unready Pod at 0: 1200/3000 = 40% → ceil(1.33 × 3) = 4.
    expect(r).toMatchObject({ replicas: 4, utilization: 60 });
  });

  it('fails with the calculator texts: a container without a cpu request, no Pods, no usable samples', () => {
    expect(calc([pod('a', { request: '' })], metrics({ a: 10 }))).toEqual({
      error: 'missing request for cpu in container c of Pod a',
    });
    expect(calc([], metrics({}))).toEqual({ error: 'no pods returned by selector while calculating replica count' });
    expect(calc([pod('a', { phase: 'Pending' })], metrics({ a: 10 }))).toEqual({
      error: 'did not receive metrics for targeted pods (pods might be unready)',
    });
  });
});
