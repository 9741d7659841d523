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
