/**
 * The built-in resource types kubectl can name: Kind ↔ group ↔ plural resource ↔ short names, and scope.
 * kubectl learns this from API discovery; these entries mirror what a v1.34 apiserver advertises
 * (`kubectl api-resources`). Used for `kind.group/name` prefixes, "No resources found", and argument resolution.
 */

export interface ResourceInfo {
  kind: string;
  /** API group; "" for the core group. */
  group: string;
  version: string;
  /** Plural resource name, e.g. `deployments`. */
  resource: string;
  singular: string;
  shortNames: string[];
  namespaced: boolean;
}

const r = (
  kind: string,
  group: string,
  version: string,
  resource: string,
  shortNames: string[],
  namespaced = true,
): ResourceInfo => ({ kind, group, version, resource, singular: kind.toLowerCase(), shortNames, namespaced });

export const RESOURCES: readonly ResourceInfo[] = [
  r('Pod', '', 'v1', 'pods', ['po']),
  r('Service', '', 'v1', 'services', ['svc']),
  r('Endpoints', '', 'v1', 'endpoints', ['ep']),
  r('ConfigMap', '', 'v1', 'configmaps', ['cm']),
  r('Secret', '', 'v1', 'secrets', []),
  r('ServiceAccount', '', 'v1', 'serviceaccounts', ['sa']),
  r('PersistentVolumeClaim', '', 'v1', 'persistentvolumeclaims', ['pvc']),
  r('PersistentVolume', '', 'v1', 'persistentvolumes', ['pv'], false),
  r('Node', '', 'v1', 'nodes', ['no'], false),
  r('Namespace', '', 'v1', 'namespaces', ['ns'], false),
  r('Event', '', 'v1', 'events', ['ev']),
  r('ReplicationController', '', 'v1', 'replicationcontrollers', ['rc']),
  r('ResourceQuota', '', 'v1', 'resourcequotas', ['quota']),
  r('LimitRange', '', 'v1', 'limitranges', ['limits']),
  r('Deployment', 'apps', 'v1', 'deployments', ['deploy']),
  r('ReplicaSet', 'apps', 'v1', 'replicasets', ['rs']),
  r('StatefulSet', 'apps', 'v1', 'statefulsets', ['sts']),
  r('DaemonSet', 'apps', 'v1', 'daemonsets', ['ds']),
  r('ControllerRevision', 'apps', 'v1', 'controllerrevisions', []),
  r('Job', 'batch', 'v1', 'jobs', []),
  r('CronJob', 'batch', 'v1', 'cronjobs', ['cj']),
  r('HorizontalPodAutoscaler', 'autoscaling', 'v2', 'horizontalpodautoscalers', ['hpa']),
  r('EndpointSlice', 'discovery.k8s.io', 'v1', 'endpointslices', []),
  r('Ingress', 'networking.k8s.io', 'v1', 'ingresses', ['ing']),
  r('IngressClass', 'networking.k8s.io', 'v1', 'ingressclasses', [], false),
  r('NetworkPolicy', 'networking.k8s.io', 'v1', 'networkpolicies', ['netpol']),
  r('PodDisruptionBudget', 'policy', 'v1', 'poddisruptionbudgets', ['pdb']),
  r('Lease', 'coordination.k8s.io', 'v1', 'leases', []),
  r('StorageClass', 'storage.k8s.io', 'v1', 'storageclasses', ['sc'], false),
  r('Role', 'rbac.authorization.k8s.io', 'v1', 'roles', []),
  r('ClusterRole', 'rbac.authorization.k8s.io', 'v1', 'clusterroles', [], false),
  r('RoleBinding', 'rbac.authorization.k8s.io', 'v1', 'rolebindings', []),
  r('ClusterRoleBinding', 'rbac.authorization.k8s.io', 'v1', 'clusterrolebindings', [], false),
  r('PriorityClass', 'scheduling.k8s.io', 'v1', 'priorityclasses', ['pc'], false),
];

/**
 * Resolve what a user types (`deploy`, `deployments`, `deployment`, `deployments.apps`, `Deployment`) or a Kind.
 * Unknown names yield undefined (kubectl: `error: the server doesn't have a resource type "x"`).
 */
export function resolveResource(name: string): ResourceInfo | undefined {
  const n = name.trim();
  const lower = n.toLowerCase();
  for (const info of RESOURCES) {
    if (info.kind === n) return info;
  }
  for (const info of RESOURCES) {
    const full = info.group ? [`${info.resource}.${info.group}`, `${info.singular}.${info.group}`] : [];
    if (info.resource === lower || info.singular === lower || info.shortNames.includes(lower) || full.includes(lower)) {
      return info;
    }
  }
  return undefined;
}

/** Info for a Kind, with a best-effort fallback for kinds not in the table (CRDs). */
export function resourceForKind(kind: string, apiVersion?: string): ResourceInfo {
  const known = RESOURCES.find((i) => i.kind === kind);
  if (known) return known;
  const [group, version] = apiVersion && apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion ?? 'v1'];
  const lower = kind.toLowerCase();
  const plural = lower.endsWith('s') ? `${lower}es` : lower.endsWith('y') ? `${lower.slice(0, -1)}ies` : `${lower}s`;
  return { kind, group, version, resource: plural, singular: lower, shortNames: [], namespaced: true };
}

/** `deployment.apps` / `pod`: lower-case GroupKind.String(), as kubectl prefixes names (`deployment.apps/web`). */
export function kindPrefix(kind: string, group?: string): string {
  const g = group ?? resourceForKind(kind).group;
  return g ? `${kind.toLowerCase()}.${g}` : kind.toLowerCase();
}
