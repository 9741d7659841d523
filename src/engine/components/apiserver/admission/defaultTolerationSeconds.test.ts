/**
 * DefaultTolerationSeconds against plugin/pkg/admission/defaulttolerationseconds/admission.go and its
 * admission_test.go cases: the two NoExecute tolerations with tolerationSeconds 300, unless already tolerated.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { admitDefaultTolerationSeconds } from './defaultTolerationSeconds';

const pod = (tolerations?: unknown[]): KObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx' }], ...(tolerations ? { tolerations } : {}) },
  }) as KObject;

const notReady = {
  key: 'node.kubernetes.io/not-ready',
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: 300,
};
const unreachable = {
  key: 'node.kubernetes.io/unreachable',
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: 300,
};

describe('DefaultTolerationSeconds admission', () => {
  it('adds the not-ready and unreachable NoExecute tolerations for 300 s to a Pod without tolerations', () => {
    const p = pod();
    expect(admitDefaultTolerationSeconds(p)).toEqual([
      'toleration node.kubernetes.io/not-ready:NoExecute for 300s',
      'toleration node.kubernetes.io/unreachable:NoExecute for 300s',
    ]);
    expect(p.spec.tolerations).toEqual([notReady, unreachable]);
  });

  it('keeps the Pod’s own tolerations first and adds only what is missing', () => {
    const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
    const p = pod([{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }, own]);
    admitDefaultTolerationSeconds(p);
    expect(p.spec.tolerations).toEqual([{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }, own, unreachable]);
  });

  it('a toleration with an empty effect tolerates NoExecute too', () => {
    const p = pod([{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }]);
    admitDefaultTolerationSeconds(p);
    expect(p.spec.tolerations).toEqual([{ key: 'node.kubernetes.io/unreachable', operator: 'Exists' }, notReady]);
  });

  it('a toleration with an empty key (every taint) leaves nothing to add', () => {
    const p = pod([{ operator: 'Exists' }]);
    expect(admitDefaultTolerationSeconds(p)).toEqual([]);
    expect(p.spec.tolerations).toEqual([{ operator: 'Exists' }]);
  });

  it('a NoSchedule toleration of the same key does not count', () => {
    const p = pod([{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' }]);
    admitDefaultTolerationSeconds(p);
    expect(p.spec.tolerations).toHaveLength(3);
  });
});
