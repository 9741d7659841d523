import type { Scenario } from './Scenario';

const SHOP = `apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
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
          image: nginx:1.27
          ports:
            - containerPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: shop
spec:
  selector:
    app: web
  ports:
    - port: 80
`;

export const namespaceScenarios: Scenario[] = [
  {
    id: 'delete-namespace',
    family: 'journey',
    title: 'Deleting a namespace: Terminating, emptied, finalized, gone',
    lesson:
      'kubectl delete namespace only marks shop Terminating; the namespace controller deletes everything in it, the Pods stop through their kubelets, anything new is refused, and only when shop is empty does the controller remove its “kubernetes” finalizer and the namespace disappear.',
    input: {
      yaml: SHOP,
      actions: [{ atMs: 30_000, action: { type: 'delete', kind: 'Namespace', name: 'shop' } }],
      untilMs: 90_000,
    },
  },
];
