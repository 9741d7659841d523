/**
 * The custom resource table (apiextensions-apiserver pkg/registry/customresource/tableconvertor/tableconvertor.go):
 * NAME and the additionalPrinterColumns, priority > 0 only with -o wide; NAME and AGE when the CRD declares none.
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../types';
import { printGet } from './printers';

const crd = (columns?: unknown[]): KObject =>
  ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object' } },
          ...(columns ? { additionalPrinterColumns: columns } : {}),
        },
      ],
    },
    status: {
      acceptedNames: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
      conditions: [{ type: 'Established', status: 'True' }],
    },
  }) as KObject;

const widget = (name: string, spec: Record<string, unknown>): KObject =>
  ({
    apiVersion: 'example.com/v1',
    kind: 'Widget',
    metadata: { name, namespace: 'default', creationTimestamp: 0 },
    spec,
  }) as KObject;

const print = (c: KObject, items: KObject[], wide = false) =>
  printGet(['Widget'], { Widget: items }, { now: 90_000, objects: [c, ...items], wide });

describe('kubectl get <custom resources>', () => {
  it('prints NAME and AGE when the CRD declares no columns', () => {
    expect(print(crd(), [widget('w1', {})])).toBe('NAME   AGE\nw1     90s');
  });

  it('prints the declared columns: integers, dates as ages, missing values empty, priority 1 only when wide', () => {
    const c = crd([
      { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
      { name: 'Colour', type: 'string', jsonPath: '.spec.colour', priority: 1 },
      { name: 'Made', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ]);
    const items = [widget('w1', { size: 3, colour: 'red' }), widget('w2', {})];
    expect(print(c, items)).toBe('NAME   SIZE   MADE\nw1     3      90s\nw2            90s');
    expect(print(c, items, true)).toBe(
      'NAME   SIZE   COLOUR   MADE\nw1     3      red      90s\nw2                     90s',
    );
  });
});
