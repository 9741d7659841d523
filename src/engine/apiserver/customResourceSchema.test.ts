/**
 * Pruning (apiextensions-apiserver pkg/apiserver/schema/pruning/algorithm.go), defaulting
 * (pkg/apiserver/schema/defaulting/algorithm.go) and the schema's field errors (k8s.io/kube-openapi
 * pkg/validation/validate, converted by pkg/apiserver/validation ConvertSchemaValidationErrors).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { applySchemaDefaults, prune, unknownFields, validateAgainstSchema } from './customResourceSchema';
import { fieldErrorText } from './fieldError';

const SCHEMA = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['size'],
      properties: {
        size: { type: 'string', enum: ['small', 'large'] },
        replicas: { type: 'integer', minimum: 1, maximum: 5, default: 1 },
        name: { type: 'string', pattern: '^[a-z]+$', maxLength: 5, minLength: 2 },
        ports: { type: 'array', maxItems: 1, items: { type: 'object', properties: { port: { type: 'integer' } } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
    },
  },
};

const obj = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}): KObject =>
  ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec, ...extra }) as KObject;

const texts = (o: KObject) => validateAgainstSchema(o, SCHEMA).map(fieldErrorText);

describe('pruning', () => {
  it('finds and drops the fields the schema does not define, keeping maps and preserved levels', () => {
    const o = obj(
      { size: 'small', colour: 'red', ports: [{ port: 1, proto: 'TCP' }], labels: { a: 'b' }, free: { x: 1 } },
      { extra: true },
    );
    expect(unknownFields(o, SCHEMA)).toEqual(['spec.colour', 'spec.ports[0].proto', 'extra']);
    const pruned = prune(o, SCHEMA);
    expect(pruned.spec).toEqual({ size: 'small', ports: [{ port: 1 }], labels: { a: 'b' }, free: { x: 1 } });
    expect((pruned as Record<string, unknown>).extra).toBeUndefined();
    expect(pruned.metadata).toEqual({ name: 'w' });
  });
});

describe('defaulting', () => {
  it('sets an absent property to its default, leaving a given value alone', () => {
    expect(applySchemaDefaults(obj({ size: 'small' }), SCHEMA).spec.replicas).toBe(1);
    expect(applySchemaDefaults(obj({ size: 'small', replicas: 3 }), SCHEMA).spec.replicas).toBe(3);
  });
});

describe('validation texts', () => {
  it('type, enum, required', () => {
    expect(texts(obj({ size: 'small', replicas: 'three' }))).toEqual([
      'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
    ]);
    expect(texts(obj({ size: 'medium' }))).toEqual([
      'spec.size: Unsupported value: "medium": supported values: "small", "large"',
    ]);
    expect(texts(obj({}))).toEqual(['spec.size: Required value']);
  });

  it('minimum, maximum, pattern, lengths, items', () => {
    expect(texts(obj({ size: 'small', replicas: 0 }))).toEqual([
      'spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1',
    ]);
    expect(texts(obj({ size: 'small', replicas: 6 }))).toEqual([
      'spec.replicas: Invalid value: 6: spec.replicas in body should be less than or equal to 5',
    ]);
    expect(texts(obj({ size: 'small', name: 'A1' }))).toEqual([
      `spec.name: Invalid value: "A1": spec.name in body should match '^[a-z]+$'`,
    ]);
    expect(texts(obj({ size: 'small', name: 'abcdef' }))).toEqual(['spec.name: Too long: must have at most 5 bytes']);
    expect(texts(obj({ size: 'small', name: 'a' }))).toEqual([
      'spec.name: Invalid value: "a": spec.name in body should be at least 2 chars long',
    ]);
    expect(texts(obj({ size: 'small', ports: [{ port: 1 }, { port: 2 }] }))).toEqual([
      'spec.ports: Too many: 2: must have at most 1 items',
    ]);
  });
});
