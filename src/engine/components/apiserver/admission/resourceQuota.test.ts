/**
 * The ResourceQuota admission plugin against plugin/pkg/admission/resourcequota/controller.go (checkRequest,
 * prettyPrint, hasUsageStats) and the Pod evaluator's Constraints (pkg/quota/v1/evaluator/core/pods.go); texts
 * verbatim from the source.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { admitResourceQuota } from './resourceQuota';
import { makePod } from '../../../testing/builders';

const quota = (name: string, hard: Record<string, string>, used?: Record<string, string>): KObject =>
  ({
    apiVersion: 'v1',
    kind: 'ResourceQuota',
    metadata: { name, namespace: 'default' },
    spec: { hard },
    ...(used ? { status: { hard, used } } : {}),
  }) as KObject;

const pod = (name: string, resources?: Record<string, unknown>): KObject =>
  makePod(name)
    .containers([{ name: 'app', image: 'nginx', ...(resources ? { resources } : {}) }])
    .obj();

const errorOf = (r: ReturnType<typeof admitResourceQuota>) => ('error' in r ? r.error : undefined);

describe('ResourceQuota admission', () => {
  it('charges a Pod to the quota: status.used grows by what it requests', () => {
    const r = admitResourceQuota(pod('web-1'), [quota('pod-count', { pods: '2' }, { pods: '1' })], 0);
    expect('charged' in r && r.charged.map((q) => q.status.used)).toEqual([{ pods: '2' }]);
  });

  it('refuses the Pod that would exceed it with the exact exceeded-quota text', () => {
    const err = errorOf(admitResourceQuota(pod('web-3'), [quota('pod-count', { pods: '2' }, { pods: '2' })], 0));
    expect(err?.code).toBe(403);
    expect(err?.reason).toBe('Forbidden');
    expect(err?.message).toBe(
      'pods "web-3" is forbidden: exceeded quota: pod-count, requested: pods=1, used: pods=2, limited: pods=2',
    );
  });

  it('names only the exceeded resources, sorted, with their quantities', () => {
    const q = quota(
      'compute',
      { pods: '10', 'requests.cpu': '1', 'requests.memory': '1Gi' },
      { pods: '3', 'requests.cpu': '900m', 'requests.memory': '1Gi' },
    );
    const err = errorOf(admitResourceQuota(pod('big', { requests: { cpu: '200m', memory: '128Mi' } }), [q], 0));
    expect(err?.message).toBe(
      'pods "big" is forbidden: exceeded quota: compute, requested: requests.cpu=200m,requests.memory=128Mi, used: requests.cpu=900m,requests.memory=1Gi, limited: requests.cpu=1,requests.memory=1Gi',
    );
  });

  it('requires every container to state what a cpu/memory quota tracks', () => {
    const q = quota(
      'compute',
      { 'limits.cpu': '2', 'requests.memory': '1Gi' },
      { 'limits.cpu': '0', 'requests.memory': '0' },
    );
    expect(errorOf(admitResourceQuota(pod('p'), [q], 0))?.message).toBe(
      'pods "p" is forbidden: failed quota: compute: must specify limits.cpu for: app; requests.memory for: app',
    );
  });

  it('refuses while the controller has not counted a tracked resource, and ignores a quota it has not seen', () => {
    const unknown = quota('pod-count', { pods: '2', 'count/pods': '5' }, { pods: '0' });
    expect(errorOf(admitResourceQuota(pod('p'), [unknown], 0))?.message).toBe(
      'pods "p" is forbidden: status unknown for quota: pod-count, resources: count/pods,pods',
    );
    expect(admitResourceQuota(pod('p'), [quota('fresh', { pods: '0' })], 0)).toEqual({ charged: [] });
  });

  it('counts other kinds by count/<resource>.<group> and their legacy names', () => {
    const deploy = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: {},
    } as KObject;
    const err = errorOf(
      admitResourceQuota(
        deploy,
        [quota('objects', { 'count/deployments.apps': '1' }, { 'count/deployments.apps': '1' })],
        0,
      ),
    );
    expect(err?.message).toBe(
      'deployments.apps "web" is forbidden: exceeded quota: objects, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1',
    );
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } } as KObject;
    const r = admitResourceQuota(cm, [quota('objects', { configmaps: '5' }, { configmaps: '2' })], 0);
    expect('charged' in r && r.charged[0]!.status.used).toEqual({ configmaps: '3' });
  });

  it('never charges Events, which the quota configuration ignores', () => {
    const ev = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e', namespace: 'default' } } as KObject;
    expect(admitResourceQuota(ev, [quota('objects', { 'count/events': '0' }, { 'count/events': '0' })], 0)).toEqual({
      charged: [],
    });
  });
});
