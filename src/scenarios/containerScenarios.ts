import type { Scenario } from './Scenario';
import { deployment } from './manifests';

export const containerScenarios: Scenario[] = [
  {
    id: 'image-pull-backoff',
    family: 'containers',
    title: 'ErrImagePull → ImagePullBackOff (a mistyped tag)',
    lesson:
      'nginx:1.27-alpne does not exist: the registry answers "not found", and the kubelet retries after 10 s, 20 s, 40 s … up to 5 minutes.',
    input: { yaml: deployment({ image: 'nginx:1.27-alpne' }), untilMs: 5 * 60_000 },
  },
  {
    id: 'crashloop-exit-1',
    family: 'containers',
    title: 'CrashLoopBackOff: the command exits 1',
    lesson:
      'The container starts and exits at once; the kubelet restarts it immediately once, then waits 10 s, 20 s, 40 s … (CrashLoopBackOff).',
    input: {
      yaml: deployment({
        image: 'busybox:1.36',
        container: 'app',
        extraContainer: '          command: ["sh", "-c", "echo starting; exit 1"]\n',
      }),
      untilMs: 5 * 60_000,
    },
  },
  {
    id: 'oom-killed',
    family: 'containers',
    title: 'OOMKilled: more memory than the limit',
    lesson:
      "The Kubernetes docs' memory example: stress allocates 250M under a 100Mi limit. The kernel's OOM killer ends the container (exit code 137, reason OOMKilled) and the kubelet restarts it with back-off: CrashLoopBackOff.",
    input: {
      yaml: deployment({
        name: 'memory-demo',
        image: 'polinux/stress',
        container: 'memory-demo-ctr',
        extraContainer:
          '          resources:\n            requests:\n              memory: 50Mi\n            limits:\n              memory: 100Mi\n          command: ["stress"]\n          args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]\n',
      }),
      untilMs: 3 * 60_000,
    },
  },
  {
    id: 'memory-pressure-eviction',
    family: 'containers',
    title: 'Evicted: a container without a memory limit fills the node',
    lesson:
      "With no limit, nothing stops the container below the node's 4Gi, and stress takes 4000Mi of it. When memory.available drops under 100Mi the kubelet reports MemoryPressure, the node is tainted memory-pressure:NoSchedule, and the Pod using the most memory above its request is evicted: phase Failed, reason Evicted. Its ReplicaSet creates a replacement, which lands on another node and is evicted there too, until every worker is tainted and the next replacement stays Pending.",
    input: {
      yaml: deployment({
        name: 'hog',
        image: 'polinux/stress',
        container: 'hog',
        extraContainer:
          '          resources:\n            requests:\n              memory: 64Mi\n          command: ["stress"]\n          args: ["--vm", "1", "--vm-bytes", "4000M", "--vm-hang", "1"]\n',
      }),
      untilMs: 90_000,
    },
  },
  {
    id: 'missing-secret',
    family: 'containers',
    title: 'CreateContainerConfigError: the Secret does not exist',
    lesson: 'The image pulls fine, but the container cannot be configured because env refers to a missing Secret.',
    input: {
      yaml: deployment({
        extraContainer:
          '          env:\n            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: db-credentials\n                  key: password\n',
      }),
      untilMs: 60_000,
    },
  },
  {
    id: 'failed-mount-configmap',
    family: 'containers',
    title: 'FailedMount: a ConfigMap volume that does not exist',
    lesson:
      'The kubelet cannot set up the volume, so the Pod never gets a sandbox: it stays ContainerCreating with FailedMount events.',
    input: {
      yaml: deployment({
        podSpecExtra: '      volumes:\n        - name: config\n          configMap:\n            name: app-config\n',
        extraContainer: '          volumeMounts:\n            - name: config\n              mountPath: /etc/app\n',
      }),
      untilMs: 3 * 60_000,
    },
  },
];
