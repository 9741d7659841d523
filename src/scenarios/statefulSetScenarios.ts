/** StatefulSet scenarios: the kubernetes.io `web` example starting in order, and its rolling update. */
import type { Scenario } from './Scenario';

/** The StatefulSet tutorial's manifest (kubernetes.io/docs/tutorials/stateful-application/basic-stateful-set). */
export function webStatefulSet(image = 'registry.k8s.io/nginx-slim:0.24'): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      terminationGracePeriodSeconds: 10
      containers:
      - name: nginx
        image: ${image}
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
`;
}

export const statefulSetScenarios: Scenario[] = [
  {
    id: 'statefulset-ordered-start',
    family: 'storage',
    title: 'A StatefulSet starting in order, each Pod with its own volume',
    lesson:
      'The statefulset controller creates web-0, web-1, web-2 one at a time: each Pod’s PersistentVolumeClaim www-web-N first, then the Pod, and the next ordinal only once the previous Pod is Running and Ready. The headless Service gives each Pod a stable DNS name such as web-0.nginx.default.svc.cluster.local.',
    input: { yaml: webStatefulSet() },
  },
  {
    id: 'statefulset-rolling-update',
    family: 'rollout',
    title: 'A StatefulSet rolling update, highest ordinal first',
    lesson:
      'A new image makes a new ControllerRevision; the controller deletes web-2, waits for its replacement to be Ready, then web-1, then web-0. Each Pod comes back with the same name and the same claim, so its data survives the update.',
    input: {
      yaml: webStatefulSet(),
      actions: [{ atMs: 40_000, action: { type: 'apply', yaml: webStatefulSet('registry.k8s.io/nginx-slim:0.27') } }],
    },
  },
];
