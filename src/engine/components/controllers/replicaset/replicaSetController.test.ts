/** The ReplicaSet controller on the controller harness (pkg/controller/replicaset/replica_set.go). */
import { describe, expect, it } from 'vitest';
import { accept, controllerProbe } from '../../../client/controllerProbe.testkit';
import type { ApiRequest } from '../../../messages';
import type { KObject } from '../../../types';
import { replicaSetController } from './replicaSetController';

const rs: KObject = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: { name: 'web', namespace: 'default', uid: 'rs-1', generation: 1 },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } },
  },
};

const line = (r: ApiRequest) => `${r.verb} ${r.resourceKind}${r.subresource ? `/${r.subresource}` : ''}`;

describe('replicaSetController', () => {
  it('a sync spans its slow start: the pods its creates add do not start a status write until the last create answers', () => {
    // The second batch's creates take 50 ms to answer: the first pod's watch event comes meanwhile.
    let n = 0;
    const p = controllerProbe(replicaSetController, (req) => ({ ...accept(req), delayMs: n++ === 0 ? 1 : 50 }));
    p.watch('ADDED', rs);
    p.runUntil(5_000);
    // slowStartBatch sends 1, then 2; syncReplicaSet writes the status after manageReplicas returns.
    expect(p.requests.map(line)).toEqual(['create Pod', 'create Pod', 'create Pod', 'update ReplicaSet/status']);
    expect(p.requests[3].body?.status).toMatchObject({ replicas: 3, observedGeneration: 1 });
  });

  it('a failed create ends the slow start; the sync is retried with back-off', () => {
    let refused = 1;
    const p = controllerProbe(replicaSetController, (req) =>
      req.verb === 'create' && refused-- > 0
        ? { status: 403, error: { code: 403, reason: 'Forbidden', message: 'pods "web-" is forbidden' } }
        : accept(req),
    );
    p.watch('ADDED', rs);
    p.runUntil(5_000);
    expect(p.requests.map(line)).toEqual([
      'create Pod',
      // The failed sync still writes the status (syncReplicaSet: calculateStatus(rs, pods, manageReplicasErr)).
      'update ReplicaSet/status',
      // The retry: the slow start begins again at 1.
      'create Pod',
      'create Pod',
      'create Pod',
      'update ReplicaSet/status',
    ]);
    expect(p.requests[1].body?.status.conditions?.[0]?.type).toBe('ReplicaFailure');
    // The retry succeeded, so the status carries no ReplicaFailure (calculateStatus drops it once creates work).
    expect(p.requests[5].body?.status.conditions).toBeUndefined();
  });
});
