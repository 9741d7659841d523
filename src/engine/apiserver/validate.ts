/**
 * Field validation the apiserver runs after mutating admission (registry strategy Validate / ValidateUpdate),
 * with the real field paths and texts. Sources: kubernetes/kubernetes pkg/apis/{core,apps,batch,...}/validation,
 * apimachinery pkg/api/validation (ObjectMeta), apimachinery pkg/api/errors NewInvalid.
 *
 * Also the allocation check the Service registry runs BEFORE validation (BeginCreate → allocateCreate): a nodePort
 * outside 30000-32767 is reported alone.
 */
import type { FieldError, KObject } from '../types';
import { canonicalQuantity, tryParseQuantity } from '../objects/quantity';
import { lookupResource } from '../objects/resources';
import { GoStruct, forbidden, invalid, notSupported, required, duplicate } from './fieldError';
import {
  selectorIsEmpty,
  selectorMatches,
  selectorParseFails,
  selectorValue,
  validateLabelSelector,
  validateLabels,
} from './labelSelector';
import {
  validateAnnotations,
  validateContainersOnlyForPod,
  validatePodSpec,
  validatePodTemplateSpec,
  validatePortNumOrName,
} from './validatePodSpec';
import { validatePriorityClass, validatePriorityClassUpdate } from './validatePriorityClass';
import {
  type NameValidator,
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isValidPercent,
  isValidPortNum,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  nameIsPathSegment,
} from './validationRules';

export { fieldErrorText, formatInvalid, invalidStatusMessage, renderValue } from './fieldError';

export interface ValidateOptions {
  /** The stored object, for updates (immutable fields). */
  existing?: KObject;
}

type Obj = Record<string, any>;

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
  'policy/v1/PodDisruptionBudget': { name: nameIsDNSSubdomain },
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
  const namespaced = lookupResource(obj.apiVersion, obj.kind)?.namespaced ?? true;
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
// apps/v1 (pkg/apis/apps/validation/validation.go)

function validateDeployment(d: KObject): FieldError[] {
  const spec: Obj = d.spec ?? {};
  const errs = nonNegative(spec.replicas ?? 0, 'spec.replicas');
  errs.push(...selectorRequired(spec.selector, 'deployment'));
  errs.push(...templateForReplicaSet(spec));
  errs.push(...validateDeploymentStrategy(spec.strategy ?? {}, 'spec.strategy'));
  errs.push(...nonNegative(spec.minReadySeconds ?? 0, 'spec.minReadySeconds'));
  if (spec.revisionHistoryLimit != null)
    errs.push(...nonNegative(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  if (spec.progressDeadlineSeconds != null) {
    errs.push(...nonNegative(spec.progressDeadlineSeconds, 'spec.progressDeadlineSeconds'));
    if (spec.progressDeadlineSeconds <= (spec.minReadySeconds ?? 0)) {
      errs.push(
        invalid('spec.progressDeadlineSeconds', spec.progressDeadlineSeconds, 'must be greater than minReadySeconds'),
      );
    }
  }
  return errs;
}

function validateReplicaSet(rs: KObject): FieldError[] {
  const spec: Obj = rs.spec ?? {};
  const errs = nonNegative(spec.replicas ?? 0, 'spec.replicas');
  errs.push(...nonNegative(spec.minReadySeconds ?? 0, 'spec.minReadySeconds'));
  // The ReplicaSet code reuses the Deployment wording ("for deployment") verbatim.
  errs.push(...selectorRequired(spec.selector, 'deployment'));
  errs.push(...templateForReplicaSet(spec));
  return errs;
}

/**
 * ValidateReplicationControllerSpec (pkg/apis/core/validation): a non-empty label-map selector that the template's
 * labels match, and the ReplicaSet's rules for the template, in the RC's own words.
 */
function validateReplicationController(rc: KObject): FieldError[] {
  const spec: Obj = rc.spec ?? {};
  const errs = nonNegative(spec.minReadySeconds ?? 0, 'spec.minReadySeconds');
  const selector = spec.selector && typeof spec.selector === 'object' ? { matchLabels: spec.selector } : undefined;
  if (!selector || selectorIsEmpty(selector)) errs.push(required('spec.selector'));
  errs.push(...nonNegative(spec.replicas ?? 0, 'spec.replicas'));
  const template: Obj | undefined = spec.template;
  if (!template) return [...errs, required('spec.template')];
  const labels = template.metadata?.labels;
  if (selector && !selectorIsEmpty(selector) && !selectorMatches(selector, labels))
    errs.push(invalid('spec.template.metadata.labels', labels ?? null, '`selector` does not match template `labels`'));
  errs.push(...validatePodTemplateSpec(template, 'spec.template'));
  const restartPolicy = template.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always')
    errs.push(notSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
  if (template.spec?.activeDeadlineSeconds != null)
    errs.push(
      forbidden(
        'spec.template.spec.activeDeadlineSeconds',
        'activeDeadlineSeconds in ReplicationController is not Supported',
      ),
    );
  return errs;
}

/** Selector required / validated / non-empty (Deployment, ReplicaSet, StatefulSet). */
function selectorRequired(selector: unknown, what: string): FieldError[] {
  if (selector === undefined || selector === null) return [required('spec.selector')];
  const errs = validateLabelSelector(selector, 'spec.selector');
  if (selectorIsEmpty(selector))
    errs.push(invalid('spec.selector', selectorValue(selector), `empty selector is invalid for ${what}`));
  return errs;
}

/** LabelSelectorAsSelector + ValidatePodTemplateSpecForReplicaSet. */
function templateForReplicaSet(spec: Obj): FieldError[] {
  if (selectorParseFails(spec.selector))
    return [invalid('spec.selector', selectorValue(spec.selector), 'invalid label selector')];
  const template: Obj = spec.template ?? {};
  const errs: FieldError[] = [];
  const labels = template.metadata?.labels;
  if (!selectorIsEmpty(spec.selector) && !selectorMatches(spec.selector, labels)) {
    errs.push(invalid('spec.template.metadata.labels', labels ?? null, '`selector` does not match template `labels`'));
  }
  errs.push(...validatePodTemplateSpec(template, 'spec.template'));
  const restartPolicy = template.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always')
    errs.push(notSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
  if (template.spec?.activeDeadlineSeconds != null) {
    errs.push(
      forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in ReplicaSet is not Supported'),
    );
  }
  return errs;
}

function validateDeploymentStrategy(strategy: Obj, path: string): FieldError[] {
  switch (strategy.type) {
    case 'Recreate':
      return strategy.rollingUpdate != null
        ? [forbidden(`${path}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'")]
        : [];
    case 'RollingUpdate': {
      const ru = strategy.rollingUpdate;
      if (ru == null) return [required(`${path}.rollingUpdate`, 'this should be defaulted and never be nil')];
      const p = `${path}.rollingUpdate`;
      const errs = [
        ...positiveIntOrPercent(ru.maxUnavailable, `${p}.maxUnavailable`),
        ...positiveIntOrPercent(ru.maxSurge, `${p}.maxSurge`),
      ];
      if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0) {
        errs.push(invalid(`${p}.maxUnavailable`, ru.maxUnavailable ?? 0, 'may not be 0 when `maxSurge` is 0'));
      }
      errs.push(...notMoreThan100Percent(ru.maxUnavailable, `${p}.maxUnavailable`));
      return errs;
    }
    default: {
      // field.NotSupported(fldPath, strategy, ...): the whole internal apps.DeploymentStrategy, whose struct has no
      // JSON tags, so v1.34's JSON rendering shows Go field names.
      const ru = strategy.rollingUpdate;
      const value = new GoStruct({
        Type: strategy.type ?? '',
        RollingUpdate:
          ru == null ? null : new GoStruct({ MaxUnavailable: ru.maxUnavailable ?? 0, MaxSurge: ru.maxSurge ?? 0 }),
      });
      return [notSupported(path, value, ['Recreate', 'RollingUpdate'])];
    }
  }
}

function validateStatefulSet(sts: KObject): FieldError[] {
  const spec: Obj = sts.spec ?? {};
  const errs: FieldError[] = [];
  switch (spec.podManagementPolicy) {
    case undefined:
    case null:
    case '':
      errs.push(required('spec.podManagementPolicy'));
      break;
    case 'OrderedReady':
    case 'Parallel':
      break;
    default:
      errs.push(invalid('spec.podManagementPolicy', spec.podManagementPolicy, "must be 'OrderedReady' or 'Parallel'"));
  }
  const strategy: Obj = spec.updateStrategy ?? {};
  switch (strategy.type) {
    case undefined:
    case null:
    case '':
      errs.push(required('spec.updateStrategy'));
      break;
    case 'OnDelete':
      if (strategy.rollingUpdate != null) {
        errs.push(
          invalid(
            'spec.updateStrategy.rollingUpdate',
            new GoStruct({
              Partition: strategy.rollingUpdate.partition ?? 0,
              MaxUnavailable: strategy.rollingUpdate.maxUnavailable ?? null,
            }),
            "only allowed for updateStrategy 'RollingUpdate'",
          ),
        );
      }
      break;
    case 'RollingUpdate':
      if (strategy.rollingUpdate != null) {
        errs.push(...nonNegative(strategy.rollingUpdate.partition ?? 0, 'spec.updateStrategy.rollingUpdate.partition'));
        const mu = strategy.rollingUpdate.maxUnavailable;
        if (mu != null) {
          errs.push(...positiveIntOrPercent(mu, 'spec.updateStrategy.rollingUpdate.maxUnavailable'));
          if (intOrPercentValue(mu) === 0)
            errs.push(invalid('spec.updateStrategy.rollingUpdate.maxUnavailable', mu, 'cannot be 0'));
          errs.push(...notMoreThan100Percent(mu, 'spec.updateStrategy.rollingUpdate.maxUnavailable'));
        }
      }
      break;
    default:
      errs.push(
        invalid(
          'spec.updateStrategy',
          new GoStruct({ Type: strategy.type, RollingUpdate: null }),
          "must be 'RollingUpdate' or 'OnDelete'",
        ),
      );
  }
  const retention = spec.persistentVolumeClaimRetentionPolicy;
  if (retention != null) {
    for (const key of ['whenDeleted', 'whenScaled'] as const) {
      if (retention[key] !== 'Retain' && retention[key] !== 'Delete') {
        errs.push(
          notSupported(`spec.persistentVolumeClaimRetentionPolicy.${key}`, retention[key] ?? '', ['Retain', 'Delete']),
        );
      }
    }
  }
  errs.push(
    ...nonNegative(spec.replicas ?? 0, 'spec.replicas'),
    ...nonNegative(spec.minReadySeconds ?? 0, 'spec.minReadySeconds'),
  );
  if (spec.ordinals != null) errs.push(...nonNegative(spec.ordinals.start ?? 0, 'spec.ordinals.start'));
  errs.push(...selectorRequired(spec.selector, 'statefulset'));
  if (selectorParseFails(spec.selector)) {
    errs.push(invalid('spec.selector', selectorValue(spec.selector), ''));
  } else {
    const template: Obj = spec.template ?? {};
    const labels = template.metadata?.labels;
    if (!selectorIsEmpty(spec.selector) && !selectorMatches(spec.selector, labels)) {
      errs.push(
        invalid('spec.template.metadata.labels', labels ?? null, '`selector` does not match template `labels`'),
      );
    }
    // ValidatePodTemplateSpecForStatefulSet checks labels and annotations only: the pod spec itself is not
    // validated for StatefulSets (a TODO upstream), so a bad container surfaces when the controller creates pods.
    errs.push(
      ...validateLabels(labels, 'spec.template.labels'),
      ...validateAnnotations(template.metadata?.annotations, 'spec.template.annotations'),
    );
  }
  const restartPolicy = spec.template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always')
    errs.push(notSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds != null) {
    errs.push(
      forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'),
    );
  }
  return errs;
}

function validateDaemonSet(ds: KObject): FieldError[] {
  const spec: Obj = ds.spec ?? {};
  const errs = validateLabelSelector(spec.selector, 'spec.selector');
  const labels = spec.template?.metadata?.labels;
  // DaemonSet has no "Required" for a missing selector: a nil selector simply matches nothing.
  if (!selectorParseFails(spec.selector) && !selectorMatches(spec.selector, labels)) {
    errs.push(invalid('spec.template.metadata.labels', labels ?? null, '`selector` does not match template `labels`'));
  }
  if (spec.selector != null && selectorIsEmpty(spec.selector))
    errs.push(invalid('spec.selector', selectorValue(spec.selector), 'empty selector is invalid for daemonset'));
  errs.push(...validatePodTemplateSpec(spec.template ?? {}, 'spec.template'));
  const restartPolicy = spec.template?.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always')
    errs.push(notSupported('spec.template.spec.restartPolicy', restartPolicy, ['Always']));
  if (spec.template?.spec?.activeDeadlineSeconds != null) {
    errs.push(
      forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in DaemonSet is not Supported'),
    );
  }
  errs.push(...nonNegative(spec.minReadySeconds ?? 0, 'spec.minReadySeconds'));
  const strategy: Obj = spec.updateStrategy ?? {};
  if (strategy.type === 'RollingUpdate') {
    const ru = strategy.rollingUpdate;
    if (ru == null) errs.push(required('spec.updateStrategy.rollingUpdate'));
    else {
      const p = 'spec.updateStrategy.rollingUpdate';
      errs.push(
        ...positiveIntOrPercent(ru.maxUnavailable, `${p}.maxUnavailable`),
        ...positiveIntOrPercent(ru.maxSurge, `${p}.maxSurge`),
      );
      errs.push(
        ...notMoreThan100Percent(ru.maxUnavailable, `${p}.maxUnavailable`),
        ...notMoreThan100Percent(ru.maxSurge, `${p}.maxSurge`),
      );
      const hasUnavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
      const hasSurge = intOrPercentValue(ru.maxSurge) !== 0;
      if (hasUnavailable && hasSurge)
        errs.push(invalid(`${p}.maxSurge`, ru.maxSurge, 'may not be set when maxUnavailable is non-zero'));
      if (!hasUnavailable && !hasSurge) errs.push(required(`${p}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
    }
  } else if (strategy.type !== 'OnDelete') {
    errs.push(
      notSupported('spec.updateStrategy', new GoStruct({ Type: strategy.type ?? '', RollingUpdate: null }), [
        'RollingUpdate',
        'OnDelete',
      ]),
    );
  }
  if (spec.revisionHistoryLimit != null)
    errs.push(...nonNegative(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'));
  return errs;
}

/** Deployment/ReplicaSet/DaemonSet strategies' ValidateUpdate: apps/v1 selectors are immutable. */
function selectorImmutable(obj: KObject, old: KObject): FieldError[] {
  if (deepEqual(obj.spec?.selector ?? null, old.spec?.selector ?? null)) return [];
  return [invalid('spec.selector', selectorValue(obj.spec?.selector), 'field is immutable')];
}

function statefulSetUpdate(obj: KObject, old: KObject): FieldError[] {
  const allowed = [
    'replicas',
    'ordinals',
    'template',
    'updateStrategy',
    'persistentVolumeClaimRetentionPolicy',
    'minReadySeconds',
  ];
  const strip = (spec: Obj | undefined): Obj =>
    Object.fromEntries(Object.entries(spec ?? {}).filter(([k]) => !allowed.includes(k)));
  if (deepEqual(strip(obj.spec), strip(old.spec))) return [];
  return [
    forbidden(
      'spec',
      "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// batch/v1

function validateJobSpec(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit'] as const) {
    if (spec[key] != null) errs.push(...nonNegative(spec[key], `${path}.${key}`));
  }
  const template: Obj = spec.template ?? {};
  errs.push(...validatePodTemplateSpec(template, `${path}.template`, { jobTemplate: true }));
  const restartPolicy = template.spec?.restartPolicy;
  const rpPath = `${path}.template.spec.restartPolicy`;
  // validateJobSpec: the template's restartPolicy is defaulted to Always by SetDefaults_PodSpec when omitted, so
  // Always and "" both read as Required.
  if (!restartPolicy || restartPolicy === 'Always') errs.push(required(rpPath, 'valid values: "OnFailure", "Never"'));
  else if (restartPolicy !== 'OnFailure' && restartPolicy !== 'Never')
    errs.push(notSupported(rpPath, restartPolicy, ['OnFailure', 'Never']));
  return errs;
}

function validateCronJob(cj: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(cj.metadata?.name);
  // The controller appends an 11-character `-<timestamp>` to create Jobs, whose names are capped at 63.
  if (name.length > 52) errs.push(invalid('metadata.name', name, 'must be no more than 52 characters'));
  const spec: Obj = cj.spec ?? {};
  const schedule = str(spec.schedule);
  if (!schedule) errs.push(required('spec.schedule'));
  else if (/^\s*(CRON_)?TZ=/.test(schedule))
    errs.push(invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  else if (!schedule.startsWith('@')) {
    const fields = schedule.trim().split(/\s+/);
    if (fields.length !== 5)
      errs.push(
        invalid('spec.schedule', schedule, `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`),
      );
  }
  switch (spec.concurrencyPolicy) {
    case 'Allow':
    case 'Forbid':
    case 'Replace':
      break;
    case undefined:
    case null:
    case '':
      errs.push(required('spec.concurrencyPolicy'));
      break;
    default:
      errs.push(notSupported('spec.concurrencyPolicy', spec.concurrencyPolicy, ['Allow', 'Forbid', 'Replace']));
  }
  for (const key of ['startingDeadlineSeconds', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit'] as const) {
    if (spec[key] != null) errs.push(...nonNegative(spec[key], `spec.${key}`));
  }
  errs.push(...validateJobSpec(spec.jobTemplate?.spec ?? {}, 'spec.jobTemplate.spec'));
  return errs;
}

// ---------------------------------------------------------------------------------------------------------------
// Services (ValidateService) and the nodePort allocator

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
export const NODE_PORT_RANGE: readonly [number, number] = [30000, 32767];

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

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** ValidateNonnegativeField. */
function nonNegative(value: unknown, path: string): FieldError[] {
  return typeof value === 'number' && value < 0 ? [invalid(path, value, 'must be greater than or equal to 0')] : [];
}

/** ValidatePositiveIntOrPercent. */
function positiveIntOrPercent(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') return isValidPercent(value).map((msg) => invalid(path, value, msg));
  if (typeof value === 'number') return nonNegative(value, path);
  return [];
}

function intOrPercentValue(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (isValidPercent(value).length === 0) return Number(value.slice(0, -1));
    const n = Number(value); // intstr.IntValue() → strconv.Atoi, 0 on failure
    return Number.isInteger(n) ? n : 0;
  }
  return 0;
}

function notMoreThan100Percent(value: unknown, path: string): FieldError[] {
  if (typeof value !== 'string' || isValidPercent(value).length > 0) return [];
  return Number(value.slice(0, -1)) > 100 ? [invalid(path, value, 'must not be greater than 100%')] : [];
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as Obj);
  const kb = Object.keys(b as Obj);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Obj)[k], (b as Obj)[k]));
}

function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}
