import { describe, expect, it } from 'vitest';
import type { KObject } from '../engine/types';
import { worldAt } from '../engine/trace/worldAt';
import { groupBadges, podTone, podsView, workloadName } from './podBadges';
import { scenarioRun } from './testRuns';

const pod = (name: string, phase = 'Running', ready = true): KObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name,
    namespace: 'default',
    uid: name,
    labels: { 'pod-template-hash': 'abc12' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-abc12', uid: 'rs', controller: true }],
  },
  spec: { containers: [{ name: 'c', image: 'nginx' }], nodeName: 'node-1' },
  status: {
    phase,
    containerStatuses: [
      {
        name: 'c',
        ready,
        restartCount: 0,
        state: phase === 'Running' ? { running: {} } : { waiting: { reason: 'ContainerCreating' } },
      },
    ],
  },
});

describe('pod badges', () => {
  it('colours by kubectl STATUS and READY', () => {
    expect(podTone('Running', '1/1')).toBe('ready');
    expect(podTone('Running', '0/1')).toBe('running');
    expect(podTone('Pending', '0/1')).toBe('pending');
    expect(podTone('ContainerCreating', '0/1')).toBe('creating');
    expect(podTone('CrashLoopBackOff', '0/1')).toBe('error');
    expect(podTone('ImagePullBackOff', '0/1')).toBe('error');
    expect(podTone('Terminating', '1/1')).toBe('terminating');
  });

  it('groups many replicas into workload badges', () => {
    const pods = Array.from({ length: 9 }, (_, i) => pod(`web-abc12-${i}`, i < 6 ? 'Running' : 'Pending', i < 6));
    expect(workloadName(pods[0])).toBe('web');
    const badges = groupBadges(pods, 4);
    expect(badges.length).toBeLessThanOrEqual(4);
    expect(badges.reduce((s, b) => s + b.count, 0)).toBe(9);
    expect(badges.find((b) => b.tone === 'ready')?.count).toBe(6);
    expect(groupBadges(pods.slice(0, 3), 4).map((b) => b.count)).toEqual([1, 1, 1]);
  });

  it('places the default run’s Pods on their nodes and counts system Pods apart', () => {
    const run = scenarioRun('happy-path');
    const view = podsView(worldAt(run, run.steps.length - 1), ['control-plane', 'node-1', 'node-2', 'node-3'], 4);
    const user = Object.values(view.byNode).flatMap((n) => n.badges);
    expect(user).toHaveLength(3);
    expect(user.every((b) => b.tone === 'ready')).toBe(true);
    expect(view.byNode['control-plane'].user).toBe(0);
    expect(view.byNode['control-plane'].system).toBeGreaterThan(0);
    expect(view.unscheduled).toEqual([]);
    // Node tiles (large clusters) show counts per tone instead of badges.
    const tones = Object.values(view.byNode).map((n) => n.tones);
    expect(tones.reduce((s, t) => s + (t.ready ?? 0), 0)).toBe(3);
    expect(view.byNode['control-plane'].tones).toEqual({});
  });
});

describe('shortPodName', () => {
  it('keeps the workload and the replica suffix', async () => {
    const { shortPodName } = await import('./podBadges');
    expect(shortPodName('web-799b5df799-c6wsh')).toBe('web-…-c6wsh');
    expect(shortPodName('lonely')).toBe('lonely');
    expect(shortPodName('a-very-long-bare-pod-name')).toBe('a-very-long-b…');
    // A long workload name is cut before the replica suffix is: two Pods of one Deployment stay apart.
    expect(shortPodName('storefront-7d9f8c6b5-abcde')).toBe('storefr…-abcde');
    expect(shortPodName('storefront-7d9f8c6b5-fghij')).toBe('storefr…-fghij');
    expect(shortPodName('storefront-7d9f8c6b5-abcde').length).toBeLessThanOrEqual(14);
  });
});
