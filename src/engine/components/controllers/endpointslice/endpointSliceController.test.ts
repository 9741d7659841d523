/** The EndpointSlice controller on the controller harness (pkg/controller/endpointslice). */
import { describe, expect, it } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import type { KObject } from '../../../types';
import { endpointSliceController } from './endpointSliceController';

const svc: KObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default', uid: 'svc-1' },
  spec: { selector: { app: 'web' }, ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }] },
};

describe('endpointSliceController', () => {
  it('writes the placeholder slice once, and syncs again only when something changes', () => {
    const p = controllerProbe(endpointSliceController);
    p.watch('ADDED', svc);
    p.runUntil(5_000);
    expect(p.requests.map((r) => `${r.verb} ${r.resourceKind}`)).toEqual(['create EndpointSlice']);
    expect(p.requests[0].body?.endpoints).toEqual([]);
  });

  it('retries a failed write with per-item back-off rather than at once (syncService returns the error)', () => {
    const p = controllerProbe(endpointSliceController, () => ({
      status: 500,
      error: { code: 500, reason: 'InternalError', message: 'etcdserver: request timed out' },
    }));
    p.watch('ADDED', svc);
    p.runUntil(1_000);
    const at = p.sim.steps.filter((s) => s.to.component === 'kube-apiserver').map((s) => s.time);
    // 5, 10, 20, 40 … 640 ms apart (plus the round trip): about eight tries in a second, each gap wider.
    expect(at.length).toBeGreaterThan(5);
    expect(at.length).toBeLessThan(12);
    for (let i = 2; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThan(at[i - 1] - at[i - 2]);
  });
});
