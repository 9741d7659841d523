/** The garbage collector on the controller harness (pkg/controller/garbagecollector/garbagecollector.go). */
import { describe, expect, it } from 'vitest';
import { controllerProbe, type Answer } from '../../../client/controllerProbe.testkit';
import type { ApiRequest } from '../../../messages';
import type { KObject } from '../../../types';
import { garbageCollector } from './garbageCollector';

const owner: KObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'd-1' },
};
const dependent: KObject = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'web-abc',
    namespace: 'default',
    uid: 'rs-1',
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'd-1', controller: true }],
  },
};

function deletes(answer: (req: ApiRequest) => Answer): ApiRequest[] {
  const p = controllerProbe(garbageCollector, answer);
  p.watch('ADDED', dependent);
  p.watch('DELETED', owner);
  p.runUntil(5_000);
  return p.requests;
}

describe('garbageCollector', () => {
  it('retries a dependent delete that failed, with back-off (attemptToDelete requeues rate-limited)', () => {
    let failures = 2;
    const sent = deletes(() =>
      failures-- > 0
        ? { status: 500, error: { code: 500, reason: 'InternalError', message: 'etcdserver: request timed out' } }
        : { status: 200 },
    );
    expect(sent.map((r) => `${r.verb} ${r.resourceKind} ${r.name}`)).toEqual([
      'delete ReplicaSet web-abc',
      'delete ReplicaSet web-abc',
      'delete ReplicaSet web-abc',
    ]);
  });

  it('takes a 404 as done: the dependent is already gone', () => {
    const sent = deletes(() => ({ status: 404, error: { code: 404, reason: 'NotFound', message: 'not found' } }));
    expect(sent).toHaveLength(1);
  });
});
