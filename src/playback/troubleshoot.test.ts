import { describe, expect, it } from 'vitest';
import { worldAt } from '../engine/trace/worldAt';
import { clockJumps, formatWait, jumpAfter } from './clockJumps';
import { classifyKubectlError, diagnoseAt } from './diagnosis';
import { interventionTargets } from './interventionTargets';
import { nodeSummaries } from './nodeSummary';
import { scenarioRun } from './testRuns';

const atEnd = (id: string) => {
  const run = scenarioRun(id);
  return { run, world: worldAt(run, run.steps.length - 1), last: run.steps.length - 1 };
};

describe('clock jumps', () => {
  it('formats waits', () => {
    expect(formatWait(4_000)).toBe('4s');
    expect(formatWait(290_000)).toBe('4m 50s');
    expect(formatWait(300_000)).toBe('5m');
  });

  it('finds the node grace period and the 300 s eviction wait between foreground steps', () => {
    const run = scenarioRun('kubelet-stopped');
    const waits = clockJumps(run.steps).map((j) => Math.round(j.ms / 1000));
    expect(waits).toContain(50);
    expect(waits).toContain(300);
    const j = clockJumps(run.steps).find((x) => Math.round(x.ms / 1000) === 300)!;
    expect(jumpAfter(run.steps, j.from)?.to).toBe(j.to);
    expect(run.steps.slice(j.from + 1, j.to).every((s) => s.background)).toBe(true);
  });
});

describe('diagnosis', () => {
  it('names kubectl → kube-apiserver first when the request was refused', () => {
    for (const [id, key] of [
      ['etcd-quorum-lost', 'api.etcd'],
      ['forbidden', 'api.forbidden'],
      ['unauthorized', 'api.unauthorized'],
      ['apiserver-down', 'api.down'],
      ['invalid-selector', 'api.rejected'],
    ] as const) {
      const { run, world, last } = atEnd(id);
      const d = diagnoseAt(run, world, last);
      expect(d.stuck?.link, id).toBe('kubectl');
      expect(d.stuck?.key, id).toBe(key);
    }
    expect(classifyKubectlError('error: resource mapping not found for name').key).toBe('api.noKind');
  });

  it('is not stuck on kubectl before the failing command', () => {
    const run = scenarioRun('apiserver-down');
    const failed = run.output.find((o) => !o.ok)!;
    expect(diagnoseAt(run, worldAt(run, failed.seq - 1), failed.seq - 1).stuck?.link).not.toBe('kubectl');
  });

  it('passes the engine findings through', () => {
    const { run, world, last } = atEnd('pending-insufficient-cpu');
    expect(diagnoseAt(run, world, last).stuck).toMatchObject({ link: 'scheduled', component: 'kube-scheduler' });
  });
});

describe('node summaries', () => {
  it('sums requests, reads taints, conditions and the Lease age', () => {
    const { world } = atEnd('kubelet-stopped');
    const nodes = nodeSummaries(world);
    expect(nodes.map((n) => n.name)).toEqual(['control-plane', 'node-1', 'node-2', 'node-3']);
    const n2 = nodes.find((n) => n.name === 'node-2')!;
    expect(n2.ready).not.toBe('True');
    expect(n2.taints.some((t) => t.startsWith('node.kubernetes.io/unreachable'))).toBe(true);
    expect(n2.leaseAgeMs!).toBeGreaterThan(300_000);
    const n1 = nodes.find((n) => n.name === 'node-1')!;
    expect(n1.ready).toBe('True');
    expect(n1.leaseAgeMs!).toBeLessThan(15_000);
    expect(n1.cpu.allocatable).toBeGreaterThan(0);
    expect(n1.pods.requested).toBeGreaterThan(0);
  });

  it('counts a pending Pod nowhere', () => {
    const { world } = atEnd('pending-insufficient-cpu');
    for (const n of nodeSummaries(world)) expect(n.cpu.requested).toBeLessThanOrEqual(n.cpu.allocatable);
  });
});

describe('intervention targets', () => {
  it('offers the Pods that exist at the step, and every component instance', () => {
    const run = scenarioRun('happy-path');
    const early = interventionTargets(worldAt(run, 5), run.cluster);
    expect(early.pods).toEqual([]);
    const late = interventionTargets(worldAt(run, run.steps.length - 1), run.cluster);
    expect(late.pods).toHaveLength(3);
    expect(late.deployments.map((d) => d.name)).toEqual(['web']);
    expect(late.components.map((c) => c.id)).toEqual(
      expect.arrayContaining(['kube-apiserver', 'etcd-0', 'etcd-2', 'kubelet@node-2', 'kube-proxy@node-1']),
    );
  });
});
