import { describe, it, expect } from 'vitest';
import { printEvents, toKEvent } from './eventsTable';
import * as T from './testObjects';

const now = 60_000;

describe('kubectl get events', () => {
  const scheduled = T.event({
    reason: 'Scheduled',
    source: 'default-scheduler',
    message: `Successfully assigned default/${T.POD_NAME} to node-2`,
    firstTimestamp: 10_000,
    lastTimestamp: 10_000,
    name: 'b-event',
  });
  const created = T.event({
    reason: 'SuccessfulCreate',
    source: 'replicaset-controller',
    message: `Created pod: ${T.POD_NAME}`,
    involvedObject: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: `web-${T.HASH}` },
    firstTimestamp: 9_000,
    lastTimestamp: 9_000,
    name: 'z-event',
  });
  const backoff = T.event({
    type: 'Warning',
    reason: 'BackOff',
    message: 'Back-off restarting failed container nginx in pod x',
    host: 'node-2',
    involvedObject: {
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: 'default',
      name: T.POD_NAME,
      fieldPath: 'spec.containers{nginx}',
    },
    firstTimestamp: 20_000,
    lastTimestamp: 50_000,
    count: 4,
    name: 'a-event',
  });

  it('lists events in time order with LAST SEEN, TYPE, REASON, OBJECT, MESSAGE', () => {
    expect(printEvents([backoff, scheduled, created], { now })).toBe(
      'LAST SEEN   TYPE      REASON             OBJECT                      MESSAGE\n' +
        '51s         Normal    SuccessfulCreate   replicaset/web-7d9c8b6f5d   Created pod: web-7d9c8b6f5d-x2x7k\n' +
        '50s         Normal    Scheduled          pod/web-7d9c8b6f5d-x2x7k    Successfully assigned default/web-7d9c8b6f5d-x2x7k to node-2\n' +
        '10s         Warning   BackOff            pod/web-7d9c8b6f5d-x2x7k    Back-off restarting failed container nginx in pod x',
    );
  });

  it('wide adds SUBOBJECT, SOURCE (with host) before MESSAGE and FIRST SEEN, COUNT, NAME after it', () => {
    expect(printEvents([backoff], { now, wide: true })).toBe(
      'LAST SEEN   TYPE      REASON    OBJECT                     SUBOBJECT                SOURCE            MESSAGE                                               FIRST SEEN   COUNT   NAME\n' +
        '10s         Warning   BackOff   pod/web-7d9c8b6f5d-x2x7k   spec.containers{nginx}   kubelet, node-2   Back-off restarting failed container nginx in pod x   40s          4       a-event',
    );
  });

  it('-A adds NAMESPACE; no events prints the "No resources found" line', () => {
    expect(
      printEvents([scheduled], { now, allNamespaces: true }).split('\n')[0].startsWith('NAMESPACE   LAST SEEN'),
    ).toBe(true);
    expect(printEvents([], { now })).toBe('No resources found in default namespace.');
  });

  it('converts stored core/v1 Event objects', () => {
    const e = toKEvent({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'p.1', namespace: 'default' },
      type: 'Normal',
      reason: 'Scheduled',
      message: 'm',
      source: {},
      reportingController: 'default-scheduler',
      reportingInstance: 'default-scheduler-control-plane',
      involvedObject: { kind: 'Pod', name: 'p' },
      eventTime: 1000,
      firstTimestamp: null,
      lastTimestamp: null,
    } as any);
    expect(e.source).toBe('default-scheduler');
    expect(e.host).toBe('default-scheduler-control-plane');
    expect(e.firstTimestamp).toBe(1000);
    expect(e.lastTimestamp).toBe(1000);
  });
});
