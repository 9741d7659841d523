import type { Scenario } from './Scenario';

/** The built-in admission plugins that read policy objects: Priority, LimitRanger, ResourceQuota. */
export const admissionScenarios: Scenario[] = [
  {
    id: 'priorityclass-missing',
    family: 'access',
    title: 'Priority admission: a PriorityClass that does not exist',
    lesson:
      'The Priority admission plugin turns priorityClassName into spec.priority. A misspelt class name is refused with 403 Forbidden and nothing is stored; the Pod naming a real class gets its value.',
    input: {
      yaml: `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high-priority
value: 100000
description: Pods the team wants scheduled first.
---
apiVersion: v1
kind: Pod
metadata:
  name: urgent
spec:
  priorityClassName: high-priorty
  containers:
    - name: app
      image: nginx:1.27-alpine
---
apiVersion: v1
kind: Pod
metadata:
  name: steady
spec:
  priorityClassName: high-priority
  containers:
    - name: app
      image: nginx:1.27-alpine
`,
    },
  },
  {
    id: 'limitrange-defaults',
    family: 'access',
    title: 'LimitRanger: default requests and limits for a Pod that sets none',
    lesson:
      'The Pod asks for no CPU or memory, yet it is stored with requests and limits: the LimitRanger admission plugin copied the namespace LimitRange defaults into it and said so in the kubernetes.io/limit-ranger annotation.',
    input: {
      yaml: `apiVersion: v1
kind: LimitRange
metadata:
  name: container-defaults
spec:
  limits:
    - type: Container
      default:
        cpu: 500m
        memory: 256Mi
      defaultRequest:
        cpu: 100m
        memory: 128Mi
      max:
        cpu: "1"
        memory: 512Mi
---
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
    - name: app
      image: nginx:1.27-alpine
`,
    },
  },
  {
    id: 'quota-exceeded',
    family: 'access',
    title: 'ResourceQuota: a Deployment of 3 under a two-Pod quota',
    lesson:
      'Admission charges each new Pod to the quota and refuses the one that would exceed it with 403 Forbidden. The ReplicaSet turns the refusal into FailedCreate events and keeps retrying with back-off: it stays at 2 of 3.',
    input: {
      yaml: `apiVersion: v1
kind: ResourceQuota
metadata:
  name: pod-count
spec:
  hard:
    pods: "2"
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
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
      untilMs: 60_000,
    },
  },
  {
    id: 'podsecurity-restricted',
    family: 'access',
    title: 'PodSecurity: a plain nginx Deployment in a restricted namespace',
    lesson:
      'The namespace enforces the restricted Pod Security Standard and warns about it. kubectl apply prints a warning but the Deployment is created: PodSecurity only warns about pod templates. The Pods are what it enforces on, so each Pod the ReplicaSet tries to create is refused with 403 Forbidden, the ReplicaSet records FailedCreate, and the Deployment stays at 0/1. The fix is in the Pod spec: runAsNonRoot, a seccomp profile, no privilege escalation, capabilities dropped.',
    input: {
      yaml: `apiVersion: v1
kind: Namespace
metadata:
  name: secure
  labels:
    pod-security.kubernetes.io/enforce: restricted
    pod-security.kubernetes.io/warn: restricted
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: secure
spec:
  replicas: 1
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
      untilMs: 30_000,
    },
  },
];
