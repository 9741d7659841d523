import type { Scenario } from './Scenario';
import { deployment, NGINX_DEPLOYMENT_AND_SERVICE } from './manifests';

export const faultScenarios: Scenario[] = [
  {
    id: 'kubelet-stopped',
    family: 'faults',
    title: 'A node’s kubelet stops: NotReady, taints, eviction, replacement',
    lesson:
      'node-2 stops renewing its Lease; after 50 s the node controller marks it Unknown and taints it; 300 s later its Pod is evicted and the ReplicaSet creates a replacement elsewhere.',
    input: {
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [{ atMs: 15_000, action: { type: 'stop', component: 'kubelet', node: 'node-2' } }],
      untilMs: 8 * 60_000,
    },
  },
  {
    id: 'apiserver-down',
    family: 'faults',
    title: 'kube-apiserver down: kubectl fails, running Pods keep running',
    lesson:
      'Everything talks through the apiserver: with it gone kubectl is refused and nothing heals, but containers already running are untouched.',
    input: {
      yaml: deployment({ replicas: 2 }),
      actions: [
        { atMs: 15_000, action: { type: 'stop', component: 'kube-apiserver' } },
        { atMs: 16_000, action: { type: 'delete-pod', name: '$pod:web' } },
      ],
      untilMs: 60_000,
    },
  },
  {
    id: 'etcd-one-member-down',
    family: 'faults',
    title: 'etcd loses one of three members: still works',
    lesson: 'Quorum of 3 is 2: writes still commit with two members.',
    input: {
      yaml: deployment({ replicas: 2 }),
      actions: [{ atStep: 0, action: { type: 'stop', component: 'etcd', member: 2 } }],
    },
  },
  {
    id: 'etcd-quorum-lost',
    family: 'faults',
    title: 'etcd loses two of three members: writes fail',
    lesson:
      'Without quorum nothing can be written: kubectl gets "etcdserver: request timed out", no new work starts, running Pods keep running.',
    input: {
      yaml: deployment({ replicas: 2 }),
      actions: [
        { atStep: 0, action: { type: 'stop', component: 'etcd', member: 1 } },
        { atStep: 0, action: { type: 'stop', component: 'etcd', member: 2 } },
      ],
      untilMs: 60_000,
    },
  },
  {
    id: 'scheduler-down',
    family: 'faults',
    title: 'kube-scheduler down: Pods stay Pending without FailedScheduling',
    lesson:
      'The Pods exist but nobody binds them to a node, and no Event explains why — the absence of a Scheduled event is the clue.',
    input: {
      yaml: deployment({ replicas: 2 }),
      actions: [{ atStep: 0, action: { type: 'stop', component: 'kube-scheduler' } }],
      untilMs: 60_000,
    },
  },
  {
    id: 'controller-manager-down',
    family: 'faults',
    title: 'kube-controller-manager down: the Deployment is stored, nothing else happens',
    lesson: 'The apiserver accepts and stores the Deployment, but no controller creates its ReplicaSet or Pods.',
    input: {
      yaml: deployment({ replicas: 2 }),
      actions: [{ atStep: 0, action: { type: 'stop', component: 'kube-controller-manager' } }],
      untilMs: 60_000,
    },
  },
  {
    id: 'kube-proxy-down',
    family: 'faults',
    title: 'kube-proxy down on one node: its rules go stale',
    lesson:
      'node-1’s kube-proxy stops before the Service’s endpoints are ready: node-1 keeps the old REJECT rule while the other nodes program the endpoints.',
    input: {
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [{ atStep: 0, action: { type: 'stop', component: 'kube-proxy', node: 'node-1' } }],
    },
  },
  {
    id: 'registry-unreachable',
    family: 'faults',
    title: 'The image registry is unreachable',
    lesson: 'Pulls time out; the Pods sit in ErrImagePull / ImagePullBackOff until the registry answers again.',
    input: {
      yaml: deployment({ replicas: 1 }),
      actions: [
        { atStep: 0, action: { type: 'registry', reachable: false } },
        { atMs: 90_000, action: { type: 'registry', reachable: true } },
      ],
      untilMs: 4 * 60_000,
    },
  },
  {
    id: 'cni-stopped',
    family: 'faults',
    title: 'The CNI plugin fails on one node: FailedCreatePodSandBox',
    lesson:
      'The Pod on node-2 is scheduled but stays ContainerCreating: RunPodSandbox fails because containerd cannot run the CNI plugin, and the kubelet retries every 10–15 s. `kubectl describe pod` shows the FailedCreatePodSandBox Events; once CNI is back the sandbox gets its IP and the Pod starts.',
    input: {
      yaml: deployment({ replicas: 3 }),
      actions: [
        { atStep: 0, action: { type: 'stop', component: 'cni', node: 'node-2' } },
        { atMs: 60_000, action: { type: 'start', component: 'cni', node: 'node-2' } },
      ],
      untilMs: 2 * 60_000,
    },
  },
];
