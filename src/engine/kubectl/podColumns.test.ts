import { describe, it, expect } from 'vitest';
import { podSummary } from './podColumns';
import { printTable } from './printers';
import * as T from './testObjects';

const now = 60_000;

function podWith(status: any, extra: (p: any) => void = () => {}): any {
  const p = T.pod({ status });
  extra(p);
  return p;
}

const waiting = (reason: string, restartCount = 0, lastFinishedAt?: number): any => ({
  name: 'nginx',
  ready: false,
  restartCount,
  state: { waiting: { reason } },
  ...(lastFinishedAt !== undefined
    ? {
        lastState: {
          terminated: { exitCode: 1, reason: 'Error', startedAt: lastFinishedAt - 1000, finishedAt: lastFinishedAt },
        },
      }
    : {}),
});

describe('printPod STATUS / READY / RESTARTS', () => {
  it('shows the phase before the kubelet reports container statuses', () => {
    expect(podSummary(podWith({ phase: 'Pending' }), now)).toEqual({ ready: '0/1', status: 'Pending', restarts: '0' });
  });

  it('shows the waiting reason of a container (ContainerCreating, ErrImagePull, ImagePullBackOff)', () => {
    for (const reason of ['ContainerCreating', 'ErrImagePull', 'ImagePullBackOff', 'CreateContainerConfigError']) {
      expect(podSummary(podWith({ phase: 'Pending', containerStatuses: [waiting(reason)] }), now).status).toBe(reason);
    }
  });

  it('Running but not ready counts 0/1', () => {
    const s = podSummary(
      podWith({
        phase: 'Running',
        containerStatuses: [{ name: 'nginx', ready: false, restartCount: 0, state: { running: { startedAt: 5000 } } }],
      }),
      now,
    );
    expect(s).toEqual({ ready: '0/1', status: 'Running', restarts: '0' });
  });

  it('CrashLoopBackOff with RESTARTS "N (Xs ago)" from lastState.terminated.finishedAt', () => {
    const s = podSummary(
      podWith({ phase: 'Running', containerStatuses: [waiting('CrashLoopBackOff', 2, 45_000)] }),
      now,
    );
    expect(s).toEqual({ ready: '0/1', status: 'CrashLoopBackOff', restarts: '2 (15s ago)' });
  });

  it('shows terminated reasons (Error, Completed, OOMKilled) and Signal/ExitCode without a reason', () => {
    const term = (t: any): any => ({
      phase: 'Running',
      containerStatuses: [{ name: 'nginx', ready: false, restartCount: 0, state: { terminated: t } }],
    });
    expect(podSummary(podWith(term({ exitCode: 1, reason: 'Error' })), now).status).toBe('Error');
    expect(podSummary(podWith(term({ exitCode: 137, reason: 'OOMKilled' })), now).status).toBe('OOMKilled');
    expect(podSummary(podWith(term({ exitCode: 2 })), now).status).toBe('ExitCode:2');
    expect(podSummary(podWith(term({ exitCode: 137, signal: 9 })), now).status).toBe('Signal:9');
  });

  it('walks containers from last to first, so the first container wins', () => {
    const p = podWith({
      phase: 'Pending',
      containerStatuses: [waiting('ErrImagePull'), { ...waiting('ContainerCreating'), name: 'sidecar' }],
    });
    p.spec.containers.push({ name: 'sidecar', image: 'busybox' });
    expect(podSummary(p, now)).toEqual({ ready: '0/2', status: 'ErrImagePull', restarts: '0' });
  });

  it('turns Completed back into Running / NotReady when another container still runs', () => {
    const statuses = [
      { name: 'nginx', ready: true, restartCount: 0, state: { running: { startedAt: 1000 } } },
      { name: 'job', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
    ];
    const ready = podWith({
      phase: 'Running',
      containerStatuses: statuses,
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    ready.spec.containers.push({ name: 'job', image: 'busybox' });
    expect(podSummary(ready, now)).toEqual({ ready: '1/2', status: 'Running', restarts: '0' });
    const notReady = podWith({
      phase: 'Running',
      containerStatuses: statuses,
      conditions: [{ type: 'Ready', status: 'False' }],
    });
    notReady.spec.containers.push({ name: 'job', image: 'busybox' });
    expect(podSummary(notReady, now).status).toBe('NotReady');
  });

  it('reports init containers: Init:0/1, Init:<waiting>, Init:<terminated>, Init:ExitCode:N', () => {
    const withInit = (initStatus: any): any =>
      podWith(
        { phase: 'Pending', initContainerStatuses: [initStatus], containerStatuses: [waiting('PodInitializing')] },
        (p) => (p.spec.initContainers = [{ name: 'init', image: 'busybox' }]),
      );
    expect(podSummary(withInit({ name: 'init', restartCount: 0, state: { running: {} } }), now).status).toBe(
      'Init:0/1',
    );
    expect(
      podSummary(withInit({ name: 'init', restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }), now)
        .status,
    ).toBe('Init:0/1');
    expect(
      podSummary(withInit({ name: 'init', restartCount: 3, state: { waiting: { reason: 'CrashLoopBackOff' } } }), now),
    ).toEqual({
      ready: '0/1',
      status: 'Init:CrashLoopBackOff',
      restarts: '3',
    });
    expect(
      podSummary(
        withInit({ name: 'init', restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error' } } }),
        now,
      ).status,
    ).toBe('Init:Error');
    expect(
      podSummary(withInit({ name: 'init', restartCount: 0, state: { terminated: { exitCode: 3 } } }), now).status,
    ).toBe('Init:ExitCode:3');
  });

  it('passes completed init containers and counts running sidecars in READY', () => {
    const p = podWith(
      {
        phase: 'Running',
        conditions: [{ type: 'Initialized', status: 'True' }],
        initContainerStatuses: [
          { name: 'init', restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
          {
            name: 'proxy',
            restartCount: 1,
            started: true,
            ready: true,
            state: { running: {} },
            lastState: { terminated: { exitCode: 1, finishedAt: 50_000 } },
          },
        ],
        containerStatuses: [{ name: 'nginx', ready: true, restartCount: 0, state: { running: { startedAt: 1000 } } }],
      },
      (x) =>
        (x.spec.initContainers = [
          { name: 'init', image: 'busybox' },
          { name: 'proxy', image: 'envoy', restartPolicy: 'Always' },
        ]),
    );
    // Once initialized only sidecar restarts count; the started, ready sidecar adds to READY and to the total.
    expect(podSummary(p, now)).toEqual({ ready: '2/2', status: 'Running', restarts: '1 (10s ago)' });
  });

  it('shows Terminating for a pod being deleted, Unknown for NodeLost, and keeps terminal phases', () => {
    const p = T.pod();
    p.metadata.deletionTimestamp = 50_000;
    expect(podSummary(p, now).status).toBe('Terminating');
    const lost = T.pod();
    lost.metadata.deletionTimestamp = 50_000;
    lost.status.reason = 'NodeLost';
    expect(podSummary(lost, now).status).toBe('Unknown');
    const done = podWith({
      phase: 'Succeeded',
      containerStatuses: [
        { name: 'nginx', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed' } } },
      ],
    });
    done.metadata.deletionTimestamp = 50_000;
    expect(podSummary(done, now).status).toBe('Completed');
  });

  it('uses status.reason (Evicted) and SchedulingGated', () => {
    expect(podSummary(podWith({ phase: 'Failed', reason: 'Evicted' }), now).status).toBe('Evicted');
    expect(
      podSummary(
        podWith({
          phase: 'Pending',
          conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
        }),
        now,
      ).status,
    ).toBe('SchedulingGated');
  });

  it('renders a crash-looping pod row', () => {
    const p = podWith({
      phase: 'Running',
      containerStatuses: [waiting('CrashLoopBackOff', 3, 25_000)],
      podIPs: [{ ip: '10.244.1.9' }],
    });
    expect(printTable('pods', [p], { now })).toBe(
      'NAME                   READY   STATUS             RESTARTS      AGE\n' +
        'web-7d9c8b6f5d-x2x7k   0/1     CrashLoopBackOff   3 (35s ago)   60s',
    );
  });

  it('wide: <none> for a pending pod without IP or node, readiness gates as true/total', () => {
    const p = podWith({ phase: 'Pending', conditions: [{ type: 'example.com/ready', status: 'True' }] });
    delete p.spec.nodeName;
    p.spec.readinessGates = [{ conditionType: 'example.com/ready' }, { conditionType: 'example.com/other' }];
    expect(printTable('pods', [p], { now, wide: true }).split('\n')[1]).toBe(
      'web-7d9c8b6f5d-x2x7k   0/1     Pending   0          60s   <none>   <none>   <none>           1/2',
    );
  });
});
