/**
 * The API resources the simulated apiserver serves: every resource `kubectl api-resources` lists on a kind v1.34
 * cluster (the groups and versions pkg/controlplane/apiserver/options and pkg/controlplane/instance.go enable by
 * default: GA versions only, so no LeaseCandidate or MutatingAdmissionPolicy, both beta in v1.34), plus the older
 * versions still served for a kind whose preferred version is newer (autoscaling/v1). Scope, short names and
 * categories are each REST storage's NamespaceScoped(), ShortNames() and Categories() (pkg/registry/<group>/<kind>);
 * the storage prefixes are pkg/kubeapiserver/default_storage_factory_builder.go SpecialDefaultResourcePrefixes.
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
  /** The REST storage's Categories() (`all`, `api-extensions`). */
  categories?: string[];
  /**
   * What a stored-only kind's narration says about it (`narration.apiserver.stored.<why>`): no ingress controller
   * runs, NetworkPolicy is not enforced, custom resources are not served, or nothing acts on it in any cluster.
   */
  storedOnly?: StoredOnlyReason;
  /**
   * Resources whose REST storage is not a stored object: `create` answers a review in the response's status and
   * stores nothing (TokenReview, the access reviews); `read` is computed on every GET (ComponentStatus); `binding`
   * binds the Pod it names (the legacy `bindings` resource); `metrics` is an aggregated API the kube-aggregator
   * proxies to metrics-server when it is installed (src/engine/metrics/metricsResources.ts).
   */
  rest?: 'create' | 'read' | 'binding' | 'metrics';
  /**
   * Another version of a kind served from the same storage as its preferred version (autoscaling/v1
   * HorizontalPodAutoscaler, stored as autoscaling/v2): not listed by api-resources, never used to find a kind.
   */
  alternateVersion?: boolean;
  /** A custom resource: the name of the CustomResourceDefinition that serves it (customResources.ts). */
  crd?: string;
  /** A custom resource whose version enables the status subresource (`<plural>/status` in discovery). */
  statusSubresource?: boolean;
}

export type StoredOnlyReason = 'noController' | 'noIngressController' | 'noNetworkPolicy' | 'crd' | 'inert';

interface Extra {
  categories?: string[];
  storedOnly?: StoredOnlyReason;
  rest?: ResourceInfo['rest'];
  alternateVersion?: boolean;
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
  extra: Extra = {},
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
    ...(extra.categories ? { categories: extra.categories } : {}),
    ...(!simulated && !extra.rest ? { storedOnly: extra.storedOnly ?? 'noController' } : {}),
    ...(extra.rest ? { rest: extra.rest } : {}),
    ...(extra.alternateVersion ? { alternateVersion: true } : {}),
  };
}

const ALL = { categories: ['all'] };
const API_EXTENSIONS = { categories: ['api-extensions'] };
const REVIEW: Extra = { rest: 'create' };
const ADMISSION = 'admissionregistration.k8s.io';
const STORAGE = 'storage.k8s.io';
const NETWORKING = 'networking.k8s.io';
const RBAC = 'rbac.authorization.k8s.io';
const FLOWCONTROL = 'flowcontrol.apiserver.k8s.io';
const DRA = 'resource.k8s.io';

export const RESOURCES: readonly ResourceInfo[] = [
  // core/v1 (pkg/registry/core/rest/storage_core.go)
  r('Binding', '', 'v1', 'bindings', true, true, [], 'bindings', { rest: 'binding' }),
  r('ComponentStatus', '', 'v1', 'componentstatuses', false, true, ['cs'], 'componentstatuses', { rest: 'read' }),
  r('Namespace', '', 'v1', 'namespaces', false, true, ['ns']),
  r('Pod', '', 'v1', 'pods', true, true, ['po'], 'pods', ALL),
  r('PodTemplate', '', 'v1', 'podtemplates', true, false, [], 'podtemplates', { storedOnly: 'inert' }),
  r('Service', '', 'v1', 'services', true, true, ['svc'], 'services/specs', ALL),
  r('Endpoints', '', 'v1', 'endpoints', true, true, ['ep'], 'services/endpoints'),
  r('ConfigMap', '', 'v1', 'configmaps', true, true, ['cm']),
  r('Secret', '', 'v1', 'secrets', true, true),
  r('ServiceAccount', '', 'v1', 'serviceaccounts', true, true, ['sa']),
  r('PersistentVolume', '', 'v1', 'persistentvolumes', false, true, ['pv']),
  r('PersistentVolumeClaim', '', 'v1', 'persistentvolumeclaims', true, true, ['pvc']),
  r('Node', '', 'v1', 'nodes', false, true, ['no'], 'minions'),
  r('Event', '', 'v1', 'events', true, true, ['ev']),
  r('ReplicationController', '', 'v1', 'replicationcontrollers', true, true, ['rc'], 'controllers', ALL),
  r('ResourceQuota', '', 'v1', 'resourcequotas', true, true, ['quota']),
  r('LimitRange', '', 'v1', 'limitranges', true, true, ['limits']),
  // apps/v1
  r('Deployment', 'apps', 'v1', 'deployments', true, true, ['deploy'], 'deployments', ALL),
  r('ReplicaSet', 'apps', 'v1', 'replicasets', true, true, ['rs'], 'replicasets', ALL),
  r('StatefulSet', 'apps', 'v1', 'statefulsets', true, true, ['sts'], 'statefulsets', ALL),
  r('DaemonSet', 'apps', 'v1', 'daemonsets', true, true, ['ds'], 'daemonsets', ALL),
  r('ControllerRevision', 'apps', 'v1', 'controllerrevisions', true, true),
  // batch/v1
  r('Job', 'batch', 'v1', 'jobs', true, true, [], 'jobs', ALL),
  r('CronJob', 'batch', 'v1', 'cronjobs', true, true, ['cj'], 'cronjobs', ALL),
  // autoscaling: v2 preferred, v1 still served from the same storage
  r('HorizontalPodAutoscaler', 'autoscaling', 'v2', 'horizontalpodautoscalers', true, true, ['hpa'], undefined, ALL),
  r('HorizontalPodAutoscaler', 'autoscaling', 'v1', 'horizontalpodautoscalers', true, true, ['hpa'], undefined, {
    ...ALL,
    alternateVersion: true,
  }),
  r('PodDisruptionBudget', 'policy', 'v1', 'poddisruptionbudgets', true, true, ['pdb']),
  // storage.k8s.io/v1 (VolumeAttributesClass is GA in v1.34)
  r('StorageClass', STORAGE, 'v1', 'storageclasses', false, true, ['sc']),
  r('CSIDriver', STORAGE, 'v1', 'csidrivers', false, false),
  r('CSINode', STORAGE, 'v1', 'csinodes', false, false),
  r('CSIStorageCapacity', STORAGE, 'v1', 'csistoragecapacities', true, false),
  r('VolumeAttachment', STORAGE, 'v1', 'volumeattachments', false, false),
  r('VolumeAttributesClass', STORAGE, 'v1', 'volumeattributesclasses', false, false, ['vac']),
  r('EndpointSlice', 'discovery.k8s.io', 'v1', 'endpointslices', true, true),
  r('Lease', 'coordination.k8s.io', 'v1', 'leases', true, true),
  // events.k8s.io/v1: the same stored Events as core/v1, in the newer shape
  r('Event', 'events.k8s.io', 'v1', 'events', true, true, ['ev'], 'events', { alternateVersion: true }),
  // networking.k8s.io/v1 (ServiceCIDR and IPAddress are GA since v1.33)
  r('Ingress', NETWORKING, 'v1', 'ingresses', true, false, ['ing'], 'ingress', { storedOnly: 'noIngressController' }),
  r('IngressClass', NETWORKING, 'v1', 'ingressclasses', false, false, [], 'ingressclasses', {
    storedOnly: 'noIngressController',
  }),
  r('NetworkPolicy', NETWORKING, 'v1', 'networkpolicies', true, false, ['netpol'], 'networkpolicies', {
    storedOnly: 'noNetworkPolicy',
  }),
  r('IPAddress', NETWORKING, 'v1', 'ipaddresses', false, false, ['ip']),
  r('ServiceCIDR', NETWORKING, 'v1', 'servicecidrs', false, false),
  r('RuntimeClass', 'node.k8s.io', 'v1', 'runtimeclasses', false, false),
  r('Role', RBAC, 'v1', 'roles', true, true),
  r('RoleBinding', RBAC, 'v1', 'rolebindings', true, true),
  r('ClusterRole', RBAC, 'v1', 'clusterroles', false, true),
  r('ClusterRoleBinding', RBAC, 'v1', 'clusterrolebindings', false, true),
  r('PriorityClass', 'scheduling.k8s.io', 'v1', 'priorityclasses', false, true, ['pc']),
  r('CertificateSigningRequest', 'certificates.k8s.io', 'v1', 'certificatesigningrequests', false, false, ['csr']),
  r('FlowSchema', FLOWCONTROL, 'v1', 'flowschemas', false, false),
  r('PriorityLevelConfiguration', FLOWCONTROL, 'v1', 'prioritylevelconfigurations', false, false),
  // resource.k8s.io/v1: dynamic resource allocation, GA in v1.34
  r('DeviceClass', DRA, 'v1', 'deviceclasses', false, false),
  r('ResourceClaim', DRA, 'v1', 'resourceclaims', true, false),
  r('ResourceClaimTemplate', DRA, 'v1', 'resourceclaimtemplates', true, false),
  r('ResourceSlice', DRA, 'v1', 'resourceslices', false, false),
  // the create-only reviews (pkg/registry/authentication, pkg/registry/authorization): answered, never stored
  r('TokenReview', 'authentication.k8s.io', 'v1', 'tokenreviews', false, true, [], 'tokenreviews', REVIEW),
  r('SelfSubjectReview', 'authentication.k8s.io', 'v1', 'selfsubjectreviews', false, true, [], undefined, REVIEW),
  r('SubjectAccessReview', 'authorization.k8s.io', 'v1', 'subjectaccessreviews', false, true, [], undefined, REVIEW),
  r('SelfSubjectAccessReview', 'authorization.k8s.io', 'v1', 'selfsubjectaccessreviews', false, true, [], undefined, {
    ...REVIEW,
  }),
  r('SelfSubjectRulesReview', 'authorization.k8s.io', 'v1', 'selfsubjectrulesreviews', false, true, [], undefined, {
    ...REVIEW,
  }),
  r('LocalSubjectAccessReview', 'authorization.k8s.io', 'v1', 'localsubjectaccessreviews', true, true, [], undefined, {
    ...REVIEW,
  }),
  // admissionregistration.k8s.io/v1, apiextensions.k8s.io/v1, apiregistration.k8s.io/v1: the api-extensions category
  r('ValidatingAdmissionPolicy', ADMISSION, 'v1', 'validatingadmissionpolicies', false, false, [], undefined, {
    ...API_EXTENSIONS,
  }),
  r(
    'ValidatingAdmissionPolicyBinding',
    ADMISSION,
    'v1',
    'validatingadmissionpolicybindings',
    false,
    false,
    [],
    undefined,
    API_EXTENSIONS,
  ),
  r('MutatingWebhookConfiguration', ADMISSION, 'v1', 'mutatingwebhookconfigurations', false, false, [], undefined, {
    ...API_EXTENSIONS,
  }),
  r('ValidatingWebhookConfiguration', ADMISSION, 'v1', 'validatingwebhookconfigurations', false, false, [], undefined, {
    ...API_EXTENSIONS,
  }),
  // apiextensions-apiserver: its naming and establishing controllers run in kube-apiserver (crdControllers.ts).
  r(
    'CustomResourceDefinition',
    'apiextensions.k8s.io',
    'v1',
    'customresourcedefinitions',
    false,
    true,
    ['crd', 'crds'],
    'apiextensions.k8s.io/customresourcedefinitions',
    API_EXTENSIONS,
  ),
  // kube-aggregator
  r(
    'APIService',
    'apiregistration.k8s.io',
    'v1',
    'apiservices',
    false,
    false,
    [],
    'apiregistration.k8s.io/apiservices',
    {
      ...API_EXTENSIONS,
    },
  ),
];

/** The resources with storage of their own: each stored kind once, at its preferred version. */
export const STORED_RESOURCES: readonly ResourceInfo[] = RESOURCES.filter((i) => !i.alternateVersion && !i.rest);

const byGvk = new Map<string, ResourceInfo>();
const byKind = new Map<string, ResourceInfo>();
for (const info of RESOURCES) {
  byGvk.set(`${apiVersionOf(info)}/${info.kind}`, info);
  if (!info.alternateVersion) byKind.set(info.kind, info);
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
    // `events` is core/v1 (its group comes first); `events.events.k8s.io` names the newer version.
    if (info.alternateVersion && info.group !== 'events.k8s.io') continue;
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
 * before jobs. The kubectl panel's `get all` reads it; discovery serves each resource's `categories`.
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

/**
 * The resources in the `api-extensions` category (the admissionregistration, apiextensions and apiregistration
 * storages' Categories()), in the same discovery order: apiregistration.k8s.io, then admissionregistration.k8s.io,
 * then apiextensions.k8s.io.
 */
export const API_EXTENSIONS_CATEGORY: readonly string[] = [
  'apiservices',
  'mutatingwebhookconfigurations',
  'validatingadmissionpolicies',
  'validatingadmissionpolicybindings',
  'validatingwebhookconfigurations',
  'customresourcedefinitions',
];
