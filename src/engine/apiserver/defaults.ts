/**
 * Defaulting the apiserver applies while decoding a request body (the generated defaulters calling
 * pkg/apis/{core,apps,batch,...}/v1/defaults.go SetDefaults_*), before admission and validation.
 * Allocation (clusterIP, nodePort), registry strategies (status.phase of Pods, Namespace finalizers) and admission
 * plugins (serviceAccountName, tolerations, kube-api-access volume) are elsewhere.
 *
 * Sources: kubernetes/kubernetes pkg/apis/core/v1/defaults.go, apps/v1, batch/v1, networking/v1,
 * rbac/v1, storage/v1, autoscaling/v2 defaults.go.
 */
import type { KObject } from '../types';
import { canonicalQuantity, tryParseQuantity } from '../objects/quantity';
import { boundedMemo } from '../util/boundedMemo';

type Obj = Record<string, any>;

/** Returns a defaulted deep copy; the input is never mutated. */
export function applyDefaults(obj: KObject): KObject {
  const out = clone(obj) as KObject;
  const spec = isObj(out.spec) ? (out.spec as Obj) : undefined;
  switch (`${out.apiVersion}/${out.kind}`) {
    case 'v1/Pod':
      if (spec) defaultPod(spec);
      break;
    case 'apps/v1/Deployment':
      if (spec) defaultDeployment(spec);
      break;
    case 'apps/v1/ReplicaSet':
      if (spec) {
        spec.replicas ??= 1;
        defaultTemplate(spec, 'template');
      }
      break;
    case 'v1/ReplicationController':
      if (spec) defaultReplicationController(out, spec);
      break;
    case 'apps/v1/StatefulSet':
      if (spec) defaultStatefulSet(spec);
      break;
    case 'apps/v1/DaemonSet':
      if (spec) defaultDaemonSet(spec);
      break;
    case 'batch/v1/Job':
      if (spec) defaultJob(out, spec);
      break;
    case 'batch/v1/CronJob':
      if (spec) defaultCronJob(spec);
      break;
    case 'v1/Service':
      if (spec) defaultService(spec);
      break;
    case 'v1/Secret':
      defaultSecret(out);
      break;
    case 'v1/Namespace':
      defaultNamespace(out);
      break;
    case 'v1/PersistentVolumeClaim':
      if (spec) defaultPVCSpec(spec);
      out.status = isObj(out.status) ? out.status : {};
      (out.status as Obj).phase ||= 'Pending'; // SetDefaults_PersistentVolumeClaim
      break;
    case 'v1/PersistentVolume':
      if (spec) {
        spec.persistentVolumeReclaimPolicy ||= 'Retain';
        spec.volumeMode ||= 'Filesystem';
        canonicalizeResourceList(spec.capacity);
      }
      out.status = isObj(out.status) ? out.status : {};
      (out.status as Obj).phase ||= 'Pending';
      break;
    case 'v1/PodTemplate':
      defaultTemplate(out, 'template');
      break;
    case 'storage.k8s.io/v1/CSIDriver':
      if (spec) defaultCSIDriver(spec);
      break;
    case 'storage.k8s.io/v1/StorageClass':
      out.reclaimPolicy ||= 'Delete';
      out.volumeBindingMode ||= 'Immediate';
      break;
    case 'networking.k8s.io/v1/NetworkPolicy':
      if (spec) defaultNetworkPolicy(spec);
      break;
    case 'discovery.k8s.io/v1/EndpointSlice':
      for (const port of arr(out.ports)) {
        port.protocol ||= 'TCP';
        port.name ??= '';
      }
      break;
    case 'rbac.authorization.k8s.io/v1/RoleBinding':
    case 'rbac.authorization.k8s.io/v1/ClusterRoleBinding':
      for (const subject of arr(out.subjects)) defaultSubject(subject);
      break;
    case 'v1/LimitRange':
      if (spec) for (const item of arr(spec.limits)) defaultLimitRangeItem(item);
      break;
    case 'v1/ResourceQuota':
      if (spec) canonicalizeResourceList(spec.hard);
      break;
    case 'scheduling.k8s.io/v1/PriorityClass':
      // scheduling/v1 SetDefaults_PriorityClass.
      out.preemptionPolicy ??= 'PreemptLowerPriority';
      break;
    case 'autoscaling/v2/HorizontalPodAutoscaler':
      if (spec) defaultHPA(spec);
      break;
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Workloads

function defaultDeployment(spec: Obj): void {
  // apps/v1 SetDefaults_Deployment.
  spec.replicas ??= 1;
  const strategy: Obj = isObj(spec.strategy) ? spec.strategy : (spec.strategy = {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru: Obj = isObj(strategy.rollingUpdate) ? strategy.rollingUpdate : (strategy.rollingUpdate = {});
    ru.maxUnavailable ??= '25%';
    ru.maxSurge ??= '25%';
  }
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  defaultTemplate(spec, 'template');
  reorder(spec, DEPLOYMENT_SPEC_ORDER);
}

function defaultStatefulSet(spec: Obj): void {
  // apps/v1 SetDefaults_StatefulSet.
  spec.podManagementPolicy ||= 'OrderedReady';
  const strategy: Obj = isObj(spec.updateStrategy) ? spec.updateStrategy : (spec.updateStrategy = {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru: Obj = isObj(strategy.rollingUpdate) ? strategy.rollingUpdate : (strategy.rollingUpdate = {});
    ru.partition ??= 0;
  }
  const retention: Obj = isObj(spec.persistentVolumeClaimRetentionPolicy)
    ? spec.persistentVolumeClaimRetentionPolicy
    : (spec.persistentVolumeClaimRetentionPolicy = {});
  retention.whenDeleted ||= 'Retain';
  retention.whenScaled ||= 'Retain';
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  defaultTemplate(spec, 'template');
  for (const claim of arr(spec.volumeClaimTemplates)) {
    // The claim templates are PersistentVolumeClaim objects and get their defaults, status included.
    if (isObj(claim.spec)) defaultPVCSpec(claim.spec);
    claim.status = isObj(claim.status) ? claim.status : {};
    claim.status.phase ||= 'Pending';
  }
}

function defaultReplicationController(rc: KObject, spec: Obj): void {
  // core/v1 SetDefaults_ReplicationController: the selector and the labels come from the template's labels.
  const labels = spec.template?.metadata?.labels;
  if (isObj(labels)) {
    if (!isObj(spec.selector) || Object.keys(spec.selector).length === 0) spec.selector = clone(labels);
    if (!(isObj(rc.metadata?.labels) && Object.keys(rc.metadata.labels).length > 0))
      rc.metadata = { ...rc.metadata, labels: clone(labels) as Record<string, string> };
  }
  spec.replicas ??= 1;
  defaultTemplate(spec, 'template');
}

function defaultDaemonSet(spec: Obj): void {
  // apps/v1 SetDefaults_DaemonSet.
  const strategy: Obj = isObj(spec.updateStrategy) ? spec.updateStrategy : (spec.updateStrategy = {});
  strategy.type ||= 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const ru: Obj = isObj(strategy.rollingUpdate) ? strategy.rollingUpdate : (strategy.rollingUpdate = {});
    ru.maxUnavailable ??= 1;
    ru.maxSurge ??= 0;
  }
  spec.revisionHistoryLimit ??= 10;
  defaultTemplate(spec, 'template');
}

function defaultJob(job: KObject, spec: Obj): void {
  // batch/v1 SetDefaults_Job.
  if (spec.completions == null && spec.parallelism == null) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  spec.parallelism ??= 1;
  spec.backoffLimit ??= spec.backoffLimitPerIndex != null ? 2147483647 : 6;
  const templateLabels = spec.template?.metadata?.labels;
  if (isObj(templateLabels) && !(isObj(job.metadata?.labels) && Object.keys(job.metadata.labels).length > 0)) {
    job.metadata = { ...job.metadata, labels: clone(templateLabels) as Record<string, string> };
  }
  spec.completionMode ||= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ||= spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed';
  // SetObjectDefaults_Job runs SetDefaults_PodSpec on the template too, so an omitted restartPolicy reads Always,
  // which the Job's validation then rejects as Required (pkg/apis/batch/validation validateJobSpec).
  defaultTemplate(spec, 'template');
}

function defaultCronJob(spec: Obj): void {
  // batch/v1 SetDefaults_CronJob; the jobTemplate's Job fields are not defaulted (it is not a Job object).
  spec.concurrencyPolicy ||= 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  const jobSpec = spec.jobTemplate?.spec;
  if (isObj(jobSpec)) defaultTemplate(jobSpec, 'template');
}

// ---------------------------------------------------------------------------------------------------------------
// Pods and pod templates

/**
 * SetDefaults_PodSpec and the container defaults for a template. PodTemplateSpec.Spec is a struct, not a pointer,
 * so a template given as `{}` still has a spec to default: only the real Required errors follow
 * (`spec.template.spec.containers: Required value`), not terminationGracePeriodSeconds, dnsPolicy or restartPolicy.
 */
/**
 * SetDefaults_CSIDriver (pkg/apis/storage/v1/defaults.go), its gates GA by v1.34 (CSIVolumeFSGroupPolicy,
 * CSIInlineVolume) or on by default (SELinuxMountReadWriteOncePod, for seLinuxMount).
 */
function defaultCSIDriver(spec: Obj): void {
  spec.attachRequired ??= true;
  spec.podInfoOnMount ??= false;
  spec.storageCapacity ??= false;
  spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
  if (arr(spec.volumeLifecycleModes).length === 0) spec.volumeLifecycleModes = ['Persistent'];
  spec.requiresRepublish ??= false;
  spec.seLinuxMount ??= false;
}

function defaultTemplate(owner: Obj, key: string): void {
  const template = owner[key];
  if (!isObj(template)) return;
  if (!isObj(template.spec)) template.spec = {};
  defaultPodSpec(template.spec);
}

function defaultPod(spec: Obj): void {
  defaultPodSpec(spec);
  // SetDefaults_Pod: only on Pod objects, not templates.
  spec.enableServiceLinks ??= true;
  for (const c of [...arr(spec.containers), ...arr(spec.initContainers)]) {
    copyLimitsToRequests(c.resources);
    if (spec.hostNetwork === true) {
      for (const port of arr(c.ports)) port.hostPort ??= port.containerPort;
    }
  }
  if (isObj(spec.resources)) copyLimitsToRequests(spec.resources); // pod-level resources (v1.32+)
  reorder(spec, POD_SPEC_ORDER);
}

function copyLimitsToRequests(resources: unknown): void {
  if (!isObj(resources) || !isObj(resources.limits)) return;
  const requests: Obj = isObj(resources.requests) ? resources.requests : (resources.requests = {});
  for (const [name, value] of Object.entries(resources.limits)) {
    if (!(name in requests)) requests[name] = value;
  }
  reorder(resources, ['claims', 'limits', 'requests']);
}

function defaultPodSpec(spec: Obj): void {
  // SetDefaults_PodSpec.
  spec.dnsPolicy ||= 'ClusterFirst';
  spec.restartPolicy ||= 'Always';
  if (!isObj(spec.securityContext)) spec.securityContext = {};
  spec.terminationGracePeriodSeconds ??= 30;
  spec.schedulerName ||= 'default-scheduler';
  for (const c of [...arr(spec.initContainers), ...arr(spec.containers), ...arr(spec.ephemeralContainers)])
    defaultContainer(c);
  for (const v of arr(spec.volumes)) defaultVolume(v);
  if (isObj(spec.overhead)) canonicalizeResourceList(spec.overhead);
  if (isObj(spec.resources)) {
    canonicalizeResourceList(spec.resources.limits);
    canonicalizeResourceList(spec.resources.requests);
  }
  reorder(spec, POD_SPEC_ORDER);
}

function defaultContainer(c: Obj): void {
  // SetDefaults_Container.
  if (!c.imagePullPolicy) c.imagePullPolicy = imageTag(c.image) === 'latest' ? 'Always' : 'IfNotPresent';
  c.terminationMessagePath ||= '/dev/termination-log';
  c.terminationMessagePolicy ||= 'File';
  // `resources: {}` shows in real output because ResourceRequirements is a struct, not a pointer.
  if (!isObj(c.resources)) c.resources = {};
  canonicalizeResourceList(c.resources.limits);
  canonicalizeResourceList(c.resources.requests);
  for (const port of arr(c.ports)) {
    port.protocol ||= 'TCP'; // +default="TCP" on ContainerPort.Protocol
    reorder(port, ['name', 'hostPort', 'containerPort', 'protocol', 'hostIP']);
  }
  for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) if (isObj(probe)) defaultProbe(probe);
  if (isObj(c.lifecycle)) {
    for (const handler of [c.lifecycle.postStart, c.lifecycle.preStop])
      if (isObj(handler) && isObj(handler.httpGet)) defaultHTTPGet(handler.httpGet);
  }
  for (const env of arr(c.env))
    if (isObj(env.valueFrom) && isObj(env.valueFrom.fieldRef)) env.valueFrom.fieldRef.apiVersion ||= 'v1';
  reorder(c, CONTAINER_ORDER);
}

function defaultProbe(probe: Obj): void {
  // SetDefaults_Probe: zero values become the defaults (an explicit 0 too: these are plain int32 fields).
  if (!probe.timeoutSeconds) probe.timeoutSeconds = 1;
  if (!probe.periodSeconds) probe.periodSeconds = 10;
  if (!probe.successThreshold) probe.successThreshold = 1;
  if (!probe.failureThreshold) probe.failureThreshold = 3;
  if (isObj(probe.httpGet)) defaultHTTPGet(probe.httpGet);
  reorder(probe, PROBE_ORDER);
}

function defaultHTTPGet(action: Obj): void {
  // SetDefaults_HTTPGetAction.
  action.path ||= '/';
  action.scheme ||= 'HTTP';
}

function defaultVolume(v: Obj): void {
  // SetDefaults_Volume: a volume with no source is an emptyDir.
  const sources = Object.keys(v).filter((k) => k !== 'name');
  if (sources.length === 0) v.emptyDir = {};
  for (const key of ['secret', 'configMap', 'downwardAPI', 'projected'] as const) {
    if (isObj(v[key])) v[key].defaultMode ??= 420; // 0644
  }
  if (isObj(v.hostPath)) v.hostPath.type ??= ''; // HostPathUnset
  for (const item of arr(v.downwardAPI?.items)) if (isObj(item.fieldRef)) item.fieldRef.apiVersion ||= 'v1';
  for (const source of arr(v.projected?.sources)) {
    if (isObj(source.serviceAccountToken)) source.serviceAccountToken.expirationSeconds ??= 3600;
    for (const item of arr(source.downwardAPI?.items)) if (isObj(item.fieldRef)) item.fieldRef.apiVersion ||= 'v1';
  }
  if (isObj(v.ephemeral?.volumeClaimTemplate?.spec)) defaultPVCSpec(v.ephemeral.volumeClaimTemplate.spec);
}

/**
 * The tag kubelet's parsers.ParseImageName finds: `latest` when the reference has neither tag nor digest, "" when
 * the reference does not parse (SetDefaults_Container then picks IfNotPresent).
 */
export function imageTag(image: unknown): string {
  if (typeof image !== 'string' || image === '' || image !== image.trim()) return '';
  const at = image.indexOf('@');
  const name = at >= 0 ? image.slice(0, at) : image;
  const digest = at >= 0 ? image.slice(at + 1) : '';
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  const tag = colon > slash ? name.slice(colon + 1) : '';
  const repo = colon > slash ? name.slice(0, colon) : name;
  // docker/distribution reference grammar, simplified: lower-case path components, optional host[:port].
  const parts = repo.split('/');
  const first = parts.length > 1 && /[.:]|^localhost$/.test(parts[0]!) ? parts.shift()! : undefined;
  if (first !== undefined && !/^[A-Za-z0-9.-]+(:[0-9]+)?$/.test(first)) return '';
  if (!parts.every((p) => /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/.test(p))) return '';
  if (tag && !/^[\w][\w.-]{0,127}$/.test(tag)) return '';
  if (digest && !/^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[0-9a-fA-F]{32,}$/.test(digest)) return '';
  if (!tag && !digest) return 'latest';
  return tag;
}

// ---------------------------------------------------------------------------------------------------------------
// Services, storage and the rest

function defaultService(spec: Obj): void {
  // SetDefaults_Service.
  spec.sessionAffinity ||= 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds == null) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } };
  }
  spec.type ||= 'ClusterIP';
  for (const port of arr(spec.ports)) {
    port.protocol ||= 'TCP';
    if (port.targetPort === undefined || port.targetPort === null || port.targetPort === 0 || port.targetPort === '') {
      port.targetPort = port.port;
    }
    reorder(port, ['name', 'protocol', 'appProtocol', 'port', 'targetPort', 'nodePort']);
  }
  const externallyAccessible =
    spec.type === 'NodePort' ||
    spec.type === 'LoadBalancer' ||
    (spec.type === 'ClusterIP' && arr(spec.externalIPs).length > 0);
  if (externallyAccessible) spec.externalTrafficPolicy ||= 'Cluster';
  if (spec.internalTrafficPolicy == null && ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(spec.type))
    spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
  // registry alloc.go initIPFamilyFields, for a single-stack IPv4 cluster (which also turns the headless,
  // selectorless RequireDualStack preference into SingleStack). ExternalName services get no IP family fields.
  if (spec.type !== 'ExternalName') {
    spec.ipFamilyPolicy ??= 'SingleStack';
    if (!Array.isArray(spec.ipFamilies) || spec.ipFamilies.length === 0) spec.ipFamilies = ['IPv4'];
  }
  reorder(spec, SERVICE_SPEC_ORDER);
}

function defaultSecret(secret: KObject): void {
  // SetDefaults_Secret, plus the v1→internal conversion that folds stringData into data (base64).
  secret.type ||= 'Opaque';
  if (isObj(secret.stringData)) {
    const data: Obj = isObj(secret.data) ? secret.data : {};
    for (const [k, v] of Object.entries(secret.stringData)) if (typeof v === 'string') data[k] = base64Utf8(v);
    secret.data = data;
    delete secret.stringData;
  }
}

function defaultNamespace(ns: KObject): void {
  // SetDefaults_Namespace always (re)writes the name label; SetDefaults_NamespaceStatus sets phase Active.
  const name = ns.metadata?.name;
  if (typeof name === 'string' && name !== '') {
    ns.metadata = { ...ns.metadata, labels: { ...(ns.metadata.labels ?? {}), 'kubernetes.io/metadata.name': name } };
  }
  ns.status = isObj(ns.status) ? ns.status : {};
  ns.status.phase ||= 'Active';
}

function defaultPVCSpec(spec: Obj): void {
  // SetDefaults_PersistentVolumeClaimSpec.
  spec.volumeMode ||= 'Filesystem';
  if (isObj(spec.resources)) {
    canonicalizeResourceList(spec.resources.requests);
    canonicalizeResourceList(spec.resources.limits);
  }
}

function defaultNetworkPolicy(spec: Obj): void {
  // networking/v1 SetDefaults_NetworkPolicy and SetDefaults_NetworkPolicyPort.
  for (const rule of [...arr(spec.ingress), ...arr(spec.egress)])
    for (const port of arr(rule.ports)) port.protocol ||= 'TCP';
  if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) {
    spec.policyTypes = arr(spec.egress).length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
  }
}

function defaultSubject(subject: Obj): void {
  // rbac/v1 SetDefaults_Subject.
  if (subject.apiGroup == null || subject.apiGroup === '') {
    if (subject.kind === 'User' || subject.kind === 'Group') subject.apiGroup = 'rbac.authorization.k8s.io';
    else if (subject.kind === 'ServiceAccount') subject.apiGroup = '';
  }
}

function defaultHPA(spec: Obj): void {
  // autoscaling/v2 SetDefaults_HorizontalPodAutoscaler: minReplicas 1 and 80% CPU utilization when no metrics.
  spec.minReplicas ??= 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
    ];
  }
  // SetDefaults_HorizontalPodAutoscalerBehavior: only a behavior that is present gets its gaps filled.
  if (isObj(spec.behavior)) {
    spec.behavior.scaleUp = scalingRules(spec.behavior.scaleUp, 0, [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ]);
    spec.behavior.scaleDown = scalingRules(spec.behavior.scaleDown, 300, [
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ]);
  }
}

/** GenerateHPAScaleUpRules / GenerateHPAScaleDownRules. */
function scalingRules(rules: unknown, window: number, policies: Obj[]): Obj {
  const out: Obj = isObj(rules) ? rules : {};
  out.stabilizationWindowSeconds ??= window;
  out.selectPolicy ||= 'Max';
  if (!Array.isArray(out.policies)) out.policies = policies;
  return out;
}

/** Quantities are stored in canonical form (`cpu: 0.5` is read back as `500m`, `cpu: 1` as "1"). */
/**
 * SetDefaults_LimitRangeItem (core/v1 defaults.go): for `type: Container`, a missing default limit is the max, a
 * missing default request is the default limit, else the min. The maps' keys keep the order they were written in.
 */
function defaultLimitRangeItem(item: Obj): void {
  for (const k of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'])
    canonicalizeResourceList(item[k]);
  if (item.type !== 'Container') return;
  const def: Obj = isObj(item.default) ? item.default : {};
  const req: Obj = isObj(item.defaultRequest) ? item.defaultRequest : {};
  for (const [k, v] of Object.entries(isObj(item.max) ? item.max : {})) if (!(k in def)) def[k] = v;
  for (const [k, v] of Object.entries(def)) if (!(k in req)) req[k] = v;
  for (const [k, v] of Object.entries(isObj(item.min) ? item.min : {})) if (!(k in req)) req[k] = v;
  if (Object.keys(def).length) item.default = def;
  if (Object.keys(req).length) item.defaultRequest = req;
}

function canonicalizeResourceList(list: unknown): void {
  if (!isObj(list)) return;
  for (const [name, value] of Object.entries(list)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const canonical = canonicalOf(value);
    if (canonical !== undefined) list[name] = canonical;
  }
}

/**
 * canonicalQuantity of a valid quantity (undefined for an invalid one), remembered: every pod write is defaulted,
 * and a Deployment's pods repeat the same few quantities, whose parsing and formatting cost more than the rest of
 * defaulting a pod.
 */
const canonicalOf = boundedMemo(1_000, (q: string | number): string | undefined =>
  'error' in tryParseQuantity(q) ? undefined : canonicalQuantity(q),
);

// ---------------------------------------------------------------------------------------------------------------
// Helpers

const DEPLOYMENT_SPEC_ORDER = [
  'replicas',
  'selector',
  'template',
  'strategy',
  'minReadySeconds',
  'revisionHistoryLimit',
  'paused',
  'progressDeadlineSeconds',
];
// k8s.io/api core/v1 struct field order.
const POD_SPEC_ORDER = [
  'volumes',
  'initContainers',
  'containers',
  'ephemeralContainers',
  'restartPolicy',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'dnsPolicy',
  'nodeSelector',
  'serviceAccountName',
  'serviceAccount',
  'automountServiceAccountToken',
  'nodeName',
  'hostNetwork',
  'hostPID',
  'hostIPC',
  'shareProcessNamespace',
  'securityContext',
  'imagePullSecrets',
  'hostname',
  'subdomain',
  'affinity',
  'schedulerName',
  'tolerations',
  'hostAliases',
  'priorityClassName',
  'priority',
  'dnsConfig',
  'readinessGates',
  'runtimeClassName',
  'enableServiceLinks',
  'preemptionPolicy',
  'overhead',
  'topologySpreadConstraints',
  'setHostnameAsFQDN',
  'os',
  'hostUsers',
  'schedulingGates',
  'resourceClaims',
  'resources',
  'hostnameOverride',
];
const CONTAINER_ORDER = [
  'name',
  'image',
  'command',
  'args',
  'workingDir',
  'ports',
  'envFrom',
  'env',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'restartPolicyRules',
  'volumeMounts',
  'volumeDevices',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'imagePullPolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
];
const PROBE_ORDER = [
  'exec',
  'httpGet',
  'tcpSocket',
  'grpc',
  'initialDelaySeconds',
  'timeoutSeconds',
  'periodSeconds',
  'successThreshold',
  'failureThreshold',
  'terminationGracePeriodSeconds',
];
const SERVICE_SPEC_ORDER = [
  'ports',
  'selector',
  'clusterIP',
  'clusterIPs',
  'type',
  'externalIPs',
  'sessionAffinity',
  'loadBalancerIP',
  'loadBalancerSourceRanges',
  'externalName',
  'externalTrafficPolicy',
  'healthCheckNodePort',
  'publishNotReadyAddresses',
  'sessionAffinityConfig',
  'ipFamilies',
  'ipFamilyPolicy',
  'allocateLoadBalancerNodePorts',
  'loadBalancerClass',
  'internalTrafficPolicy',
  'trafficDistribution',
];

/** Re-inserts keys in Go struct order (unknown keys keep their place at the end); values are untouched. */
function reorder(obj: Obj, order: readonly string[]): void {
  const rank = (k: string): number => {
    const i = order.indexOf(k);
    return i === -1 ? order.length : i;
  };
  // Usually already in order (a pod created from a defaulted template is): then there is nothing to move. Checked
  // over the own keys directly, the same keys in the same order as Object.entries, without an array of pairs for
  // every defaulted object (1.6 MB of garbage in a 1,000-pod run).
  let last = -1;
  let inOrder = true;
  for (const k in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, k)) continue;
    const r = rank(k);
    if (r < last) {
      inOrder = false;
      break;
    }
    last = r;
  }
  if (inOrder) return;
  const entries = Object.entries(obj);
  const sorted = entries.map((e, i) => [e, i] as const).sort((a, b) => rank(a[0][0]) - rank(b[0][0]) || a[1] - b[1]);
  // Last key first: V8 keeps an object's fast layout when the property deleted is the last one added, while any
  // other delete turns it into a slow dictionary that every later read of the stored object pays for.
  for (let i = entries.length - 1; i >= 0; i--) delete obj[entries[i][0]];
  for (const [[k, v]] of sorted) defineData(obj, k, v);
}

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function arr(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

function defineData(obj: Obj, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Deep copy of JSON-like data; `__proto__` stays an own data property. */
function clone(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(clone);
  if (isObj(v)) {
    const out: Obj = {};
    // defineProperty only where plain assignment would not make a data property: it is several times slower.
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      if (k === '__proto__') defineData(out, k, clone(v[k]));
      else out[k] = clone(v[k]);
    }
    return out;
  }
  return v;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64Utf8(s: string): string {
  const bytes: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    out += B64[a >> 2]! + B64[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    out += b === undefined ? '=' : B64[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    out += c === undefined ? '=' : B64[c & 63]!;
  }
  return out;
}
