/** The ServiceAccount controller and root-CA publisher on the controller harness. */
import { describe, expect, it } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import type { KObject } from '../../../types';
import { serviceAccountController } from './serviceAccountController';

const ns: KObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', uid: 'ns-1' } };

describe('serviceAccountController', () => {
  it('creates the default ServiceAccount and publishes kube-root-ca.crt, drawn from its two parts', () => {
    const p = controllerProbe(serviceAccountController);
    p.watch('ADDED', ns);
    p.runUntil(1_000);
    expect(p.requests.map((r) => `${r.resourceKind} ${r.body?.metadata.name}`)).toEqual([
      'ServiceAccount default',
      'ConfigMap kube-root-ca.crt',
    ]);
    const parts = p.sim.steps.filter((s) => s.to.component === 'kube-apiserver').map((s) => s.from.part);
    expect(parts).toEqual(['serviceaccount', 'root-ca-cert-publisher']);
  });

  it('retries a create that failed, with back-off, until it succeeds (syncNamespace returns the error)', () => {
    let refused = 3;
    const p = controllerProbe(serviceAccountController, (req) =>
      req.resourceKind === 'ServiceAccount' && refused-- > 0
        ? { status: 500, error: { code: 500, reason: 'InternalError', message: 'etcdserver: request timed out' } }
        : { status: 201, object: req.body },
    );
    p.watch('ADDED', ns);
    p.runUntil(10_000);
    // The ConfigMap went through at once; each retry re-reads the cache, so it is not created again.
    expect(p.requests.map((r) => r.resourceKind)).toEqual([
      'ServiceAccount',
      'ConfigMap',
      'ServiceAccount',
      'ServiceAccount',
      'ServiceAccount',
    ]);
    expect(p.kcm.get('ServiceAccount', 'shop', 'default')).toBeDefined();
  });
});
