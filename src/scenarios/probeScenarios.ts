import type { Scenario } from './Scenario';
import { deployment } from './manifests';

export const probeScenarios: Scenario[] = [
  {
    id: 'readiness-wrong-port',
    family: 'probes',
    title: 'Running but not Ready: the readiness probe checks the wrong port',
    lesson:
      'nginx listens on 80, the probe asks 8080: connection refused, so the Pod is Running 0/1 and gets no endpoint.',
    input: {
      yaml: `${deployment({
        extraContainer:
          '          ports:\n            - containerPort: 80\n          readinessProbe:\n            httpGet:\n              path: /\n              port: 8080\n            periodSeconds: 5\n',
      })}---
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
      untilMs: 60_000,
    },
  },
  {
    id: 'liveness-exec',
    family: 'probes',
    title: 'Liveness restarts (the Kubernetes docs’ exec probe example)',
    lesson:
      'The container deletes /tmp/healthy after 30 s; the liveness probe fails three times and the kubelet restarts it.',
    input: {
      yaml: `apiVersion: v1
kind: Pod
metadata:
  labels:
    test: liveness
  name: liveness-exec
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/busybox:1.27.2
    args:
    - /bin/sh
    - -c
    - touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600
    livenessProbe:
      exec:
        command:
        - cat
        - /tmp/healthy
      initialDelaySeconds: 5
      periodSeconds: 5
`,
      untilMs: 3 * 60_000,
    },
  },
];
