/**
 * The one set of object builders for tests: Nodes, Pods and ReplicaSets as the apiserver would store them. Two forms
 * of the same thing: chained, in the style of Kubernetes' scheduler testing wrappers
 * (`pkg/scheduler/testing/wrappers.go`: `MakePod().Name("p").Node("n").Obj()`), e.g.
 * `makePod('web').cpu('100m').node('node-1').obj()`; and `pod(name, opts)` / `node(name, opts)` for tables of cases.
 */
import type { KObject } from '../types';

interface NodeOpts {
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

/** The default cluster (docs/CONTRACTS.md §5): control-plane (tainted) + node-1..3 (2 CPU, 4 GiB, 110 pods). */
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

interface PodOpts {
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
  /** Default: Running when bound to a node, else Pending. */
  phase?: string;
  /** Adds the Ready condition, True or False. */
  ready?: boolean;
  ip?: string;
  creationTimestamp?: number;
  deletionTimestamp?: number;
  containers?: unknown[];
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
      ...(o.creationTimestamp !== undefined ? { creationTimestamp: o.creationTimestamp } : {}),
      ...(o.deletionTimestamp !== undefined ? { deletionTimestamp: o.deletionTimestamp } : {}),
      ...(o.ownerRS
        ? {
            ownerReferences: [
              { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: o.ownerRS, uid: `uid-${o.ownerRS}`, controller: true },
            ],
          }
        : {}),
    },
    spec: {
      containers: o.containers ?? [container],
      ...(o.nodeName ? { nodeName: o.nodeName } : {}),
      ...(o.priority !== undefined ? { priority: o.priority } : {}),
      ...(o.spec ?? {}),
    },
    status: {
      phase: o.phase ?? (o.nodeName ? 'Running' : 'Pending'),
      ...(o.ip ? { podIP: o.ip, podIPs: [{ ip: o.ip }] } : {}),
      ...(o.ready !== undefined ? { conditions: [{ type: 'Ready', status: o.ready ? 'True' : 'False' }] } : {}),
    },
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

/** A Pod under construction: each method sets one thing and returns the builder; `obj()` builds it. */
class PodBuilder {
  private readonly o: PodOpts = {};
  constructor(private readonly name: string) {}
  namespace(namespace: string): this {
    this.o.namespace = namespace;
    return this;
  }
  uid(uid: string): this {
    this.o.uid = uid;
    return this;
  }
  labels(labels: Record<string, string>): this {
    this.o.labels = { ...this.o.labels, ...labels };
    return this;
  }
  node(nodeName: string | undefined): this {
    this.o.nodeName = nodeName;
    return this;
  }
  image(image: string): this {
    this.o.image = image;
    return this;
  }
  cpu(cpu: string): this {
    this.o.cpu = cpu;
    return this;
  }
  memory(memory: string): this {
    this.o.memory = memory;
    return this;
  }
  requests(requests: Record<string, string>): this {
    this.o.requests = { ...this.o.requests, ...requests };
    return this;
  }
  priority(priority: number): this {
    this.o.priority = priority;
    return this;
  }
  hostPort(port: number): this {
    this.o.hostPort = port;
    return this;
  }
  ownedByReplicaSet(name: string): this {
    this.o.ownerRS = name;
    return this;
  }
  phase(phase: string): this {
    this.o.phase = phase;
    return this;
  }
  ready(ready = true): this {
    this.o.ready = ready;
    return this;
  }
  ip(ip: string): this {
    this.o.ip = ip;
    return this;
  }
  created(ms: number): this {
    this.o.creationTimestamp = ms;
    return this;
  }
  deleting(ms = 1_000): this {
    this.o.deletionTimestamp = ms;
    return this;
  }
  /** The containers as written, instead of the one `app` container the other methods describe. */
  containers(containers: unknown[]): this {
    this.o.containers = containers;
    return this;
  }
  /** Merged into the spec last: tolerations, affinity, hostname, … as written. */
  spec(spec: Record<string, unknown>): this {
    this.o.spec = { ...this.o.spec, ...spec };
    return this;
  }
  obj(): KObject {
    return pod(this.name, this.o);
  }
}

/** A Node under construction (2 CPU, 4 GiB, 110 Pods unless told otherwise). */
class NodeBuilder {
  private readonly o: NodeOpts = {};
  constructor(private readonly name: string) {}
  capacity(c: { cpu?: string; memory?: string; pods?: string; ephemeral?: string }): this {
    Object.assign(this.o, c);
    return this;
  }
  labels(labels: Record<string, string>): this {
    this.o.labels = { ...this.o.labels, ...labels };
    return this;
  }
  taint(key: string, effect: string, value?: string): this {
    this.o.taints = [...(this.o.taints ?? []), value === undefined ? { key, effect } : { key, value, effect }];
    return this;
  }
  unschedulable(): this {
    this.o.unschedulable = true;
    return this;
  }
  obj(): KObject {
    return node(this.name, this.o);
  }
}

export const makePod = (name: string): PodBuilder => new PodBuilder(name);
export const makeNode = (name: string): NodeBuilder => new NodeBuilder(name);
