/**
 * metrics-server as its release manifest installs it (kubernetes-sigs/metrics-server v0.8.0 components.yaml, the
 * release a v1.34-era cluster installs), with the `--kubelet-insecure-tls` flag every kind guide adds (kind's
 * kubelets serve self-signed certificates). Only the objects the simulation reads are kept: the ServiceAccount,
 * the Service, the Deployment and the APIService; the RBAC objects of the manifest are left out.
 */
export const METRICS_SERVER_IMAGE = 'registry.k8s.io/metrics-server/metrics-server:v0.8.0';
/** The Service's ClusterIP, allocated before the run began. */
export const METRICS_SERVER_IP = '10.96.178.36';

export function metricsServerManifest() {
  const labels = { 'k8s-app': 'metrics-server' };
  return {
    serviceAccount: { apiVersion: 'v1', kind: 'ServiceAccount' },
    service: {
      apiVersion: 'v1',
      kind: 'Service',
      spec: {
        clusterIP: METRICS_SERVER_IP,
        clusterIPs: [METRICS_SERVER_IP],
        internalTrafficPolicy: 'Cluster',
        ipFamilies: ['IPv4'],
        ipFamilyPolicy: 'SingleStack',
        ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 'https' }],
        selector: labels,
        sessionAffinity: 'None',
        type: 'ClusterIP',
      },
      status: { loadBalancer: {} },
    },
    apiService: {
      apiVersion: 'apiregistration.k8s.io/v1',
      kind: 'APIService',
      spec: {
        group: 'metrics.k8s.io',
        groupPriorityMinimum: 100,
        insecureSkipTLSVerify: true,
        service: { name: 'metrics-server', namespace: 'kube-system', port: 443 },
        version: 'v1beta1',
        versionPriority: 100,
      },
      status: {
        conditions: [
          {
            type: 'Available',
            status: 'True',
            reason: 'Passed',
            message: 'all checks passed',
            lastTransitionTime: -60_000,
          },
        ],
      },
    },
    deploymentSpec: {
      replicas: 1,
      selector: { matchLabels: labels },
      strategy: { rollingUpdate: { maxUnavailable: 0 } },
      template: {
        metadata: { labels },
        spec: {
          containers: [
            {
              args: [
                '--cert-dir=/tmp',
                '--secure-port=10250',
                '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname',
                '--kubelet-use-node-status-port',
                '--metric-resolution=15s',
                '--kubelet-insecure-tls',
              ],
              image: METRICS_SERVER_IMAGE,
              imagePullPolicy: 'IfNotPresent',
              livenessProbe: {
                failureThreshold: 3,
                httpGet: { path: '/livez', port: 'https', scheme: 'HTTPS' },
                periodSeconds: 10,
              },
              name: 'metrics-server',
              ports: [{ containerPort: 10250, name: 'https', protocol: 'TCP' }],
              readinessProbe: {
                failureThreshold: 3,
                httpGet: { path: '/readyz', port: 'https', scheme: 'HTTPS' },
                initialDelaySeconds: 20,
                periodSeconds: 10,
              },
              resources: { requests: { cpu: '100m', memory: '200Mi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                capabilities: { drop: ['ALL'] },
                readOnlyRootFilesystem: true,
                runAsNonRoot: true,
                runAsUser: 1000,
                seccompProfile: { type: 'RuntimeDefault' },
              },
              volumeMounts: [{ mountPath: '/tmp', name: 'tmp-dir' }],
            },
          ],
          nodeSelector: { 'kubernetes.io/os': 'linux' },
          priorityClassName: 'system-cluster-critical',
          serviceAccountName: 'metrics-server',
          volumes: [{ emptyDir: {}, name: 'tmp-dir' }],
        },
      },
    },
  };
}
