/**
 * The plain-words reasons of a diagnosis, as templates with named parameters: the engine fills them in English (the
 * CLI and the goldens print that), and the UI's catalogs carry each under `diag.<key>` so a view can show the same
 * sentence in the learner's language from the finding's `reasonKey` and `params`.
 */
export const REASONS = {
  apiEtcd:
    'The API server accepted the request but could not commit it to etcd: etcd has lost quorum, so every write fails',
  apiDown: 'kubectl cannot reach the API server: kube-apiserver is not running or not listening',
  apiUnauthorized: 'Authentication failed (401): the API server does not accept the credentials in the kubeconfig',
  apiForbidden: 'Authorization failed (403): RBAC does not allow this user to do that',
  apiNoKind:
    'The API server does not serve this apiVersion/kind (removed, misspelled, or its CustomResourceDefinition is not installed or not Established yet)',
  apiRejected: 'The API server rejected the object (validation or admission), so nothing was stored',
  nodeNotReady: 'Node {node} is NotReady: {message}',
  noReplicaSet:
    'The Deployment is stored but no ReplicaSet exists: the deployment controller has not acted on it (is kube-controller-manager running?)',
  replicaSetCreated: 'ReplicaSet created',
  failedCreate: 'The ReplicaSet controller cannot create pods: {message}',
  podSecurity:
    'The namespace enforces the "{level}" Pod Security Standard (label pod-security.kubernetes.io/enforce) and the pod template violates it ({violations}), so the API server refuses every Pod the ReplicaSet creates',
  podsMissing: 'The ReplicaSet wants {want} pods and has {have}',
  podsCreated: '{have}/{want} pods created',
  unschedulable: 'No node fits: {message}',
  noScheduler: 'The pod is not bound to a node and there is no FailedScheduling event: is kube-scheduler running?',
  bound: 'Bound to {node}',
  sandboxNetwork:
    'RunPodSandbox fails on {node}: containerd cannot set up the Pod network because the CNI plugin fails, so the Pod gets no IP and stays ContainerCreating; the kubelet retries every 10–15 s',
  sandbox: 'RunPodSandbox fails on {node}: {message}',
  mount: '{message}',
  image: 'Image {image} cannot be pulled ({reason})',
  config: 'Container {container} cannot be created: {message}',
  crashLoop:
    'Container {container} keeps exiting (exit code {code}, {reason}); the kubelet restarts it with a growing back-off',
  creating: 'Container {container} is still being created ({reason})',
  kubeletSilent: 'Bound to {node}, but the kubelet has not reported any status yet',
  notReadyProbe: 'Running but not Ready: {message}',
  notReady: 'Running but not Ready ({reason})',
  ready: 'Running and Ready',
  endpointsNotReady:
    'Service {service} selects {count} pod(s) but none is Ready, so its EndpointSlice has no ready endpoints',
  selectorMismatch: 'Service {service} selects {selector}, and no pod has those labels: its EndpointSlice stays empty',
  endpoints: '{count} ready endpoint(s)',
  hpaMetrics:
    'HorizontalPodAutoscaler {hpa} cannot compute a replica count (ScalingActive=False, {reason}), so it never scales: {message}',
  proxyStale:
    'kube-proxy on {node} programs {jumps} of {count} ready endpoints for {service}: its rules are stale (is kube-proxy running there?)',
} as const;

export type ReasonKey = keyof typeof REASONS;
export type ReasonParams = Record<string, string | number>;

/** A reason in English with what a translation needs to say it again. */
export function reasonOf(
  reasonKey: ReasonKey,
  params: ReasonParams = {},
): { reason: string; reasonKey: ReasonKey; params: ReasonParams } {
  const reason = REASONS[reasonKey].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
  return { reason, reasonKey, params };
}
