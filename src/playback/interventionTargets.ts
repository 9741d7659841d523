/**
 * What an intervention can aim at, as of a step: the Pods and Deployments that exist then (the learner picks from
 * `kubectl get pods`, not from the future), the nodes, and every stoppable component instance.
 */
import type { ClusterSpec, WorldState } from '../engine/api';

const SYSTEM_NS = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage']);

interface ComponentTarget {
  id: string;
  label: string;
  target: { component: string; node?: string; member?: number };
}

interface InterventionTargets {
  pods: string[];
  deployments: Array<{ name: string; containers: Array<{ name: string; image: string }> }>;
  nodes: string[];
  components: ComponentTarget[];
}

const NODE_COMPONENTS = ['kubelet', 'kube-proxy', 'container-runtime', 'cni'] as const;

export function interventionTargets(world: WorldState, cluster: ClusterSpec): InterventionTargets {
  const objects = [...world.etcd.values()].filter(
    (o) => !SYSTEM_NS.has(o.metadata.namespace ?? '') && o.metadata.deletionTimestamp === undefined,
  );
  const pods = objects
    .filter((o) => o.kind === 'Pod' && (o.metadata.namespace ?? 'default') === 'default')
    .map((o) => o.metadata.name)
    .sort();
  const deployments = objects
    .filter((o) => o.kind === 'Deployment' && (o.metadata.namespace ?? 'default') === 'default')
    .map((d) => ({
      name: d.metadata.name as string,
      containers: ((d.spec?.template?.spec?.containers ?? []) as Array<{ name: string; image: string }>).map((c) => ({
        name: c.name,
        image: c.image,
      })),
    }));
  const nodes = cluster.nodes.map((n) => n.name);
  const components: ComponentTarget[] = [
    { id: 'kube-apiserver', label: 'kube-apiserver', target: { component: 'kube-apiserver' } },
    { id: 'kube-scheduler', label: 'kube-scheduler', target: { component: 'kube-scheduler' } },
    {
      id: 'kube-controller-manager',
      label: 'kube-controller-manager',
      target: { component: 'kube-controller-manager' },
    },
  ];
  for (let m = 0; m < cluster.etcdMembers; m++)
    components.push({ id: `etcd-${m}`, label: `etcd (member etcd-${m})`, target: { component: 'etcd', member: m } });
  for (const node of nodes)
    for (const c of NODE_COMPONENTS)
      components.push({ id: `${c}@${node}`, label: `${c} @ ${node}`, target: { component: c, node } });
  return { pods, deployments, nodes, components };
}
