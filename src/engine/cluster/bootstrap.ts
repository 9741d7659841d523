/**
 * The cluster as it is before the learner's `kubectl apply`: what kind + kubeadm leave in etcd (namespaces,
 * service accounts, the `kubernetes` Service, RBAC for the admin, the default StorageClass, Nodes with their
 * Leases) and kind's own workloads already running (systemWorkloads.ts). Created at negative virtual time (the cluster
 * is a few days old), without steps.
 */
import type { ClusterSpec, NodeSpec } from '../api';
import { systemWorkloads } from './systemWorkloads';
import { resolveImage } from '../images/resolveImage';
import type { Rng } from '../kernel/Rng';
import { uuid } from '../objects/names';
import { etcdKey, lookupResource } from '../objects/resources';
import type { KObject } from '../types';
import { formatCpuMillis } from '../objects/quantity';
import { SYSTEM_PRIORITY_CLASSES } from '../objects/priorityClasses';

const CLUSTER_AGE_MS = 5 * 24 * 3600 * 1000;
const KUBERNETES_SERVICE_IP = '10.96.0.1';

export interface NodeAddressing {
  name: string;
  ip: string;
  podCIDR: string;
}

function nodeAddressing(cluster: ClusterSpec): NodeAddressing[] {
  return cluster.nodes.map((n, i) => ({ name: n.name, ip: `172.18.0.${i + 2}`, podCIDR: `10.244.${i}.0/24` }));
}

export interface Bootstrap {
  objects: KObject[];
  addressing: NodeAddressing[];
  /** Pods already running on each node at time 0 (with the IPs they hold). */
  runningPods: Map<string, Array<{ pod: KObject; ip: string }>>;
}

/**
 * `systemRng` gives the uids of the objects the apiserver itself creates (its own stream, so adding them moved no
 * other bootstrap name or uid).
 */
export function bootstrapObjects(cluster: ClusterSpec, rng: Rng, systemRng: Rng = rng): Bootstrap {
  const t0 = -CLUSTER_AGE_MS;
  const objs: KObject[] = [];
  const meta = (name: string, namespace?: string, extra: Record<string, unknown> = {}) => ({
    name,
    ...(namespace ? { namespace } : {}),
    uid: uuid(rng),
    creationTimestamp: t0,
    ...extra,
  });
  for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage']) {
    objs.push({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: meta(ns, undefined, { labels: { 'kubernetes.io/metadata.name': ns } }),
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
    objs.push({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('default', ns) });
    objs.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('kube-root-ca.crt', ns, {
        annotations: {
          'kubernetes.io/description':
            'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.',
        },
      }),
      data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n(cluster CA)\n-----END CERTIFICATE-----\n' },
    });
  }
  const addressing = nodeAddressing(cluster);
  const cp = addressing[0];
  objs.push({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('kubernetes', 'default', { labels: { component: 'apiserver', provider: 'kubernetes' } }),
    spec: {
      clusterIP: KUBERNETES_SERVICE_IP,
      clusterIPs: [KUBERNETES_SERVICE_IP],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }],
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  });
  objs.push({
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: meta('kubernetes', 'default', { labels: { 'kubernetes.io/service-name': 'kubernetes' } }),
    addressType: 'IPv4',
    endpoints: [{ addresses: [cp.ip], conditions: { ready: true } }],
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  });
  // The apiserver's own endpoint reconciler (pkg/controlplane/reconcilers) writes the legacy Endpoints too, marked
  // so the EndpointSlice mirroring controller leaves it alone.
  objs.push({
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: meta('kubernetes', 'default', { labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } }),
    subsets: [{ addresses: [{ ip: cp.ip }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
  });
  objs.push({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('kube-dns', 'kube-system', {
      labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' },
    }),
    spec: {
      clusterIP: '10.96.0.10',
      clusterIPs: ['10.96.0.10'],
      internalTrafficPolicy: 'Cluster',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      ports: [
        { name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 },
        { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 },
        { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 },
      ],
      selector: { 'k8s-app': 'kube-dns' },
      sessionAffinity: 'None',
      type: 'ClusterIP',
    },
    status: { loadBalancer: {} },
  });
  // RBAC: kubeadm binds the admin kubeconfig's group to cluster-admin; view is used by 403 scenarios.
  objs.push({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: meta('cluster-admin', undefined, { labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } }),
    rules: [
      { apiGroups: ['*'], resources: ['*'], verbs: ['*'] },
      { nonResourceURLs: ['*'], verbs: ['*'] },
    ],
  });
  objs.push({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: meta('view', undefined, { labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } }),
    rules: [
      {
        apiGroups: [''],
        resources: [
          'pods',
          'services',
          'endpoints',
          'configmaps',
          'persistentvolumeclaims',
          'events',
          'namespaces',
          'serviceaccounts',
          'replicationcontrollers',
        ],
        verbs: ['get', 'list', 'watch'],
      },
      {
        apiGroups: ['apps'],
        resources: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'],
        verbs: ['get', 'list', 'watch'],
      },
      { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['get', 'list', 'watch'] },
    ],
  });
  objs.push({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: meta('kubeadm:cluster-admins'),
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'kubeadm:cluster-admins' }],
  });
  for (const o of cluster.rbac ?? [])
    objs.push({
      ...o,
      metadata: {
        ...meta(o.metadata.name, o.metadata.namespace),
        ...o.metadata,
        uid: uuid(rng),
        creationTimestamp: t0,
      },
    });
  objs.push({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: meta('standard', undefined, { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }),
    provisioner: 'rancher.io/local-path',
    reclaimPolicy: 'Delete',
    volumeBindingMode: 'WaitForFirstConsumer',
  });
  const runningPods = new Map<string, Array<{ pod: KObject; ip: string }>>();
  cluster.nodes.forEach((n, i) => {
    const a = addressing[i];
    objs.push(nodeObject(n, a, meta(n.name)));
    objs.push({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: meta(n.name, 'kube-node-lease', {
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: n.name, uid: '' }],
      }),
      spec: { holderIdentity: n.name, leaseDurationSeconds: 40, renewTime: -rng.intn(10_000) },
    });
    runningPods.set(n.name, []);
  });
  const nodeUids = objs.filter((o) => o.kind === 'Node').map((o) => o.metadata.uid!);
  const system = systemWorkloads(cluster, addressing, nodeUids, meta, rng, t0);
  objs.push(...system.objects);
  for (const r of system.running) runningPods.get(r.node)!.push({ pod: r.pod, ip: r.ip });
  // The apiserver's post-start hook `scheduling/bootstrap-system-priority-classes` (pkg/registry/scheduling/rest)
  // creates the two system PriorityClasses in every cluster, kind's included.
  for (const pc of SYSTEM_PRIORITY_CLASSES)
    objs.push({
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name: pc.name, uid: uuid(systemRng), creationTimestamp: t0 },
      value: pc.value,
      description: pc.description,
      preemptionPolicy: 'PreemptLowerPriority',
    });
  return { objects: objs, addressing, runningPods };
}

function nodeObject(n: NodeSpec, a: NodeAddressing, metadata: any): KObject {
  const cap = {
    cpu: formatCpuMillis(n.cpu),
    'ephemeral-storage': '102400Mi',
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: `${Math.round(n.memory / 1024)}Ki`,
    pods: String(n.pods),
  };
  const t = metadata.creationTimestamp;
  const cond = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    reason,
    message,
    lastHeartbeatTime: -5000,
    lastTransitionTime: t + 20_000,
  });
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      ...metadata,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': n.name,
        'kubernetes.io/os': 'linux',
        ...(n.labels ?? {}),
      },
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: {
      podCIDR: a.podCIDR,
      podCIDRs: [a.podCIDR],
      providerID: `kind://docker/kind/${n.name}`,
      ...(n.taints?.length
        ? { taints: n.taints.map((x) => ({ key: x.key, ...(x.value ? { value: x.value } : {}), effect: x.effect })) }
        : {}),
      ...(n.unschedulable ? { unschedulable: true } : {}),
    },
    status: {
      addresses: [
        { type: 'InternalIP', address: a.ip },
        { type: 'Hostname', address: n.name },
      ],
      allocatable: cap,
      capacity: cap,
      conditions: [
        cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      images: (n.images ?? []).map((ref) => {
        const img = resolveImage(ref);
        return { names: [ref], sizeBytes: img.ok ? img.size : 50_000_000 };
      }),
      nodeInfo: {
        architecture: 'amd64',
        bootID: metadata.uid,
        containerRuntimeVersion: 'containerd://2.1.3',
        kernelVersion: '6.8.0-85-generic',
        kubeProxyVersion: '',
        kubeletVersion: 'v1.34.1',
        machineID: metadata.uid.replace(/-/g, ''),
        operatingSystem: 'linux',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        systemUUID: metadata.uid,
      },
    },
  };
}

export function keyOf(o: KObject): string {
  const info = lookupResource(o.apiVersion, o.kind)!;
  return etcdKey(info, o.metadata.namespace, o.metadata.name);
}
