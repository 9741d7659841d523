/**
 * ValidatePodDisruptionBudget (pkg/apis/policy/validation/validation.go, v1.34): the spec only. Since v1.15 a PDB's
 * spec may be updated, so an update is validated like a create.
 */
import type { FieldError, KObject } from '../types';
import { GoStruct, invalid, notSupported } from './fieldError';
import { selectorValue, validateLabelSelector } from './labelSelector';
import { notMoreThan100Percent, positiveIntOrPercent } from './validationHelpers';

/** supportedUnhealthyPodEvictionPolicies.List(): sorted. */
const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];

/** ValidatePodDisruptionBudgetSpec at `spec`. */
export function validatePodDisruptionBudget(pdb: KObject): FieldError[] {
  const spec = pdb.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.minAvailable != null && spec.maxUnavailable != null)
    // field.Invalid(fldPath, spec, …): the internal policy.PodDisruptionBudgetSpec, a struct without JSON tags, so
    // v1.34's JSON rendering shows its Go field names (the selector's own type has tags).
    errs.push(
      invalid(
        'spec',
        new GoStruct({
          MinAvailable: spec.minAvailable,
          Selector: spec.selector == null ? null : selectorValue(spec.selector),
          MaxUnavailable: spec.maxUnavailable,
          UnhealthyPodEvictionPolicy: spec.unhealthyPodEvictionPolicy ?? null,
        }),
        'minAvailable and maxUnavailable cannot be both set',
      ),
    );
  for (const field of ['minAvailable', 'maxUnavailable'] as const) {
    if (spec[field] == null) continue;
    errs.push(...positiveIntOrPercent(spec[field], `spec.${field}`));
    errs.push(...notMoreThan100Percent(spec[field], `spec.${field}`));
  }
  errs.push(...validateLabelSelector(spec.selector, 'spec.selector'));
  const policy = spec.unhealthyPodEvictionPolicy;
  if (policy != null && !UNHEALTHY_POD_EVICTION_POLICIES.includes(policy))
    errs.push(notSupported('spec.unhealthyPodEvictionPolicy', policy, UNHEALTHY_POD_EVICTION_POLICIES));
  return errs;
}
