/**
 * The policy kinds' tables against pkg/printers/internalversion/printers.go: printPriorityClass, printLimitRange,
 * printResourceQuota (REQUEST/LIMIT split on the `limits.` prefix, resources sorted, `used/hard`).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { printTable } from './printers';

const now = 90_000;

describe('policy tables', () => {
  it('priorityclasses: NAME VALUE GLOBAL-DEFAULT AGE PREEMPTIONPOLICY', () => {
    const pc = (name: string, value: number, extra: Record<string, unknown> = {}): KObject =>
      ({
        apiVersion: 'scheduling.k8s.io/v1',
        kind: 'PriorityClass',
        metadata: { name, creationTimestamp: 0 },
        value,
        preemptionPolicy: 'PreemptLowerPriority',
        ...extra,
      }) as KObject;
    expect(
      printTable(
        'priorityclasses',
        [pc('high', 100000, { globalDefault: true }), pc('system-node-critical', 2000001000)],
        {
          now,
        },
      ),
    ).toBe(
      'NAME                   VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY\n' +
        'high                   100000       true             90s   PreemptLowerPriority\n' +
        'system-node-critical   2000001000   false            90s   PreemptLowerPriority',
    );
  });

  it('limitranges: NAME CREATED AT', () => {
    const lr = {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: { name: 'defaults', namespace: 'default', creationTimestamp: 0 },
      spec: { limits: [] },
    } as KObject;
    expect(printTable('limits', [lr], { now }).split('\n')[0]).toBe('NAME       CREATED AT');
  });

  it('resourcequotas: REQUEST and LIMIT from status', () => {
    const rq = {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'compute', namespace: 'default', creationTimestamp: 0 },
      spec: {},
      status: {
        hard: { 'limits.memory': '2Gi', pods: '10', 'requests.cpu': '1' },
        used: { 'limits.memory': '512Mi', pods: '2', 'requests.cpu': '200m' },
      },
    } as KObject;
    expect(printTable('quota', [rq], { now })).toBe(
      'NAME      AGE   REQUEST                            LIMIT\n' +
        'compute   90s   pods: 2/10, requests.cpu: 200m/1   limits.memory: 512Mi/2Gi',
    );
  });
});
