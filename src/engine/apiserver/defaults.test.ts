import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { applyDefaults, imageTag } from './defaults';

const deployment = (): KObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] },
    },
  },
});

describe('applyDefaults: Deployment (pkg/apis/apps/v1/defaults.go)', () => {
  it('fills the deployment and its pod template like `kubectl get deploy -o yaml` shows', () => {
    const input = deployment();
    const snapshot = JSON.stringify(input);
    const out = applyDefaults(input);
    expect(JSON.stringify(input)).toBe(snapshot); // input untouched
    expect(out).not.toBe(input);
    expect(out.spec).toEqual({
      replicas: 1,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          containers: [
            {
              name: 'nginx',
              image: 'nginx:1.27',
              ports: [{ containerPort: 80, protocol: 'TCP' }],
              resources: {},
              terminationMessagePath: '/dev/termination-log',
              terminationMessagePolicy: 'File',
              imagePullPolicy: 'IfNotPresent',
            },
          ],
          restartPolicy: 'Always',
          terminationGracePeriodSeconds: 30,
          dnsPolicy: 'ClusterFirst',
          securityContext: {},
          schedulerName: 'default-scheduler',
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
    });
    // Go struct order, not alphabetical.
    expect(Object.keys(out.spec)).toEqual([
      'replicas',
      'selector',
      'template',
      'strategy',
      'revisionHistoryLimit',
      'progressDeadlineSeconds',
    ]);
    // Templates are not Pods: no enableServiceLinks, no requests copied from limits.
    expect(out.spec.template.spec.enableServiceLinks).toBeUndefined();
  });

  it('keeps what the user set; Recreate gets no rollingUpdate', () => {
    const d = deployment();
    d.spec.replicas = 0;
    d.spec.strategy = { type: 'Recreate' };
    d.spec.revisionHistoryLimit = 0;
    const out = applyDefaults(d);
    expect(out.spec.replicas).toBe(0);
    expect(out.spec.strategy).toEqual({ type: 'Recreate' });
    expect(out.spec.revisionHistoryLimit).toBe(0);
  });

  it('fills a partial rollingUpdate', () => {
    const d = deployment();
    d.spec.strategy = { rollingUpdate: { maxSurge: 1 } };
    expect(applyDefaults(d).spec.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' },
    });
  });

  it('ReplicaSet: replicas and template', () => {
    const out = applyDefaults({ ...deployment(), kind: 'ReplicaSet' });
    expect(out.spec.replicas).toBe(1);
    expect(out.spec.strategy).toBeUndefined();
    expect(out.spec.template.spec.dnsPolicy).toBe('ClusterFirst');
  });
});

describe('applyDefaults: Pods (pkg/apis/core/v1/defaults.go)', () => {
  const pod = (spec: Record<string, unknown>): KObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p' },
    spec,
  });

  it('pod-only defaults: enableServiceLinks, requests from limits', () => {
    const out = applyDefaults(
      pod({
        containers: [
          {
            name: 'c',
            image: 'busybox',
            resources: { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '100m' } },
          },
        ],
      }),
    );
    expect(out.spec.enableServiceLinks).toBe(true);
    expect(out.spec.containers[0].resources).toEqual({
      limits: { cpu: '500m', memory: '128Mi' },
      requests: { cpu: '100m', memory: '128Mi' },
    });
    expect(out.spec.containers[0].imagePullPolicy).toBe('Always');
  });

  it('stores quantities in canonical form', () => {
    const out = applyDefaults(
      pod({
        containers: [
          { name: 'c', image: 'i:1', resources: { limits: { cpu: 0.5, memory: '1.5Gi' }, requests: { cpu: 1 } } },
        ],
      }),
    );
    expect(out.spec.containers[0].resources).toEqual({
      limits: { cpu: '500m', memory: '1536Mi' },
      requests: { cpu: '1', memory: '1536Mi' },
    });
  });

  it('probes and httpGet actions', () => {
    const out = applyDefaults(
      pod({
        containers: [
          {
            name: 'c',
            image: 'i:1',
            livenessProbe: { httpGet: { port: 8080 } },
            readinessProbe: { tcpSocket: { port: 80 }, periodSeconds: 5, initialDelaySeconds: 3 },
            lifecycle: { preStop: { httpGet: { port: 80 } } },
          },
        ],
      }),
    );
    const c = out.spec.containers[0];
    expect(c.livenessProbe).toEqual({
      httpGet: { port: 8080, path: '/', scheme: 'HTTP' },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(c.readinessProbe).toEqual({
      tcpSocket: { port: 80 },
      initialDelaySeconds: 3,
      timeoutSeconds: 1,
      periodSeconds: 5,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(c.lifecycle.preStop.httpGet).toEqual({ port: 80, path: '/', scheme: 'HTTP' });
  });

  it('volumes: defaultMode 420, emptyDir for no source, hostPath type, token expiration', () => {
    const out = applyDefaults(
      pod({
        containers: [{ name: 'c', image: 'i:1' }],
        volumes: [
          { name: 'a', secret: { secretName: 's' } },
          { name: 'b', configMap: { name: 'c', defaultMode: 256 } },
          { name: 'c' },
          { name: 'd', hostPath: { path: '/data' } },
          {
            name: 'e',
            projected: {
              sources: [
                { serviceAccountToken: { path: 'token' } },
                { downwardAPI: { items: [{ path: 'ns', fieldRef: { fieldPath: 'metadata.namespace' } }] } },
              ],
            },
          },
          { name: 'f', downwardAPI: { items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels' } }] } },
        ],
      }),
    );
    const v = out.spec.volumes;
    expect(v[0].secret).toEqual({ secretName: 's', defaultMode: 420 });
    expect(v[1].configMap.defaultMode).toBe(256);
    expect(v[2]).toEqual({ name: 'c', emptyDir: {} });
    expect(v[3].hostPath).toEqual({ path: '/data', type: '' });
    expect(v[4].projected.defaultMode).toBe(420);
    expect(v[4].projected.sources[0].serviceAccountToken.expirationSeconds).toBe(3600);
    expect(v[4].projected.sources[1].downwardAPI.items[0].fieldRef.apiVersion).toBe('v1');
    expect(v[5].downwardAPI).toEqual({
      items: [{ path: 'labels', fieldRef: { fieldPath: 'metadata.labels', apiVersion: 'v1' } }],
      defaultMode: 420,
    });
  });

  it('hostNetwork pods get hostPort = containerPort; env fieldRef apiVersion', () => {
    const out = applyDefaults(
      pod({
        hostNetwork: true,
        containers: [
          {
            name: 'c',
            image: 'i:1',
            ports: [{ containerPort: 53, protocol: 'UDP' }],
            env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } }],
          },
        ],
      }),
    );
    expect(out.spec.containers[0].ports).toEqual([{ hostPort: 53, containerPort: 53, protocol: 'UDP' }]);
    expect(out.spec.containers[0].env[0].valueFrom.fieldRef).toEqual({ fieldPath: 'spec.nodeName', apiVersion: 'v1' });
  });

  it('init containers get container defaults too', () => {
    const out = applyDefaults(
      pod({ initContainers: [{ name: 'init', image: 'busybox:1.36' }], containers: [{ name: 'c', image: 'i:1' }] }),
    );
    expect(out.spec.initContainers[0]).toMatchObject({
      imagePullPolicy: 'IfNotPresent',
      terminationMessagePolicy: 'File',
      resources: {},
    });
  });
});

describe('imageTag (parsers.ParseImageName → imagePullPolicy)', () => {
  it.each([
    ['nginx', 'latest'],
    ['nginx:latest', 'latest'],
    ['nginx:1.27', '1.27'],
    ['docker.io/library/nginx:1.27-alpine', '1.27-alpine'],
    ['localhost:5000/app', 'latest'],
    ['registry.example.com:5000/team/app:v2', 'v2'],
    ['nginx@sha256:' + 'a'.repeat(64), ''],
    ['nginx:latest@sha256:' + 'a'.repeat(64), 'latest'],
    ['Nginx', ''],
    ['', ''],
    ['nginx:bad tag', ''],
  ])('%j → %j', (image, tag) => {
    expect(imageTag(image)).toBe(tag);
  });
});

describe('applyDefaults: other workloads', () => {
  const template = { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };

  it('StatefulSet', () => {
    const out = applyDefaults({
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 's' },
      spec: {
        selector: { matchLabels: { app: 'x' } },
        template,
        volumeClaimTemplates: [
          {
            metadata: { name: 'data' },
            spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
          },
        ],
      },
    });
    expect(out.spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: 'OrderedReady',
      updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
      revisionHistoryLimit: 10,
      persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
    });
    expect(out.spec.template.spec.restartPolicy).toBe('Always');
    expect(out.spec.volumeClaimTemplates[0]).toMatchObject({
      spec: { volumeMode: 'Filesystem' },
      status: { phase: 'Pending' },
    });
  });

  it('DaemonSet', () => {
    const out = applyDefaults({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'd' },
      spec: { selector: { matchLabels: { app: 'x' } }, template },
    });
    expect(out.spec.updateStrategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxUnavailable: 1, maxSurge: 0 },
    });
    expect(out.spec.revisionHistoryLimit).toBe(10);
  });

  it('Job: the PodSpec defaults (restartPolicy Always: SetObjectDefaults_Job), job fields, labels from the template', () => {
    const out = applyDefaults({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template } });
    expect(out.spec.template.spec.restartPolicy).toBe('Always');
    expect(out.spec.template.spec.dnsPolicy).toBe('ClusterFirst');
    expect(out.spec).toMatchObject({
      completions: 1,
      parallelism: 1,
      backoffLimit: 6,
      completionMode: 'NonIndexed',
      suspend: false,
      podReplacementPolicy: 'TerminatingOrFailed',
    });
    expect(out.metadata.labels).toEqual({ app: 'x' });
  });

  it('Job: parallelism alone leaves completions unset', () => {
    const out = applyDefaults({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: { name: 'j' },
      spec: { parallelism: 3, template },
    });
    expect(out.spec.completions).toBeUndefined();
    expect(out.spec.parallelism).toBe(3);
  });

  it('CronJob', () => {
    const out = applyDefaults({
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c' },
      spec: { schedule: '* * * * *', jobTemplate: { spec: { template } } },
    });
    expect(out.spec).toMatchObject({
      concurrencyPolicy: 'Allow',
      suspend: false,
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 1,
    });
    expect(out.spec.jobTemplate.spec.template.spec.restartPolicy).toBe('Always');
    expect(out.spec.jobTemplate.spec.template.spec.containers[0].imagePullPolicy).toBe('Always');
  });
});

describe('applyDefaults: Services (pkg/apis/core/v1/defaults.go SetDefaults_Service)', () => {
  const svc = (spec: Record<string, unknown>): KObject => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 's' },
    spec,
  });

  it('ClusterIP', () => {
    const out = applyDefaults(svc({ selector: { app: 'web' }, ports: [{ port: 80 }] }));
    expect(out.spec).toEqual({
      ports: [{ protocol: 'TCP', port: 80, targetPort: 80 }],
      selector: { app: 'web' },
      type: 'ClusterIP',
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
    });
    expect(out.spec.clusterIP).toBeUndefined();
    expect(out.spec.externalTrafficPolicy).toBeUndefined();
  });

  it('NodePort and LoadBalancer', () => {
    expect(applyDefaults(svc({ type: 'NodePort', ports: [{ port: 80, targetPort: 'http' }] })).spec).toMatchObject({
      externalTrafficPolicy: 'Cluster',
      internalTrafficPolicy: 'Cluster',
      ports: [{ port: 80, targetPort: 'http', protocol: 'TCP' }],
    });
    expect(applyDefaults(svc({ type: 'LoadBalancer', ports: [{ port: 80 }] })).spec).toMatchObject({
      allocateLoadBalancerNodePorts: true,
      externalTrafficPolicy: 'Cluster',
    });
  });

  it('ExternalName gets no IP family fields', () => {
    const out = applyDefaults(svc({ type: 'ExternalName', externalName: 'example.com' }));
    expect(out.spec.ipFamilyPolicy).toBeUndefined();
    expect(out.spec.internalTrafficPolicy).toBeUndefined();
  });

  it('ClientIP affinity gets the 3h timeout', () => {
    expect(
      applyDefaults(svc({ sessionAffinity: 'ClientIP', ports: [{ port: 80 }] })).spec.sessionAffinityConfig,
    ).toEqual({ clientIP: { timeoutSeconds: 10800 } });
  });
});

describe('applyDefaults: other kinds', () => {
  it('Secret: Opaque, stringData folded into base64 data', () => {
    const out = applyDefaults({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      data: { a: 'YQ==' },
      stringData: { password: 'héllo', a: 'b' },
    });
    expect(out.type).toBe('Opaque');
    expect(out.data).toEqual({ a: 'Yg==', password: 'aMOpbGxv' });
    expect(out.stringData).toBeUndefined();
  });

  it('Namespace: metadata.name label and phase', () => {
    const out = applyDefaults({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'dev', labels: { team: 'a' } },
    });
    expect(out.metadata.labels).toEqual({ team: 'a', 'kubernetes.io/metadata.name': 'dev' });
    expect(out.status).toEqual({ phase: 'Active' });
  });

  it('PersistentVolumeClaim and PersistentVolume', () => {
    const pvc = applyDefaults({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'c' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(pvc.spec.volumeMode).toBe('Filesystem');
    expect(pvc.status).toEqual({ phase: 'Pending' });
    const pv = applyDefaults({
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'v' },
      spec: { capacity: { storage: '1Gi' } },
    });
    expect(pv.spec).toMatchObject({ persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
  });

  it('StorageClass, NetworkPolicy, RoleBinding subjects, HPA', () => {
    expect(
      applyDefaults({
        apiVersion: 'storage.k8s.io/v1',
        kind: 'StorageClass',
        metadata: { name: 'x' },
        provisioner: 'p',
      }),
    ).toMatchObject({ reclaimPolicy: 'Delete', volumeBindingMode: 'Immediate' });
    expect(
      applyDefaults({
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'n' },
        spec: { podSelector: {}, egress: [{ ports: [{ port: 53 }] }] },
      }).spec,
    ).toMatchObject({ policyTypes: ['Ingress', 'Egress'], egress: [{ ports: [{ port: 53, protocol: 'TCP' }] }] });
    const rb = applyDefaults({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'r' },
      subjects: [
        { kind: 'User', name: 'jane' },
        { kind: 'ServiceAccount', name: 'sa' },
      ],
    });
    expect(rb.subjects).toEqual([
      { kind: 'User', name: 'jane', apiGroup: 'rbac.authorization.k8s.io' },
      { kind: 'ServiceAccount', name: 'sa', apiGroup: '' },
    ]);
    const hpa = applyDefaults({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h' },
      spec: { maxReplicas: 5, behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } },
    });
    expect(hpa.spec.minReplicas).toBe(1);
    expect(hpa.spec.metrics[0].resource.target).toEqual({ type: 'Utilization', averageUtilization: 80 });
    expect(hpa.spec.behavior.scaleDown).toEqual({
      stabilizationWindowSeconds: 60,
      selectPolicy: 'Max',
      policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    });
    expect(hpa.spec.behavior.scaleUp.policies).toHaveLength(2);
  });

  it('leaves unknown kinds alone and keeps __proto__ as data', () => {
    const obj = JSON.parse(
      '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"__proto__":"x"}}',
    ) as KObject;
    const out = applyDefaults(obj);
    expect(Object.keys(out.data)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
