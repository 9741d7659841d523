import type { Scenario } from './Scenario';
import { controlPlaneNode, workerNode } from '../engine/cluster/defaultCluster';
import { deployment } from './manifests';

const resources = (cpu: string, memory?: string) => `          resources:
            requests:
              cpu: ${cpu}
${memory ? `              memory: ${memory}\n` : ''}`;

export const pendingScenarios: Scenario[] = [
  {
    id: 'pending-insufficient-cpu',
    family: 'pending',
    title: 'Pending: a request larger than any node (cpu)',
    lesson:
      'No worker has 3 CPUs: every node fails NodeResourcesFit, the control plane fails on its taint, so the scheduler reports FailedScheduling and the Pod stays Pending.',
    input: { yaml: deployment({ extraContainer: resources('3') }) },
  },
  {
    id: 'pending-insufficient-memory',
    family: 'pending',
    title: 'Pending: not enough memory',
    lesson: 'Requests are reservations: 6Gi cannot fit on a 4Gi node even if nothing runs there.',
    input: { yaml: deployment({ extraContainer: resources('100m', '6Gi') }) },
  },
  {
    id: 'pending-untolerated-taint',
    family: 'pending',
    title: 'Pending: every worker is tainted',
    lesson: 'A NoSchedule taint keeps Pods away unless they tolerate it.',
    input: {
      yaml: deployment({}),
      cluster: {
        nodes: [
          controlPlaneNode(),
          ...[1, 2, 3].map((i) =>
            workerNode(i, { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
          ),
        ],
      },
    },
  },
  {
    id: 'pending-node-selector',
    family: 'pending',
    title: 'Pending: nodeSelector matches no node',
    lesson: 'nodeSelector disktype=ssd: no node carries that label, so NodeAffinity rejects them all.',
    input: { yaml: deployment({ podSpecExtra: '      nodeSelector:\n        disktype: ssd\n' }) },
  },
  {
    id: 'pending-host-port',
    family: 'pending',
    title: 'Pending: hostPort conflict',
    lesson: 'Four replicas want hostPort 8080 but there are only three workers: the fourth has nowhere to go.',
    input: {
      yaml: deployment({
        replicas: 4,
        extraContainer: '          ports:\n            - containerPort: 80\n              hostPort: 8080\n',
      }),
    },
  },
  {
    id: 'pending-pvc-missing-storageclass',
    family: 'pending',
    title: 'Pending: the PVC names a StorageClass that does not exist',
    lesson:
      'The claim stays Pending (ProvisioningFailed), so the Pod using it is unschedulable: "pod has unbound immediate PersistentVolumeClaims".',
    input: {
      yaml: `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  storageClassName: fast-ssd
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
${deployment({ podSpecExtra: '      volumes:\n        - name: data\n          persistentVolumeClaim:\n            claimName: data\n' })}`,
    },
  },
  {
    id: 'pvc-dynamic-provisioning',
    family: 'storage',
    title: 'A PersistentVolumeClaim provisioned for its first consumer',
    lesson:
      'The default StorageClass waits for a consumer: the scheduler picks a node, annotates the claim, the local-path provisioner creates the volume there, and only then is the Pod bound.',
    input: {
      yaml: `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
${deployment({ podSpecExtra: '      volumes:\n        - name: data\n          persistentVolumeClaim:\n            claimName: data\n', extraContainer: '          volumeMounts:\n            - name: data\n              mountPath: /data\n' })}`,
    },
  },
  {
    id: 'priority-preemption',
    family: 'pending',
    title: 'Preemption: a high-priority Pod makes room by evicting a low-priority one',
    lesson:
      "One worker, nearly full with a low-priority batch Pod. The urgent Pod (PriorityClass critical, value 1000000) does not fit anywhere, so the scheduler runs DefaultPreemption: on node-1, removing the batch Pod is enough. It nominates node-1 for the urgent Pod (status.nominatedNodeName), marks the batch Pod DisruptionTarget (PreemptionByScheduler), deletes it and records Preempted. Once it is gone the urgent Pod is scheduled on the next attempt; the batch ReplicaSet's replacement stays Pending, since nothing has a lower priority than it.",
    input: {
      yaml: `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: critical
value: 1000000
description: Pods that may preempt batch work.
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: batch
spec:
  replicas: 1
  selector:
    matchLabels:
      app: batch
  template:
    metadata:
      labels:
        app: batch
    spec:
      containers:
        - name: worker
          image: nginx:1.27-alpine
          resources:
            requests:
              cpu: 1500m
`,
      cluster: { nodes: [controlPlaneNode(), workerNode(1)] },
      actions: [
        {
          atMs: 15_000,
          action: {
            type: 'apply',
            yaml: `apiVersion: v1
kind: Pod
metadata:
  name: urgent
spec:
  priorityClassName: critical
  containers:
    - name: app
      image: nginx:1.27-alpine
      resources:
        requests:
          cpu: "1"
`,
          },
        },
      ],
      untilMs: 60_000,
    },
  },
  {
    id: 'preemption-respects-pdb',
    family: 'pending',
    title: 'Preemption picks the victim a PodDisruptionBudget does not protect',
    lesson:
      'Two workers, each nearly full: node-1 runs the db Pod, which a PodDisruptionBudget (minAvailable 1) protects, node-2 a batch Pod nothing protects. Both have priority 0, so for the urgent Pod either node would do, and without the budget the scheduler would take the Pod that started last, db. DefaultPreemption first counts, per node, the victims whose eviction would violate a budget (disruptionsAllowed is 0 for db) and prefers the node with the fewest: it preempts the batch Pod on node-2 and leaves db alone. Budgets are best effort here: had db been the only candidate, it would have been preempted.',
    input: {
      yaml: `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: critical
value: 1000000
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: batch
spec:
  replicas: 1
  selector:
    matchLabels:
      app: batch
  template:
    metadata:
      labels:
        app: batch
    spec:
      nodeSelector:
        topology.kubernetes.io/zone: zone-b
      containers:
        - name: worker
          image: nginx:1.27-alpine
          resources:
            requests:
              cpu: 1500m
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: db
spec:
  replicas: 1
  selector:
    matchLabels:
      app: db
  template:
    metadata:
      labels:
        app: db
    spec:
      nodeSelector:
        topology.kubernetes.io/zone: zone-a
      containers:
        - name: db
          image: nginx:1.27-alpine
          resources:
            requests:
              cpu: 1500m
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: db
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: db
`,
      cluster: { nodes: [controlPlaneNode(), workerNode(1), workerNode(2)] },
      actions: [
        {
          atMs: 15_000,
          action: {
            type: 'apply',
            yaml: `apiVersion: v1
kind: Pod
metadata:
  name: urgent
spec:
  priorityClassName: critical
  containers:
    - name: app
      image: nginx:1.27-alpine
      resources:
        requests:
          cpu: "1"
`,
          },
        },
      ],
      untilMs: 60_000,
    },
  },
];
