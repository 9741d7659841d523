/**
 * HorizontalPodAutoscaler as on kind: without metrics-server (kind's default) the HPA has nothing to read, and with
 * the "metrics-server installed" cluster option the HPA walkthrough of kubernetes.io ("HorizontalPodAutoscaler
 * Walkthrough": php-apache, a busybox load generator) scales up, then holds its replicas for the 5-minute
 * downscale stabilisation window after the load stops.
 */
import type { Scenario } from './Scenario';

/** The walkthrough's php-apache Deployment and Service (application/php-apache.yaml). */
export const PHP_APACHE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: php-apache
spec:
  selector:
    matchLabels:
      run: php-apache
  template:
    metadata:
      labels:
        run: php-apache
    spec:
      containers:
      - name: php-apache
        image: registry.k8s.io/hpa-example
        ports:
        - containerPort: 80
        resources:
          limits:
            cpu: 500m
          requests:
            cpu: 200m
---
apiVersion: v1
kind: Service
metadata:
  name: php-apache
  labels:
    run: php-apache
spec:
  ports:
  - port: 80
  selector:
    run: php-apache
`;

/** What `kubectl autoscale deployment php-apache --cpu-percent=50 --min=1 --max=10` creates. */
export const PHP_APACHE_HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: php-apache
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: php-apache
  minReplicas: 1
  maxReplicas: 10
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
`;

/** The walkthrough's \`kubectl run load-generator --image=busybox:1.28 --restart=Never -- /bin/sh -c "…"\`. */
export const LOAD_GENERATOR = `apiVersion: v1
kind: Pod
metadata:
  name: load-generator
spec:
  restartPolicy: Never
  containers:
  - name: load-generator
    image: busybox:1.28
    command: ["/bin/sh", "-c", "while sleep 0.01; do wget -q -O- http://php-apache; done"]
`;

export const autoscalingScenarios: Scenario[] = [
  {
    id: 'hpa-without-metrics-server',
    family: 'workloads',
    title: 'HPA without metrics-server',
    lesson:
      'kind has no metrics-server, so every 15 s the HPA controller asks the resource metrics API and gets 404: FailedGetResourceMetric, FailedComputeMetricsReplicas, ScalingActive False, and kubectl get hpa shows cpu: <unknown>/50%. The replicas never change.',
    input: { yaml: `${PHP_APACHE}---\n${PHP_APACHE_HPA}`, untilMs: 60_000 },
  },
  {
    id: 'hpa-with-metrics-server',
    family: 'workloads',
    title: 'HPA with metrics-server: scale up, then the stabilization window',
    lesson:
      'With metrics-server installed, the load generator drives php-apache far above its 50% CPU target and the HPA scales it up within a few syncs. When the load generator is deleted the usage falls at once, but the HPA keeps the highest recommendation of the last 5 minutes before it scales back down to 1.',
    input: {
      yaml: `${PHP_APACHE}---\n${PHP_APACHE_HPA}---\n${LOAD_GENERATOR}`,
      cluster: { metricsServer: true },
      actions: [{ atMs: 150_000, action: { type: 'delete-pod', name: 'load-generator' } }],
      // The scale-down comes about 7 minutes in (the load stops at 2:30, then the 5-minute window): an HPA syncs
      // forever, so the run ends at this horizon rather than at quiescence.
      untilMs: 480_000,
    },
  },
];
