import { describe, expect, it } from 'vitest';
import { k8sSchema } from '../components/apiserver/schema';
import type { KObject } from '../types';
import { decodeNulls } from './decodeNulls';

const pod = (spec: unknown): KObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'empty', namespace: 'default' }, spec }) as KObject;

describe('decodeNulls: explicit nulls decode to Go zero values', () => {
  it('a null by-value struct is its zero value; a null pointer, slice or scalar field is absent', () => {
    expect(decodeNulls(pod(null), k8sSchema()).spec).toEqual({});
    expect(
      decodeNulls(pod({ containers: null, securityContext: null, nodeName: null, priority: null }), k8sSchema()).spec,
    ).toEqual({});
  });

  it('a null element of a slice is the element zero value', () => {
    const out = decodeNulls(
      pod({ containers: [null, { name: 'a', image: 'x', args: ['-v', null], ports: [null] }] }),
      k8sSchema(),
    );
    expect(out.spec.containers).toEqual([{}, { name: 'a', image: 'x', args: ['-v', ''], ports: [{}] }]);
  });

  it('a null map value keeps its key: "" in a map[string]string, 0 in a ResourceList', () => {
    const out = decodeNulls(
      pod({
        nodeSelector: { zone: null },
        containers: [{ name: 'a', image: 'x', resources: { limits: { cpu: null } } }],
      }),
      k8sSchema(),
    );
    expect(out.spec.nodeSelector).toEqual({ zone: '' });
    expect(out.spec.containers[0].resources).toEqual({ limits: { cpu: '0' } });
  });

  it('fills in the by-value structs the later stages read (a PVC spec and its resources, a pod template)', () => {
    const pvc = decodeNulls(
      { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data' }, spec: null } as KObject,
      k8sSchema(),
    );
    expect(pvc.spec).toEqual({ resources: {} });
    const dep = decodeNulls(
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { template: null } } as KObject,
      k8sSchema(),
    );
    expect(dep.spec).toEqual({ template: { metadata: {}, spec: {} }, strategy: {} });
  });

  it('leaves an unknown null field for strict decoding to report, and returns the same object when nothing changes', () => {
    expect(decodeNulls(pod({ containers: [], bogus: null }), k8sSchema()).spec).toEqual({
      containers: [],
      bogus: null,
    });
    const clean = pod({ containers: [{ name: 'a', image: 'x' }] });
    expect(decodeNulls(clean, k8sSchema())).toBe(clean);
  });
});
