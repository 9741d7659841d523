/**
 * Field validation the apiserver runs after mutating admission (registry strategy Validate / ValidateUpdate),
 * with the real field paths and texts. Sources: kubernetes/kubernetes pkg/apis/{core,apps,batch,...}/validation,
 * apimachinery pkg/api/validation (ObjectMeta), apimachinery pkg/api/errors NewInvalid.
 *
 * Also the allocation check the Service registry runs BEFORE validation (BeginCreate → allocateCreate): a nodePort
 * outside 30000-32767 is reported alone. The workload kinds' rules are in validateWorkloads.ts, the Pod spec's in
 * validatePodSpec.ts.
 */
import type { FieldError, KObject } from '../types';
import { canonicalQuantity, tryParseQuantity } from '../objects/quantity';
import { lookupResource } from '../objects/resources';
import { GoStruct, forbidden, invalid, notSupported, required, duplicate } from './fieldError';
import { validateLabelSelector, validateLabels } from './labelSelector';
import {
  validateAnnotations,
  validateContainersOnlyForPod,
  validatePodSpec,
  validatePodTemplateSpec,
  validatePortNumOrName,
} from './validatePodSpec';
import { validatePriorityClass, validatePriorityClassUpdate } from './validatePriorityClass';
import { validatePodDisruptionBudget } from './validatePodDisruptionBudget';
import { validateCRDName, validateCRDSpec, validateCRDUpdate } from './validateCRD';
import { isObj, str, type Obj } from './validationHelpers';
import {
  selectorImmutable,
  statefulSetUpdate,
  validateCronJob,
  validateDaemonSet,
  validateDeployment,
  validateJobSpec,
  validateReplicaSet,
  validateReplicationController,
  validateStatefulSet,
} from './validateWorkloads';
import {
  type NameValidator,
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isValidPortNum,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  nameIsPathSegment,
} from './validationRules';

export { fieldErrorText, formatInvalid, invalidStatusMessage, renderValue } from './fieldError';

interface ValidateOptions {
  /** The stored object, for updates (immutable fields). */
  existing?: KObject;
  /** The scope, for a custom resource (not in the built-in table). */
  namespaced?: boolean;
}

interface KindRules {
  name: NameValidator;
  spec?: (obj: KObject) => FieldError[];
  update?: (obj: KObject, old: KObject) => FieldError[];
}

const RULES: Record<string, KindRules> = {
  'v1/Pod': { name: nameIsDNSSubdomain, spec: validatePod },
  'v1/Service': { name: nameIsDNS1035Label, spec: validateService },
  'v1/Namespace': { name: nameIsDNSLabel },
  'v1/ConfigMap': { name: nameIsDNSSubdomain, spec: validateConfigMap },
  'v1/Secret': { name: nameIsDNSSubdomain, spec: validateSecret },
  'v1/ServiceAccount': { name: nameIsDNSSubdomain },
  'v1/PersistentVolume': { name: nameIsDNSSubdomain, spec: validatePersistentVolume },
  'v1/PersistentVolumeClaim': {
    name: nameIsDNSSubdomain,
    spec: (o) => validatePVCSpec(o.spec ?? {}, 'spec'),
  },
  'v1/Node': { name: nameIsDNSSubdomain },
  'v1/Event': { name: nameIsDNSSubdomain },
  'v1/ReplicationController': { name: nameIsDNSSubdomain, spec: validateReplicationController },
  // ValidatePodTemplate: the template's Pod spec, as any workload's.
  'v1/PodTemplate': { name: nameIsDNSSubdomain, spec: (o) => validatePodTemplateSpec(o.template, 'template') },
  'apps/v1/Deployment': {
    name: nameIsDNSSubdomain,
    spec: validateDeployment,
    update: selectorImmutable,
  },
  'apps/v1/ReplicaSet': {
    name: nameIsDNSSubdomain,
    spec: validateReplicaSet,
    update: selectorImmutable,
  },
  // ValidateStatefulSetName: a DNS label, because the pods are named <set>-<ordinal> and used as hostnames.
  'apps/v1/StatefulSet': {
    name: nameIsDNSLabel,
    spec: validateStatefulSet,
    update: statefulSetUpdate,
  },
  'apps/v1/DaemonSet': {
    name: nameIsDNSSubdomain,
    spec: validateDaemonSet,
    update: selectorImmutable,
  },
  'batch/v1/Job': { name: nameIsDNSSubdomain, spec: (o) => validateJobSpec(o.spec ?? {}, 'spec') },
  'batch/v1/CronJob': { name: nameIsDNSSubdomain, spec: validateCronJob },
  'storage.k8s.io/v1/StorageClass': {
    name: nameIsDNSSubdomain,
    spec: (o) => (o.provisioner ? [] : [required('provisioner')]),
  },
  'discovery.k8s.io/v1/EndpointSlice': { name: nameIsDNSSubdomain },
  'coordination.k8s.io/v1/Lease': { name: nameIsDNSSubdomain },
  'networking.k8s.io/v1/Ingress': { name: nameIsDNSSubdomain },
  'networking.k8s.io/v1/NetworkPolicy': { name: nameIsDNSSubdomain },
  // RBAC names only have to work as a URL path segment (ValidateRBACName = path.IsValidPathSegmentName).
  'rbac.authorization.k8s.io/v1/Role': { name: nameIsPathSegment },
  'rbac.authorization.k8s.io/v1/RoleBinding': { name: nameIsPathSegment },
  'rbac.authorization.k8s.io/v1/ClusterRole': { name: nameIsPathSegment },
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': { name: nameIsPathSegment },
  'autoscaling/v2/HorizontalPodAutoscaler': { name: nameIsDNSSubdomain, spec: validateHPA },
  'apiextensions.k8s.io/v1/CustomResourceDefinition': {
    name: nameIsDNSSubdomain,
    spec: (crd) => [...validateCRDName(crd), ...validateCRDSpec(crd)],
    update: validateCRDUpdate,
  },
  'policy/v1/PodDisruptionBudget': { name: nameIsDNSSubdomain, spec: validatePodDisruptionBudget },
  'scheduling.k8s.io/v1/PriorityClass': {
    name: nameIsDNSSubdomain,
    spec: validatePriorityClass,
    update: validatePriorityClassUpdate,
  },
};

/** Field errors for `obj` (already defaulted and admitted), in the order the apiserver reports them. */
export function validateObject(obj: KObject, opts: ValidateOptions = {}): FieldError[] {
  const rules = RULES[`${obj.apiVersion}/${obj.kind}`];
  // Scope comes from the one resource table the apiserver serves from.
  const namespaced = opts.namespaced ?? lookupResource(obj.apiVersion, obj.kind)?.namespaced ?? true;
  if (!rules) return validateObjectMeta(obj.metadata ?? ({} as KObject['metadata']), namespaced, nameIsDNSSubdomain);
  if (obj.kind === 'Service' && !opts.existing) {
    const allocation = nodePortAllocation(obj);
    if (allocation.length) return allocation;
  }
  const errs = opts.existing
    ? []
    : validateObjectMeta(obj.metadata ?? ({} as KObject['metadata']), namespaced, rules.name);
  if (opts.existing) errs.push(...validateObjectMetaForUpdate(obj.metadata ?? ({} as KObject['metadata'])));
  if (rules.spec) errs.push(...rules.spec(obj));
  if (opts.existing && rules.update) errs.push(...rules.update(obj, opts.existing));
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// ObjectMeta (apimachinery pkg/api/validation/objectmeta.go ValidateObjectMetaAccessor)

function validateObjectMeta(meta: Obj, namespaced: boolean, nameFn: NameValidator): FieldError[] {
  const errs: FieldError[] = [];
  const generateName = str(meta.generateName);
  if (generateName)
    for (const msg of nameFn(generateName, true)) errs.push(invalid('metadata.generateName', generateName, msg));
  const name = str(meta.name);
  if (!name) {
    // The registry fills the name from generateName before validating; only a missing pair is an error.
    if (!generateName) errs.push(required('metadata.name', 'name or generateName is required'));
  } else {
    for (const msg of nameFn(name, false)) errs.push(invalid('metadata.name', name, msg));
  }
  if (namespaced) {
    const ns = str(meta.namespace);
    if (!ns) errs.push(required('metadata.namespace'));
    else for (const msg of isDNS1123Label(ns)) errs.push(invalid('metadata.namespace', ns, msg));
  }
  // Cluster-scoped objects: the handler clears metadata.namespace before validation, so nothing to report.
  errs.push(...validateObjectMetaForUpdate(meta));
  return errs;
}

function validateObjectMetaForUpdate(meta: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof meta.generation === 'number' && meta.generation < 0)
    errs.push(invalid('metadata.generation', meta.generation, 'must be greater than or equal to 0'));
  errs.push(...validateLabels(meta.labels, 'metadata.labels'));
  errs.push(...validateAnnotations(meta.annotations, 'metadata.annotations'));
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Pods

function validatePod(pod: KObject): FieldError[] {
  const spec: Obj = pod.spec ?? {};
  const errs = validatePodSpec(spec, 'spec');
  errs.push(...validateContainersOnlyForPod(spec, 'spec'));
  if (Array.isArray(spec.ephemeralContainers) && spec.ephemeralContainers.length > 0) {
    errs.push(forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Services (ValidateService) and the nodePort allocator

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const NODE_PORT_RANGE: readonly [number, number] = [30000, 32767];

/** portallocator ErrNotInRange, reported by the registry's allocateCreate before validation runs. */
function nodePortAllocation(svc: KObject): FieldError[] {
  const spec: Obj = svc.spec ?? {};
  if (spec.type !== 'NodePort' && spec.type !== 'LoadBalancer') return [];
  const ports: Obj[] = Array.isArray(spec.ports) ? spec.ports : [];
  for (let i = 0; i < ports.length; i++) {
    const np = ports[i]?.nodePort;
    if (typeof np === 'number' && np !== 0 && (np < NODE_PORT_RANGE[0] || np > NODE_PORT_RANGE[1])) {
      return [
        invalid(
          `spec.ports[${i}].nodePort`,
          np,
          `provided port is not in the valid range. The range of valid ports is ${NODE_PORT_RANGE[0]}-${NODE_PORT_RANGE[1]}`,
        ),
      ];
    }
  }
  return [];
}

function validateService(svc: KObject): FieldError[] {
  const spec: Obj = svc.spec ?? {};
  const errs: FieldError[] = [];
  const ports: Obj[] = Array.isArray(spec.ports) ? spec.ports : [];
  const headless = spec.clusterIP === 'None';
  if (ports.length === 0 && !headless && spec.type !== 'ExternalName') errs.push(required('spec.ports'));
  if (spec.type === 'ExternalName') {
    const cname = str(spec.externalName).replace(/\.$/, '');
    if (cname) for (const msg of isDNS1123Subdomain(cname)) errs.push(invalid('spec.externalName', cname, msg));
    else errs.push(required('spec.externalName'));
  }
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = `spec.ports[${i}]`;
    const name = str(port.name);
    if (ports.length > 1 && !name) errs.push(required(`${p}.name`));
    else if (name) {
      for (const msg of isDNS1123Label(name)) errs.push(invalid(`${p}.name`, name, msg));
      if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
      else names.add(name);
    }
    for (const msg of isValidPortNum(typeof port.port === 'number' ? port.port : 0))
      errs.push(invalid(`${p}.port`, port.port ?? 0, msg));
    if (!port.protocol) errs.push(required(`${p}.protocol`));
    else if (!PROTOCOLS.includes(port.protocol)) errs.push(notSupported(`${p}.protocol`, port.protocol, PROTOCOLS));
    errs.push(...validatePortNumOrName(port.targetPort, `${p}.targetPort`));
  });
  if (spec.selector != null) errs.push(...validateLabels(spec.selector, 'spec.selector'));
  if (!spec.sessionAffinity) errs.push(required('spec.sessionAffinity'));
  else if (spec.sessionAffinity !== 'ClientIP' && spec.sessionAffinity !== 'None')
    errs.push(notSupported('spec.sessionAffinity', spec.sessionAffinity, ['ClientIP', 'None']));
  if (spec.sessionAffinity === 'None' && spec.sessionAffinityConfig != null) {
    errs.push(forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  }
  if (!spec.type) errs.push(required('spec.type'));
  else if (!SERVICE_TYPES.includes(spec.type)) errs.push(notSupported('spec.type', spec.type, SERVICE_TYPES));
  if (spec.type === 'ClusterIP') {
    ports.forEach((port, i) => {
      if (port.nodePort)
        errs.push(forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((port, i) => {
    if (!port.nodePort) return;
    const key = `${port.protocol}/${port.nodePort}`;
    if (nodePorts.has(key)) errs.push(duplicate(`spec.ports[${i}].nodePort`, port.nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((port, i) => {
    const key = `${port.protocol}/${port.port}`;
    if (seen.has(key)) {
      // The key is an internal core.ServicePort with only Protocol and Port set (Go field names in JSON).
      const value = new GoStruct({
        Name: '',
        Protocol: port.protocol ?? '',
        AppProtocol: null,
        Port: port.port ?? 0,
        TargetPort: 0,
        NodePort: 0,
      });
      errs.push(duplicate(`spec.ports[${i}]`, value));
    }
    seen.add(key);
  });
  if (spec.allocateLoadBalancerNodePorts != null && spec.type !== 'LoadBalancer') {
    errs.push(forbidden('spec.allocateLoadBalancerNodePorts', "may only be used when `type` is 'LoadBalancer'"));
  }
  const externallyAccessible =
    spec.type === 'NodePort' ||
    spec.type === 'LoadBalancer' ||
    (spec.type === 'ClusterIP' && Array.isArray(spec.externalIPs) && spec.externalIPs.length > 0);
  if (!externallyAccessible) {
    if (spec.externalTrafficPolicy)
      errs.push(
        invalid(
          'spec.externalTrafficPolicy',
          spec.externalTrafficPolicy,
          'may only be set for externally-accessible services',
        ),
      );
  } else if (!spec.externalTrafficPolicy) errs.push(required('spec.externalTrafficPolicy'));
  else if (spec.externalTrafficPolicy !== 'Cluster' && spec.externalTrafficPolicy !== 'Local') {
    errs.push(notSupported('spec.externalTrafficPolicy', spec.externalTrafficPolicy, ['Cluster', 'Local']));
  }
  if (spec.internalTrafficPolicy == null) {
    if (['NodePort', 'LoadBalancer', 'ClusterIP'].includes(spec.type))
      errs.push(required('spec.internalTrafficPolicy'));
  } else if (spec.internalTrafficPolicy !== 'Cluster' && spec.internalTrafficPolicy !== 'Local') {
    errs.push(notSupported('spec.internalTrafficPolicy', spec.internalTrafficPolicy, ['Cluster', 'Local']));
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Config and storage

const MAX_SECRET_SIZE = 1024 * 1024;

function validateConfigMap(cm: KObject): FieldError[] {
  const errs: FieldError[] = [];
  let size = 0;
  const data: Obj = isObj(cm.data) ? cm.data : {};
  const binary: Obj = isObj(cm.binaryData) ? cm.binaryData : {};
  for (const [key, value] of Object.entries(data)) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(`data[${key}]`, key, msg));
    if (key in binary) errs.push(invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    size += String(value ?? '').length;
  }
  for (const [key, value] of Object.entries(binary)) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(`binaryData[${key}]`, key, msg));
    size += Math.floor((String(value ?? '').length * 3) / 4);
  }
  if (size > MAX_SECRET_SIZE)
    errs.push({ type: 'Too long', field: '', detail: `must have at most ${MAX_SECRET_SIZE} bytes` });
  return errs;
}

function validateSecret(secret: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const data: Obj = isObj(secret.data) ? secret.data : {};
  let size = 0;
  for (const [key, value] of Object.entries(data)) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(`data[${key}]`, key, msg));
    size += Math.floor((String(value ?? '').replace(/=+$/, '').length * 3) / 4);
  }
  if (size > MAX_SECRET_SIZE)
    errs.push({ type: 'Too long', field: 'data', detail: `must have at most ${MAX_SECRET_SIZE} bytes` });
  const has = (k: string): boolean => Object.prototype.hasOwnProperty.call(data, k);
  switch (secret.type) {
    case 'kubernetes.io/service-account-token':
      if (!secret.metadata?.annotations?.['kubernetes.io/service-account.name'])
        errs.push(required('metadata.annotations[kubernetes.io/service-account.name]'));
      break;
    case 'kubernetes.io/dockercfg':
      if (!has('.dockercfg')) errs.push(required('data[.dockercfg]'));
      break;
    case 'kubernetes.io/dockerconfigjson':
      if (!has('.dockerconfigjson')) errs.push(required('data[.dockerconfigjson]'));
      break;
    case 'kubernetes.io/basic-auth':
      if (!has('username') && !has('password')) errs.push(required('data[username]'), required('data[password]'));
      break;
    case 'kubernetes.io/ssh-auth':
      if (!data['ssh-privatekey']) errs.push(required('data[ssh-privatekey]'));
      break;
    case 'kubernetes.io/tls':
      if (!has('tls.crt')) errs.push(required('data[tls.crt]'));
      if (!has('tls.key')) errs.push(required('data[tls.key]'));
      break;
    default:
      break;
  }
  return errs;
}

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];

/** ValidatePersistentVolumeClaimSpec; note the storage request path is `spec.resources[storage]`. */
function validatePVCSpec(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const modes: unknown[] = Array.isArray(spec.accessModes) ? spec.accessModes : [];
  if (modes.length === 0) errs.push(required(`${path}.accessModes`, 'at least 1 access mode is required'));
  if (spec.selector != null) errs.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  for (const mode of modes)
    if (!ACCESS_MODES.includes(String(mode))) errs.push(notSupported(`${path}.accessModes`, mode, ACCESS_MODES));
  const storagePath = `${path}.resources[storage]`;
  const storage = spec.resources?.requests?.storage;
  if (storage === undefined || storage === null) errs.push(required(storagePath));
  else {
    const q = tryParseQuantity(storage);
    if (!('error' in q) && q.value <= 0)
      errs.push(invalid(storagePath, canonicalQuantity(storage), 'must be greater than zero'));
  }
  if (typeof spec.storageClassName === 'string' && spec.storageClassName.length > 0) {
    for (const msg of isDNS1123Subdomain(spec.storageClassName))
      errs.push(invalid(`${path}.storageClassName`, spec.storageClassName, msg));
  }
  if (spec.volumeMode != null && spec.volumeMode !== 'Block' && spec.volumeMode !== 'Filesystem') {
    errs.push(notSupported(`${path}.volumeMode`, spec.volumeMode, ['Block', 'Filesystem']));
  }
  return errs;
}

function validatePersistentVolume(pv: KObject): FieldError[] {
  const spec: Obj = pv.spec ?? {};
  const errs: FieldError[] = [];
  if (!Array.isArray(spec.accessModes) || spec.accessModes.length === 0) errs.push(required('spec.accessModes'));
  if (!isObj(spec.capacity) || Object.keys(spec.capacity).length === 0) errs.push(required('spec.capacity'));
  return errs;
}

function validateHPA(hpa: KObject): FieldError[] {
  const spec: Obj = hpa.spec ?? {};
  const errs: FieldError[] = [];
  const ref: Obj = spec.scaleTargetRef ?? {};
  if (!ref.kind) errs.push(required('spec.scaleTargetRef.kind'));
  if (!ref.name) errs.push(required('spec.scaleTargetRef.name'));
  if (spec.minReplicas != null && spec.minReplicas < 1)
    errs.push(invalid('spec.minReplicas', spec.minReplicas, 'must be greater than or equal to 1'));
  const max = spec.maxReplicas ?? 0;
  if (max < 1) errs.push(invalid('spec.maxReplicas', max, 'must be greater than or equal to 1'));
  if (spec.minReplicas != null && max < spec.minReplicas)
    errs.push(invalid('spec.maxReplicas', max, 'must be greater than or equal to `minReplicas`'));
  return errs;
}
