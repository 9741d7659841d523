/**
 * PriorityClass validation (pkg/apis/scheduling/validation/validation.go ValidatePriorityClass /
 * ValidatePriorityClassUpdate, and IsKnownSystemPriorityClass in pkg/apis/scheduling/v1/helpers.go): names
 * starting `system-` are reserved for the two classes the apiserver creates, and a user class may not exceed
 * HighestUserDefinablePriority. Value and preemptionPolicy never change after creation.
 */
import type { FieldError, KObject } from '../types';
import { forbidden, invalid, notSupported, required } from './fieldError';

import { HIGHEST_USER_DEFINABLE_PRIORITY, SYSTEM_PRIORITY_CLASSES } from '../objects/priorityClasses';

function knownSystemClassError(name: string, value: unknown, globalDefault: boolean): string | undefined {
  const spc = SYSTEM_PRIORITY_CLASSES.find((c) => c.name === name);
  if (!spc) return `${name} is not a known system priority class`;
  if (spc.value !== value) return `value of ${spc.name} PriorityClass must be ${spc.value}`;
  if (globalDefault) return `globalDefault of ${spc.name} PriorityClass must be false`;
  return undefined;
}

/** apivalidation.ValidatePreemptionPolicy. */
function validatePreemptionPolicy(policy: unknown, path: string): FieldError[] {
  if (policy === 'PreemptLowerPriority' || policy === 'Never') return [];
  if (policy === '') return [required(path)];
  return [notSupported(path, policy, ['PreemptLowerPriority', 'Never'])];
}

export function validatePriorityClass(pc: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const name = String(pc.metadata?.name ?? '');
  if (name.startsWith('system-')) {
    const err = knownSystemClassError(name, pc.value, pc.globalDefault === true);
    if (err)
      errs.push(
        forbidden(
          'metadata.name',
          `priority class names with 'system-' prefix are reserved for system use only. error: ${err}`,
        ),
      );
  } else if (typeof pc.value === 'number' && pc.value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(
      forbidden('value', `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`),
    );
  }
  if (pc.preemptionPolicy !== undefined)
    errs.push(...validatePreemptionPolicy(pc.preemptionPolicy, 'preemptionPolicy'));
  return errs;
}

export function validatePriorityClassUpdate(pc: KObject, old: KObject): FieldError[] {
  const errs: FieldError[] = [];
  if (pc.value !== old.value) errs.push(forbidden('value', 'may not be changed in an update.'));
  if (pc.preemptionPolicy !== old.preemptionPolicy)
    errs.push(invalid('preemptionPolicy', pc.preemptionPolicy, 'field is immutable'));
  return errs;
}
