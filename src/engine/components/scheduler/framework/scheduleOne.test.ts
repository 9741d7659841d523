import { describe, it, expect } from 'vitest';
import type { KObject } from '../../../types';
import { Rng } from '../../../kernel/Rng';
import { nodeVerdicts } from '../../../trace/nodeVerdicts';
import {
  numFeasibleNodesToFind,
  runSchedulingCycle,
  scheduleOnSnapshot,
  selectHost,
  type CycleInput,
} from './scheduleOne';
import { buildSnapshot } from './nodeInfo';
import { CONTROL_PLANE_TAINT, kindCluster, node, pod, replicaSet } from '../../../testing/builders';

const rng = () => Rng.fromSeed(42, 'scheduler');
/** The v1.33-style texts (no DynamicResources PostFilter), as pkg/scheduler/schedule_one.go FitError printed them. */
const PRE_DRA = { dynamicResourceAllocation: false };

/** The cycle's result with its verdicts as one row per node, as the scheduler inspector shows them. */
function schedule(input: Partial<CycleInput> & { pod: KObject }, r = rng()) {
  const result = runSchedulingCycle({ nodes: [], podsOnNodes: [], ...input }, r);
  return { ...result, nodes: nodeVerdicts(result) };
}

describe('numFeasibleNodesToFind', () => {
  it('checks every node below 100, then an adaptive percentage with a floor of 100 nodes', () => {
    expect(numFeasibleNodesToFind(3)).toBe(3);
    expect(numFeasibleNodesToFind(99)).toBe(99);
    expect(numFeasibleNodesToFind(100)).toBe(100); // 100 * 50% = 50 → raised to 100
    expect(numFeasibleNodesToFind(1000)).toBe(420); // 50 - 1000/125 = 42%
    expect(numFeasibleNodesToFind(5000)).toBe(500); // 50 - 40 = 10%
    expect(numFeasibleNodesToFind(6000)).toBe(300); // 50 - 48 = 2% → floored at 5%
    expect(numFeasibleNodesToFind(1000, 20)).toBe(200);
  });
});

describe('numFeasibleNodesToFind in a cycle', () => {
  it('stops Filter at 100 of 150 nodes, round-robin from startIndex, and marks the rest not evaluated', () => {
    const nodes = Array.from({ length: 150 }, (_, i) => node(`n${i}`));
    const r = schedule({ pod: pod('p'), nodes, startIndex: 120 });
    expect(r).toMatchObject({ evaluatedNodes: 100, feasibleNodes: 100, nextStartNodeIndex: 70 });
    const skipped = r.nodes.filter((n) => n.notEvaluated).map((n) => n.node);
    expect(skipped).toEqual(Array.from({ length: 50 }, (_, i) => `n${70 + i}`));
    expect(r.nodes.filter((n) => n.total !== undefined)).toHaveLength(100);
  });
});

describe('worked example (pkg/scheduler/framework/plugins/noderesources): 3 identical nodes, pods of a ReplicaSet requesting 100m', () => {
  const nodes = [node('a'), node('b'), node('c')];
  const rs = replicaSet('web-7d9c8b6f5d', { app: 'web' });
  const mk = (name: string, nodeName?: string) =>
    pod(name, { cpu: '100m', labels: { app: 'web' }, ownerRS: rs.metadata.name, nodeName });

  it('pod 1: every node totals 692 with the documented per-plugin scores', () => {
    const r = schedule({ pod: mk('web-1'), nodes, replicaSets: [rs] });
    for (const n of r.nodes) {
      expect(n.total).toBe(692);
      expect(n.scores).toEqual({
        TaintToleration: 300,
        NodeResourcesFit: 95,
        PodTopologySpread: 200,
        InterPodAffinity: 0,
        NodeResourcesBalancedAllocation: 97,
        ImageLocality: 0,
      });
      expect(n.rawScores?.PodTopologySpread).toBe(2); // 0·ln(5) + (3−1)
    }
    expect(r.evaluatedNodes).toBe(3);
    expect(r.feasibleNodes).toBe(3);
    expect(['a', 'b', 'c']).toContain(r.selected);
  });

  it('pod 2: the used node drops to 585 (Fit 90, Balanced 95, PTS raw 4 → 50·2), the others stay 692', () => {
    const r = schedule({ pod: mk('web-2'), nodes, replicaSets: [rs], podsOnNodes: [mk('web-1', 'a')] });
    const a = r.nodes.find((n) => n.node === 'a')!;
    expect(a.total).toBe(585);
    expect(a.scores).toMatchObject({
      NodeResourcesFit: 90,
      NodeResourcesBalancedAllocation: 95,
      PodTopologySpread: 100,
    });
    expect(a.rawScores?.PodTopologySpread).toBe(4);
    expect(r.nodes.filter((n) => n.node !== 'a').map((n) => n.total)).toEqual([692, 692]);
    expect(r.selected).not.toBe('a');
  });

  it('three replicas land one per node, for any seed', () => {
    for (let seed = 0; seed < 20; seed++) {
      const r = Rng.fromSeed(seed, 'scheduler');
      const bound: KObject[] = [];
      for (let i = 1; i <= 3; i++) {
        const res = schedule({ pod: mk(`web-${i}`), nodes, replicaSets: [rs], podsOnNodes: bound }, r);
        bound.push(mk(`web-${i}`, res.selected));
      }
      expect(new Set(bound.map((p) => p.spec.nodeName)).size).toBe(3);
    }
  });

  it('pod 3 sees 585, 585, 692', () => {
    const r = schedule({
      pod: mk('web-3'),
      nodes,
      replicaSets: [rs],
      podsOnNodes: [mk('web-1', 'a'), mk('web-2', 'b')],
    });
    expect(r.nodes.map((n) => n.total)).toEqual([585, 585, 692]);
    expect(r.selected).toBe('c');
  });

  it('with a distinct topology.kubernetes.io/zone per node the zone default constraint adds up: 617 vs 692', () => {
    const zoned = ['a', 'b', 'c'].map((n) => node(n, { labels: { 'topology.kubernetes.io/zone': `z-${n}` } }));
    const r = schedule({ pod: mk('web-2'), nodes: zoned, replicaSets: [rs], podsOnNodes: [mk('web-1', 'a')] });
    // a: round(1·ln5+2 + 1·ln5+4) = 9, b/c: 2+4 = 6 → 100·(9+6−9)/9 = 66 and 100
    expect(r.nodes.map((n) => n.rawScores?.PodTopologySpread)).toEqual([9, 6, 6]);
    expect(r.nodes.map((n) => n.total)).toEqual([617, 692, 692]);
  });

  it('a bare pod (no owner, no Service) skips PodTopologySpread; best-effort pods skip BalancedAllocation', () => {
    const r = schedule({ pod: pod('bare'), nodes });
    expect(r.nodes[0].scores).toEqual({
      TaintToleration: 300,
      NodeResourcesFit: 95,
      InterPodAffinity: 0,
      ImageLocality: 0,
    });
  });

  it('a Service selecting the pod also provides the default spreading selector', () => {
    const svc: KObject = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { app: 'web' } },
    };
    const p = (name: string, nodeName?: string) => pod(name, { cpu: '100m', labels: { app: 'web' }, nodeName });
    const r = schedule({ pod: p('x'), nodes, services: [svc], podsOnNodes: [p('y', 'a')] });
    expect(r.nodes.map((n) => n.scores?.PodTopologySpread)).toEqual([100, 200, 200]);
  });
});

describe('filters: reasons and FailedScheduling messages', () => {
  it('kind cluster, too much cpu: taint on the control plane, Insufficient cpu on the workers (brief example)', () => {
    const r = schedule({
      pod: pod('big', { cpu: '1500m' }),
      nodes: kindCluster(),
      options: PRE_DRA,
      podsOnNodes: [
        pod('a', { cpu: '1', nodeName: 'node-1' }),
        pod('b', { cpu: '1', nodeName: 'node-2' }),
        pod('c', { cpu: '1', nodeName: 'node-3' }),
      ],
    });
    expect(r.message).toBe(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
    );
    expect(r.nodes[0]).toMatchObject({ node: 'control-plane', rejectedBy: 'TaintToleration' });
    expect(r.nodes[1]).toMatchObject({ rejectedBy: 'NodeResourcesFit', reasons: ['Insufficient cpu'] });
    expect(r.selected).toBeUndefined();
  });

  it('v1.34 default adds the DynamicResources PostFilter reason', () => {
    const r = schedule({
      pod: pod('big', { cpu: '1500m' }),
      nodes: kindCluster(),
      podsOnNodes: [
        pod('a', { cpu: '1', nodeName: 'node-1' }),
        pod('b', { cpu: '1', nodeName: 'node-2' }),
        pod('c', { cpu: '1', nodeName: 'node-3' }),
      ],
    });
    expect(r.message).toBe(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. no new claims to deallocate, preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
    );
  });

  it('a request larger than any node is Unresolvable: preemption is not helpful anywhere', () => {
    const r = schedule({ pod: pod('huge', { cpu: '4', memory: '8Gi' }), nodes: kindCluster(), options: PRE_DRA });
    expect(r.message).toBe(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu, 3 Insufficient memory. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.',
    );
    expect(r.nodes[1].reasons).toEqual(['Insufficient cpu', 'Insufficient memory']);
  });

  it('generic taint wording (PR #134740) when enabled', () => {
    const r = schedule({
      pod: pod('p'),
      nodes: [node('cp', { taints: [CONTROL_PLANE_TAINT] })],
      options: { genericTaintMessage: true },
    });
    expect(r.nodes[0].reasons).toEqual(['node(s) had untolerated taint(s)']);
  });

  it('tolerated taints pass; NoExecute counts, PreferNoSchedule only scores', () => {
    const nodes = [
      node('x', { taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }] }),
      node('y', { taints: [{ key: 'soft', effect: 'PreferNoSchedule' }] }),
      node('z'),
    ];
    const r = schedule({ pod: pod('p'), nodes });
    expect(r.nodes[0].reasons).toEqual(['node(s) had untolerated taint {dedicated: db}']);
    expect(r.nodes[1].scores?.TaintToleration).toBe(0);
    expect(r.nodes[2].scores?.TaintToleration).toBe(300);
    expect(r.selected).toBe('z');
    const tol = pod('t', { spec: { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'db' }] } });
    expect(schedule({ pod: tol, nodes: [nodes[0]] }).selected).toBe('x');
  });

  it('Insufficient memory and Too many pods are both reported', () => {
    const n = node('n', { memory: '1Gi', pods: '1' });
    const r = schedule({
      pod: pod('p', { memory: '900Mi' }),
      nodes: [n],
      podsOnNodes: [pod('q', { memory: '200Mi', nodeName: 'n' })],
      options: PRE_DRA,
    });
    expect(r.nodes[0].reasons).toEqual(['Too many pods', 'Insufficient memory']);
    expect(r.message).toBe(
      '0/1 nodes are available: 1 Insufficient memory, 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
    );
  });

  it('init containers: max(sum of containers, largest init), plus overhead; ephemeral-storage and extended resources', () => {
    const p = pod('p', {
      cpu: '500m',
      spec: {
        initContainers: [{ name: 'init', image: 'busybox', resources: { requests: { cpu: '1500m' } } }],
        overhead: { cpu: '600m' },
      },
    });
    // max(500m, 1500m) + 600m = 2100m > 2000m
    expect(schedule({ pod: p, nodes: [node('n')] }).nodes[0].reasons).toEqual(['Insufficient cpu']);
    const gpu = pod('g', { requests: { 'nvidia.com/gpu': '1', 'ephemeral-storage': '2Gi' } });
    expect(schedule({ pod: gpu, nodes: [node('n', { ephemeral: '1Gi' })] }).nodes[0].reasons).toEqual([
      'Insufficient ephemeral-storage',
      'Insufficient nvidia.com/gpu',
    ]);
    expect(
      schedule({ pod: gpu, nodes: [node('n', { ephemeral: '10Gi', extended: { 'nvidia.com/gpu': '2' } })] }).selected,
    ).toBe('n');
  });

  it('sidecar (restartable) init containers stay resident for the containers after them', () => {
    const p = pod('p', {
      cpu: '1200m',
      spec: {
        initContainers: [
          { name: 'proxy', image: 'envoy', restartPolicy: 'Always', resources: { requests: { cpu: '900m' } } },
        ],
      },
    });
    expect(schedule({ pod: p, nodes: [node('n')] }).nodes[0].reasons).toEqual(['Insufficient cpu']); // 2100m
  });

  it('nodeSelector and required node affinity mismatch', () => {
    const nodes = [node('ssd', { labels: { disk: 'ssd' } }), node('hdd', { labels: { disk: 'hdd' } })];
    const sel = schedule({ pod: pod('p', { spec: { nodeSelector: { disk: 'ssd' } } }), nodes });
    expect(sel.selected).toBe('ssd');
    expect(sel.nodes[1]).toMatchObject({
      rejectedBy: 'NodeAffinity',
      reasons: ["node(s) didn't match Pod's node affinity/selector"],
    });
    const none = schedule({ pod: pod('p', { spec: { nodeSelector: { disk: 'nvme' } } }), nodes, options: PRE_DRA });
    expect(none.message).toBe(
      "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
    );
    const aff = pod('p', {
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'NotIn', values: ['ssd'] }] }],
            },
          },
        },
      },
    });
    expect(schedule({ pod: aff, nodes }).selected).toBe('hdd');
  });

  it('preferred node affinity scores matching nodes (weight 2)', () => {
    const nodes = [node('ssd', { labels: { disk: 'ssd' } }), node('hdd', { labels: { disk: 'hdd' } })];
    const p = pod('p', {
      spec: {
        affinity: {
          nodeAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              { weight: 10, preference: { matchExpressions: [{ key: 'disk', operator: 'In', values: ['hdd'] }] } },
            ],
          },
        },
      },
    });
    const r = schedule({ pod: p, nodes });
    expect(r.nodes.map((n) => n.scores?.NodeAffinity)).toEqual([0, 200]);
    expect(r.selected).toBe('hdd');
  });

  it('DaemonSet-style matchFields narrows the nodes; the others are absent from Filter', () => {
    const p = pod('ds', {
      cpu: '3',
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }],
            },
          },
        },
      },
    });
    const r = schedule({ pod: p, nodes: kindCluster(), options: PRE_DRA });
    expect(r.message).toBe(
      "0/4 nodes are available: 1 Insufficient cpu, 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    );
    expect(r.evaluatedNodes).toBe(1);
  });

  it('hostPort conflicts honour protocol and hostIP', () => {
    const nodes = [node('n1'), node('n2')];
    const holder = pod('holder', { hostPort: 8080, nodeName: 'n1' });
    const r = schedule({ pod: pod('p', { hostPort: 8080 }), nodes, podsOnNodes: [holder] });
    expect(r.nodes[0]).toMatchObject({
      rejectedBy: 'NodePorts',
      reasons: ["node(s) didn't have free ports for the requested pod ports"],
    });
    expect(r.selected).toBe('n2');
    const udp = pod('u', {
      spec: {
        containers: [{ name: 'c', image: 'x', ports: [{ containerPort: 53, hostPort: 8080, protocol: 'UDP' }] }],
      },
    });
    expect(schedule({ pod: udp, nodes: [nodes[0]], podsOnNodes: [holder] }).selected).toBe('n1');
    const ip = (name: string, hostIP: string, nodeName?: string) =>
      pod(name, {
        nodeName,
        spec: { containers: [{ name: 'c', image: 'x', ports: [{ containerPort: 1, hostPort: 9000, hostIP }] }] },
      });
    // Different specific IPs do not conflict; 0.0.0.0 conflicts with any IP.
    expect(
      schedule({ pod: ip('a', '10.0.0.1'), nodes: [nodes[0]], podsOnNodes: [ip('b', '10.0.0.2', 'n1')] }).selected,
    ).toBe('n1');
    expect(
      schedule({ pod: ip('a', '0.0.0.0'), nodes: [nodes[0]], podsOnNodes: [ip('b', '10.0.0.2', 'n1')] }).selected,
    ).toBeUndefined();
  });

  it('cordoned node', () => {
    const r = schedule({ pod: pod('p'), nodes: [node('n1', { unschedulable: true }), node('n2')] });
    expect(r.nodes[0]).toMatchObject({ rejectedBy: 'NodeUnschedulable', reasons: ['node(s) were unschedulable'] });
    expect(r.selected).toBe('n2');
    const tol = pod('t', {
      spec: { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' }] },
    });
    expect(schedule({ pod: tol, nodes: [node('n1', { unschedulable: true })] }).selected).toBe('n1');
  });

  it('spec.nodeName mismatch', () => {
    const r = schedule({ pod: pod('p', { spec: { nodeName: 'elsewhere' } }), nodes: [node('n1')] });
    expect(r.nodes[0]).toMatchObject({
      rejectedBy: 'NodeName',
      reasons: ["node(s) didn't match the requested node name"],
    });
  });

  it('no nodes at all: ErrNoNodesAvailable', () => {
    const r = schedule({ pod: pod('p'), nodes: [] });
    expect(r.message).toBe('no nodes available to schedule pods');
    expect(r.nodes).toEqual([]);
  });

  it('a single feasible node is chosen without scoring', () => {
    const r = schedule({ pod: pod('p'), nodes: kindCluster(1) });
    expect(r.selected).toBe('node-1');
    expect(r.nodes[1].scores).toBeUndefined();
    expect(r.evaluatedNodes).toBe(2);
    expect(r.feasibleNodes).toBe(1);
  });
});

describe('VolumeBinding', () => {
  const sc = (name: string, mode: string, provisioner = 'rancher.io/local-path'): KObject => ({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name },
    provisioner,
    volumeBindingMode: mode,
  });
  const pvc = (name: string, extra: Record<string, unknown> = {}): KObject => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra },
    status: { phase: 'Pending' },
  });
  const withClaim = (claimName: string) =>
    pod('db', { spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }] } });

  it('unbound immediate PVC (pkg/scheduler/schedule_one.go FitError form without DRA)', () => {
    const r = schedule({
      pod: withClaim('data'),
      nodes: [node('a'), node('b'), node('c')],
      pvcs: [pvc('data', { storageClassName: 'fast' })],
      storageClasses: [sc('fast', 'Immediate')],
      options: PRE_DRA,
    });
    expect(r.message).toBe(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
    expect(r.nodes[0]).toMatchObject({
      rejectedBy: 'VolumeBinding',
      reasons: ['pod has unbound immediate PersistentVolumeClaims'],
    });
  });

  it('v1.34: the missing DynamicResources state turns PostFilter into "not found"', () => {
    const r = schedule({
      pod: withClaim('data'),
      nodes: [node('a')],
      pvcs: [pvc('data', { storageClassName: 'missing' })],
    });
    expect(r.message).toBe('0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims. not found');
  });

  it('a PVC whose StorageClass does not exist stays unbound → immediate message', () => {
    const r = schedule({
      pod: withClaim('data'),
      nodes: [node('a')],
      pvcs: [pvc('data', { storageClassName: 'nope' })],
      storageClasses: [sc('standard', 'WaitForFirstConsumer')],
      options: PRE_DRA,
    });
    expect(r.nodes[0].reasons).toEqual(['pod has unbound immediate PersistentVolumeClaims']);
  });

  it('missing PVC', () => {
    const r = schedule({ pod: withClaim('gone'), nodes: [node('a'), node('b')], options: PRE_DRA });
    expect(r.message).toBe(
      '0/2 nodes are available: persistentvolumeclaim "gone" not found. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    );
  });

  it('WaitForFirstConsumer with a provisioner schedules and asks for provisioning on the chosen node', () => {
    const r = schedule({
      pod: withClaim('data'),
      nodes: [node('a')],
      pvcs: [pvc('data', { storageClassName: 'standard' })],
      storageClasses: [sc('standard', 'WaitForFirstConsumer')],
    });
    expect(r.selected).toBe('a');
    expect(r.volumeBinding).toEqual({ bind: [], provision: ['data'] });
  });

  it('WaitForFirstConsumer without a provisioner needs a matching local PV on the node', () => {
    const local = sc('local', 'WaitForFirstConsumer', 'kubernetes.io/no-provisioner');
    const pv: KObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv-b' },
      spec: {
        storageClassName: 'local',
        capacity: { storage: '5Gi' },
        accessModes: ['ReadWriteOnce'],
        nodeAffinity: {
          required: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['b'] }] },
            ],
          },
        },
      },
      status: { phase: 'Available' },
    };
    const r = schedule({
      pod: withClaim('data'),
      nodes: [node('a'), node('b')],
      pvcs: [pvc('data', { storageClassName: 'local' })],
      storageClasses: [local],
      pvs: [pv],
    });
    expect(r.nodes[0].reasons).toEqual(["node(s) didn't find available persistent volumes to bind"]);
    expect(r.selected).toBe('b');
    expect(r.volumeBinding).toEqual({ bind: [{ claim: 'data', volume: 'pv-b' }], provision: [] });
  });

  it("a bound PV's node affinity must match", () => {
    const pv: KObject = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv1' },
      spec: {
        nodeAffinity: {
          required: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['a'] }] },
            ],
          },
        },
      },
    };
    const bound = pvc('data', { storageClassName: 'standard', volumeName: 'pv1' });
    bound.status = { phase: 'Bound' };
    const r = schedule({ pod: withClaim('data'), nodes: [node('a'), node('b')], pvcs: [bound], pvs: [pv] });
    expect(r.nodes[1].reasons).toEqual(['node(s) had volume node affinity conflict']);
    expect(r.selected).toBe('a');
  });
});

describe('PodTopologySpread constraints', () => {
  const zoneNodes = [
    node('a1', { labels: { 'topology.kubernetes.io/zone': 'a' } }),
    node('b1', { labels: { 'topology.kubernetes.io/zone': 'b' } }),
    node('nolabel'),
  ];
  const spread = (name: string, nodeName?: string) =>
    pod(name, {
      labels: { app: 'web' },
      nodeName,
      spec: {
        topologySpreadConstraints: [
          {
            maxSkew: 1,
            topologyKey: 'topology.kubernetes.io/zone',
            whenUnsatisfiable: 'DoNotSchedule',
            labelSelector: { matchLabels: { app: 'web' } },
          },
        ],
      },
    });

  it('skew and missing label reasons', () => {
    const r = schedule({ pod: spread('p3'), nodes: zoneNodes, podsOnNodes: [spread('p1', 'a1')], options: PRE_DRA });
    expect(r.nodes[0]).toMatchObject({
      rejectedBy: 'PodTopologySpread',
      reasons: ["node(s) didn't match pod topology spread constraints"],
    });
    expect(r.nodes[2].reasons).toEqual([
      "node(s) didn't match pod topology spread constraints (missing required label)",
    ]);
    expect(r.selected).toBe('b1');
    const all = schedule({
      pod: spread('p4'),
      nodes: zoneNodes,
      podsOnNodes: [spread('p1', 'a1'), spread('p2', 'a1'), spread('p3', 'b1')],
      options: PRE_DRA,
    });
    expect(all.selected).toBe('b1');
  });
});

describe('InterPodAffinity', () => {
  const nodes = [node('n1', { labels: { zone: 'z1' } }), node('n2', { labels: { zone: 'z2' } })];
  const anti = (name: string, nodeName?: string) =>
    pod(name, {
      labels: { app: 'db' },
      nodeName,
      spec: {
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              { topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'db' } } },
            ],
          },
        },
      },
    });

  it('required anti-affinity and existing pods anti-affinity', () => {
    const r = schedule({ pod: anti('db-2'), nodes, podsOnNodes: [anti('db-1', 'n1')] });
    expect(r.nodes[0]).toMatchObject({
      rejectedBy: 'InterPodAffinity',
      reasons: ["node(s) didn't match pod anti-affinity rules"],
    });
    expect(r.selected).toBe('n2');
    const plain = schedule({
      pod: pod('x', { labels: { app: 'db' } }),
      nodes: [nodes[0]],
      podsOnNodes: [anti('db-1', 'n1')],
      options: PRE_DRA,
    });
    expect(plain.message).toBe(
      "0/1 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.",
    );
  });

  it('namespaceSelector in an anti-affinity term is resolved against namespace labels', () => {
    const ns = (name: string, labels: Record<string, string>): KObject => ({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, labels },
    });
    const p = pod('p', {
      namespace: 'team-a',
      spec: {
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                topologyKey: 'zone',
                labelSelector: { matchLabels: { app: 'noisy' } },
                namespaceSelector: { matchLabels: { env: 'prod' } },
              },
            ],
          },
        },
      },
    });
    const noisy = (name: string, namespace: string, nodeName: string) =>
      pod(name, { namespace, labels: { app: 'noisy' }, nodeName });
    const namespaces = [ns('team-a', { env: 'dev' }), ns('prod-1', { env: 'prod' }), ns('dev-1', { env: 'dev' })];
    const r = schedule({
      pod: p,
      nodes,
      namespaces,
      podsOnNodes: [noisy('x', 'prod-1', 'n1'), noisy('y', 'dev-1', 'n2')],
    });
    expect(r.nodes[0].reasons).toEqual(["node(s) didn't match pod anti-affinity rules"]);
    expect(r.selected).toBe('n2');
  });

  it('required affinity: nothing matches → only a self-matching first pod may go', () => {
    const aff = (labels: Record<string, string>) =>
      pod('web', {
        labels,
        spec: {
          affinity: {
            podAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'cache' } } },
              ],
            },
          },
        },
      });
    expect(schedule({ pod: aff({ app: 'web' }), nodes }).nodes[0].reasons).toEqual([
      "node(s) didn't match pod affinity rules",
    ]);
    expect(schedule({ pod: aff({ app: 'cache' }), nodes }).selected).toBeDefined();
    const r = schedule({
      pod: aff({ app: 'web' }),
      nodes,
      podsOnNodes: [pod('c', { labels: { app: 'cache' }, nodeName: 'n2' })],
    });
    expect(r.selected).toBe('n2');
  });

  it('preferred anti-affinity scores min-max normalised', () => {
    const p = pod('w', {
      labels: { app: 'w' },
      spec: {
        affinity: {
          podAntiAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              { weight: 100, podAffinityTerm: { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'w' } } } },
            ],
          },
        },
      },
    });
    const r = schedule({ pod: p, nodes, podsOnNodes: [pod('w0', { labels: { app: 'w' }, nodeName: 'n1' })] });
    expect(r.nodes.map((n) => n.scores?.InterPodAffinity)).toEqual([0, 200]);
    expect(r.selected).toBe('n2');
  });
});

describe('preemption', () => {
  it('evicts the lower-priority pod and nominates its node', () => {
    const low = pod('low', { cpu: '1500m', priority: 0, nodeName: 'n1' });
    const r = schedule({ pod: pod('high', { cpu: '1', priority: 1000 }), nodes: [node('n1')], podsOnNodes: [low] });
    expect(r.selected).toBeUndefined();
    expect(r.nominatedNode).toBe('n1');
    expect(r.victims).toEqual(['default/low']);
    expect(r.message).toBe('0/1 nodes are available: 1 Insufficient cpu.');
  });

  it('keeps victims that need not go (reprieve)', () => {
    const pods = [
      pod('a', { cpu: '500m', priority: 10, nodeName: 'n1' }),
      pod('b', { cpu: '1200m', priority: 5, nodeName: 'n1' }),
    ];
    const r = schedule({ pod: pod('high', { cpu: '700m', priority: 100 }), nodes: [node('n1')], podsOnNodes: pods });
    expect(r.victims).toEqual(['default/b']);
  });

  // default_preemption_test.go TestSelectBestCandidate / TestDryRunPreemption "pod with PDB".
  const pdb = (name: string, app: string, disruptionsAllowed: number): KObject =>
    ({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, namespace: 'default' },
      spec: { selector: { matchLabels: { app } } },
      status: { disruptionsAllowed },
    }) as KObject;

  it('prefers the node whose victims a PodDisruptionBudget does not protect', () => {
    const podsOnNodes = [
      pod('guarded', { cpu: '1500m', priority: 0, nodeName: 'n1', labels: { app: 'db' } }),
      pod('free', { cpu: '1500m', priority: 0, nodeName: 'n2', labels: { app: 'batch' } }),
    ];
    const high = pod('high', { cpu: '1', priority: 1000 });
    const nodes = [node('n1'), node('n2')];
    expect(schedule({ pod: high, nodes, podsOnNodes, pdbs: [pdb('db', 'db', 0)] }).victims).toEqual(['default/free']);
    expect(schedule({ pod: high, nodes, podsOnNodes, pdbs: [pdb('batch', 'batch', 0)] }).victims).toEqual([
      'default/guarded',
    ]);
  });

  it('reprieves the protected pod first, though it has the lower priority, and still preempts it if it must', () => {
    const podsOnNodes = [
      pod('guarded', { cpu: '800m', priority: 0, nodeName: 'n1', labels: { app: 'db' } }),
      pod('other', { cpu: '800m', priority: 5, nodeName: 'n1', labels: { app: 'batch' } }),
    ];
    const pdbs = [pdb('db', 'db', 0)];
    const needsOne = schedule({
      pod: pod('high', { cpu: '1', priority: 100 }),
      nodes: [node('n1')],
      podsOnNodes,
      pdbs,
    });
    expect(needsOne.victims).toEqual(['default/other']);
    const needsBoth = schedule({
      pod: pod('high', { cpu: '1800m', priority: 100 }),
      nodes: [node('n1')],
      podsOnNodes,
      pdbs,
    });
    // Victims stay ordered by importance (MoreImportantPod), whatever order they were reprieved in.
    expect(needsBoth.victims).toEqual(['default/other', 'default/guarded']);
  });

  it('preemptionPolicy Never', () => {
    const r = schedule({
      pod: pod('p', { cpu: '3', spec: { preemptionPolicy: 'Never' } }),
      nodes: [node('n', { cpu: '4' })],
      podsOnNodes: [pod('q', { cpu: '2', nodeName: 'n' })],
    });
    expect(r.message).toBe(
      '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
    );
  });
});

describe('nominated node', () => {
  it('a node nominated for a pod of higher priority counts that pod as there (addGENominatedPods)', () => {
    const waiting = pod('urgent', { cpu: '1500m', priority: 1000 });
    const snapshotInput = { nodes: [node('a')], podsOnNodes: [], pod: pod('low', { cpu: '1', priority: 0 }) };
    const withNominated = scheduleOnSnapshot(
      {
        pod: snapshotInput.pod,
        snapshot: buildSnapshot(snapshotInput),
        nominatedPods: [{ pod: waiting, node: 'a' }],
      },
      rng(),
    );
    expect(withNominated.selected).toBeUndefined();
    expect(withNominated.message).toMatch(/^0\/1 nodes are available: 1 Insufficient cpu\./);
    const lowerNominated = scheduleOnSnapshot(
      {
        pod: pod('high', { cpu: '1', priority: 2000 }),
        snapshot: buildSnapshot(snapshotInput),
        nominatedPods: [{ pod: waiting, node: 'a' }],
      },
      rng(),
    );
    expect(lowerNominated.selected).toBe('a');
  });

  it('a pod nominated by an earlier preemption goes straight to that node when it fits', () => {
    const p = pod('p');
    p.status = { phase: 'Pending', nominatedNodeName: 'b' };
    const r = schedule({ pod: p, nodes: [node('a'), node('b'), node('c')] });
    expect(r).toMatchObject({ selected: 'b', evaluatedNodes: 1, feasibleNodes: 1 });
    expect(r.nodes.every((n) => n.scores === undefined)).toBe(true);
  });

  it('falls back to all nodes when the nominated one does not fit', () => {
    const p = pod('p', { cpu: '1500m' });
    p.status = { phase: 'Pending', nominatedNodeName: 'a' };
    const r = schedule({ pod: p, nodes: [node('a'), node('b')], podsOnNodes: [pod('q', { cpu: '1', nodeName: 'a' })] });
    expect(r.selected).toBe('b');
    expect(r.nodes[0].reasons).toEqual(['Insufficient cpu']);
  });
});

describe('selectHost tie-breaking', () => {
  it('is uniform among the top scores and ignores lower ones', () => {
    const r = Rng.fromSeed(7, 'ties');
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    const N = 30000;
    for (let i = 0; i < N; i++) {
      counts[
        selectHost(
          [
            { name: 'a', total: 10 },
            { name: 'b', total: 10 },
            { name: 'c', total: 10 },
            { name: 'd', total: 9 },
          ],
          r,
        )
      ]++;
    }
    expect(counts.d).toBe(0);
    for (const k of ['a', 'b', 'c']) expect(Math.abs(counts[k] / N - 1 / 3)).toBeLessThan(0.015);
  });

  it('is deterministic for a seed', () => {
    const nodes = [node('a'), node('b'), node('c')];
    const picks = (seed: number) =>
      Array.from(
        { length: 10 },
        (_, i) => schedule({ pod: pod(`p${i}`), nodes }, Rng.fromSeed(seed + i, 's')).selected,
      );
    expect(picks(1)).toEqual(picks(1));
    expect(new Set(picks(1)).size).toBeGreaterThan(1);
  });
});

describe('ImageLocality', () => {
  it('scores nodes that already have a large image', () => {
    const nodes = [node('a'), node('b')];
    const big = { name: 'example.com/ml:1.0', sizeBytes: 500 * 1024 * 1024 };
    const r = schedule({ pod: pod('p', { image: 'example.com/ml:1.0' }), nodes, imagesOnNodes: { a: [big] } });
    // 500MiB · ½ = 250MiB → 100·(250−23)/(1000−23) = 23
    expect(r.nodes.map((n) => n.rawScores?.ImageLocality)).toEqual([23, 0]);
    expect(r.selected).toBe('a');
  });
});

describe('scale', () => {
  it('100 nodes and 1000 pods schedule deterministically and spread evenly', () => {
    const nodes = Array.from({ length: 100 }, (_, i) => node(`n${i}`, { cpu: '16', memory: '64Gi' }));
    const rs = replicaSet('big-1', { app: 'big' });
    const r = Rng.fromSeed(3, 'scale');
    const bound: KObject[] = [];
    let start = 0;
    for (let i = 0; i < 1000; i++) {
      const p = pod(`big-${i}`, { cpu: '100m', memory: '64Mi', labels: { app: 'big' }, ownerRS: 'big-1' });
      const res = runSchedulingCycle({ pod: p, nodes, podsOnNodes: bound, replicaSets: [rs], startIndex: start }, r);
      start = res.nextStartNodeIndex ?? 0;
      p.spec.nodeName = res.selected;
      bound.push(p);
    }
    const perNode = new Map<string, number>();
    for (const p of bound) perNode.set(p.spec.nodeName, (perNode.get(p.spec.nodeName) ?? 0) + 1);
    expect(perNode.size).toBe(100);
    expect(Math.max(...perNode.values()) - Math.min(...perNode.values())).toBeLessThanOrEqual(1);
  });
});
