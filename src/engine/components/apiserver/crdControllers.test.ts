/**
 * The naming controller (apiextensions-apiserver pkg/controller/status/naming_controller.go
 * calculateNamesAndConditions) and the establishing controller (pkg/controller/establish/establishing_controller.go).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../types';
import { acceptNames, establish } from './crdControllers';

const crd = (name: string, plural: string, kind: string, status?: Record<string, unknown>): KObject =>
  ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name },
    spec: { group: 'example.com', names: { plural, kind, singular: kind.toLowerCase() } },
    ...(status ? { status } : {}),
  }) as KObject;

describe('the naming controller', () => {
  it('accepts names nobody holds: NamesAccepted=True, Established=False Installing', () => {
    const r = acceptNames(crd('widgets.example.com', 'widgets', 'Widget'), [], 7);
    expect(r.accepted).toBe(true);
    expect(r.crd.status.acceptedNames.plural).toBe('widgets');
    expect(r.crd.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts', 'no conflicts found'],
      ['Established', 'False', 'Installing', 'the initial names have been accepted'],
    ]);
  });

  it('refuses a kind another CRD of the group has accepted', () => {
    const other = crd('gadgets.example.com', 'gadgets', 'Widget', {
      acceptedNames: { plural: 'gadgets', kind: 'Widget' },
    });
    const r = acceptNames(crd('widgets.example.com', 'widgets', 'Widget'), [other], 7);
    expect([r.accepted, r.reason, r.message]).toEqual([false, 'KindConflict', '"Widget" is already in use']);
    expect(r.crd.status.conditions[1]).toMatchObject({ type: 'Established', status: 'False', reason: 'NotAccepted' });
  });
});

describe('the establishing controller', () => {
  it('sets Established=True with InitialNamesAccepted', () => {
    const named = acceptNames(crd('widgets.example.com', 'widgets', 'Widget'), [], 1).crd;
    const done = establish(named, 2);
    expect(done.status.conditions[1]).toEqual({
      type: 'Established',
      status: 'True',
      reason: 'InitialNamesAccepted',
      message: 'the initial names have been accepted',
      lastTransitionTime: 2,
    });
  });
});
