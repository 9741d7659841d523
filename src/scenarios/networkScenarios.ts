import type { Scenario } from './Scenario';
import { deployment } from './manifests';

export const networkScenarios: Scenario[] = [
  {
    id: 'service-no-endpoints',
    family: 'network',
    title: 'A Service with no endpoints (selector mismatch) next to the fixed one',
    lesson:
      'Service "web-typo" selects app=webb: its EndpointSlice stays empty and kube-proxy REJECTs its ClusterIP; "web" selects app=web and gets three endpoints.',
    input: {
      yaml: `${deployment({ replicas: 3 })}---
apiVersion: v1
kind: Service
metadata:
  name: web-typo
spec:
  selector:
    app: webb
  ports:
    - port: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
`,
    },
  },
  {
    id: 'nodeport-service',
    family: 'network',
    title: 'A NodePort Service',
    lesson: 'The apiserver allocates a port in 30000–32767; kube-proxy on every node forwards it to the endpoints.',
    input: {
      yaml: `${deployment({ replicas: 2 })}---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: NodePort
  selector:
    app: web
  ports:
    - port: 80
`,
    },
  },
];
