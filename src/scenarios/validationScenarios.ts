import type { Scenario } from './Scenario';

export const validationScenarios: Scenario[] = [
  {
    id: 'invalid-selector',
    family: 'validation',
    title: 'Rejected: selector does not match the template labels',
    lesson: 'Validation runs after mutating admission; the apiserver answers 422 and nothing is stored.',
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
        app: frontend
    spec:
      containers:
        - name: nginx
          image: nginx:1.27-alpine
`,
    },
  },
  {
    id: 'unknown-field',
    family: 'validation',
    title: 'Rejected: a misspelled field (strict decoding)',
    lesson: 'kubectl asks for strict field validation, so "replica" is an error, not a silently ignored field.',
    input: {
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replica: 2
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
    },
  },
  {
    id: 'removed-api',
    family: 'validation',
    title: 'Rejected: an API version the cluster no longer serves',
    lesson: 'batch/v1beta1 CronJob was removed in v1.25: kubectl’s discovery finds no such kind, so nothing is sent.',
    input: {
      yaml: `apiVersion: batch/v1beta1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/1 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: hello
              image: busybox:1.36
              command: ["date"]
`,
    },
  },
];
