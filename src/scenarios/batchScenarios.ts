import type { Scenario } from './Scenario';

/** Jobs and CronJobs: Pods that are meant to finish. */
export const batchScenarios: Scenario[] = [
  {
    id: 'job-completes',
    family: 'batch',
    title: 'A Job runs a Pod to completion',
    lesson:
      'The job controller creates one Pod with the job-tracking finalizer; when it exits 0 the Pod is Completed, the controller counts it (uncountedTerminatedPods, then the finalizer comes off, then succeeded: 1) and marks the Job SuccessCriteriaMet, then Complete.',
    input: {
      // The Kubernetes documentation's example Job (kubernetes.io/examples/controllers/job.yaml), unchanged.
      yaml: `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 4
`,
      untilMs: 120_000,
    },
  },
  {
    id: 'job-backoff-limit',
    family: 'batch',
    title: 'A Job that keeps failing reaches its backoff limit',
    lesson:
      'Each Pod exits 1. The job controller replaces a failed Pod after a back-off that doubles (10 s, then 20 s); the third failure is more than backoffLimit: 2, so the Job gets FailureTarget, then Failed with reason BackoffLimitExceeded.',
    input: {
      yaml: `apiVersion: batch/v1
kind: Job
metadata:
  name: flaky
spec:
  backoffLimit: 2
  template:
    spec:
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "echo working; exit 1"]
      restartPolicy: Never
`,
      untilMs: 2 * 60_000,
    },
  },
  {
    id: 'cronjob-every-minute',
    family: 'batch',
    title: 'Three minutes of a CronJob',
    lesson:
      'The cronjob controller wakes up just after each minute of the virtual clock, creates Job hello-<minutes since 1970> from its jobTemplate, and records lastScheduleTime; when the Job completes it sees it (SawCompletedJob) and sets lastSuccessfulTime.',
    input: {
      yaml: `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/1 * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          containers:
          - name: hello
            image: busybox:1.28
            imagePullPolicy: IfNotPresent
            command:
            - /bin/sh
            - -c
            - date; echo Hello from the Kubernetes cluster
          restartPolicy: OnFailure
`,
      untilMs: 3 * 60_000,
    },
  },
];
