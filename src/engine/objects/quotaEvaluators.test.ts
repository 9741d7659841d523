/**
 * The quota evaluators against pkg/quota/v1/evaluator/core (pods.go PodUsageFunc / QuotaV1Pod / scopes,
 * services.go, persistent_volume_claims.go) and pkg/quota/v1/resources.go.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { formatUsage, quotaMatches, usageOf } from './quotaEvaluators';

const pod = (spec: Record<string, unknown>, status: Record<string, unknown> = {}): KObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'd' }, spec, status }) as KObject;

describe('quota usage', () => {
  it('counts a Pod: the sum of its containers, or an init container if larger', () => {
    const p = pod({
      initContainers: [{ name: 'i', resources: { requests: { cpu: '1' } } }],
      containers: [
        { name: 'a', resources: { requests: { cpu: '200m', memory: '64Mi' }, limits: { memory: '128Mi' } } },
        { name: 'b', resources: { requests: { cpu: '300m', memory: '64Mi' }, limits: { memory: '128Mi' } } },
      ],
    });
    expect(formatUsage(usageOf(p, 0))).toEqual({
      'count/pods': '1',
      pods: '1',
      cpu: '1',
      'requests.cpu': '1',
      memory: '128Mi',
      'requests.memory': '128Mi',
      'limits.memory': '256Mi',
    });
  });

  it('stops charging pods and compute for a terminal Pod, but keeps count/pods', () => {
    expect(formatUsage(usageOf(pod({ containers: [] }, { phase: 'Succeeded' }), 0))).toEqual({ 'count/pods': '1' });
  });

  it('counts Services by type and PVCs by storage class', () => {
    const svc = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 's', namespace: 'd' },
      spec: { type: 'NodePort', ports: [{ port: 80 }, { port: 443 }] },
    } as KObject;
    expect(formatUsage(usageOf(svc, 0))).toEqual({ 'count/services': '1', services: '1', 'services.nodeports': '2' });
    const pvc = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'c', namespace: 'd' },
      spec: { storageClassName: 'standard', resources: { requests: { storage: '1Gi' } } },
    } as KObject;
    expect(formatUsage(usageOf(pvc, 0))).toEqual({
      'count/persistentvolumeclaims': '1',
      persistentvolumeclaims: '1',
      'standard.storageclass.storage.k8s.io/persistentvolumeclaims': '1',
      'requests.storage': '1Gi',
      'standard.storageclass.storage.k8s.io/requests.storage': '1Gi',
    });
  });

  it('matches a quota by what its status.hard tracks and by its scopes', () => {
    const q = (spec: Record<string, unknown>) =>
      ({ kind: 'ResourceQuota', metadata: { name: 'q' }, spec, status: { hard: { pods: '1' } } }) as unknown as KObject;
    const bestEffort = pod({ containers: [{ name: 'a' }] });
    expect(quotaMatches(q({ scopes: ['BestEffort'] }), bestEffort)).toBe(true);
    expect(quotaMatches(q({ scopes: ['NotBestEffort'] }), bestEffort)).toBe(false);
    expect(
      quotaMatches(
        q({ scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } }),
        pod({ priorityClassName: 'high', containers: [] }),
      ),
    ).toBe(true);
    expect(quotaMatches({ ...q({}), status: {} } as KObject, bestEffort)).toBe(false);
  });
});
