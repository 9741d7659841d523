/**
 * ResourceQuota end to end: the admission plugin charges (plugin/pkg/admission/resourcequota), the resource-quota
 * controller fills status.hard/used and replenishes after a delete (pkg/controller/resourcequota
 * resource_quota_controller.go syncResourceQuota, resource_quota_monitor.go), kubectl prints it
 * (pkg/printers/internalversion/printers.go printResourceQuota, kubectl describe.go describeQuota).
 */
import { describe, expect, it } from 'vitest';
import type { Run } from '../../../api';
import { findScenario } from '../../../../scenarios';
import { describeObject } from '../../../kubectl/describeObject';
import { printTable } from '../../../kubectl/printers';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';

const QUOTA_KEY = '/registry/resourcequotas/default/pod-count';
const last = (run: Run) => worldAt(run, run.steps.length - 1);

describe('resource quota', () => {
  const run = simulate(findScenario('quota-exceeded')!.input);

  it('fills status.hard and status.used when the quota is created, before any Pod exists', () => {
    const sync = run.steps.findIndex(
      (s) => s.label === 'PUT /api/v1/namespaces/default/resourcequotas/pod-count/status',
    );
    expect(sync).toBeGreaterThan(0);
    expect(worldAt(run, sync + 3).etcd.get(QUOTA_KEY)?.status).toEqual({ hard: { pods: '2' }, used: { pods: '0' } });
  });

  it('lets two Pods in, refuses the third with FailedCreate, and the ReplicaSet stays at 2 of 3', () => {
    const world = last(run);
    expect(world.etcd.get(QUOTA_KEY)?.status.used).toEqual({ pods: '2' });
    const pods = objectsOf(world).filter((o) => o.kind === 'Pod' && o.metadata.namespace === 'default');
    expect(pods).toHaveLength(2);
    const failed = world.events.filter((e) => e.reason === 'FailedCreate');
    expect(failed.length).toBeGreaterThan(1);
    expect(failed[0]!.message).toMatch(
      /^Error creating: pods "web-5668fbfd7d-[a-z0-9]{5}" is forbidden: exceeded quota: pod-count, requested: pods=1, used: pods=2, limited: pods=2$/,
    );
    const rs = objectsOf(world).find((o) => o.kind === 'ReplicaSet' && o.metadata.name.startsWith('web-'))!;
    expect([rs.spec.replicas, rs.status.replicas, rs.status.readyReplicas]).toEqual([3, 2, 2]);
    expect(rs.status.conditions?.[0]?.type).toBe('ReplicaFailure');
  });

  it('prints get quota and describe quota as kubectl does', () => {
    const world = last(run);
    const quota = world.etcd.get(QUOTA_KEY)!;
    expect(printTable('ResourceQuota', [quota], { now: run.end.time }).split('\n')).toEqual([
      'NAME        AGE   REQUEST     LIMIT',
      'pod-count   60s   pods: 2/2   ',
    ]);
    expect(describeObject(quota, { now: run.end.time, events: [], objects: [] })).toBe(
      'Name:       pod-count\nNamespace:  default\nResource    Used  Hard\n--------    ----  ----\npods        2     2',
    );
  });

  it('gives the quota back when a Pod is deleted: the controller recounts and the ReplicaSet replaces it', () => {
    const input = findScenario('quota-exceeded')!.input;
    const deleted = simulate({
      ...input,
      yaml: input.yaml.replace('replicas: 3', 'replicas: 2'),
      actions: [{ atMs: 20_000, action: { type: 'delete-pod', name: '$pod:web' } }],
    });
    const world = last(deleted);
    const syncs = deleted.steps.filter(
      (s) => s.label === 'PUT /api/v1/namespaces/default/resourcequotas/pod-count/status' && s.time > 20_000,
    );
    // The deleted Pod counts until it is gone (QuotaV1Pod), then the controller recounts.
    expect(syncs.length).toBeGreaterThan(0);
    expect(world.etcd.get(QUOTA_KEY)?.status.used).toEqual({ pods: '2' });
    const pods = objectsOf(world).filter((o) => o.kind === 'Pod' && o.metadata.namespace === 'default');
    expect(pods).toHaveLength(2);
  });
});
