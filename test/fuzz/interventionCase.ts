/**
 * Random clusters, manifests and intervention sequences for the engine's invariants under interventions: the
 * actions name the generated Deployments (`app-N`) and nodes, so most of them hit something. Shared by
 * test/properties.test.ts (a small budget) and `npm run fuzz`.
 */
import fc from 'fast-check';
import type { ClusterSpec, NodeSpec, TimedAction, UserAction } from '../../src/engine/api';
import { controlPlaneNode, GiB } from '../../src/engine/cluster/defaultCluster';

export interface InterventionCase {
  cluster: Partial<ClusterSpec>;
  yaml: string;
  seed: number;
  actions: TimedAction[];
  untilMs: number;
}

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

/** 1–4 workers with random sizes, disk labels and an optional `dedicated=batch` taint. */
export const workersArb = fc
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

/** `count` Deployments `app-0`…, nginx with random requests, replicas, nodeSelector and toleration. */
const manifestOf = (count: number) =>
  fc.tuple(...Array.from({ length: count }, (_, i) => deploymentArb(i))).map((docs) => docs.join('---\n'));

/** 1–3 Deployments. */
export const manifestArb = fc.integer({ min: 1, max: 3 }).chain(manifestOf);

/** One intervention aimed at this cluster and manifest (`reapply` is another manifest with the same names). */
export function userActionFor(nodes: string[], deployments: number, reapply: string): fc.Arbitrary<UserAction> {
  const node = fc.constantFrom(...nodes);
  const app = fc.integer({ min: 0, max: deployments - 1 }).map((i) => `app-${i}`);
  const nodeLocal = fc.constantFrom('kubelet', 'kube-proxy', 'cni', 'container-runtime');
  const central = fc.constantFrom('kube-scheduler', 'kube-controller-manager', 'kube-apiserver');
  // Taints and node-local faults are weighted up: they are what placement and eviction invariants are about.
  return fc.oneof(
    { arbitrary: app.map((name): UserAction => ({ type: 'delete-pod', name: `$pod:${name}` })), weight: 1 },
    {
      arbitrary: fc
        .tuple(app, fc.integer({ min: 0, max: 6 }))
        .map(([name, replicas]): UserAction => ({ type: 'scale', kind: 'Deployment', name, replicas })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(app, fc.constantFrom('nginx:1.28-alpine', 'nginx:nope', 'busybox:1.36'))
        .map(([deployment, image]): UserAction => ({ type: 'set-image', deployment, container: 'app', image })),
      weight: 1,
    },
    { arbitrary: app.map((deployment): UserAction => ({ type: 'rollout-undo', deployment })), weight: 1 },
    { arbitrary: node.map((n): UserAction => ({ type: 'cordon', node: n })), weight: 1 },
    { arbitrary: node.map((n): UserAction => ({ type: 'uncordon', node: n })), weight: 1 },
    {
      arbitrary: node.map((n): UserAction => ({ type: 'drain', node: n, ignoreDaemonSets: true, timeoutSeconds: 20 })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          node,
          fc.constantFrom('dedicated', 'k'),
          fc.constantFrom('NoSchedule', 'NoExecute', 'NoExecute', 'PreferNoSchedule'),
        )
        .map(([n, key, effect]): UserAction => ({
          type: 'taint',
          node: n,
          key,
          value: key === 'dedicated' ? 'batch' : 'v',
          effect: effect as 'NoExecute',
        })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('stop', 'start'), nodeLocal, node)
        .map(([type, component, n]): UserAction => ({ type: type as 'stop', component, node: n })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('stop', 'start'), central)
        .map(([type, component]): UserAction => ({ type: type as 'stop', component })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('stop', 'start'), fc.integer({ min: 0, max: 2 }))
        .map(([type, member]): UserAction => ({ type: type as 'stop', component: 'etcd', member })),
      weight: 1,
    },
    { arbitrary: fc.boolean().map((reachable): UserAction => ({ type: 'registry', reachable })), weight: 1 },
    { arbitrary: fc.constant<UserAction>({ type: 'apply', yaml: reapply }), weight: 1 },
  );
}

/** Half the actions land in the first 3 s, while the first Pods are still being scheduled and started. */
const atMsArb = fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 60_000 }));

/** A cluster, a manifest and 1–6 interventions at random virtual times in the first minute. */
export const interventionCase: fc.Arbitrary<InterventionCase> = fc
  .tuple(workersArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 1000 }))
  .chain(([workers, count, seed]) => {
    const nodes = ['control-plane', ...workers.map((w) => w.name)];
    return fc.tuple(manifestOf(count), manifestOf(count)).chain(([yaml, reapply]) =>
      fc
        .array(
          fc
            .tuple(atMsArb, userActionFor(nodes, count, reapply))
            .map(([atMs, action]): TimedAction => ({ atMs, action })),
          { minLength: 1, maxLength: 6 },
        )
        .map((actions): InterventionCase => ({
          cluster: { nodes: [controlPlaneNode(), ...workers] },
          yaml,
          seed,
          actions,
          untilMs: 90_000,
        })),
    );
  });
