import { describe, it, expect } from 'vitest';
import type { KObject } from '../types';
import { makePod } from '../testing/builders';
import {
  desiredEndpoints,
  endpointSliceMetadata,
  endpointsEqual,
  findPort,
  shouldPodBeInEndpoints,
} from './endpointSlices';

const svc = (spec: Record<string, any> = {}, meta: Record<string, any> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default', uid: 'svc-uid', ...meta },
  spec: {
    clusterIP: '10.96.123.45',
    selector: { app: 'web' },
    ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
    ...spec,
  },
});

function pod(
  name: string,
  opts: {
    ip?: string;
    node?: string;
    ready?: boolean;
    labels?: Record<string, string>;
    phase?: string;
    deleting?: boolean;
    ports?: any[];
    ns?: string;
    hostname?: string;
    subdomain?: string;
  } = {},
): KObject {
  const b = makePod(name)
    .namespace(opts.ns ?? 'default')
    .labels(opts.labels ?? { app: 'web', 'pod-template-hash': 'abc' })
    .node(opts.node ?? 'node-1')
    .containers([
      { name: 'nginx', image: 'nginx', ports: opts.ports ?? [{ name: 'http', containerPort: 80, protocol: 'TCP' }] },
    ])
    .spec({ hostname: opts.hostname, subdomain: opts.subdomain })
    .phase(opts.phase ?? 'Running')
    .ready(opts.ready !== false);
  if (opts.ip) b.ip(opts.ip);
  if (opts.deleting) b.deleting(1000);
  return b.obj();
}

const nodes: KObject[] = ['node-1', 'node-2', 'node-3'].map((n, i) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: n, labels: { 'topology.kubernetes.io/zone': `zone-${i}` } },
}));

describe('desiredEndpoints', () => {
  it('produces the pkg/controller/endpointslice slice content for 3 ready pods', () => {
    const d = desiredEndpoints(
      svc(),
      [
        pod('web-c', { ip: '10.244.3.4', node: 'node-3' }),
        pod('web-a', { ip: '10.244.1.5' }),
        pod('web-b', { ip: '10.244.2.7', node: 'node-2' }),
      ],
      nodes,
    );
    expect(d.addressType).toBe('IPv4');
    expect(d.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
    expect(d.endpoints.map((e) => e.addresses[0])).toEqual(['10.244.1.5', '10.244.2.7', '10.244.3.4']);
    expect(d.endpoints[0]).toEqual({
      addresses: ['10.244.1.5'],
      conditions: { ready: true, serving: true, terminating: false },
      targetRef: { kind: 'Pod', namespace: 'default', name: 'web-a', uid: 'uid-web-a' },
      nodeName: 'node-1',
      zone: 'zone-0',
    });
    expect(d.groups).toHaveLength(1);
  });

  it('skips pods without IP, terminal pods, other namespaces and non-matching labels', () => {
    const d = desiredEndpoints(
      svc(),
      [
        pod('no-ip'),
        pod('done', { ip: '10.244.1.9', phase: 'Succeeded' }),
        pod('failed', { ip: '10.244.1.8', phase: 'Failed' }),
        pod('other-ns', { ip: '10.244.1.7', ns: 'prod' }),
        pod('other-app', { ip: '10.244.1.6', labels: { app: 'db' } }),
        pod('ok', { ip: '10.244.1.5' }),
      ],
      nodes,
    );
    expect(d.endpoints.map((e) => e.targetRef.name)).toEqual(['ok']);
  });

  it('marks not-ready and terminating pods', () => {
    const d = desiredEndpoints(
      svc(),
      [pod('a', { ip: '10.244.1.5', ready: false }), pod('b', { ip: '10.244.1.6', deleting: true })],
      nodes,
    );
    expect(d.endpoints[0].conditions).toEqual({ ready: false, serving: false, terminating: false });
    expect(d.endpoints[1].conditions).toEqual({ ready: false, serving: true, terminating: true });
    const pub = desiredEndpoints(
      svc({ publishNotReadyAddresses: true }),
      [pod('a', { ip: '10.244.1.5', ready: false })],
      nodes,
    );
    expect(pub.endpoints[0].conditions.ready).toBe(true);
  });

  it('resolves named target ports per pod and groups pods by resolved ports', () => {
    const service = svc({ ports: [{ name: 'http', port: 80, targetPort: 'web', protocol: 'TCP' }] });
    const d = desiredEndpoints(
      service,
      [
        pod('a', { ip: '10.244.1.5', ports: [{ name: 'web', containerPort: 8080, protocol: 'TCP' }] }),
        pod('b', { ip: '10.244.1.6', ports: [{ name: 'web', containerPort: 8080 }] }),
        pod('c', { ip: '10.244.1.7', ports: [{ name: 'other', containerPort: 9090 }] }),
      ],
      nodes,
    );
    expect(d.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(d.endpoints.map((e) => e.targetRef.name)).toEqual(['a', 'b']);
    expect(d.groups).toHaveLength(2);
    expect(d.groups[1]).toMatchObject({ ports: [], endpoints: [{ targetRef: { name: 'c' } }] });
  });

  it('defaults targetPort to port and requires the same protocol for named ports', () => {
    expect(findPort(pod('a'), { port: 8080 })).toBe(8080);
    expect(findPort(pod('a'), { port: 80, targetPort: 'http', protocol: 'UDP' })).toBeUndefined();
    expect(findPort(pod('a'), { port: 80, targetPort: 'http' })).toBe(80);
  });

  it('leaves out pods whose node is unknown, and sets zone only from the node label', () => {
    const d = desiredEndpoints(
      svc(),
      [pod('a', { ip: '10.244.1.5', node: 'ghost' }), pod('b', { ip: '10.244.1.6' })],
      [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } }],
    );
    expect(d.endpoints.map((e) => e.targetRef.name)).toEqual(['b']);
    expect(d.endpoints[0].zone).toBeUndefined();
  });

  it('sets hostname for pods whose subdomain is the service', () => {
    const d = desiredEndpoints(
      svc({ clusterIP: 'None' }),
      [
        pod('a', { ip: '10.244.1.5', hostname: 'db-0', subdomain: 'web' }),
        pod('b', { ip: '10.244.1.6', hostname: 'db-1', subdomain: 'other' }),
      ],
      nodes,
    );
    expect(d.endpoints[0].hostname).toBe('db-0');
    expect(d.endpoints[1].hostname).toBeUndefined();
  });

  it('returns nothing for selector-less services and sorts IPs numerically', () => {
    expect(desiredEndpoints(svc({ selector: undefined }), [pod('a', { ip: '10.244.1.5' })], nodes).endpoints).toEqual(
      [],
    );
    const d = desiredEndpoints(svc(), [pod('a', { ip: '10.244.10.2' }), pod('b', { ip: '10.244.2.7' })], nodes);
    expect(d.endpoints.map((e) => e.addresses[0])).toEqual(['10.244.2.7', '10.244.10.2']);
  });

  it('headless services with no ports give empty ports', () => {
    const d = desiredEndpoints(svc({ clusterIP: 'None', ports: undefined }), [pod('a', { ip: '10.244.1.5' })], nodes);
    expect(d.ports).toEqual([]);
    expect(d.endpoints).toHaveLength(1);
  });

  it('never throws on hostile input', () => {
    expect(() => desiredEndpoints(null as any, null as any, null as any)).not.toThrow();
    expect(() =>
      desiredEndpoints(
        svc({ ports: [null, 5, { targetPort: {} }] }),
        [null, 7, { metadata: null }, { metadata: {}, status: { podIPs: 'x' } }] as any,
        [null] as any,
      ),
    ).not.toThrow();
    expect(shouldPodBeInEndpoints({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } })).toBe(false);
  });
});

describe('endpointsEqual', () => {
  const a = desiredEndpoints(svc(), [pod('a', { ip: '10.244.1.5' }), pod('b', { ip: '10.244.1.6' })], nodes);
  it('ignores order and targetRef.resourceVersion', () => {
    const b = {
      ports: [...a.ports],
      endpoints: [...a.endpoints]
        .reverse()
        .map((e) => ({ ...e, targetRef: { ...e.targetRef, resourceVersion: '42' } })),
    };
    expect(endpointsEqual(a, b)).toBe(true);
  });
  it('detects condition, port and membership changes', () => {
    const flipped = {
      ports: a.ports,
      endpoints: a.endpoints.map((e, i) => (i === 0 ? { ...e, conditions: { ...e.conditions, ready: false } } : e)),
    };
    expect(endpointsEqual(a, flipped)).toBe(false);
    expect(endpointsEqual(a, { ports: [{ name: '', port: 81, protocol: 'TCP' }], endpoints: a.endpoints })).toBe(false);
    expect(endpointsEqual(a, { ports: a.ports, endpoints: a.endpoints.slice(1) })).toBe(false);
    expect(endpointsEqual({ endpoints: [], ports: [] }, {} as any)).toBe(true);
  });
});

describe('endpointSliceMetadata', () => {
  it('labels and owns the slice like the controller', () => {
    const m = endpointSliceMetadata(svc({}, { labels: { app: 'web', 'kubernetes.io/service-name': 'spoof' } }));
    expect(m.generateName).toBe('web-');
    expect(m.labels).toEqual({
      app: 'web',
      'kubernetes.io/service-name': 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    });
    expect(m.ownerReferences[0]).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      name: 'web',
      uid: 'svc-uid',
      controller: true,
      blockOwnerDeletion: true,
    });
    expect(endpointSliceMetadata(svc({ clusterIP: 'None' })).labels['service.kubernetes.io/headless']).toBe('');
  });
});
