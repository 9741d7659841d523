/** ValidateCustomResourceDefinition (apiextensions-apiserver pkg/apis/apiextensions/validation/validation.go). */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { validateObject } from './validate';
import { fieldErrorText } from './fieldError';

const crd = (name: string, spec: Record<string, unknown>): KObject =>
  ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name }, spec }) as KObject;

const GOOD = {
  group: 'example.com',
  scope: 'Namespaced',
  names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
  versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
};

const errs = (o: KObject) => validateObject(o).map(fieldErrorText);

describe('ValidateCustomResourceDefinition', () => {
  it('accepts a well-formed CRD', () => {
    expect(errs(crd('widgets.example.com', GOOD))).toEqual([]);
  });

  it('requires the name <plural>.<group>', () => {
    expect(errs(crd('widget.example.com', GOOD))).toEqual([
      'metadata.name: Invalid value: "widget.example.com": must be spec.names.plural+"."+spec.group',
    ]);
  });

  it('requires a schema per version in v1, and exactly one storage version', () => {
    const versions = [
      { name: 'v1', served: true, storage: true },
      { name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } },
    ];
    const out = errs(crd('widgets.example.com', { ...GOOD, versions }));
    expect(out[0]).toBe('spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required');
    expect(out[1]).toMatch(
      /^spec\.versions: Invalid value: .*: must have exactly one version marked as storage version$/,
    );
  });

  it('wants a group with a dot and a known scope', () => {
    const out = errs(crd('widgets.example', { ...GOOD, group: 'example', scope: 'Global' }));
    expect(out).toEqual([
      'spec.group: Invalid value: "example": should be a domain with at least one dot',
      'spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"',
    ]);
  });
});

describe('ValidateCustomResourceDefinitionUpdate', () => {
  it('keeps the group and plural, and once Established the scope and kind', () => {
    const old = {
      ...crd('widgets.example.com', GOOD),
      status: { conditions: [{ type: 'Established', status: 'True' }] },
    };
    const next = crd('widgets.example.com', { ...GOOD, scope: 'Cluster', names: { ...GOOD.names, kind: 'Gadget' } });
    expect(validateObject(next, { existing: old as KObject }).map(fieldErrorText)).toEqual([
      'spec.scope: Invalid value: "Cluster": field is immutable',
      'spec.names.kind: Invalid value: "Gadget": field is immutable',
    ]);
  });
});

describe('a structural schema', () => {
  it('names each level without a type, as validateStructuralInvariants does', () => {
    const versions = [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: { type: 'object', properties: { spec: { properties: { size: { type: 'integer' } } } } },
        },
      },
    ];
    expect(errs(crd('widgets.example.com', { ...GOOD, versions }))).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
    ]);
  });
});
