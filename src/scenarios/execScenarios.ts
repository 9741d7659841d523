import type { Scenario } from './Scenario';

/**
 * `kubectl exec` (issue 18, its control-plane part): a Pod with a ConfigMap in its environment and as a volume, and
 * execs that read them, list the processes, fail with a non-zero exit, and ask for a shell the image lacks.
 */
const EXEC_MANIFEST = `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-config
data:
  GREETING: hello from a ConfigMap
  app.conf: |
    mode=demo
---
apiVersion: v1
kind: Pod
metadata:
  name: toolbox
spec:
  containers:
    - name: shell
      image: busybox:1.36
      command: ["sh", "-c", "echo ready; sleep 3600"]
      env:
        - name: GREETING
          valueFrom:
            configMapKeyRef:
              name: app-config
              key: GREETING
      volumeMounts:
        - name: config
          mountPath: /etc/app
  volumes:
    - name: config
      configMap:
        name: app-config
`;

export const execScenarios: Scenario[] = [
  {
    id: 'kubectl-exec',
    family: 'containers',
    title: 'kubectl exec: into a running container',
    lesson:
      'kubectl exec goes kubectl → kube-apiserver (authorized as create pods/exec, nothing stored in etcd) → the kubelet on the Pod’s node → the runtime’s CRI Exec, and runc starts the command inside the container beside its PID 1: it sees the container’s environment, files and hostname. A non-zero exit prints “command terminated with exit code N”; busybox has no bash, so runc cannot start it.',
    input: {
      yaml: EXEC_MANIFEST,
      actions: [
        { atMs: 20_000, action: { type: 'exec', pod: 'toolbox', command: ['sh', '-c', 'echo $GREETING; hostname'] } },
        { atMs: 21_000, action: { type: 'exec', pod: 'toolbox', command: ['cat', '/etc/app/app.conf'] } },
        { atMs: 22_000, action: { type: 'exec', pod: 'toolbox', command: ['ps'] } },
        { atMs: 23_000, action: { type: 'exec', pod: 'toolbox', command: ['ls', '/nope'] } },
        { atMs: 24_000, action: { type: 'exec', pod: 'toolbox', command: ['bash'] } },
      ],
      untilMs: 60_000,
    },
  },
];
