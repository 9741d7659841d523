/** Small builders for scheduler tests (core/v1 Node and Pod objects as the apiserver would store them). */
import type { KObject } from '../../../types';

export interface NodeOpts {
  cpu?: string;
  memory?: string;
  pods?: string;
  ephemeral?: string;
  extended?: Record<string, string>;
  labels?: Record<string, string>;
  taints?: Array<{ key: string; value?: string; effect: string }>;
  unschedulable?: boolean;
  /** Omit the kubernetes.io/hostname label. */
  noHostname?: boolean;
}

export function node(name: string, o: NodeOpts = {}): KObject {
  const allocatable: Record<string, string> = {
    cpu: o.cpu ?? '2',
    memory: o.memory ?? '4Gi',
    pods: o.pods ?? '110',
    ...(o.ephemeral ? { 'ephemeral-storage': o.ephemeral } : {}),
    ...(o.extended ?? {}),
  };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: { ...(o.noHostname ? {} : { 'kubernetes.io/hostname': name }), ...(o.labels ?? {}) },
    },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: { allocatable, capacity: allocatable },
  };
}

export const CONTROL_PLANE_TAINT = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

/** The DESIGN.md §5 cluster: control-plane (tainted) + node-1..3 (2 CPU, 4 GiB, 110 pods). */
export function kindCluster(workers = 3): KObject[] {
  const out = [
    node('control-plane', {
      taints: [CONTROL_PLANE_TAINT],
      labels: { 'node-role.kubernetes.io/control-plane': '' },
    }),
  ];
  for (let i = 1; i <= workers; i++) out.push(node(`node-${i}`));
  return out;
}

export interface PodOpts {
  namespace?: string;
  cpu?: string;
  memory?: string;
  requests?: Record<string, string>;
  labels?: Record<string, string>;
  nodeName?: string;
  image?: string;
  ownerRS?: string;
  priority?: number;
  spec?: Record<string, unknown>;
  hostPort?: number;
  uid?: string;
}

export function pod(name: string, o: PodOpts = {}): KObject {
  const requests: Record<string, string> = { ...(o.requests ?? {}) };
  if (o.cpu) requests.cpu = o.cpu;
  if (o.memory) requests.memory = o.memory;
  const container: Record<string, unknown> = {
    name: 'app',
    image: o.image ?? 'nginx:1.27-alpine',
    ...(Object.keys(requests).length ? { resources: { requests } } : {}),
    ...(o.hostPort ? { ports: [{ containerPort: 80, hostPort: o.hostPort }] } : {}),
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: o.uid ?? `uid-${name}`,
      labels: o.labels ?? {},
      ...(o.ownerRS
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.ownerRS, uid: `uid-${o.ownerRS}`, controller: true },
            ],
          }
        : {}),
    },
    spec: {
      containers: [container],
      ...(o.nodeName ? { nodeName: o.nodeName } : {}),
      ...(o.priority !== undefined ? { priority: o.priority } : {}),
      ...(o.spec ?? {}),
    },
    status: { phase: o.nodeName ? 'Running' : 'Pending' },
  };
}

export function replicaSet(name: string, matchLabels: Record<string, string>, namespace = 'default'): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace },
    spec: { selector: { matchLabels }, replicas: 3 },
  };
}
