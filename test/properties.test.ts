/**
 * Property tests over random clusters and manifests (fast-check): the scheduler never overcommits a node or
 * ignores a taint, a healthy cluster converges, and runs are deterministic — also when random interventions hit
 * the run at random times, and when a run is forked. A small budget runs in `npm test` (`PROPERTY_RUNS=200` for
 * more; `npm run fuzz` runs the intervention invariants at a larger budget too).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClusterSpec, KObject, Run } from '../src/engine/api';
import { controlPlaneNode } from '../src/engine/cluster/defaultCluster';
import { parseBytes, parseCpuMillis } from '../src/engine/objects/quantity';
import { tolerationsTolerateTaint } from '../src/engine/objects/labels';
import { Engine, simulate } from '../src/engine/simulate';
import { deployment } from '../src/scenarios/manifests';
import { objectsOf, worldAt } from '../src/engine/trace/worldAt';
import {
  interventionCase,
  manifestArb,
  userActionFor,
  workersArb as clusterArb,
  type InterventionCase,
} from './fuzz/interventionCase';
import { interventionViolations, requestsOf } from './fuzz/interventionInvariants';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);

function checkPlacement(objects: KObject[]): void {
  const nodes = objects.filter((o) => o.kind === 'Node');
  const pods = objects.filter(
    (o) => o.kind === 'Pod' && o.spec.nodeName && !['Succeeded', 'Failed'].includes(o.status?.phase),
  );
  for (const node of nodes) {
    const on = pods.filter((p) => p.spec.nodeName === node.metadata.name);
    const used = on.reduce((a, p) => ({ cpu: a.cpu + requestsOf(p).cpu, mem: a.mem + requestsOf(p).mem }), {
      cpu: 0,
      mem: 0,
    });
    expect(used.cpu).toBeLessThanOrEqual(parseCpuMillis(node.status.allocatable.cpu));
    expect(used.mem).toBeLessThanOrEqual(parseBytes(node.status.allocatable.memory));
    expect(on.length).toBeLessThanOrEqual(Number(node.status.allocatable.pods));
    for (const p of on) {
      // A static Pod's mirror never went through the scheduler: kubeadm's tolerate NoExecute only.
      if (p.metadata.annotations?.['kubernetes.io/config.mirror']) continue;
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

describe('engine properties under interventions', () => {
  const inputOf = (c: InterventionCase) => ({
    yaml: c.yaml,
    cluster: c.cluster,
    seed: c.seed,
    actions: c.actions,
    untilMs: c.untilMs,
    maxSteps: 20_000,
  });
  /** '' when two runs are byte-identical, else the first differing step (traces are too long to diff whole). */
  const firstDifference = (a: Partial<Run>, b: Partial<Run>): string => {
    const steps = Math.max(a.steps?.length ?? 0, b.steps?.length ?? 0);
    for (let i = 0; i < steps; i++) {
      const x = JSON.stringify(a.steps?.[i]);
      const y = JSON.stringify(b.steps?.[i]);
      if (x !== y) return `step ${i}:\n${x}\n${y}`;
    }
    for (const k of ['history', 'output', 'end'] as const)
      if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return `${k} differs`;
    return '';
  };
  const report = (r: Run) => (v: string[]) => (v.length ? `${v.join('\n')}\nend: ${r.end.reason}` : '');

  it('random interventions at random times: no overcommit, no untolerated taint at binding, NoExecute evicts', () => {
    fc.assert(
      fc.property(interventionCase, (c) => {
        const run = simulate(inputOf(c));
        expect(report(run)(interventionViolations(run, c.actions))).toBe('');
      }),
      { numRuns: RUNS },
    );
  });

  it('the same seed and the same interventions give a byte-identical trace', () => {
    fc.assert(
      fc.property(interventionCase, (c) => {
        expect(firstDifference(simulate(inputOf(c)), simulate(inputOf(c)))).toBe('');
      }),
      { numRuns: Math.max(3, Math.floor(RUNS / 3)) },
    );
  });

  it('fork(k, A) equals a fresh run with the earlier actions and A pinned at k, and keeps the invariants', () => {
    const forkCase = interventionCase.chain((c) => {
      const nodes = (c.cluster.nodes ?? []).map((n) => n.name);
      const deployments = c.yaml.split('kind: Deployment').length - 1;
      return fc.tuple(
        fc.constant(c),
        fc.double({ min: 0, max: 1, noNaN: true }),
        userActionFor(nodes, deployments, c.yaml),
      );
    });
    fc.assert(
      fc.property(forkCase, ([c, where, action]) => {
        const engine = new Engine(inputOf(c));
        const original = engine.run();
        const at = Math.min(original.steps.length - 1, Math.floor(where * original.steps.length));
        const forked = engine.fork(at, action);
        const pinned = [...engine.actionsBefore(at), { atStep: at, action }];
        const fresh = simulate({ ...inputOf(c), actions: pinned });
        expect(firstDifference(forked, fresh)).toBe('');
        expect(firstDifference({ steps: forked.steps.slice(0, at) }, { steps: original.steps.slice(0, at) })).toBe('');
        expect(report(forked)(interventionViolations(forked, pinned))).toBe('');
      }),
      { numRuns: Math.max(3, Math.floor(RUNS / 3)) },
    );
  });

  // Found by the property above: a Pod the scheduler binds to node-1 just after `kubectl taint … :NoExecute` (its
  // cache had not seen the taint yet) must still be evicted — the tainteviction controller handles Pod updates
  // (handlePodUpdate → processPodOnNode), not only Node updates.
  it('a Pod bound while a NoExecute taint races the scheduler is evicted too', () => {
    const actions = [
      {
        atMs: 45,
        action: { type: 'taint' as const, node: 'node-1', key: 'k', value: 'v', effect: 'NoExecute' as const },
      },
    ];
    const run = simulate({ yaml: deployment({ replicas: 3 }), actions });
    expect(interventionViolations(run, actions)).toEqual([]);
  });
});
