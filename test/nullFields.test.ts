/**
 * Explicit nulls in a manifest decode as Go zero values and meet validation's real texts, never an
 * internal error (`spec:` left empty on a Pod used to throw "Cannot read properties of null").
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/engine/simulate';

const applyLines = (yaml: string): string[] => simulate({ yaml, untilMs: 5_000 }).apply.map((a) => a.line);

describe('explicit nulls in a manifest', () => {
  it('an empty Pod spec is a zero PodSpec: spec.containers: Required value', () => {
    expect(applyLines('apiVersion: v1\nkind: Pod\nmetadata:\n  name: empty\nspec:\n')).toEqual([
      'The Pod "empty" is invalid: spec.containers: Required value',
    ]);
    expect(applyLines('apiVersion: v1\nkind: Pod\nmetadata:\n  name: empty\n')).toEqual([
      'The Pod "empty" is invalid: spec.containers: Required value',
    ]);
  });

  it('a null container is a zero Container', () => {
    expect(applyLines('apiVersion: v1\nkind: Pod\nmetadata:\n  name: empty\nspec:\n  containers: [null]\n')).toEqual([
      'The Pod "empty" is invalid: \n* spec.containers[0].name: Required value\n* spec.containers[0].image: Required value',
    ]);
  });

  it('an empty PVC spec is a zero PersistentVolumeClaimSpec', () => {
    expect(applyLines('apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\nspec:\n')).toEqual([
      'The PersistentVolumeClaim "data" is invalid: \n* spec.accessModes: Required value: at least 1 access mode is required\n* spec.resources[storage]: Required value',
    ]);
  });

  it('a Deployment without a spec is defaulted like a zero DeploymentSpec', () => {
    expect(applyLines('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: empty\nspec:\n  template:\n')).toEqual(
      [
        'The Deployment "empty" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`\n* spec.template.spec.containers: Required value',
      ],
    );
  });

  it('null labels, data values and list items are zero values, and the object is created', () => {
    const run = simulate({
      yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labels: null\n  annotations: {a: null}\ndata:\n  k: null\n',
      untilMs: 5_000,
    });
    expect(run.apply.map((a) => a.line)).toEqual(['configmap/x created']);
  });
});
