/**
 * The LimitRanger admission plugin against plugin/pkg/admission/limitranger/admission.go (mergePodResourceRequirements,
 * minConstraint, maxConstraint, limitRequestRatioConstraint, PersistentVolumeClaimValidateLimitFunc) and the
 * LimitRange defaulting of pkg/apis/core/v1/defaults.go (SetDefaults_LimitRangeItem); texts verbatim.
 */
import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../../apiserver/defaults';
import type { KObject } from '../../../types';
import { LIMIT_RANGER_ANNOTATION, limitRangerMutatePod, limitRangerValidate } from './limitRanger';
import { makePod } from '../../../testing/builders';

const limitRange = (limits: unknown[]): KObject =>
  applyDefaults({
    apiVersion: 'v1',
    kind: 'LimitRange',
    metadata: { name: 'lr', namespace: 'default' },
    spec: { limits },
  } as KObject);

const pod = (containers: unknown[], initContainers?: unknown[]): KObject =>
  makePod('web-1')
    .containers(containers)
    .spec(initContainers ? { initContainers } : {})
    .obj();

describe('LimitRange defaulting', () => {
  it('defaults the default limit to max and the default request to the default limit, then to min', () => {
    const lr = limitRange([
      { type: 'Container', max: { cpu: '1', memory: '1Gi' }, min: { 'ephemeral-storage': '1Gi' } },
    ]);
    expect(lr.spec.limits[0].default).toEqual({ cpu: '1', memory: '1Gi' });
    expect(lr.spec.limits[0].defaultRequest).toEqual({ cpu: '1', memory: '1Gi', 'ephemeral-storage': '1Gi' });
  });
});

describe('LimitRanger: defaults (Admit)', () => {
  const lr = limitRange([
    { type: 'Container', default: { cpu: '500m', memory: '256Mi' }, defaultRequest: { cpu: '100m', memory: '128Mi' } },
  ]);

  it('sets what a container lacks and says so in the kubernetes.io/limit-ranger annotation', () => {
    const p = pod([{ name: 'app', image: 'nginx' }]);
    limitRangerMutatePod(p, [lr]);
    expect(p.spec.containers[0].resources).toEqual({
      limits: { cpu: '500m', memory: '256Mi' },
      requests: { cpu: '100m', memory: '128Mi' },
    });
    expect(p.metadata.annotations?.[LIMIT_RANGER_ANNOTATION]).toBe(
      'LimitRanger plugin set: cpu, memory request for container app; cpu, memory limit for container app',
    );
  });

  it('keeps what the container sets and names init containers as such', () => {
    const p = pod(
      [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '200m' }, limits: { cpu: '1', memory: '1Gi' } } }],
      [{ name: 'init', image: 'busybox' }],
    );
    limitRangerMutatePod(p, [lr]);
    expect(p.spec.containers[0].resources.requests).toEqual({ cpu: '200m', memory: '128Mi' });
    expect(p.metadata.annotations?.[LIMIT_RANGER_ANNOTATION]).toBe(
      'LimitRanger plugin set: memory request for container app; cpu, memory request for init container init; cpu, memory limit for init container init',
    );
  });

  it('sets no annotation when nothing was defaulted', () => {
    const p = pod([
      { name: 'app', resources: { requests: { cpu: '1', memory: '1' }, limits: { cpu: '1', memory: '1' } } },
    ]);
    expect(limitRangerMutatePod(p, [lr])).toEqual([]);
    expect(p.metadata.annotations).toBeUndefined();
  });
});

describe('LimitRanger: constraints (Validate)', () => {
  it('refuses a request below the minimum with 403 Forbidden', () => {
    const err = limitRangerValidate(pod([{ name: 'app', resources: { requests: { cpu: '50m' } } }]), [
      limitRange([{ type: 'Container', min: { cpu: '100m' } }]),
    ]);
    expect(err?.code).toBe(403);
    expect(err?.message).toBe('pods "web-1" is forbidden: minimum cpu usage per Container is 100m, but request is 50m');
  });

  it('aggregates several violations as [a, b]', () => {
    const err = limitRangerValidate(
      pod([{ name: 'app', resources: { requests: { cpu: '2' }, limits: { cpu: '4' } } }]),
      [{ ...limitRange([]), spec: { limits: [{ type: 'Container', max: { cpu: '1', memory: '1Gi' } }] } } as KObject],
    );
    expect(err?.message).toBe(
      'pods "web-1" is forbidden: [maximum cpu usage per Container is 1, but limit is 4, maximum memory usage per Container is 1Gi.  No limit is specified]',
    );
  });

  it('checks the limit-to-request ratio', () => {
    const err = limitRangerValidate(
      pod([{ name: 'app', resources: { requests: { cpu: '100m' }, limits: { cpu: '500m' } } }]),
      [limitRange([{ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }])],
    );
    expect(err?.message).toBe(
      'pods "web-1" is forbidden: cpu max limit to request ratio per Container is 2, but provided ratio is 5.000000',
    );
  });

  it('checks Pod totals and PVC storage requests', () => {
    const twoContainers = pod([
      { name: 'a', resources: { requests: { cpu: '300m' }, limits: { cpu: '300m' } } },
      { name: 'b', resources: { requests: { cpu: '300m' }, limits: { cpu: '300m' } } },
    ]);
    expect(limitRangerValidate(twoContainers, [limitRange([{ type: 'Pod', max: { cpu: '500m' } }])])?.message).toBe(
      'pods "web-1" is forbidden: maximum cpu usage per Pod is 500m, but limit is 600m',
    );
    const pvc = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: 'default' },
      spec: { resources: { requests: { storage: '20Gi' } } },
    } as KObject;
    expect(
      limitRangerValidate(pvc, [limitRange([{ type: 'PersistentVolumeClaim', max: { storage: '10Gi' } }])])?.message,
    ).toBe(
      'persistentvolumeclaims "data" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi',
    );
  });
});
