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
];
