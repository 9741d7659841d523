/** The endpoints controller on the controller harness (pkg/controller/endpoint/endpoints_controller.go). */
import { describe, expect, it } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import { desiredSubsets } from '../../../controllers-support/endpoints';
import type { KObject } from '../../../types';
import { endpointsController } from './endpointsController';
import { makePod } from '../../../testing/builders';

const svc: KObject = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default', uid: 'svc-1', labels: { app: 'web' }, creationTimestamp: 0 },
  spec: { selector: { app: 'web' }, clusterIP: '10.96.1.2', ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }] },
};

const pod = (name: string, ip: string, ready: boolean, deleting = false): KObject => {
  const b = makePod(name).labels({ app: 'web' }).node('node-1').ip(ip).ready(ready);
  return (deleting ? b.deleting(1) : b).obj();
};

describe('endpointsController', () => {
  it('creates an Endpoints named after the Service with ready and not-ready addresses (syncService)', () => {
    const p = controllerProbe(endpointsController);
    p.watch('ADDED', pod('b', '10.244.2.5', true));
    p.watch('ADDED', pod('a', '10.244.10.3', true));
    p.watch('ADDED', pod('c', '10.244.1.9', false));
    p.watch('ADDED', svc);
    p.runUntil(5_000);
    expect(p.requests.map((r) => `${r.verb} ${r.resourceKind}`)).toEqual(['create Endpoints']);
    const ep = p.requests[0]!.body!;
    expect(ep.metadata.name).toBe('web');
    expect(ep.metadata.labels).toEqual({ app: 'web', 'endpoints.kubernetes.io/managed-by': 'endpoint-controller' });
    // A Service the tracker has not seen: its creationTimestamp (trigger_time_tracker.go).
    expect(ep.metadata.annotations).toEqual({
      'endpoints.kubernetes.io/last-change-trigger-time': '2026-01-15T09:00:00Z',
    });
    // Addresses sorted as strings (LessEndpointAddress), the targetPort resolved.
    expect(ep.subsets).toEqual([
      {
        addresses: [
          expect.objectContaining({ ip: '10.244.10.3', nodeName: 'node-1' }),
          expect.objectContaining({ ip: '10.244.2.5', targetRef: expect.objectContaining({ kind: 'Pod', name: 'b' }) }),
        ],
        notReadyAddresses: [expect.objectContaining({ ip: '10.244.1.9' })],
        ports: [{ port: 8080, protocol: 'TCP' }],
      },
    ]);
  });

  it('updates on a pod change with the Ready transition as trigger time, and deletes with the Service', () => {
    const p = controllerProbe(endpointsController);
    p.watch('ADDED', svc);
    p.runUntil(1_000);
    const ready = pod('a', '10.244.1.2', true);
    ready.status.conditions[0].lastTransitionTime = 20_000;
    p.watch('ADDED', ready);
    p.runUntil(2_000);
    const update = p.requests[1]!;
    expect(update.verb).toBe('update');
    expect(update.body!.metadata.annotations?.['endpoints.kubernetes.io/last-change-trigger-time']).toBe(
      '2026-01-15T09:00:20Z',
    );
    p.watch('DELETED', svc);
    p.runUntil(3_000);
    expect(p.requests.at(-1)).toMatchObject({ verb: 'delete', resourceKind: 'Endpoints', name: 'web' });
  });

  it('leaves terminating pods out and truncates above 1,000 addresses (truncateEndpoints)', () => {
    const pods: KObject[] = [];
    for (let i = 0; i < 1005; i++) pods.push(pod(`p${i}`, `10.244.${i >> 8}.${i & 255}`, true));
    pods.push(pod('gone', '10.244.9.9', true, true));
    const { subsets, truncated } = desiredSubsets(svc, pods);
    expect(truncated).toBe(true);
    expect(subsets[0].addresses).toHaveLength(1000);
    expect(subsets[0].addresses.some((a: any) => a.ip === '10.244.9.9')).toBe(false);
  });
});
