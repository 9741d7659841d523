/**
 * Pod and pod-template validation (kubernetes/kubernetes pkg/apis/core/validation/validation.go: ValidatePodSpec,
 * validateContainers, validateContainerCommon, ValidateVolumes, ...). Errors come out in the same order as the Go
 * code appends them; map iteration (random in Go) follows the manifest's key order here.
 */
import type { FieldError } from '../types';
import { canonicalQuantity, tryParseQuantity } from '../objects/quantity';
import { GoStruct, duplicate, forbidden, invalid, notFound, notSupported, required } from './fieldError';
import { validateLabels } from './labelSelector';
import {
  inclusiveRangeError,
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isRelaxedEnvVarName,
  isValidLabelValue,
  isValidPortName,
  isValidPortNum,
} from './validationRules';

type Obj = Record<string, any>;

interface PodSpecOptions {
  /**
   * Job/CronJob templates: the Job validation reports an empty restartPolicy itself
   * (`Required value: valid values: "OnFailure", "Never"`), so the generic Required is not repeated.
   */
  jobTemplate?: boolean;
}

/** ValidatePodTemplateSpec: note the labels path is `<template>.labels`, not `<template>.metadata.labels`. */
export function validatePodTemplateSpec(
  template: Obj | undefined,
  path: string,
  opts: PodSpecOptions = {},
): FieldError[] {
  const t = template ?? {};
  const meta: Obj = t.metadata ?? {};
  const errs = validateLabels(meta.labels, `${path}.labels`);
  errs.push(...validateAnnotations(meta.annotations, `${path}.annotations`));
  errs.push(...validatePodSpec(t.spec ?? {}, `${path}.spec`, opts));
  if (Array.isArray(t.spec?.ephemeralContainers) && t.spec.ephemeralContainers.length > 0) {
    errs.push(forbidden(`${path}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}

/** ValidatePodSpec. */
export function validatePodSpec(spec: Obj, path: string, opts: PodSpecOptions = {}): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null) {
    errs.push(required(`${path}.terminationGracePeriodSeconds`));
  }
  const volumes = validateVolumes(arr(spec.volumes), `${path}.volumes`, errs);
  errs.push(...validateContainers(arr(spec.containers), volumes, `${path}.containers`));
  errs.push(
    ...validateInitContainers(arr(spec.initContainers), arr(spec.containers), volumes, `${path}.initContainers`),
  );
  if (!(opts.jobTemplate && !spec.restartPolicy))
    errs.push(...validateRestartPolicy(spec.restartPolicy, `${path}.restartPolicy`));
  errs.push(...validateDNSPolicy(spec.dnsPolicy, `${path}.dnsPolicy`));
  errs.push(...validateLabels(spec.nodeSelector, `${path}.nodeSelector`));
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName.length > 0) {
    for (const msg of isDNS1123Subdomain(spec.serviceAccountName))
      errs.push(invalid(`${path}.serviceAccountName`, spec.serviceAccountName, msg));
  }
  if (typeof spec.nodeName === 'string' && spec.nodeName.length > 0) {
    for (const msg of isDNS1123Subdomain(spec.nodeName)) errs.push(invalid(`${path}.nodeName`, spec.nodeName, msg));
  }
  if (
    typeof spec.activeDeadlineSeconds === 'number' &&
    (spec.activeDeadlineSeconds < 1 || spec.activeDeadlineSeconds > 2147483647)
  ) {
    errs.push(invalid(`${path}.activeDeadlineSeconds`, spec.activeDeadlineSeconds, inclusiveRangeError(1, 2147483647)));
  }
  for (const key of ['hostname', 'subdomain'] as const) {
    if (typeof spec[key] === 'string' && spec[key].length > 0) {
      for (const msg of isDNS1123Label(spec[key])) errs.push(invalid(`${path}.${key}`, spec[key], msg));
    }
  }
  errs.push(...validateTolerations(arr(spec.tolerations), `${path}.tolerations`));
  if (typeof spec.priorityClassName === 'string' && spec.priorityClassName.length > 0) {
    for (const msg of isDNS1123Subdomain(spec.priorityClassName))
      errs.push(invalid(`${path}.priorityClassName`, spec.priorityClassName, msg));
  }
  return errs;
}

/** validateContainersOnlyForPod: checked on Pods, not on templates (an image of " " is a template placeholder). */
export function validateContainersOnlyForPod(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const [list, name] of [
    [arr(spec.containers), 'containers'],
    [arr(spec.initContainers), 'initContainers'],
  ] as const) {
    list.forEach((c, i) => {
      if (typeof c.image === 'string' && c.image !== c.image.trim()) {
        errs.push(invalid(`${path}.${name}[${i}].image`, c.image, 'must not have leading or trailing whitespace'));
      }
    });
  }
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Containers

function validateContainers(containers: Obj[], volumes: Set<string>, path: string): FieldError[] {
  if (containers.length === 0) return [required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const p = `${path}[${i}]`;
    errs.push(...validateContainerCommon(c, volumes, p));
    const name = str(c.name);
    if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
    else names.add(name);
    if (isObj(c.lifecycle)) {
      for (const hook of ['postStart', 'preStop'] as const)
        if (isObj(c.lifecycle[hook])) errs.push(...validateHandler(c.lifecycle[hook], `${p}.lifecycle.${hook}`, true));
    }
    for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
      if (!isObj(c[probe])) continue;
      errs.push(...validateProbe(c[probe], `${p}.${probe}`));
      if (probe !== 'readinessProbe' && c[probe].successThreshold !== undefined && c[probe].successThreshold !== 1) {
        errs.push(invalid(`${p}.${probe}.successThreshold`, c[probe].successThreshold, 'must be 1'));
      }
      if (probe === 'readinessProbe' && c[probe].terminationGracePeriodSeconds != null) {
        errs.push(
          invalid(
            `${p}.${probe}.terminationGracePeriodSeconds`,
            c[probe].terminationGracePeriodSeconds,
            'must not be set for readinessProbes',
          ),
        );
      }
    }
    if (c.restartPolicy != null) errs.push(forbidden(`${p}.restartPolicy`, 'may not be set for non-init containers'));
  });
  errs.push(...hostPortConflicts(containers, path));
  return errs;
}

function validateInitContainers(containers: Obj[], regular: Obj[], volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set(regular.map((c) => str(c.name)));
  containers.forEach((c, i) => {
    const p = `${path}[${i}]`;
    errs.push(...validateContainerCommon(c, volumes, p));
    const restartAlways = c.restartPolicy === 'Always';
    if (c.restartPolicy != null && !restartAlways)
      errs.push(notSupported(`${p}.restartPolicy`, c.restartPolicy, ['Always']));
    const name = str(c.name);
    if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
    else if (name) names.add(name);
    if (!restartAlways) {
      for (const key of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
        if (c[key] != null)
          errs.push(forbidden(`${p}.${key}`, 'may not be set for init containers without restartPolicy=Always'));
      }
    }
  });
  return errs;
}

function validateContainerCommon(c: Obj, volumes: Set<string>, p: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(c.name);
  if (name === '') errs.push(required(`${p}.name`));
  else for (const msg of isDNS1123Label(name)) errs.push(invalid(`${p}.name`, name, msg));
  if (str(c.image) === '') errs.push(required(`${p}.image`));
  switch (c.terminationMessagePolicy) {
    case 'File':
    case 'FallbackToLogsOnError':
      break;
    case undefined:
    case null:
    case '':
      errs.push(required(`${p}.terminationMessagePolicy`));
      break;
    default:
      errs.push(
        notSupported(`${p}.terminationMessagePolicy`, c.terminationMessagePolicy, ['File', 'FallbackToLogsOnError']),
      );
  }
  errs.push(...validateContainerPorts(arr(c.ports), `${p}.ports`));
  errs.push(...validateEnv(arr(c.env), `${p}.env`));
  errs.push(...validateVolumeMounts(arr(c.volumeMounts), volumes, `${p}.volumeMounts`));
  switch (c.imagePullPolicy) {
    case 'Always':
    case 'IfNotPresent':
    case 'Never':
      break;
    case undefined:
    case null:
    case '':
      errs.push(required(`${p}.imagePullPolicy`));
      break;
    default:
      errs.push(notSupported(`${p}.imagePullPolicy`, c.imagePullPolicy, ['Always', 'IfNotPresent', 'Never']));
  }
  errs.push(...validateResources(c.resources, `${p}.resources`));
  return errs;
}

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

function validateContainerPorts(ports: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = `${path}[${i}]`;
    const name = str(port.name);
    if (name.length > 0) {
      const msgs = isValidPortName(name);
      if (msgs.length) for (const msg of msgs) errs.push(invalid(`${p}.name`, name, msg));
      else if (names.has(name)) errs.push(duplicate(`${p}.name`, name));
      else names.add(name);
    }
    if (!port.containerPort) errs.push(required(`${p}.containerPort`));
    else
      for (const msg of isValidPortNum(port.containerPort))
        errs.push(invalid(`${p}.containerPort`, port.containerPort, msg));
    if (port.hostPort)
      for (const msg of isValidPortNum(port.hostPort)) errs.push(invalid(`${p}.hostPort`, port.hostPort, msg));
    if (!port.protocol) errs.push(required(`${p}.protocol`));
    else if (!PROTOCOLS.includes(port.protocol)) errs.push(notSupported(`${p}.protocol`, port.protocol, PROTOCOLS));
  });
  return errs;
}

/** checkHostPortConflicts: `<protocol>/<hostIP>/<hostPort>` must be unique across containers. */
function hostPortConflicts(containers: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((c, ci) => {
    arr(c.ports).forEach((port, pi) => {
      if (!port.hostPort) return;
      const key = `${str(port.protocol)}/${str(port.hostIP)}/${port.hostPort}`;
      if (seen.has(key)) errs.push(duplicate(`${path}[${ci}].ports[${pi}].hostPort`, key));
      else seen.add(key);
    });
  });
  return errs;
}

function validateEnv(env: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  env.forEach((e, i) => {
    const p = `${path}[${i}]`;
    const name = str(e.name);
    if (name === '') errs.push(required(`${p}.name`));
    else for (const msg of isRelaxedEnvVarName(name)) errs.push(invalid(`${p}.name`, name, msg));
    if (!isObj(e.valueFrom)) return;
    const vf = e.valueFrom;
    const vp = `${p}.valueFrom`;
    let sources = 0;
    if (isObj(vf.fieldRef)) {
      sources++;
      if (!vf.fieldRef.apiVersion) errs.push(required(`${vp}.fieldRef.apiVersion`));
      else if (!vf.fieldRef.fieldPath) errs.push(required(`${vp}.fieldRef.fieldPath`));
    }
    if (isObj(vf.resourceFieldRef)) {
      sources++;
      if (!vf.resourceFieldRef.resource) errs.push(required(`${vp}.resourceFieldRef.resource`));
    }
    for (const key of ['configMapKeyRef', 'secretKeyRef'] as const) {
      if (!isObj(vf[key])) continue;
      sources++;
      const ref = vf[key];
      for (const msg of isDNS1123Subdomain(str(ref.name))) errs.push(invalid(`${vp}.${key}.name`, str(ref.name), msg));
      if (!ref.key) errs.push(required(`${vp}.${key}.key`));
      else for (const msg of isConfigMapKey(str(ref.key))) errs.push(invalid(`${vp}.${key}.key`, str(ref.key), msg));
    }
    if (sources === 0)
      errs.push(
        invalid(vp, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'),
      );
    else if (str(e.value) !== '') errs.push(invalid(vp, '', 'may not be specified when `value` is not empty'));
    else if (sources > 1) errs.push(invalid(vp, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

function validateVolumeMounts(mounts: Obj[], volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const mountPoints = new Set<string>();
  mounts.forEach((m, i) => {
    const p = `${path}[${i}]`;
    const name = str(m.name);
    if (name === '') errs.push(required(`${p}.name`));
    if (!volumes.has(name)) errs.push(notFound(`${p}.name`, name));
    const mountPath = str(m.mountPath);
    if (mountPath === '') errs.push(required(`${p}.mountPath`));
    if (mountPoints.has(mountPath)) errs.push(invalid(`${p}.mountPath`, mountPath, 'must be unique'));
    mountPoints.add(mountPath);
  });
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Resources

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);
const STANDARD_RESOURCES = new Set([
  'cpu',
  'memory',
  'ephemeral-storage',
  'storage',
  'pods',
  'services',
  'replicationcontrollers',
  'resourcequotas',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'requests.cpu',
  'requests.memory',
  'requests.storage',
  'requests.ephemeral-storage',
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'services.nodeports',
  'services.loadbalancers',
]);

/** validateResourceRequirements with validateContainerResourceName. */
function validateResources(resources: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObj(resources)) return errs;
  const limits: Obj = isObj(resources.limits) ? resources.limits : {};
  const requests: Obj = isObj(resources.requests) ? resources.requests : {};
  for (const [name, q] of Object.entries(limits)) {
    const p = `${path}.limits[${name}]`;
    errs.push(...validateContainerResourceName(name, p), ...validateQuantityValue(name, q, p));
  }
  for (const [name, q] of Object.entries(requests)) {
    const p = `${path}.requests[${name}]`;
    errs.push(...validateContainerResourceName(name, p), ...validateQuantityValue(name, q, p));
    if (!(name in limits)) continue;
    const request = tryParseQuantity(q);
    const limit = tryParseQuantity(limits[name]);
    if ('error' in request || 'error' in limit) continue;
    if (name.startsWith('hugepages-') || (name.includes('/') && !name.startsWith('kubernetes.io/'))) {
      // Not overcommittable (hugepages, extended resources): requests must equal limits.
      if (request.value !== limit.value)
        errs.push(
          invalid(
            `${path}.requests`,
            quantityString(q),
            `must be equal to ${name} limit of ${quantityString(limits[name])}`,
          ),
        );
    } else if (request.value > limit.value) {
      errs.push(
        invalid(
          `${path}.requests`,
          quantityString(q),
          `must be less than or equal to ${name} limit of ${quantityString(limits[name])}`,
        ),
      );
    }
  }
  return errs;
}

function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const msg of isQualifiedName(name)) errs.push(invalid(path, name, msg));
  if (errs.length) return errs;
  if (!name.includes('/')) {
    if (!STANDARD_RESOURCES.has(name) && !name.startsWith('hugepages-'))
      errs.push(invalid(path, name, 'must be a standard resource type or fully qualified'));
    if (!STANDARD_CONTAINER_RESOURCES.has(name) && !name.startsWith('hugepages-'))
      errs.push(invalid(path, name, 'must be a standard resource for containers'));
  }
  return errs;
}

function validateQuantityValue(name: string, q: unknown, path: string): FieldError[] {
  const parsed = tryParseQuantity(q);
  if ('error' in parsed) return []; // rejected while decoding the body already
  const errs: FieldError[] = [];
  if (parsed.value < 0) errs.push(invalid(path, quantityString(q), 'must be greater than or equal to 0'));
  // IsIntegerResourceName: extended resources (a domain, not kubernetes.io) must be whole numbers.
  if (
    name.includes('/') &&
    !name.startsWith('kubernetes.io/') &&
    !Number.isInteger(Math.round(parsed.value * 1000) / 1000)
  ) {
    errs.push(invalid(path, quantityString(q), 'must be an integer'));
  }
  return errs;
}

/** Quantity.String(): the canonical form (the apiserver prints `500m` for an input of `0.5`). */
function quantityString(q: unknown): string {
  return typeof q === 'string' || typeof q === 'number' ? canonicalQuantity(q) : String(q);
}

// ---------------------------------------------------------------------------------------------------------------
// Probes and handlers

function validateProbe(probe: Obj, path: string): FieldError[] {
  const errs = validateHandler(probe, path, false);
  for (const key of [
    'initialDelaySeconds',
    'timeoutSeconds',
    'periodSeconds',
    'successThreshold',
    'failureThreshold',
  ] as const) {
    if (typeof probe[key] === 'number' && probe[key] < 0)
      errs.push(invalid(`${path}.${key}`, probe[key], 'must be greater than or equal to 0'));
  }
  if (typeof probe.terminationGracePeriodSeconds === 'number' && probe.terminationGracePeriodSeconds <= 0) {
    errs.push(
      invalid(`${path}.terminationGracePeriodSeconds`, probe.terminationGracePeriodSeconds, 'must be greater than 0'),
    );
  }
  return errs;
}

function validateHandler(handler: Obj, path: string, lifecycle: boolean): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  const kinds = lifecycle ? ['exec', 'httpGet', 'tcpSocket', 'sleep'] : ['exec', 'httpGet', 'tcpSocket', 'grpc'];
  for (const kind of kinds) {
    const action = handler[kind];
    if (!isObj(action)) continue;
    if (count > 0) {
      errs.push(forbidden(`${path}.${kind}`, 'may not specify more than 1 handler type'));
      continue;
    }
    count++;
    const p = `${path}.${kind}`;
    if (kind === 'exec' && !(Array.isArray(action.command) && action.command.length > 0))
      errs.push(required(`${p}.command`));
    if (kind === 'httpGet') {
      if (!action.path) errs.push(required(`${p}.path`));
      errs.push(...validatePortNumOrName(action.port, `${p}.port`));
      if (!['HTTP', 'HTTPS'].includes(action.scheme))
        errs.push(notSupported(`${p}.scheme`, action.scheme ?? '', ['HTTP', 'HTTPS']));
    }
    if (kind === 'tcpSocket' || kind === 'grpc') errs.push(...validatePortNumOrName(action.port, `${p}.port`));
  }
  if (count === 0) errs.push(required(path, 'must specify a handler type'));
  return errs;
}

/** ValidatePortNumOrName (probes, Service targetPort). */
export function validatePortNumOrName(port: unknown, path: string): FieldError[] {
  if (typeof port === 'string') return isValidPortName(port).map((msg) => invalid(path, port, msg));
  const n = typeof port === 'number' ? port : 0;
  return isValidPortNum(n).map((msg) => invalid(path, n, msg));
}

// ---------------------------------------------------------------------------------------------------------------
// Pod-level fields

function validateRestartPolicy(policy: unknown, path: string): FieldError[] {
  if (policy === 'Always' || policy === 'OnFailure' || policy === 'Never') return [];
  if (policy === undefined || policy === null || policy === '') return [required(path)];
  return [notSupported(path, policy, ['Always', 'OnFailure', 'Never'])];
}

function validateDNSPolicy(policy: unknown, path: string): FieldError[] {
  if (policy === 'ClusterFirstWithHostNet' || policy === 'ClusterFirst' || policy === 'Default' || policy === 'None')
    return [];
  if (policy === undefined || policy === null || policy === '') return [required(path)];
  return [notSupported(path, policy, ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'])];
}

const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function validateTolerations(tolerations: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  tolerations.forEach((t, i) => {
    const p = `${path}[${i}]`;
    const key = str(t.key);
    const operator = str(t.operator);
    const effect = str(t.effect);
    if (key.length > 0) for (const msg of isQualifiedName(key)) errs.push(invalid(`${p}.key`, key, msg));
    if (key.length === 0 && operator !== 'Exists') {
      errs.push(
        invalid(
          `${p}.operator`,
          operator,
          'operator must be Exists when `key` is empty, which means "match all values and all keys"',
        ),
      );
    }
    if (t.tolerationSeconds != null && effect !== 'NoExecute') {
      errs.push(invalid(`${p}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (operator === 'Equal' || operator === '') {
      const msgs = isValidLabelValue(str(t.value));
      if (msgs.length) errs.push(invalid(`${p}.operator`, str(t.value), msgs.join(';')));
    } else if (operator === 'Exists') {
      if (str(t.value).length > 0) {
        // The internal core.Toleration has no JSON tags, so v1.34's JSON rendering prints Go field names.
        const value = new GoStruct({
          Key: key,
          Operator: operator,
          Value: str(t.value),
          Effect: effect,
          TolerationSeconds: t.tolerationSeconds ?? null,
        });
        errs.push(invalid(`${p}.operator`, value, "value must be empty when `operator` is 'Exists'"));
      }
    } else {
      errs.push(notSupported(`${p}.operator`, operator, ['Equal', 'Exists']));
    }
    if (effect.length > 0 && !TAINT_EFFECTS.includes(effect))
      errs.push(notSupported(`${p}.effect`, effect, TAINT_EFFECTS));
  });
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Volumes

const VOLUME_SOURCES = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image',
];
const FILE_MODE_ERROR = 'must be a number between 0 and 0777 (octal), both inclusive';

/** ValidateVolumes: returns the names usable by volumeMounts (volumes that validated cleanly). */
function validateVolumes(volumes: Obj[], path: string, errs: FieldError[]): Set<string> {
  const names = new Set<string>();
  volumes.forEach((v, i) => {
    const p = `${path}[${i}]`;
    const el = validateVolumeSource(v, p);
    const name = str(v.name);
    if (name === '') el.push(required(`${p}.name`));
    else for (const msg of isDNS1123Label(name)) el.push(invalid(`${p}.name`, name, msg));
    if (names.has(name)) el.push(duplicate(`${p}.name`, name));
    if (el.length === 0) names.add(name);
    else errs.push(...el);
  });
  return names;
}

function validateVolumeSource(v: Obj, p: string): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const source of VOLUME_SOURCES) {
    if (!isObj(v[source])) continue;
    if (count > 0) {
      errs.push(forbidden(`${p}.${source}`, 'may not specify more than 1 volume type'));
      continue;
    }
    count++;
    const s = v[source];
    const sp = `${p}.${source}`;
    switch (source) {
      case 'configMap':
        if (!s.name) errs.push(required(`${sp}.name`));
        errs.push(...fileMode(s.defaultMode, `${sp}.defaultMode`), ...keyToPaths(arr(s.items), `${sp}.items`));
        break;
      case 'secret':
        if (!s.secretName) errs.push(required(`${sp}.secretName`));
        errs.push(...fileMode(s.defaultMode, `${sp}.defaultMode`), ...keyToPaths(arr(s.items), `${sp}.items`));
        break;
      case 'hostPath':
        if (!s.path) errs.push(required(`${sp}.path`));
        break;
      case 'persistentVolumeClaim':
        if (!s.claimName) errs.push(required(`${sp}.claimName`));
        break;
      case 'projected':
      case 'downwardAPI':
        errs.push(...fileMode(s.defaultMode, `${sp}.defaultMode`));
        break;
      default:
        break;
    }
  }
  if (count === 0) errs.push(required(p, 'must specify a volume type'));
  return errs;
}

function fileMode(mode: unknown, path: string): FieldError[] {
  return typeof mode === 'number' && (mode < 0 || mode > 0o777) ? [invalid(path, mode, FILE_MODE_ERROR)] : [];
}

function keyToPaths(items: Obj[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  items.forEach((item, i) => {
    const p = `${path}[${i}]`;
    if (!item.key) errs.push(required(`${p}.key`));
    if (!item.path) errs.push(required(`${p}.path`));
    errs.push(...fileMode(item.mode, `${p}.mode`));
  });
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------

/** apimachinery ValidateAnnotations: keys are qualified names (case-insensitive), 256 KiB in total. */
export function validateAnnotations(annotations: unknown, field: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObj(annotations)) return errs;
  let size = 0;
  for (const [k, v] of Object.entries(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(field, k, msg));
    size += k.length + String(v ?? '').length;
  }
  if (size > 262144) errs.push({ type: 'Too long', field, detail: 'must have at most 262144 bytes' });
  return errs;
}

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function arr(v: unknown): Obj[] {
  return Array.isArray(v) ? v.map((x) => (isObj(x) ? x : {})) : [];
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}
