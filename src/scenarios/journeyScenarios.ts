import type { Scenario } from './Scenario';
import { NGINX_DEPLOYMENT_AND_SERVICE } from './manifests';

export const journeyScenarios: Scenario[] = [
  {
    id: 'happy-path',
    family: 'journey',
    title: 'nginx Deployment (3 replicas) behind a Service',
    lesson:
      'kubectl → apiserver → etcd → Deployment and ReplicaSet controllers → scheduler → kubelet, runtime and CNI on three nodes → EndpointSlice → kube-proxy rules on every node.',
    input: { yaml: NGINX_DEPLOYMENT_AND_SERVICE },
  },
  {
    id: 'seed-web-2-replicas',
    family: 'journey',
    title: 'The mental-model article’s web Deployment (2 replicas)',
    lesson: 'The smallest Deployment: two replicas spread over two of the three workers.',
    input: {
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27-alpine
`,
    },
  },
  {
    id: 'seed-nginx-3-replicas',
    family: 'journey',
    title: '“Three nginx Pods” with an untagged image',
    lesson:
      'An image without a tag means :latest, so imagePullPolicy defaults to Always and every start contacts the registry.',
    input: {
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
        - name: nginx
          image: nginx
`,
    },
  },
  {
    id: 'bare-pod',
    family: 'journey',
    title: 'A bare Pod next to a Deployment, then both lose a Pod',
    lesson:
      'Deleting the bare Pod removes it for good; deleting the Deployment’s Pod makes the ReplicaSet controller create a replacement.',
    input: {
      yaml: `apiVersion: v1
kind: Pod
metadata:
  name: lonely
  labels:
    app: lonely
spec:
  containers:
    - name: nginx
      image: nginx:1.27-alpine
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: nginx
          image: nginx:1.27-alpine
`,
      actions: [
        { atMs: 20_000, action: { type: 'delete-pod', name: 'lonely' } },
        { atMs: 25_000, action: { type: 'delete-pod', name: '$pod:web' } },
      ],
    },
  },
  {
    id: 'namespace-and-init-container',
    family: 'journey',
    title: 'A new namespace, and a Pod with an init container',
    lesson:
      'The ServiceAccount controller gives the new namespace its default ServiceAccount before Pods can be admitted; the init container must finish before the app container starts (Init:0/1, then PodInitializing).',
    input: {
      yaml: `apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
spec:
  replicas: 1
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      initContainers:
        - name: wait-for-db
          image: busybox:1.36
          command: ["sh", "-c", "echo waiting; sleep 3"]
      containers:
        - name: api
          image: nginx:1.27-alpine
`,
    },
  },
];
