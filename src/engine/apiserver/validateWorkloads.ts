/**
 * Validation of the workload kinds (registry strategy Validate / ValidateUpdate), with the real field paths and
 * texts: apps/v1 Deployment, ReplicaSet, StatefulSet, DaemonSet (pkg/apis/apps/validation/validation.go), the core
 * ReplicationController (pkg/apis/core/validation ValidateReplicationControllerSpec) and batch/v1 Job and CronJob
 * (pkg/apis/batch/validation/validation.go). validate.ts dispatches to them by kind.
 */
import type { FieldError, KObject } from '../types';
import { GoStruct, forbidden, invalid, notSupported, required } from './fieldError';
import {
  selectorIsEmpty,
  selectorMatches,
  selectorParseFails,
  selectorValue,
  validateLabelSelector,
  validateLabels,
} from './labelSelector';
import { validateAnnotations, validatePodTemplateSpec } from './validatePodSpec';
import {
  deepEqual,
  intOrPercentValue,
  nonNegative,
  notMoreThan100Percent,
  positiveIntOrPercent,
  str,
  type Obj,
} from './validationHelpers';

export function validateDeployment(d: KObject): FieldError[] {
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

export function validateReplicaSet(rs: KObject): FieldError[] {
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
export function validateReplicationController(rc: KObject): FieldError[] {
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

export function validateStatefulSet(sts: KObject): FieldError[] {
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

export function validateDaemonSet(ds: KObject): FieldError[] {
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
export function selectorImmutable(obj: KObject, old: KObject): FieldError[] {
  if (deepEqual(obj.spec?.selector ?? null, old.spec?.selector ?? null)) return [];
  return [invalid('spec.selector', selectorValue(obj.spec?.selector), 'field is immutable')];
}

export function statefulSetUpdate(obj: KObject, old: KObject): FieldError[] {
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

export function validateJobSpec(spec: Obj, path: string): FieldError[] {
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

export function validateCronJob(cj: KObject): FieldError[] {
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
