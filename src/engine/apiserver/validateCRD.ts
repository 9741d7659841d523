/**
 * ValidateCustomResourceDefinition for the mistakes people make writing a CRD by hand (apiextensions-apiserver
 * pkg/apis/apiextensions/validation/validation.go): the name that must be `<plural>.<group>`, the group that must be
 * a domain, the scope, one schema per version (required in apiextensions.k8s.io/v1), exactly one storage version,
 * and the names. Errors come in the upstream order: metadata, group, scope, each version, versions, names.
 */
import type { FieldError, KObject } from '../types';
import { invalid, notSupported, required } from './fieldError';
import { isDNS1035Label, isDNS1123Subdomain } from './validationRules';
import { isObj, str } from './validationHelpers';

/** metadata.name's extra rule (the nameValidationFn ValidateCustomResourceDefinition builds). */
export function validateCRDName(crd: KObject): FieldError[] {
  const name = str(crd.metadata?.name);
  const wanted = `${str(crd.spec?.names?.plural)}.${str(crd.spec?.group)}`;
  return name && name !== wanted ? [invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group')] : [];
}

/** ValidateCustomResourceDefinitionSpec, the parts above. */
export function validateCRDSpec(crd: KObject): FieldError[] {
  const spec = isObj(crd.spec) ? crd.spec : {};
  const errs: FieldError[] = [];
  const group = str(spec.group);
  if (!group) errs.push(required('spec.group'));
  else {
    const msgs = isDNS1123Subdomain(group);
    if (msgs.length) errs.push(invalid('spec.group', group, msgs.join(',')));
    else if (group.split('.').length < 2)
      errs.push(invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  const scope = str(spec.scope);
  if (!scope) errs.push(required('spec.scope'));
  else if (scope !== 'Cluster' && scope !== 'Namespaced')
    errs.push(notSupported('spec.scope', scope, ['Cluster', 'Namespaced']));
  const versions: any[] = Array.isArray(spec.versions) ? spec.versions : [];
  let storage = 0;
  const seen = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    if (v?.storage) storage++;
    const name = str(v?.name);
    if (seen.has(name)) unique = false;
    seen.add(name);
    const msgs = isDNS1035Label(name);
    if (msgs.length) errs.push(invalid(`spec.versions[${i}].name`, name, msgs.join(',')));
  });
  // apiextensions v1 requires a structural schema for every version (validation.go: "schemas are required").
  versions.forEach((v, i) => {
    if (!isObj(v?.schema?.openAPIV3Schema))
      errs.push(required(`spec.versions[${i}].schema.openAPIV3Schema`, 'schemas are required'));
  });
  // A structural schema (pkg/apiserver/schema/validation.go validateStructuralInvariants): every level says its type.
  versions.forEach((v, i) => {
    const schema = v?.schema?.openAPIV3Schema;
    if (isObj(schema)) structural(schema, `spec.versions[${i}].schema.openAPIV3Schema`, 'root', errs);
  });
  if (versions.length === 0)
    errs.push(invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));
  else {
    if (!unique) errs.push(invalid('spec.versions', versions, 'must contain unique version names'));
    if (storage !== 1)
      errs.push(invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));
  }
  const names = isObj(spec.names) ? spec.names : {};
  for (const n of ['plural', 'singular', 'kind', 'listKind'])
    if (!str(names[n])) errs.push(required(`spec.names.${n}`));
  return errs;
}

/**
 * ValidateCustomResourceDefinitionSpecUpdate: the group and the plural name the storage, so they never change;
 * the scope and the kind are fixed once the CRD is Established (ValidateImmutableField: `field is immutable`).
 */
export function validateCRDUpdate(crd: KObject, old: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const established = (old.status?.conditions ?? []).some(
    (c: { type?: string; status?: string }) => c.type === 'Established' && c.status === 'True',
  );
  const field = (path: string, now: unknown, was: unknown) => {
    if (now !== was) errs.push(invalid(path, now, 'field is immutable'));
  };
  if (established) {
    field('spec.scope', crd.spec?.scope, old.spec?.scope);
    field('spec.names.kind', crd.spec?.names?.kind, old.spec?.names?.kind);
  }
  field('spec.group', crd.spec?.group, old.spec?.group);
  field('spec.names.plural', crd.spec?.names?.plural, old.spec?.names?.plural);
  return errs;
}

const EMPTY_TYPE = {
  root: 'must not be empty at the root',
  item: 'must not be empty for specified array items',
  field: 'must not be empty for specified object fields',
};

function structural(s: Record<string, any>, path: string, level: keyof typeof EMPTY_TYPE, errs: FieldError[]): void {
  const free = s['x-kubernetes-int-or-string'] === true || s['x-kubernetes-preserve-unknown-fields'] === true;
  if (!s.type && !free) errs.push(required(`${path}.type`, EMPTY_TYPE[level]));
  if (level === 'root' && s.type && s.type !== 'object')
    errs.push(invalid(`${path}.type`, s.type, 'must be object at the root'));
  if (isObj(s.properties))
    for (const [name, prop] of Object.entries(s.properties))
      if (isObj(prop)) structural(prop, `${path}.properties[${name}]`, 'field', errs);
  if (isObj(s.items)) structural(s.items, `${path}.items`, 'item', errs);
  if (isObj(s.additionalProperties)) structural(s.additionalProperties, `${path}.additionalProperties`, 'field', errs);
}
