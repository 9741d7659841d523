/**
 * Property tests over random clusters and manifests (fast-check): the scheduler never overcommits a node or
 * ignores a taint, a healthy cluster converges, and runs are deterministic. A small budget runs in `npm test`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClusterSpec, KObject, NodeSpec } from '../src/engine/api';
import { controlPlaneNode, GiB } from '../src/engine/cluster/defaultCluster';
import { parseBytes, parseCpuMillis } from '../src/engine/objects/quantity';
import { tolerationsTolerateTaint } from '../src/engine/objects/labels';
import { simulate } from '../src/engine/simulate';
import { objectsOf, worldAt } from '../src/engine/trace/worldAt';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);

const nodeArb = (i: number) =>
  fc
    .record({
      cpu: fc.integer({ min: 2, max: 8 }).map((n) => n * 500),
      memGi: fc.integer({ min: 2, max: 8 }),
      taint: fc.option(fc.constantFrom('NoSchedule', 'NoExecute'), { nil: undefined }),
      disk: fc.constantFrom('ssd', 'hdd'),
    })
    .map((n): NodeSpec => ({
      name: `node-${i + 1}`,
      cpu: n.cpu,
      memory: n.memGi * GiB,
      pods: 110,
      labels: { disktype: n.disk },
      taints: n.taint ? [{ key: 'dedicated', value: 'batch', effect: n.taint as 'NoSchedule' }] : [],
      images: ['registry.k8s.io/pause:3.10'],
    }));

const clusterArb = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => nodeArb(i))));

const deploymentArb = (i: number) =>
  fc
    .record({
      replicas: fc.integer({ min: 0, max: 6 }),
      cpu: fc.integer({ min: 0, max: 30 }).map((n) => n * 50),
      memMi: fc.integer({ min: 0, max: 16 }).map((n) => n * 128),
      tolerate: fc.boolean(),
      selector: fc.option(fc.constantFrom('ssd', 'hdd'), { nil: undefined }),
    })
    .map((d) => {
      const requests = [
        d.cpu ? `              cpu: ${d.cpu}m` : '',
        d.memMi ? `              memory: ${d.memMi}Mi` : '',
      ].filter(Boolean);
      return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-${i}
spec:
  replicas: ${d.replicas}
  selector:
    matchLabels:
      app: app-${i}
  template:
    metadata:
      labels:
        app: app-${i}
    spec:
${d.selector ? `      nodeSelector:\n        disktype: ${d.selector}\n` : ''}${d.tolerate ? '      tolerations:\n        - key: dedicated\n          operator: Exists\n' : ''}      containers:
        - name: app
          image: nginx:1.27-alpine
${requests.length ? `          resources:\n            requests:\n${requests.join('\n')}\n` : ''}`;
    });

const manifestArb = fc
  .integer({ min: 1, max: 3 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => deploymentArb(i))))
  .map((docs) => docs.join('---\n'));

function requests(pod: KObject): { cpu: number; mem: number } {
  let cpu = 0;
  let mem = 0;
  for (const c of pod.spec.containers ?? []) {
    cpu += parseCpuMillis(c.resources?.requests?.cpu ?? 0);
    mem += parseBytes(c.resources?.requests?.memory ?? 0);
  }
  return { cpu, mem };
}

function checkPlacement(objects: KObject[]): void {
  const nodes = objects.filter((o) => o.kind === 'Node');
  const pods = objects.filter(
    (o) => o.kind === 'Pod' && o.spec.nodeName && !['Succeeded', 'Failed'].includes(o.status?.phase),
  );
  for (const node of nodes) {
    const on = pods.filter((p) => p.spec.nodeName === node.metadata.name);
    const used = on.reduce((a, p) => ({ cpu: a.cpu + requests(p).cpu, mem: a.mem + requests(p).mem }), {
      cpu: 0,
      mem: 0,
    });
    expect(used.cpu).toBeLessThanOrEqual(parseCpuMillis(node.status.allocatable.cpu));
    expect(used.mem).toBeLessThanOrEqual(parseBytes(node.status.allocatable.memory));
    expect(on.length).toBeLessThanOrEqual(Number(node.status.allocatable.pods));
    for (const p of on) {
      for (const taint of node.spec.taints ?? []) {
        if (taint.effect === 'PreferNoSchedule') continue;
        expect(tolerationsTolerateTaint(p.spec.tolerations ?? [], taint)).toBe(true);
      }
    }
  }
}

describe('engine properties', () => {
  it('no node above its allocatable; no pod on a node whose taints it does not tolerate', () => {
    fc.assert(
      fc.property(clusterArb, manifestArb, fc.integer({ min: 1, max: 1000 }), (workers, yaml, seed) => {
        const cluster: Partial<ClusterSpec> = { nodes: [controlPlaneNode(), ...workers] };
        const run = simulate({ yaml, cluster, seed, untilMs: 60_000 });
        expect(run.apply.every((a) => a.ok)).toBe(true);
        for (const seq of [
          Math.floor(run.steps.length / 3),
          Math.floor((2 * run.steps.length) / 3),
          run.steps.length - 1,
        ])
          checkPlacement(objectsOf(worldAt(run, seq)));
      }),
      { numRuns: RUNS },
    );
  });

  it('a healthy cluster with room converges: every Deployment reaches its replicas Ready', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 1000 }),
        (nodeCount, sizes, seed) => {
          const yaml = sizes
            .map(
              (r, i) =>
                `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d${i}\nspec:\n  replicas: ${r}\n  selector:\n    matchLabels:\n      app: d${i}\n  template:\n    metadata:\n      labels:\n        app: d${i}\n    spec:\n      containers:\n        - name: c\n          image: nginx:1.27-alpine\n          resources:\n            requests:\n              cpu: 50m\n`,
            )
            .join('---\n');
          const run = simulate({ yaml, cluster: { nodeCount }, seed });
          expect(run.end.reason).toBe('quiescent');
          const objects = objectsOf(worldAt(run, run.steps.length - 1));
          sizes.forEach((r, i) => {
            const d = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === `d${i}`)!;
            expect(d.status.readyReplicas ?? 0).toBe(r);
            expect(d.status.availableReplicas ?? 0).toBe(r);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('same seed, same trace; every step is dense, time-ordered and causally earlier', () => {
    fc.assert(
      fc.property(manifestArb, fc.integer({ min: 1, max: 1000 }), (yaml, seed) => {
        const a = simulate({ yaml, seed, untilMs: 30_000 });
        const b = simulate({ yaml, seed, untilMs: 30_000 });
        expect(JSON.stringify(a.steps)).toBe(JSON.stringify(b.steps));
        a.steps.forEach((s, i) => {
          expect(s.seq).toBe(i);
          if (i) expect(s.time).toBeGreaterThanOrEqual(a.steps[i - 1].time);
          if (s.cause !== undefined) expect(s.cause).toBeLessThan(s.seq);
        });
      }),
      { numRuns: Math.max(4, Math.floor(RUNS / 2)) },
    );
  });
});
