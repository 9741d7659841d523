import { describe, it, expect } from 'vitest';
import type { KObject } from '../../types';
import { deepClone } from '../../kernel/deepClone';
import { deepFreeze } from '../etcd/MvccStore';
import { buildNatRules, computeProbability } from './iptablesRules';

function service(name: string, spec: Record<string, any>, ns = 'default'): KObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec };
}

function slice(
  svc: string,
  ports: Array<{ name?: string; port: number; protocol?: string }>,
  endpoints: Array<{ ip: string; ready?: boolean; serving?: boolean; terminating?: boolean; node?: string }>,
  ns = 'default',
): KObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${svc}-abcde`, namespace: ns, labels: { 'kubernetes.io/service-name': svc } },
    addressType: 'IPv4',
    ports: ports.map((p) => ({ name: p.name ?? '', port: p.port, protocol: p.protocol ?? 'TCP' })),
    endpoints: endpoints.map((e) => ({
      addresses: [e.ip],
      conditions: {
        ready: e.ready ?? true,
        serving: e.serving ?? e.ready ?? true,
        terminating: e.terminating ?? false,
      },
      nodeName: e.node ?? 'node-1',
    })),
  };
}

const web = service('web', {
  type: 'ClusterIP',
  clusterIP: '10.96.123.45',
  ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }],
});

describe('buildNatRules', () => {
  it('reproduces pkg/proxy/iptables/proxier.go exactly for a ClusterIP service with 3 ready endpoints', () => {
    const { nat, filter } = buildNatRules({
      services: [web],
      // Deliberately out of order: kube-proxy sorts by "IP:port".
      endpointSlices: [
        slice('web', [{ port: 80 }], [{ ip: '10.244.3.4' }, { ip: '10.244.1.5' }, { ip: '10.244.2.7' }]),
      ],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(nat).toEqual([
      '*nat',
      '-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN',
      '-A KUBE-POSTROUTING -j MARK --xor-mark 0x4000',
      '-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE --random-fully',
      '-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000',
      '-A KUBE-SERVICES -m comment --comment "default/web cluster IP" -m tcp -p tcp -d 10.96.123.45 --dport 80 -j KUBE-SVC-LOLE4ISW44XBNF3G',
      '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web cluster IP" -m tcp -p tcp -d 10.96.123.45 --dport 80 ! -s 10.244.0.0/16 -j KUBE-MARK-MASQ',
      '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.1.5:80" -m statistic --mode random --probability 0.3333333333 -j KUBE-SEP-3BXOQLMOWG4452TJ',
      '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.2.7:80" -m statistic --mode random --probability 0.5000000000 -j KUBE-SEP-4OIMBIYGK4QJUGT7',
      '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.3.4:80" -j KUBE-SEP-SBSTR5EC3J3ISJ36',
      '-A KUBE-SEP-3BXOQLMOWG4452TJ -m comment --comment default/web -s 10.244.1.5 -j KUBE-MARK-MASQ',
      '-A KUBE-SEP-3BXOQLMOWG4452TJ -m comment --comment default/web -m tcp -p tcp -j DNAT --to-destination 10.244.1.5:80',
      '-A KUBE-SEP-4OIMBIYGK4QJUGT7 -m comment --comment default/web -s 10.244.2.7 -j KUBE-MARK-MASQ',
      '-A KUBE-SEP-4OIMBIYGK4QJUGT7 -m comment --comment default/web -m tcp -p tcp -j DNAT --to-destination 10.244.2.7:80',
      '-A KUBE-SEP-SBSTR5EC3J3ISJ36 -m comment --comment default/web -s 10.244.3.4 -j KUBE-MARK-MASQ',
      '-A KUBE-SEP-SBSTR5EC3J3ISJ36 -m comment --comment default/web -m tcp -p tcp -j DNAT --to-destination 10.244.3.4:80',
      '-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS',
      'COMMIT',
    ]);
    expect(filter.some((l) => l.includes('REJECT'))).toBe(false);
    expect(filter[0]).toBe('*filter');
    expect(filter.at(-1)).toBe('COMMIT');
  });

  it('rejects a service without endpoints in the filter table and writes no nat chains for it', () => {
    const { nat, filter } = buildNatRules({
      services: [web],
      endpointSlices: [slice('web', [{ port: 80 }], [])],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(filter).toContain(
      '-A KUBE-SERVICES -m comment --comment "default/web has no endpoints" -m tcp -p tcp -d 10.96.123.45 --dport 80 -j REJECT',
    );
    expect(nat.some((l) => l.includes('KUBE-SVC-'))).toBe(false);
  });

  it('ignores not-ready endpoints and falls back to serving+terminating ones only when none is ready', () => {
    const notReady = buildNatRules({
      services: [web],
      endpointSlices: [slice('web', [{ port: 80 }], [{ ip: '10.244.1.5', ready: false, serving: false }])],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(notReady.filter.some((l) => l.includes('has no endpoints'))).toBe(true);

    const mixed = buildNatRules({
      services: [web],
      endpointSlices: [
        slice(
          'web',
          [{ port: 80 }],
          [
            { ip: '10.244.1.5', ready: false, serving: true, terminating: true },
            { ip: '10.244.2.7', ready: true },
          ],
        ),
      ],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(mixed.nat.filter((l) => l.startsWith('-A KUBE-SVC-') && l.includes(' -> '))).toEqual([
      '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.2.7:80" -j KUBE-SEP-4OIMBIYGK4QJUGT7',
    ]);

    const terminatingOnly = buildNatRules({
      services: [web],
      endpointSlices: [
        slice('web', [{ port: 80 }], [{ ip: '10.244.1.5', ready: false, serving: true, terminating: true }]),
      ],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(terminatingOnly.nat).toContain(
      '-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.1.5:80" -j KUBE-SEP-3BXOQLMOWG4452TJ',
    );
  });

  it('uses the named-port comment format and resolves the endpoint port by name', () => {
    const svc = service('web', {
      clusterIP: '10.96.0.20',
      ports: [
        { name: 'http', port: 80, targetPort: 'web' },
        { name: 'metrics', port: 9090, targetPort: 9100 },
      ],
    });
    const { nat } = buildNatRules({
      services: [svc],
      endpointSlices: [
        slice(
          'web',
          [
            { name: 'metrics', port: 9100 },
            { name: 'http', port: 8080 },
          ],
          [{ ip: '10.244.1.5' }],
        ),
      ],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(nat).toContain(
      '-A KUBE-SERVICES -m comment --comment "default/web:http cluster IP" -m tcp -p tcp -d 10.96.0.20 --dport 80 -j KUBE-SVC-CDGGSHYLG3RE2FKL',
    );
    expect(
      nat.some((l) => l.includes('--to-destination 10.244.1.5:8080') && l.includes('--comment default/web:http')),
    ).toBe(true);
    expect(
      nat.some((l) => l.includes('--to-destination 10.244.1.5:9100') && l.includes('--comment default/web:metrics')),
    ).toBe(true);
  });

  it('sorts endpoints lexicographically and computes 1/(N-i) probabilities', () => {
    const { nat } = buildNatRules({
      services: [web],
      endpointSlices: [
        slice(
          'web',
          [{ port: 80 }],
          ['10.244.2.7', '10.244.10.2', '10.244.1.5', '10.244.3.4'].map((ip) => ({ ip })),
        ),
      ],
      clusterCIDR: '10.244.0.0/16',
    });
    const jumps = nat.filter((l) => l.startsWith('-A KUBE-SVC-') && l.includes(' -> '));
    expect(jumps.map((l) => /-> ([\d.:]+)/.exec(l)![1])).toEqual([
      '10.244.1.5:80',
      '10.244.10.2:80',
      '10.244.2.7:80',
      '10.244.3.4:80',
    ]);
    expect(jumps.map((l) => /--probability (\S+)/.exec(l)?.[1] ?? null)).toEqual([
      '0.2500000000',
      '0.3333333333',
      '0.5000000000',
      null,
    ]);
    expect(computeProbability(7)).toBe('0.1428571429');
  });

  it('writes NodePort rules through a KUBE-EXT chain', () => {
    const np = service('web', { type: 'NodePort', clusterIP: '10.96.123.45', ports: [{ port: 80, nodePort: 30080 }] });
    const { nat } = buildNatRules({
      services: [np],
      endpointSlices: [slice('web', [{ port: 80 }], [{ ip: '10.244.1.5' }])],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(nat).toContain(
      '-A KUBE-NODEPORTS -m comment --comment default/web -m tcp -p tcp --dport 30080 -j KUBE-EXT-LOLE4ISW44XBNF3G',
    );
    expect(nat).toContain(
      '-A KUBE-EXT-LOLE4ISW44XBNF3G -m comment --comment "masquerade traffic for default/web external destinations" -j KUBE-MARK-MASQ',
    );
    expect(nat).toContain('-A KUBE-EXT-LOLE4ISW44XBNF3G -j KUBE-SVC-LOLE4ISW44XBNF3G');
    expect(nat.at(-2)).toContain('KUBE-NODEPORTS');
  });

  it('rejects NodePort traffic for a service without endpoints', () => {
    const np = service('web', { type: 'NodePort', clusterIP: '10.96.123.45', ports: [{ port: 80, nodePort: 30080 }] });
    const { filter } = buildNatRules({ services: [np], endpointSlices: [], clusterCIDR: '10.244.0.0/16' });
    expect(filter).toContain(
      '-A KUBE-EXTERNAL-SERVICES -m comment --comment "default/web has no endpoints" -m addrtype --dst-type LOCAL -m tcp -p tcp --dport 30080 -j REJECT',
    );
  });

  it('uses KUBE-SVL for externalTrafficPolicy Local and only local endpoints', () => {
    const np = service('web', {
      type: 'NodePort',
      clusterIP: '10.96.123.45',
      externalTrafficPolicy: 'Local',
      ports: [{ port: 80, nodePort: 30080 }],
    });
    const { nat } = buildNatRules({
      services: [np],
      endpointSlices: [
        slice(
          'web',
          [{ port: 80 }],
          [
            { ip: '10.244.1.5', node: 'node-1' },
            { ip: '10.244.2.7', node: 'node-2' },
          ],
        ),
      ],
      clusterCIDR: '10.244.0.0/16',
      nodeName: 'node-2',
    });
    expect(nat).toContain('-A KUBE-EXT-LOLE4ISW44XBNF3G -j KUBE-SVL-LOLE4ISW44XBNF3G');
    expect(nat).toContain(
      '-A KUBE-SVL-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.2.7:80" -j KUBE-SEP-4OIMBIYGK4QJUGT7',
    );
  });

  it('skips headless and ExternalName services', () => {
    const headless = service('db', { clusterIP: 'None', ports: [{ port: 5432 }] });
    const ext = service('ext', { type: 'ExternalName', externalName: 'example.com' });
    const { nat, filter } = buildNatRules({
      services: [headless, ext],
      endpointSlices: [slice('db', [{ port: 5432 }], [{ ip: '10.244.1.5' }])],
      clusterCIDR: '10.244.0.0/16',
    });
    expect(nat.join('\n')).not.toContain('default/db');
    expect(filter.join('\n')).not.toContain('default/db');
    expect(nat.join('\n')).not.toContain('default/ext');
  });

  it('handles UDP ports, session affinity and explicit node IPs', () => {
    const dns = service(
      'kube-dns',
      { clusterIP: '10.96.0.10', sessionAffinity: 'ClientIP', ports: [{ name: 'dns', port: 53, protocol: 'UDP' }] },
      'kube-system',
    );
    const { nat } = buildNatRules({
      services: [dns],
      endpointSlices: [
        slice('kube-dns', [{ name: 'dns', port: 53, protocol: 'UDP' }], [{ ip: '10.244.0.2' }], 'kube-system'),
      ],
      clusterCIDR: '10.244.0.0/16',
      nodeIPs: ['172.18.0.2'],
      chainLines: true,
    });
    expect(nat).toContain(':KUBE-SVC-TCOU7JCQXEZGVUNU - [0:0]');
    expect(nat.some((l) => l.includes('-m udp -p udp -d 10.96.0.10 --dport 53 -j KUBE-SVC-TCOU7JCQXEZGVUNU'))).toBe(
      true,
    );
    expect(nat.some((l) => l.includes('--rcheck --seconds 10800 --reap'))).toBe(true);
    expect(nat.some((l) => l.includes('-m recent --name KUBE-SEP-') && l.includes('--set'))).toBe(true);
    expect(nat.at(-2)).toBe(
      '-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -d 172.18.0.2 -j KUBE-NODEPORTS',
    );
  });

  it('omits the masquerade rule without a cluster CIDR and never throws on junk', () => {
    const { nat } = buildNatRules({
      services: [web],
      endpointSlices: [slice('web', [{ port: 80 }], [{ ip: '10.244.1.5' }])],
      clusterCIDR: '',
    });
    expect(nat.some((l) => l.includes('KUBE-MARK-MASQ') && l.startsWith('-A KUBE-SVC-'))).toBe(false);
    expect(() =>
      buildNatRules({
        services: [
          null as any,
          { kind: 'Service', metadata: {} } as any,
          service('x', { clusterIP: '10.96.0.1', ports: [null, { port: 'abc' }] }),
        ],
        endpointSlices: [{ kind: 'EndpointSlice', metadata: { labels: {} }, ports: 7, endpoints: 'x' } as any],
        clusterCIDR: undefined as any,
      }),
    ).not.toThrow();
  });

  it('gives the same rules for stored (frozen) objects, whose per-Service rules are remembered', () => {
    // A node-dependent Service (Local traffic policy) next to a plain one, and two versions of the plain one's slice.
    const local = service('local', {
      type: 'NodePort',
      clusterIP: '10.96.0.9',
      externalTrafficPolicy: 'Local',
      ports: [{ port: 80, nodePort: 30080 }],
    });
    const localSlice = slice('local', [{ port: 80 }], [{ ip: '10.244.1.9' }, { ip: '10.244.2.9', node: 'node-2' }]);
    const a = slice('web', [{ port: 80 }], [{ ip: '10.244.1.5' }, { ip: '10.244.2.7', node: 'node-2' }]);
    const b = slice('web', [{ port: 80 }], [{ ip: '10.244.1.5', ready: false }]);
    const cases: Array<[KObject, string]> = [
      [a, 'node-1'],
      [b, 'node-1'],
      [b, 'node-2'],
      [a, 'node-2'],
    ];
    const rules = (services: KObject[], slices: KObject[], nodeName: string) =>
      buildNatRules({ services, endpointSlices: slices, clusterCIDR: '10.244.0.0/16', nodeName });
    const fresh = cases.map(([sl, node]) => rules([web, local], [sl, localSlice], node));
    const stored = <T>(o: T): T => deepFreeze(deepClone(o));
    const services = [stored(web), stored(local)];
    const slices = new Map([a, b, localSlice].map((sl) => [sl, stored(sl)]));
    // Twice over, so that remembered and rebuilt answers (another node, another slice version) are both compared.
    for (let round = 0; round < 2; round++)
      cases.forEach(([sl, node], i) =>
        expect(rules(services, [slices.get(sl)!, slices.get(localSlice)!], node)).toEqual(fresh[i]),
      );
  });
});
