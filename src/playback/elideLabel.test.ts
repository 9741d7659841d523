import { describe, expect, it } from 'vitest';
import { elideLabel } from './elideLabel';

describe('elideLabel', () => {
  it('leaves a short label alone', () => {
    expect(elideLabel('WATCH ADDED Service web')).toBe('WATCH ADDED Service web');
  });

  it('cuts a request path in the middle, keeping the verb, its start and the resource and name at its end', () => {
    expect(elideLabel('GET /apis/apps/v1/namespaces/default/deployments/web')).toBe('GET /apis/apps/…/deployments/web');
    expect(elideLabel('PUT /apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-3')).toBe(
      'PUT /apis/…/leases/node-3',
    );
    // When the name is too long for two end segments, the last one (the subresource) stays.
    expect(elideLabel('PATCH /api/v1/namespaces/default/pods/web-77f8c98457-l2kmz/status')).toBe(
      'PATCH /api/v1/…/status',
    );
  });

  it('cuts anything else in the middle, within the limit', () => {
    const out = elideLabel('RunPodSandbox web-77f8c98457-l2kmz in namespace default');
    expect(out.length).toBe(34);
    expect(out).toBe('RunPodSandbox web…amespace default');
  });
});
