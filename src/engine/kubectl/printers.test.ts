import { describe, it, expect } from 'vitest';
import { printGet, printTable } from './printers';
import { printEvents } from './eventsTable';
import * as T from './testObjects';

const now = 45_000;

describe('kubectl get: facts-runtime §4.6 renderings, byte for byte', () => {
  it('get deploy', () => {
    expect(printTable('deploy', [T.deployment()], { now })).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\n' + 'web    3/3     3            3           45s',
    );
  });

  it('get rs', () => {
    expect(printTable('rs', [T.replicaSet()], { now })).toBe(
      'NAME             DESIRED   CURRENT   READY   AGE\n' + 'web-7d9c8b6f5d   3         3         3       45s',
    );
  });

  it('get pods', () => {
    expect(printTable('pods', [T.pod()], { now })).toBe(
      'NAME                   READY   STATUS    RESTARTS   AGE\n' +
        'web-7d9c8b6f5d-x2x7k   1/1     Running   0          45s',
    );
  });

  it('get svc (with the default kubernetes Service)', () => {
    const objs = [T.service('web', 15_000), T.service('kubernetes', -5 * 86_400_000)];
    expect(printTable('svc', objs, { now })).toBe(
      'NAME         TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE\n' +
        'kubernetes   ClusterIP   10.96.0.1      <none>        443/TCP   5d\n' +
        'web          ClusterIP   10.96.123.45   <none>        80/TCP    30s',
    );
  });

  it('get events', () => {
    const e = T.event({
      reason: 'Scheduled',
      source: 'default-scheduler',
      message: `Successfully assigned default/${T.POD_NAME} to node-2`,
      firstTimestamp: 33_000,
      lastTimestamp: 33_000,
    });
    expect(printEvents([e], { now })).toBe(
      'LAST SEEN   TYPE     REASON      OBJECT                     MESSAGE\n' +
        '12s         Normal   Scheduled   pod/web-7d9c8b6f5d-x2x7k   Successfully assigned default/web-7d9c8b6f5d-x2x7k to node-2',
    );
  });

  it('get pods -o wide (pkg/printers/internalversion/printers.go example)', () => {
    expect(printTable('pods', [T.pod({ ip: '10.244.1.5' })], { now, wide: true })).toBe(
      'NAME                   READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES\n' +
        'web-7d9c8b6f5d-x2x7k   1/1     Running   0          45s   10.244.1.5   node-2   <none>           <none>',
    );
  });

  it('get endpointslices (pkg/printers/internalversion/printers.go example)', () => {
    expect(printTable('endpointslices', [T.endpointSlice()], { now })).toBe(
      'NAME        ADDRESSTYPE   PORTS   ENDPOINTS                          AGE\n' +
        'web-7xk2p   IPv4          80      10.244.1.5,10.244.2.7,10.244.3.4   30s',
    );
  });
});

describe('kubectl get with several kinds', () => {
  it('prefixes names with kind.group, gives each kind its own table and separates them by a blank line', () => {
    const out = printGet(
      ['deploy', 'rs', 'pods'],
      { deploy: [T.deployment()], rs: [T.replicaSet()], pods: [T.pod()] },
      { now },
    );
    expect(out).toBe(
      'NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\n' +
        'deployment.apps/web   3/3     3            3           45s\n' +
        '\n' +
        'NAME                             DESIRED   CURRENT   READY   AGE\n' +
        'replicaset.apps/web-7d9c8b6f5d   3         3         3       45s\n' +
        '\n' +
        'NAME                       READY   STATUS    RESTARTS   AGE\n' +
        'pod/web-7d9c8b6f5d-x2x7k   1/1     Running   0          45s',
    );
  });

  it('skips kinds without objects and still prefixes names', () => {
    const out = printGet(['svc', 'pods'], { Service: [T.service()], Pod: [] }, { now });
    expect(out).toBe(
      'NAME          TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)   AGE\n' +
        'service/web   ClusterIP   10.96.123.45   <none>        80/TCP    30s',
    );
  });

  it('uses the group for discovery and storage kinds', () => {
    const out = printGet(['endpointslices', 'pods'], { endpointslices: [T.endpointSlice()], pods: [] }, { now });
    expect(out.split('\n')[1].startsWith('endpointslice.discovery.k8s.io/web-7xk2p   IPv4')).toBe(true);
  });

  it('prints kubectl\'s "No resources found" line when nothing matches', () => {
    expect(printGet(['deploy', 'pods'], {}, { now })).toBe('No resources found in default namespace.');
    expect(printGet(['pods'], {}, { now, namespace: 'prod' })).toBe('No resources found in prod namespace.');
    expect(printGet(['pods'], {}, { now, allNamespaces: true })).toBe('No resources found');
    expect(printGet(['nodes'], {}, { now })).toBe('No resources found');
    expect(printTable('Pod', [], { now })).toBe('No resources found in default namespace.');
  });
});

describe('printTable mechanics', () => {
  it('lists rows in etcd key order (namespace/name)', () => {
    const a = T.pod({ name: 'b-pod' });
    const b = T.pod({ name: 'a-pod' });
    const out = printTable('Pod', [a, b], { now });
    expect(out.split('\n').map((l) => l.split(' ')[0])).toEqual(['NAME', 'a-pod', 'b-pod']);
  });

  it('adds a NAMESPACE column with -A for namespaced kinds only', () => {
    const p = T.pod();
    const out = printTable('Pod', [p], { now, allNamespaces: true });
    expect(out).toBe(
      'NAMESPACE   NAME                   READY   STATUS    RESTARTS   AGE\n' +
        'default     web-7d9c8b6f5d-x2x7k   1/1     Running   0          45s',
    );
    const nodes = printTable('Node', [T.node()], { now, allNamespaces: true });
    expect(nodes.startsWith('NAME     STATUS')).toBe(true);
  });

  it('wide deployments and replica sets show containers, images and selector', () => {
    expect(printTable('Deployment', [T.deployment()], { now, wide: true })).toBe(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES              SELECTOR\n' +
        'web    3/3     3            3           45s   nginx        nginx:1.27-alpine   app=web',
    );
    expect(printTable('ReplicaSet', [T.replicaSet()], { now, wide: true }).split('\n')[1]).toBe(
      'web-7d9c8b6f5d   3         3         3       45s   nginx        nginx:1.27-alpine   app=web,pod-template-hash=7d9c8b6f5d',
    );
  });

  it('cuts multi-line cells at the first newline and appends "..."', () => {
    const cm = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'x.1', namespace: 'default' } } as any;
    Object.assign(cm, {
      type: 'Warning',
      reason: 'Failed',
      message: 'line one\nline two',
      involvedObject: { kind: 'Pod', name: 'p' },
      source: { component: 'kubelet' },
      firstTimestamp: 40_000,
      lastTimestamp: 40_000,
      count: 1,
    });
    expect(printTable('events', [cm], { now }).split('\n')[1]).toBe(
      '5s          Warning   Failed   pod/p    line one...',
    );
  });

  it('lists stored Event objects in time order, then name', () => {
    const ev = (name: string, t: number): any => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: 'default' },
      type: 'Normal',
      reason: 'R',
      message: name,
      involvedObject: { kind: 'Pod', name: 'p' },
      source: { component: 'kubelet' },
      firstTimestamp: t,
      lastTimestamp: t,
      count: 1,
    });
    const out = printTable('events', [ev('a', 30_000), ev('c', 10_000), ev('b', 10_000)], { now });
    expect(
      out
        .split('\n')
        .slice(1)
        .map((l) => l.split(/ +/).pop()),
    ).toEqual(['b', 'c', 'a']);
  });

  it('falls back to NAME AGE for unknown kinds and NAME CREATED AT for Role/ClusterRole', () => {
    const crd = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w1', namespace: 'default', creationTimestamp: 0 },
    };
    expect(printTable('Widget', [crd], { now })).toBe('NAME   AGE\nw1     45s');
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'reader', namespace: 'default', creationTimestamp: 3000 },
    };
    expect(printTable('roles', [role], { now })).toBe('NAME     CREATED AT\nreader   2026-01-15T09:00:03Z');
  });
});
