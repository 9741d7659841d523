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
];
