/**
 * Objects shaped as the simulated apiserver stores them (virtual-ms timestamps), for the kubectl printer tests:
 * a 3-replica Deployment `web` (nginx:1.27-alpine, cpu 100m) with its ReplicaSet, a Pod, Service, EndpointSlice
 * and Node — the reference scenario of facts-runtime §8.
 */
import type { KEvent, KObject } from '../types';

export const HASH = '7d9c8b6f5d';
export const POD_NAME = `web-${HASH}-x2x7k`;

export function deployment(overrides: Partial<KObject> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: 'web',
      namespace: 'default',
      uid: 'd-uid',
      resourceVersion: '1040',
      generation: 1,
      creationTimestamp: 0,
      labels: { app: 'web' },
      annotations: { 'deployment.kubernetes.io/revision': '1' },
    },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'nginx',
              image: 'nginx:1.27-alpine',
              ports: [{ containerPort: 80, protocol: 'TCP' }],
              resources: { requests: { cpu: '100m' } },
              imagePullPolicy: 'IfNotPresent',
            },
          ],
          restartPolicy: 'Always',
        },
      },
    },
    status: {
      observedGeneration: 1,
      replicas: 3,
      updatedReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          reason: 'MinimumReplicasAvailable',
          message: 'Deployment has minimum availability.',
        },
        {
          type: 'Progressing',
          status: 'True',
          reason: 'NewReplicaSetAvailable',
          message: `ReplicaSet "web-${HASH}" has successfully progressed.`,
        },
      ],
    },
    ...overrides,
  };
}

export function replicaSet(): KObject {
  const d = deployment();
  const template = JSON.parse(JSON.stringify(d.spec.template));
  template.metadata.labels['pod-template-hash'] = HASH;
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name: `web-${HASH}`,
      namespace: 'default',
      uid: 'rs-uid',
      creationTimestamp: 0,
      labels: { app: 'web', 'pod-template-hash': HASH },
      annotations: {
        'deployment.kubernetes.io/desired-replicas': '3',
        'deployment.kubernetes.io/max-replicas': '4',
        'deployment.kubernetes.io/revision': '1',
      },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: 'web',
          uid: 'd-uid',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web', 'pod-template-hash': HASH } },
      template,
    },
    status: { replicas: 3, fullyLabeledReplicas: 3, readyReplicas: 3, availableReplicas: 3, observedGeneration: 1 },
  };
}

export function pod(
  overrides: { name?: string; node?: string; ip?: string; status?: any; created?: number } = {},
): KObject {
  const name = overrides.name ?? POD_NAME;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      generateName: `web-${HASH}-`,
      namespace: 'default',
      uid: `${name}-uid`,
      resourceVersion: '1020',
      creationTimestamp: overrides.created ?? 0,
      labels: { app: 'web', 'pod-template-hash': HASH },
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'ReplicaSet',
          name: `web-${HASH}`,
          uid: 'rs-uid',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      containers: [
        {
          name: 'nginx',
          image: 'nginx:1.27-alpine',
          imagePullPolicy: 'IfNotPresent',
          ports: [{ containerPort: 80, protocol: 'TCP' }],
          resources: { requests: { cpu: '100m' } },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: [
            {
              name: 'kube-api-access-x7k2p',
              mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
              readOnly: true,
            },
          ],
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      nodeName: overrides.node ?? 'node-2',
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 0,
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: 'default',
      serviceAccountName: 'default',
      terminationGracePeriodSeconds: 30,
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
      volumes: [
        {
          name: 'kube-api-access-x7k2p',
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
              {
                downwardAPI: {
                  items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }],
                },
              },
            ],
          },
        },
      ],
    },
    status: overrides.status ?? {
      phase: 'Running',
      conditions: [
        { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: 1000 },
        { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: 0 },
        { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: 4000 },
        { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: 4000 },
        { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: 0 },
      ],
      hostIP: '172.18.0.3',
      hostIPs: [{ ip: '172.18.0.3' }],
      podIP: overrides.ip ?? '10.244.2.5',
      podIPs: [{ ip: overrides.ip ?? '10.244.2.5' }],
      qosClass: 'Burstable',
      startTime: 3000,
      containerStatuses: [
        {
          name: 'nginx',
          containerID: 'containerd://4f1c2b3a',
          image: 'docker.io/library/nginx:1.27-alpine',
          imageID: 'docker.io/library/nginx@sha256:65645c7b',
          ready: true,
          restartCount: 0,
          started: true,
          state: { running: { startedAt: 7000 } },
        },
      ],
    },
  };
}

export function service(name = 'web', created = 15_000): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'default', uid: `${name}-svc-uid`, creationTimestamp: created },
    spec: {
      type: 'ClusterIP',
      clusterIP: name === 'kubernetes' ? '10.96.0.1' : '10.96.123.45',
      clusterIPs: [name === 'kubernetes' ? '10.96.0.1' : '10.96.123.45'],
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
      sessionAffinity: 'None',
      selector: name === 'kubernetes' ? undefined : { app: 'web' },
      ports:
        name === 'kubernetes'
          ? [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }]
          : [{ port: 80, protocol: 'TCP', targetPort: 80 }],
    },
    status: { loadBalancer: {} },
  };
}

export function endpointSlice(ips = ['10.244.1.5', '10.244.2.7', '10.244.3.4']): KObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: 'web-7xk2p',
      namespace: 'default',
      creationTimestamp: 15_000,
      labels: {
        'kubernetes.io/service-name': 'web',
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      },
    },
    addressType: 'IPv4',
    endpoints: ips.map((ip, i) => ({
      addresses: [ip],
      conditions: { ready: true, serving: true, terminating: false },
      nodeName: `node-${i + 1}`,
    })),
    ports: [{ name: '', port: 80, protocol: 'TCP' }],
  };
}

export function node(name = 'node-2', ip = '172.18.0.3'): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      uid: `${name}-uid`,
      creationTimestamp: -5 * 86_400_000,
      labels: {
        'beta.kubernetes.io/arch': 'amd64',
        'beta.kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
      },
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: { podCIDR: '10.244.2.0/24', podCIDRs: ['10.244.2.0/24'], providerID: `kind://docker/kind/${name}` },
    status: {
      addresses: [
        { type: 'InternalIP', address: ip },
        { type: 'Hostname', address: name },
      ],
      capacity: { cpu: '2', 'ephemeral-storage': '102626232Ki', memory: '4Gi', pods: '110' },
      allocatable: { cpu: '2', 'ephemeral-storage': '102626232Ki', memory: '4Gi', pods: '110' },
      conditions: [
        {
          type: 'MemoryPressure',
          status: 'False',
          lastHeartbeatTime: 40_000,
          lastTransitionTime: -5 * 86_400_000,
          reason: 'KubeletHasSufficientMemory',
          message: 'kubelet has sufficient memory available',
        },
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: 40_000,
          lastTransitionTime: -5 * 86_400_000 + 20_000,
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
        },
      ],
      nodeInfo: {
        architecture: 'amd64',
        bootID: 'b1',
        containerRuntimeVersion: 'containerd://2.1.3',
        kernelVersion: '6.8.0-60-generic',
        kubeProxyVersion: '',
        kubeletVersion: 'v1.34.1',
        machineID: 'm1',
        operatingSystem: 'linux',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        systemUUID: 's1',
      },
    },
  };
}

export function event(e: Partial<KEvent> & Pick<KEvent, 'reason' | 'message'>): KEvent {
  return {
    type: 'Normal',
    source: 'kubelet',
    involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: POD_NAME, uid: `${POD_NAME}-uid` },
    firstTimestamp: 0,
    lastTimestamp: 0,
    count: 1,
    name: `${POD_NAME}.${e.reason.toLowerCase()}`,
    namespace: 'default',
    ...e,
  };
}
