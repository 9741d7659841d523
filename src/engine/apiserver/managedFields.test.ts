/**
 * Field sets and FieldsV1 (k8s.io/apimachinery/pkg/util/managedfields, sigs.k8s.io/structured-merge-diff/fieldpath
 * serialize.go and path.go) and the Update operation's ownership (managedfields/internal/managedfieldsupdater.go).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { decodeFieldsV1, encodeFieldsV1, fieldSetOf, pathString, recordUpdate } from './managedFields';

const deploy = (replicas: number): KObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'u', labels: { app: 'web' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { spec: { containers: [{ name: 'nginx', image: 'nginx', ports: [{ containerPort: 80 }] }] } },
    },
    status: { replicas: 0 },
  }) as unknown as KObject;

describe('managedFields', () => {
  it('an applied configuration owns its leaves and list items, not the server-set metadata or status', () => {
    expect(encodeFieldsV1(fieldSetOf(deploy(3), 'apply').keys())).toEqual({
      'f:metadata': { 'f:labels': { 'f:app': {} } },
      'f:spec': {
        'f:replicas': {},
        'f:selector': {},
        'f:template': {
          'f:spec': {
            'f:containers': {
              'k:{"name":"nginx"}': {
                '.': {},
                'f:image': {},
                'f:name': {},
                'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
              },
            },
          },
        },
      },
    });
  });

  it('FieldsV1 round-trips and paths print as structured-merge-diff prints them', () => {
    const set = new Set(fieldSetOf(deploy(3), 'update').keys());
    expect(decodeFieldsV1(encodeFieldsV1(set))).toEqual(set);
    const image = [...set].find((p) => p.endsWith('f:image'))!;
    expect(pathString(image)).toBe('.spec.template.spec.containers[name="nginx"].image');
  });

  it('an Update takes the fields it changes from their owners; an unchanged write records nothing', () => {
    const created = recordUpdate(undefined, deploy(3), 'kubectl-client-side-apply', 1000);
    expect(created.metadata.managedFields).toHaveLength(1);
    expect(created.metadata.managedFields![0]).toMatchObject({
      manager: 'kubectl-client-side-apply',
      operation: 'Update',
    });
    expect(created.metadata.managedFields![0].fieldsV1['f:metadata']).toEqual({ 'f:labels': { '.': {}, 'f:app': {} } });
    const scaled = recordUpdate(
      created,
      { ...created, spec: { ...created.spec, replicas: 5 } },
      'kubectl',
      2000,
      'scale',
    );
    const [csa, scale] = scaled.metadata.managedFields!;
    expect((csa.fieldsV1['f:spec'] as Record<string, unknown>)['f:replicas']).toBeUndefined();
    expect(scale).toMatchObject({
      manager: 'kubectl',
      subresource: 'scale',
      fieldsV1: { 'f:spec': { 'f:replicas': {} } },
    });
    expect(recordUpdate(scaled, scaled, 'kubectl-edit', 3000).metadata.managedFields).toEqual(
      scaled.metadata.managedFields,
    );
  });
});
