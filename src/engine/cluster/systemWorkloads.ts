/**
 * kind's own workloads, as a fresh kind v0.30 cluster (node image v1.34) has them when the learner arrives: the
 * objects *and* their controllers' finished work, so that no controller has anything left to do.
 * - kubeadm's CoreDNS addon (cmd/kubeadm/app/phases/addons/dns/manifests.go): Deployment `coredns`, 2 replicas, its
 *   ReplicaSet `coredns-<pod-template-hash>` and Pods, placed on the control-plane node (they are created by
 *   `kubeadm init`, before any worker joins, and tolerate the control-plane taint);
 * - kubeadm's kube-proxy DaemonSet (cmd/kubeadm/app/phases/addons/proxy/manifests.go) and kind's `kindnet`
 *   (pkg/build/nodeimage/const_cni.go), one Pod on every node with the ControllerRevision the DaemonSet controller
 *   snapshots (pkg/controller/daemon/update.go `snapshot`, `getPatch`);
 * - kind's local-path-provisioner Deployment in `local-path-storage` (pkg/build/nodeimage/const_storage.go);
 * - the control plane's static Pods, whose mirror Pods the kubelet owns through the Node
 *   (pkg/kubelet/pod/mirror_client.go: ownerReferences to the Node, `controller: true`).
 * Statuses are those the controllers last wrote (observedGeneration, the Deployment conditions, the DaemonSet
 * counts), so a re-list after a restart finds nothing to change.
 */
import type { ClusterSpec } from '../api';
import { applyDefaults } from '../apiserver/defaults';
import { deepClone } from '../kernel/deepClone';
import type { Rng } from '../kernel/Rng';
import { generateName, podTemplateHash, uuid } from '../objects/names';
import type { KObject } from '../types';
import type { NodeAddressing } from './bootstrap';
import { metricsServerManifest } from './metricsServer';
import { METRICS_APISERVICE } from '../metrics/resourceMetrics';

export const COREDNS_IMAGE = 'registry.k8s.io/coredns/coredns:v1.12.1';
export const KINDNETD_IMAGE = 'docker.io/kindest/kindnetd:v20250512-df8de77b';
export const KUBE_PROXY_IMAGE = 'registry.k8s.io/kube-proxy:v1.34.1';
export const LOCAL_PATH_IMAGE = 'docker.io/kindest/local-path-provisioner:v20250214-acbabc1a';
export const LOCAL_PATH_HELPER_IMAGE = 'docker.io/kindest/local-path-helper:v20241212-8ac705d0';

/** The revision annotation and label names the controllers use. */
const REVISION = 'deployment.kubernetes.io/revision';
const DS_GENERATION = 'deprecated.daemonset.template.generation';

interface RunningPod {
  node: string;
  pod: KObject;
  ip: string;
}

interface SystemWorkloads {
  objects: KObject[];
  running: RunningPod[];
}

type Meta = (name: string, namespace?: string, extra?: Record<string, unknown>) => KObject['metadata'];

/** The ownerReference a controller sets on what it creates (metav1.NewControllerRef). */
function controllerRef(owner: KObject) {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}

const hostPath = (name: string, path: string, type?: string) => ({
  name,
  hostPath: { path, ...(type ? { type } : { type: '' }) },
});

export function systemWorkloads(
  cluster: ClusterSpec,
  addressing: NodeAddressing[],
  nodeUids: string[],
  meta: Meta,
  rng: Rng,
  t0: number,
): SystemWorkloads {
  const objects: KObject[] = [];
  const running: RunningPod[] = [];
  const cp = addressing[0];
  const podNet = cp.podCIDR.split('.').slice(0, 3).join('.');

  // ServiceAccounts and ConfigMaps the templates name: a Pod a controller creates again must pass the
  // ServiceAccount admission plugin and mount its ConfigMap.
  for (const [name, ns] of [
    ['coredns', 'kube-system'],
    ['kube-proxy', 'kube-system'],
    ['kindnet', 'kube-system'],
    ['local-path-provisioner-service-account', 'local-path-storage'],
  ])
    objects.push({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(name, ns) });
  objects.push({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('coredns', 'kube-system'),
    data: {
      Corefile:
        '.:53 {\n    errors\n    health {\n       lameduck 5s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n       pods insecure\n       fallthrough in-addr.arpa ip6.arpa\n       ttl 30\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf {\n       max_concurrent 1000\n    }\n    cache 30 {\n       disable success cluster.local\n       disable denial cluster.local\n    }\n    loop\n    reload\n    loadbalance\n}\n',
    },
  });
  objects.push({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('kube-proxy', 'kube-system', { labels: { app: 'kube-proxy' } }),
    data: {
      'config.conf':
        'apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nclusterCIDR: 10.244.0.0/16\nmode: iptables\n',
      'kubeconfig.conf':
        'apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n    server: https://kind-control-plane:6443\n  name: default\n',
    },
  });
  objects.push({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta('local-path-config', 'local-path-storage'),
    data: {
      'config.json':
        '{\n        "nodePathMap":[\n        {\n                "node":"DEFAULT_PATH_FOR_NON_LISTED_NODES",\n                "paths":["/var/local-path-provisioner"]\n        }\n        ]\n}',
      'helperPod.yaml': `apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\nspec:\n  containers:\n  - name: helper-pod\n    image: ${LOCAL_PATH_HELPER_IMAGE}\n    imagePullPolicy: IfNotPresent`,
      setup: '#!/bin/sh\nset -eu\nmkdir -m 0777 -p "$VOL_DIR"',
      teardown: '#!/bin/sh\nset -eu\nrm -rf "$VOL_DIR"',
    },
  });

  const defaultedSpecs = new Map<unknown, any>();
  /** A Pod as its controller created it and the kubelet reported it: Running, Ready, on `node`. */
  const pod = (
    owner: KObject,
    template: any,
    name: string,
    nodeIndex: number,
    ip: string,
    extraSpec: Record<string, unknown> = {},
  ): KObject => {
    const a = addressing[nodeIndex];
    // Defaulted once per template (a DaemonSet's Pods on 100 nodes share it), copied for each Pod.
    let defaulted = defaultedSpecs.get(template);
    if (!defaulted) {
      defaulted = applyDefaults({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: template.spec }).spec;
      defaultedSpecs.set(template, defaulted);
    }
    const spec = deepClone(defaulted);
    Object.assign(spec, extraSpec);
    spec.nodeName = a.name;
    if (spec.serviceAccountName) spec.serviceAccount = spec.serviceAccountName;
    // The Priority admission plugin resolves the class (pkg/scheduling: system-node-critical 2000001000,
    // system-cluster-critical 2000000000).
    spec.priority =
      spec.priorityClassName === 'system-node-critical'
        ? 2000001000
        : spec.priorityClassName === 'system-cluster-critical'
          ? 2000000000
          : 0;
    const containers = spec.containers as any[];
    const requests = containers.some((c) => Object.keys(c.resources?.requests ?? {}).length > 0);
    const p: KObject = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: meta(name, owner.metadata.namespace ?? 'kube-system', {
        generateName: name.slice(0, -5),
        labels: { ...template.metadata.labels },
        ownerReferences: [controllerRef(owner)],
      }),
      spec,
      status: {
        phase: 'Running',
        hostIP: a.ip,
        hostIPs: [{ ip: a.ip }],
        podIP: ip,
        podIPs: [{ ip }],
        qosClass: requests ? 'Burstable' : 'BestEffort',
        startTime: t0 + 5000,
        conditions: ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map(
          (type) => ({ type, status: 'True', lastProbeTime: null, lastTransitionTime: t0 + 8000 }),
        ),
        containerStatuses: containers.map((c) => ({
          name: c.name,
          image: c.image,
          imageID: '',
          ready: true,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: t0 + 7000 } },
          lastState: {},
        })),
      },
    };
    objects.push(p);
    running.push({ node: a.name, pod: p, ip });
    return p;
  };

  // ---- Deployments: the Deployment, its one ReplicaSet (revision 1), its Pods ---------------------------------
  const deployment = (
    name: string,
    namespace: string,
    labels: Record<string, string> | undefined,
    spec: Record<string, unknown>,
    ips: string[],
    nodeIndex = 0,
  ) => {
    const d = applyDefaults({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: meta(name, namespace, {
        ...(labels ? { labels } : {}),
        annotations: { [REVISION]: '1' },
        generation: 1,
      }),
      spec,
    });
    const replicas = d.spec.replicas as number;
    // As the deployment controller names it (controller.ComputeHash over the stored template, no collisions).
    const hash = podTemplateHash(d.spec.template, 0);
    const rsLabels = { ...d.spec.template.metadata.labels, 'pod-template-hash': hash };
    const template = deepClone(d.spec.template);
    template.metadata = { ...template.metadata, labels: rsLabels };
    const maxSurge = surge(d.spec.strategy?.rollingUpdate?.maxSurge, replicas);
    const rs: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: meta(`${name}-${hash}`, namespace, {
        labels: rsLabels,
        annotations: {
          'deployment.kubernetes.io/desired-replicas': String(replicas),
          'deployment.kubernetes.io/max-replicas': String(replicas + maxSurge),
          [REVISION]: '1',
        },
        ownerReferences: [controllerRef(d)],
        generation: 1,
      }),
      spec: {
        replicas,
        selector: { ...d.spec.selector, matchLabels: { ...d.spec.selector.matchLabels, 'pod-template-hash': hash } },
        template,
      },
      status: {
        replicas,
        fullyLabeledReplicas: replicas,
        readyReplicas: replicas,
        availableReplicas: replicas,
        observedGeneration: 1,
      },
    };
    const rsName = rs.metadata.name;
    // syncRolloutStatus's last write: Available from the first ready replicas, Progressing since the ReplicaSet was
    // created, NewReplicaSetAvailable once it was complete.
    d.status = {
      observedGeneration: 1,
      replicas,
      updatedReplicas: replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          reason: 'MinimumReplicasAvailable',
          message: 'Deployment has minimum availability.',
          lastUpdateTime: t0 + 8000,
          lastTransitionTime: t0 + 8000,
        },
        {
          type: 'Progressing',
          status: 'True',
          reason: 'NewReplicaSetAvailable',
          message: `ReplicaSet "${rsName}" has successfully progressed.`,
          lastUpdateTime: t0 + 8000,
          lastTransitionTime: t0 + 1000,
        },
      ],
    };
    objects.push(d, rs);
    // The DefaultTolerationSeconds admission plugin's two tolerations follow the template's.
    const tolerations = [
      ...(template.spec.tolerations ?? []),
      { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
      { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
    ];
    for (let i = 0; i < replicas; i++)
      pod(rs, template, generateName(rng, `${rsName}-`), nodeIndex, ips[i], {
        serviceAccountName: template.spec.serviceAccountName ?? 'default',
        tolerations,
      });
  };

  deployment(
    'coredns',
    'kube-system',
    { 'k8s-app': 'kube-dns' },
    {
      replicas: 2,
      selector: { matchLabels: { 'k8s-app': 'kube-dns' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      template: {
        metadata: { labels: { 'k8s-app': 'kube-dns' } },
        spec: {
          affinity: {
            podAntiAffinity: {
              preferredDuringSchedulingIgnoredDuringExecution: [
                {
                  podAffinityTerm: {
                    labelSelector: { matchExpressions: [{ key: 'k8s-app', operator: 'In', values: ['kube-dns'] }] },
                    topologyKey: 'kubernetes.io/hostname',
                  },
                  weight: 100,
                },
              ],
            },
          },
          containers: [
            {
              args: ['-conf', '/etc/coredns/Corefile'],
              image: COREDNS_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              name: 'coredns',
              ports: [
                { containerPort: 53, name: 'dns', protocol: 'UDP' },
                { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' },
                { containerPort: 9153, name: 'metrics', protocol: 'TCP' },
              ],
              resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
                readOnlyRootFilesystem: true,
              },
              volumeMounts: [{ mountPath: '/etc/coredns', name: 'config-volume', readOnly: true }],
            },
          ],
          dnsPolicy: 'Default',
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-cluster-critical',
          serviceAccountName: 'coredns',
          tolerations: [
            { key: 'CriticalAddonsOnly', operator: 'Exists' },
            { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' },
          ],
          volumes: [
            {
              configMap: { defaultMode: 420, items: [{ key: 'Corefile', path: 'Corefile' }], name: 'coredns' },
              name: 'config-volume',
            },
          ],
        },
      },
    },
    [`${podNet}.2`, `${podNet}.3`],
  );
  deployment(
    'local-path-provisioner',
    'local-path-storage',
    undefined,
    {
      replicas: 1,
      selector: { matchLabels: { app: 'local-path-provisioner' } },
      template: {
        metadata: { labels: { app: 'local-path-provisioner' } },
        spec: {
          containers: [
            {
              command: [
                'local-path-provisioner',
                '--debug',
                'start',
                '--helper-image',
                LOCAL_PATH_HELPER_IMAGE,
                '--config',
                '/etc/config/config.json',
              ],
              env: [{ name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } }],
              image: LOCAL_PATH_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              name: 'local-path-provisioner',
              volumeMounts: [{ mountPath: '/etc/config/', name: 'config-volume' }],
            },
          ],
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          serviceAccountName: 'local-path-provisioner-service-account',
          tolerations: [
            { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane', operator: 'Equal' },
            { effect: 'NoSchedule', key: 'node-role.kubernetes.io/master', operator: 'Equal' },
          ],
          volumes: [{ configMap: { defaultMode: 420, name: 'local-path-config' }, name: 'config-volume' }],
        },
      },
    },
    [`${podNet}.4`],
  );

  // ---- DaemonSets: the DaemonSet, its ControllerRevision 1, one Pod per node ---------------------------------
  const nodes = cluster.nodes.length;
  const daemonSet = (name: string, labels: Record<string, string>, spec: Record<string, unknown>) => {
    const ds = applyDefaults({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: meta(name, 'kube-system', { labels, annotations: { [DS_GENERATION]: '1' }, generation: 1 }),
      spec,
    });
    // dsc.snapshot: name `<ds>-<ComputeHash(template, collisionCount)>`, data = getPatch(ds).
    const hash = podTemplateHash(ds.spec.template, 0);
    const revision: KObject = {
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: meta(`${name}-${hash}`, 'kube-system', {
        labels: { ...ds.spec.template.metadata.labels, 'controller-revision-hash': hash },
        annotations: { ...ds.metadata.annotations },
        ownerReferences: [controllerRef(ds)],
      }),
      data: daemonSetPatch(ds),
      revision: 1,
    };
    ds.status = {
      currentNumberScheduled: nodes,
      desiredNumberScheduled: nodes,
      numberAvailable: nodes,
      numberMisscheduled: 0,
      numberReady: nodes,
      observedGeneration: 1,
      updatedNumberScheduled: nodes,
    };
    objects.push(ds, revision);
    const template = deepClone(ds.spec.template);
    // NewPod + the labels the controller adds (controller-revision-hash, pod-template-generation).
    template.metadata.labels = {
      ...template.metadata.labels,
      'controller-revision-hash': hash,
      'pod-template-generation': '1',
    };
    const hostNetwork = ds.spec.template.spec.hostNetwork === true;
    cluster.nodes.forEach((n, i) =>
      pod(ds, template, generateName(rng, `${name}-`), i, addressing[i].ip, {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [n.name] }] }],
            },
          },
        },
        tolerations: daemonPodTolerations(template.spec.tolerations ?? [], hostNetwork),
      }),
    );
  };
  daemonSet(
    'kindnet',
    { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' },
    {
      selector: { matchLabels: { app: 'kindnet' } },
      template: {
        metadata: { labels: { app: 'kindnet', 'k8s-app': 'kindnet', tier: 'node' } },
        spec: {
          containers: [
            {
              env: [
                { name: 'HOST_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.hostIP' } } },
                { name: 'POD_IP', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'status.podIP' } } },
                { name: 'POD_SUBNET', value: '10.244.0.0/16' },
                { name: 'CONTROL_PLANE_ENDPOINT', value: 'kind-control-plane:6443' },
              ],
              image: KINDNETD_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              name: 'kindnet-cni',
              resources: { limits: { cpu: '100m', memory: '50Mi' }, requests: { cpu: '100m', memory: '50Mi' } },
              securityContext: { capabilities: { add: ['NET_RAW', 'NET_ADMIN'] }, privileged: false },
              volumeMounts: [
                { mountPath: '/etc/cni/net.d', name: 'cni-cfg' },
                { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
                { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
              ],
            },
          ],
          hostNetwork: true,
          serviceAccountName: 'kindnet',
          tolerations: [{ operator: 'Exists' }],
          volumes: [
            hostPath('cni-cfg', '/etc/cni/net.d'),
            hostPath('xtables-lock', '/run/xtables.lock', 'FileOrCreate'),
            hostPath('lib-modules', '/lib/modules'),
          ],
        },
      },
    },
  );
  daemonSet(
    'kube-proxy',
    { 'k8s-app': 'kube-proxy' },
    {
      selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
      template: {
        metadata: { labels: { 'k8s-app': 'kube-proxy' } },
        spec: {
          containers: [
            {
              command: [
                '/usr/local/bin/kube-proxy',
                '--config=/var/lib/kube-proxy/config.conf',
                '--hostname-override=$(NODE_NAME)',
              ],
              env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
              image: KUBE_PROXY_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              name: 'kube-proxy',
              securityContext: { privileged: true },
              volumeMounts: [
                { mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' },
                { mountPath: '/run/xtables.lock', name: 'xtables-lock' },
                { mountPath: '/lib/modules', name: 'lib-modules', readOnly: true },
              ],
            },
          ],
          hostNetwork: true,
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-node-critical',
          serviceAccountName: 'kube-proxy',
          tolerations: [{ operator: 'Exists' }],
          volumes: [
            { configMap: { defaultMode: 420, name: 'kube-proxy' }, name: 'kube-proxy' },
            hostPath('xtables-lock', '/run/xtables.lock', 'FileOrCreate'),
            hostPath('lib-modules', '/lib/modules'),
          ],
        },
      },
    },
  );

  // ---- Static Pods of the control plane, as their mirror Pods -------------------------------------------------
  for (const [c, cpu] of [
    ['etcd', '100m'],
    ['kube-apiserver', '250m'],
    ['kube-controller-manager', '200m'],
    ['kube-scheduler', '100m'],
  ] as const) {
    const image = c === 'etcd' ? 'registry.k8s.io/etcd:3.6.4-0' : `registry.k8s.io/${c}:v1.34.1`;
    const configHash = uuid(rng).replace(/-/g, '');
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: cp.name, uid: nodeUids[0] } } as KObject;
    const p = pod(
      node,
      {
        metadata: { labels: { component: c, tier: 'control-plane' } },
        spec: {
          containers: [
            {
              image,
              imagePullPolicy: 'IfNotPresent',
              name: c,
              resources: { requests: { cpu, ...(c === 'etcd' ? { memory: '100Mi' } : {}) } },
            },
          ],
          hostNetwork: true,
          priorityClassName: 'system-node-critical',
          securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
          tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
        },
      },
      `${c}-${cp.name}`,
      0,
      cp.ip,
    );
    delete p.metadata.generateName;
    p.metadata.annotations = {
      ...(c === 'etcd' ? { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': `https://${cp.ip}:2379` } : {}),
      ...(c === 'kube-apiserver'
        ? { 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint': `${cp.ip}:6443` }
        : {}),
      'kubernetes.io/config.hash': configHash,
      'kubernetes.io/config.mirror': configHash,
      'kubernetes.io/config.source': 'file',
    };
    // A mirror Pod is controlled by its Node, without blockOwnerDeletion (kubelet's mirror_client.go).
    p.metadata.ownerReferences = [
      { apiVersion: 'v1', kind: 'Node', name: cp.name, uid: nodeUids[0], controller: true },
    ];
  }

  // ---- metrics-server, when the cluster option installs it (last: the default cluster draws nothing more) ------
  if (cluster.metricsServer) {
    // Scheduled as kube-scheduler would: it does not tolerate the control-plane taint, so the first worker.
    const nodeIndex = addressing.length > 1 ? 1 : 0;
    const net = addressing[nodeIndex].podCIDR.split('.').slice(0, 3).join('.');
    const ms = metricsServerManifest();
    objects.push(
      {
        ...ms.serviceAccount,
        metadata: meta('metrics-server', 'kube-system', { labels: { 'k8s-app': 'metrics-server' } }),
      },
      {
        ...ms.service,
        metadata: meta('metrics-server', 'kube-system', { labels: { 'k8s-app': 'metrics-server' } }),
      },
      { ...ms.apiService, metadata: meta(METRICS_APISERVICE, undefined, { labels: { 'k8s-app': 'metrics-server' } }) },
    );
    deployment(
      'metrics-server',
      'kube-system',
      { 'k8s-app': 'metrics-server' },
      ms.deploymentSpec,
      [`${net}.2`],
      nodeIndex,
    );
  }
  return { objects, running };
}

/** intstr.GetScaledValueFromIntOrPercent rounding up, as the deployment controller resolves maxSurge. */
function surge(v: unknown, replicas: number): number {
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(String(v ?? '25%'));
  return m ? Math.ceil((Number(m[1]) * replicas) / 100) : 0;
}

/**
 * The DaemonSet's template as a strategic-merge patch that replaces it (pkg/controller/daemon/update.go getPatch):
 * what a ControllerRevision stores, and what the DaemonSet controller compares to find the current revision.
 */
export function daemonSetPatch(ds: KObject): { spec: { template: Record<string, unknown> } } {
  return { spec: { template: { ...deepClone(ds.spec.template), $patch: 'replace' } } };
}

/**
 * util.AddOrUpdateDaemonPodTolerations (pkg/controller/daemon/util/daemonset_util.go): the taints a daemon Pod must
 * survive, appended unless an identical toleration is already there.
 */
export function daemonPodTolerations(existing: any[], hostNetwork: boolean): any[] {
  const out = [...existing];
  const add = (key: string, effect: string) => {
    const t = { key, operator: 'Exists', effect };
    if (!out.some((x) => x.key === key && x.operator === 'Exists' && x.effect === effect && !x.value)) out.push(t);
  };
  add('node.kubernetes.io/not-ready', 'NoExecute');
  add('node.kubernetes.io/unreachable', 'NoExecute');
  add('node.kubernetes.io/disk-pressure', 'NoSchedule');
  add('node.kubernetes.io/memory-pressure', 'NoSchedule');
  add('node.kubernetes.io/pid-pressure', 'NoSchedule');
  add('node.kubernetes.io/unschedulable', 'NoSchedule');
  if (hostNetwork) add('node.kubernetes.io/network-unavailable', 'NoSchedule');
  return out;
}
