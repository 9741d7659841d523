/**
 * The Objects inspector's tree: the learner's objects and what controllers made from them, linked by
 * ownerReferences (Deployment → ReplicaSet → Pods; Service → EndpointSlice). System objects are left out.
 */
import type { WorldState } from '../engine/api';
import type { KObject } from '../engine/types';

export interface TreeNode {
  key: string;
  kind: string;
  name: string;
  namespace?: string;
  children: TreeNode[];
}

const HIDDEN_KINDS = new Set([
  'Event',
  'Lease',
  'ServiceAccount',
  'Namespace',
  'Node',
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
  'StorageClass',
  'PriorityClass',
]);
const SYSTEM_NAMESPACES = new Set(['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage']);
const KIND_ORDER = [
  'Namespace',
  'Deployment',
  'StatefulSet',
  'DaemonSet',
  'ReplicaSet',
  'ReplicationController',
  'Job',
  'Pod',
  'Service',
  'EndpointSlice',
  'ConfigMap',
  'Secret',
  'PersistentVolumeClaim',
  'PersistentVolume',
];

/** Objects the user's manifest (or its controllers) created: not bootstrap furniture. */
function isUserObject(key: string, o: KObject): boolean {
  if (HIDDEN_KINDS.has(o.kind) || SYSTEM_NAMESPACES.has(o.metadata.namespace ?? '')) return false;
  if (!key.startsWith('/registry/')) return false;
  // Bootstrap objects are created before time 0 (the cluster is days old); the learner's come after.
  return (o.metadata.creationTimestamp ?? 0) >= 0;
}

export function ownershipTree(world: Pick<WorldState, 'etcd'>): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  const objects: Array<[string, KObject]> = [];
  for (const [key, o] of world.etcd) {
    if (!isUserObject(key, o)) continue;
    objects.push([key, o]);
    nodes.set(o.metadata.uid ?? key, {
      key,
      kind: o.kind,
      name: o.metadata.name,
      namespace: o.metadata.namespace,
      children: [],
    });
  }
  const roots: TreeNode[] = [];
  for (const [key, o] of objects) {
    const node = nodes.get(o.metadata.uid ?? key)!;
    const owner = o.metadata.ownerReferences?.find((r) => r.controller) ?? o.metadata.ownerReferences?.[0];
    const parent = owner ? nodes.get(owner.uid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const order = (n: TreeNode) => {
    const i = KIND_ORDER.indexOf(n.kind);
    return i < 0 ? KIND_ORDER.length : i;
  };
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => order(a) - order(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}
