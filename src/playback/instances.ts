/**
 * Component instances: the things that have a box on the diagram and a lane in the sequence view. Cluster-wide
 * components have one instance; node-local ones (docs/CONTRACTS.md §2) have one per node, named `<component>@<node>`.
 */
import type { ClusterSpec } from '../engine/api';
import { NODE_LOCAL, type ComponentId, type Endpoint } from '../engine/types';

const CLUSTER_COMPONENTS: readonly ComponentId[] = [
  'kubectl',
  'kube-apiserver',
  'etcd',
  'kube-controller-manager',
  'kube-scheduler',
];
export const NODE_COMPONENTS: readonly ComponentId[] = ['kubelet', 'container-runtime', 'cni', 'kube-proxy'];

export interface Instance {
  id: string;
  component: ComponentId;
  node?: string;
}

export function instanceId(e: Pick<Endpoint, 'component' | 'node'>): string {
  return NODE_LOCAL.has(e.component) && e.node ? `${e.component}@${e.node}` : e.component;
}

/** Sub-parts named by an endpoint; the engine joins several with commas (`replicaset,endpointslice`). */
export function partsOf(e: Endpoint): string[] {
  return e.part ? e.part.split(',').filter(Boolean) : [];
}

export function isInternal(from: Endpoint, to: Endpoint): boolean {
  return instanceId(from) === instanceId(to);
}

/** Every instance of a cluster, in journey order: control plane first, then each node's components. */
export function clusterInstances(cluster: Pick<ClusterSpec, 'nodes'>): Instance[] {
  const out: Instance[] = CLUSTER_COMPONENTS.map((component) => ({ id: component, component }));
  for (const n of cluster.nodes) {
    for (const component of NODE_COMPONENTS) out.push({ id: `${component}@${n.name}`, component, node: n.name });
  }
  return out;
}

/** Node names with their role, control plane first (kind's naming: the tainted node is the control plane). */
export function nodeRoles(cluster: Pick<ClusterSpec, 'nodes'>): Array<{ name: string; controlPlane: boolean }> {
  return cluster.nodes.map((n) => ({
    name: n.name,
    controlPlane:
      n.labels?.['node-role.kubernetes.io/control-plane'] !== undefined ||
      (n.taints ?? []).some((t) => t.key === 'node-role.kubernetes.io/control-plane'),
  }));
}
