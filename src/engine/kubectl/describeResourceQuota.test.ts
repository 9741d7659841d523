/** kubectl describe for quotas and limit ranges (k8s.io/kubectl/pkg/describe describe.go). */
import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../apiserver/defaults';
import type { KObject } from '../types';
import { describeNamespace } from './describeNamespace';
import { describeLimitRange, describeResourceQuota } from './describeResourceQuota';

const lr = applyDefaults({
  apiVersion: 'v1',
  kind: 'LimitRange',
  metadata: { name: 'defaults', namespace: 'team' },
  spec: { limits: [{ type: 'Container', max: { cpu: '1' }, defaultRequest: { cpu: '100m' } }] },
} as KObject);

const rq = {
  apiVersion: 'v1',
  kind: 'ResourceQuota',
  metadata: { name: 'compute', namespace: 'team' },
  spec: { hard: { 'requests.memory': '1G', pods: '4' } },
  status: { hard: { 'requests.memory': '1G', pods: '4' }, used: { 'requests.memory': '128Mi', pods: '1' } },
} as KObject;

describe('describe quota and limits', () => {
  it('describeQuota: used in the format of hard', () => {
    expect(describeResourceQuota(rq)).toBe(
      [
        'Name:            compute',
        'Namespace:       team',
        'Resource         Used       Hard',
        '--------         ----       ----',
        'pods             1          4',
        'requests.memory  134217728  1G',
      ].join('\n'),
    );
  });

  it('describeLimitRange: one row per resource, "-" where unset, defaults filled in by the apiserver', () => {
    expect(describeLimitRange(lr)).toBe(
      [
        'Name:       defaults',
        'Namespace:  team',
        'Type        Resource  Min  Max  Default Request  Default Limit  Max Limit/Request Ratio',
        '----        --------  ---  ---  ---------------  -------------  -----------------------',
        'Container   cpu       -    1    100m             1              -',
      ].join('\n'),
    );
  });

  it('describe namespace lists both', () => {
    const ns = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'team' },
      status: { phase: 'Active' },
    } as KObject;
    const text = describeNamespace(ns, { quotas: [rq], limitRanges: [lr] });
    expect(text).toContain('Resource Quotas\n  Name:            compute\n  Resource         Used   Hard\n');
    expect(text).toContain('Resource Limits\n Type');
  });
});
