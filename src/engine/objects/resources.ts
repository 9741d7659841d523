/**
 * The API resources the simulated apiserver serves (what `kubectl api-resources` would list), with their
 * storage prefixes (pkg/kubeapiserver/default_storage_factory_builder.go SpecialDefaultResourcePrefixes).
 */
export interface ResourceInfo {
  kind: string;
  group: string; // '' for core
  version: string;
  resource: string; // plural
  namespaced: boolean;
  /** Prefix under /registry, without the group for built-in types. */
  etcdPrefix: string;
  /** Whether a controller/component in Podyssey acts on it (others are stored only). */
  simulated: boolean;
  shortNames?: string[];
  singular: string;
}

function r(
  kind: string,
  group: string,
  version: string,
  resource: string,
  namespaced: boolean,
  simulated: boolean,
  shortNames: string[] = [],
  etcdPrefix = resource,
): ResourceInfo {
  return {
    kind,
    group,
    version,
    resource,
    namespaced,
    etcdPrefix,
    simulated,
    shortNames,
    singular: kind.toLowerCase(),
  };
}

export const RESOURCES: readonly ResourceInfo[] = [
  r('Namespace', '', 'v1', 'namespaces', false, true, ['ns']),
  r('Pod', '', 'v1', 'pods', true, true, ['po']),
  r('Service', '', 'v1', 'services', true, true, ['svc'], 'services/specs'),
  r('Endpoints', '', 'v1', 'endpoints', true, true, ['ep'], 'services/endpoints'),
  r('ConfigMap', '', 'v1', 'configmaps', true, true, ['cm']),
  r('Secret', '', 'v1', 'secrets', true, true),
  r('ServiceAccount', '', 'v1', 'serviceaccounts', true, true, ['sa']),
  r('PersistentVolume', '', 'v1', 'persistentvolumes', false, true, ['pv']),
  r('PersistentVolumeClaim', '', 'v1', 'persistentvolumeclaims', true, true, ['pvc']),
  r('Node', '', 'v1', 'nodes', false, true, ['no'], 'minions'),
  r('Event', '', 'v1', 'events', true, true, ['ev']),
  r('ReplicationController', '', 'v1', 'replicationcontrollers', true, true, ['rc'], 'controllers'),
  r('ResourceQuota', '', 'v1', 'resourcequotas', true, true, ['quota']),
  r('LimitRange', '', 'v1', 'limitranges', true, true, ['limits']),
  r('Deployment', 'apps', 'v1', 'deployments', true, true, ['deploy']),
  r('ReplicaSet', 'apps', 'v1', 'replicasets', true, true, ['rs']),
  r('StatefulSet', 'apps', 'v1', 'statefulsets', true, true, ['sts']),
  r('DaemonSet', 'apps', 'v1', 'daemonsets', true, true, ['ds']),
  r('ControllerRevision', 'apps', 'v1', 'controllerrevisions', true, true),
  r('Job', 'batch', 'v1', 'jobs', true, true),
  r('CronJob', 'batch', 'v1', 'cronjobs', true, true, ['cj']),
  r('StorageClass', 'storage.k8s.io', 'v1', 'storageclasses', false, true, ['sc']),
  r('EndpointSlice', 'discovery.k8s.io', 'v1', 'endpointslices', true, true),
  r('Lease', 'coordination.k8s.io', 'v1', 'leases', true, true),
  r('Ingress', 'networking.k8s.io', 'v1', 'ingresses', true, false, ['ing'], 'ingress'),
  r('IngressClass', 'networking.k8s.io', 'v1', 'ingressclasses', false, false),
  r('NetworkPolicy', 'networking.k8s.io', 'v1', 'networkpolicies', true, false, ['netpol']),
  r('Role', 'rbac.authorization.k8s.io', 'v1', 'roles', true, true),
  r('RoleBinding', 'rbac.authorization.k8s.io', 'v1', 'rolebindings', true, true),
  r('ClusterRole', 'rbac.authorization.k8s.io', 'v1', 'clusterroles', false, true),
  r('ClusterRoleBinding', 'rbac.authorization.k8s.io', 'v1', 'clusterrolebindings', false, true),
  r('HorizontalPodAutoscaler', 'autoscaling', 'v2', 'horizontalpodautoscalers', true, false, ['hpa']),
  r('PodDisruptionBudget', 'policy', 'v1', 'poddisruptionbudgets', true, true, ['pdb']),
  r('PriorityClass', 'scheduling.k8s.io', 'v1', 'priorityclasses', false, true, ['pc']),
  r('ValidatingAdmissionPolicy', 'admissionregistration.k8s.io', 'v1', 'validatingadmissionpolicies', false, false),
  r(
    'ValidatingAdmissionPolicyBinding',
    'admissionregistration.k8s.io',
    'v1',
    'validatingadmissionpolicybindings',
    false,
    false,
  ),
  r(
    'MutatingWebhookConfiguration',
    'admissionregistration.k8s.io',
    'v1',
    'mutatingwebhookconfigurations',
    false,
    false,
  ),
  r(
    'ValidatingWebhookConfiguration',
    'admissionregistration.k8s.io',
    'v1',
    'validatingwebhookconfigurations',
    false,
    false,
  ),
];

const byGvk = new Map<string, ResourceInfo>();
const byKind = new Map<string, ResourceInfo>();
for (const info of RESOURCES) {
  byGvk.set(`${apiVersionOf(info)}/${info.kind}`, info);
  byKind.set(info.kind, info);
}

export function apiVersionOf(info: ResourceInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** Resolves `apiVersion` + `kind` the way discovery/RESTMapper does; undefined means "no matches for kind". */
export function lookupResource(apiVersion: string, kind: string): ResourceInfo | undefined {
  return byGvk.get(`${apiVersion}/${kind}`);
}

/** The served resource of a built-in kind, or undefined. */
export function lookupKind(kind: string): ResourceInfo | undefined {
  return byKind.get(kind);
}

export function resourceForKind(kind: string): ResourceInfo {
  const info = byKind.get(kind);
  if (!info) throw new Error(`unknown kind ${kind}`);
  return info;
}

/** Resolves a kubectl resource argument (`pods`, `po`, `deploy`, `deployments.apps`, `pod`). */
export function resolveResourceArg(arg: string): ResourceInfo | undefined {
  const a = arg.toLowerCase();
  for (const info of RESOURCES) {
    const qualified = info.group ? `${info.resource}.${info.group}` : info.resource;
    if (
      a === info.resource ||
      a === info.singular ||
      a === qualified ||
      (info.group && a === `${info.singular}.${info.group}`) ||
      info.shortNames?.includes(a)
    )
      return info;
  }
  return undefined;
}

/** `deployment.apps` / `service`: the name kubectl prints before `/name`. */
export function kubectlTypeName(info: ResourceInfo): string {
  return info.group ? `${info.singular}.${info.group}` : info.singular;
}

/** `deployments.apps` / `pods`: the resource name used in apiserver error messages. */
export function qualifiedResource(info: ResourceInfo): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

export function etcdKey(info: ResourceInfo, namespace: string | undefined, name: string): string {
  return info.namespaced ? `/registry/${info.etcdPrefix}/${namespace}/${name}` : `/registry/${info.etcdPrefix}/${name}`;
}

/** REST path, e.g. `/apis/apps/v1/namespaces/default/deployments` (name optional). */
export function restPath(info: ResourceInfo, namespace?: string, name?: string, sub?: string): string {
  const base = info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`;
  const ns = info.namespaced && namespace ? `/namespaces/${namespace}` : '';
  return `${base}${ns}/${info.resource}${name ? `/${name}` : ''}${sub ? `/${sub}` : ''}`;
}

/**
 * The resources in the `all` category (their REST storages' Categories()), in the order kubectl expands it from
 * discovery: groups in priority order (core, apps, autoscaling, batch), each group's resources sorted — so cronjobs
 * before jobs. The server's discovery documents and the kubectl panel's `get all` both read it.
 */
export const ALL_CATEGORY: readonly string[] = [
  'pods',
  'replicationcontrollers',
  'services',
  'daemonsets',
  'deployments',
  'replicasets',
  'statefulsets',
  'horizontalpodautoscalers',
  'cronjobs',
  'jobs',
];
