/**
 * NamespaceLifecycle against staging/src/k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go:
 * the NotFound of a missing namespace, the Forbidden of a Terminating one and of an immortal namespace's deletion,
 * texts verbatim.
 */
import { describe, expect, it } from 'vitest';
import { lookupResource, resourceForKind } from '../../../objects/resources';
import type { KObject } from '../../../types';
import { admitNamespaceDeletion, admitNamespaceLifecycle } from './namespaceLifecycle';
import { testStore } from './testStore';

const ns = (name: string, phase = 'Active'): KObject =>
  ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, status: { phase } }) as KObject;
const obj = (apiVersion: string, kind: string, namespace?: string): KObject =>
  ({ apiVersion, kind, metadata: { name: 'web', ...(namespace ? { namespace } : {}) } }) as KObject;
const store = testStore([ns('default'), ns('shop', 'Terminating')]);

describe('NamespaceLifecycle admission', () => {
  it('a create in a namespace that does not exist: namespaces "x" not found', () => {
    const denial = admitNamespaceLifecycle(obj('v1', 'Pod', 'nope'), resourceForKind('Pod'), 'web', store);
    expect(denial?.why).toBe('missing');
    expect(denial?.error).toMatchObject({ code: 404, reason: 'NotFound', message: 'namespaces "nope" not found' });
  });

  it('a create in a Terminating namespace: unable to create new content … because it is being terminated', () => {
    const denial = admitNamespaceLifecycle(
      obj('apps/v1', 'Deployment', 'shop'),
      resourceForKind('Deployment'),
      'web',
      store,
    );
    expect(denial?.why).toBe('terminating');
    expect(denial?.error).toMatchObject({
      code: 403,
      reason: 'Forbidden',
      message:
        'deployments.apps "web" is forbidden: unable to create new content in namespace shop because it is being terminated',
    });
  });

  it('names the object by its generateName before the registry generates a name (admission.NewForbidden)', () => {
    const denial = admitNamespaceLifecycle(obj('v1', 'Pod', 'shop'), resourceForKind('Pod'), 'web-', store);
    expect(denial?.error.message).toBe(
      'pods "web-" is forbidden: unable to create new content in namespace shop because it is being terminated',
    );
  });

  it('admits an Active namespace, cluster-scoped kinds and Namespaces themselves', () => {
    expect(admitNamespaceLifecycle(obj('v1', 'Pod', 'default'), resourceForKind('Pod'), 'web', store)).toBeUndefined();
    const rc = lookupResource('node.k8s.io/v1', 'RuntimeClass')!;
    expect(admitNamespaceLifecycle(obj('node.k8s.io/v1', 'RuntimeClass'), rc, 'web', store)).toBeUndefined();
    expect(admitNamespaceLifecycle(ns('new'), resourceForKind('Namespace'), 'new', store)).toBeUndefined();
  });

  it('never deletes default, kube-system or kube-public: this namespace may not be deleted', () => {
    for (const name of ['default', 'kube-system', 'kube-public'])
      expect(admitNamespaceDeletion(name)).toMatchObject({
        code: 403,
        reason: 'Forbidden',
        message: `namespaces "${name}" is forbidden: this namespace may not be deleted`,
      });
    expect(admitNamespaceDeletion('kube-node-lease')).toBeUndefined();
    expect(admitNamespaceDeletion('shop')).toBeUndefined();
  });
});
