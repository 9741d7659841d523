/**
 * The default cluster (docs/CONTRACTS.md §5): a kind-style `control-plane` node tainted NoSchedule and workers
 * node-1..N (2 CPU, 4 GiB, 110 pods), 3 etcd members, the `kubernetes-admin` kubeconfig user.
 */
import type { ClusterSpec, NodeSpec } from '../api';
import {
  COREDNS_IMAGE,
  KINDNETD_IMAGE,
  KUBE_PROXY_IMAGE,
  LOCAL_PATH_HELPER_IMAGE,
  LOCAL_PATH_IMAGE,
} from './systemWorkloads';

export const GiB = 1024 * 1024 * 1024;

/**
 * Images every kind node has before any workload runs: the node image preloads the sandbox image and the add-ons'
 * images (kind's pkg/build/nodeimage), so a system Pod recreated on any node finds its image "already present".
 */
export const PRELOADED_IMAGES = [
  'registry.k8s.io/pause:3.10',
  COREDNS_IMAGE,
  'registry.k8s.io/etcd:3.6.4-0',
  KUBE_PROXY_IMAGE,
  KINDNETD_IMAGE,
  LOCAL_PATH_IMAGE,
  LOCAL_PATH_HELPER_IMAGE,
];

export function workerNode(i: number, over: Partial<NodeSpec> = {}): NodeSpec {
  const zones = ['zone-a', 'zone-b', 'zone-c'];
  return {
    name: `node-${i}`,
    cpu: 2000,
    memory: 4 * GiB,
    pods: 110,
    labels: { 'topology.kubernetes.io/zone': zones[(i - 1) % zones.length] },
    images: [...PRELOADED_IMAGES],
    ...over,
  };
}

export function controlPlaneNode(): NodeSpec {
  return {
    name: 'control-plane',
    cpu: 2000,
    memory: 4 * GiB,
    pods: 110,
    labels: {
      'node-role.kubernetes.io/control-plane': '',
      'node.kubernetes.io/exclude-from-external-load-balancers': '',
      'topology.kubernetes.io/zone': 'zone-a',
    },
    taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
    images: [...PRELOADED_IMAGES],
  };
}

export function defaultCluster(workers = 3): ClusterSpec {
  return {
    nodes: [controlPlaneNode(), ...Array.from({ length: workers }, (_, i) => workerNode(i + 1))],
    etcdMembers: 3,
  };
}

/** Fills in what a partial cluster description leaves out. */
export function resolveCluster(partial: (Partial<ClusterSpec> & { nodeCount?: number }) | undefined): ClusterSpec {
  const base = defaultCluster(partial?.nodeCount ?? 3);
  return {
    ...base,
    ...(partial ?? {}),
    nodes: partial?.nodes ?? base.nodes,
    etcdMembers: partial?.etcdMembers ?? 3,
  };
}
