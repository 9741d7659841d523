/**
 * Namespace deletion end to end (pkg/registry/core/namespace/storage: Delete and FinalizeREST;
 * plugin/pkg/admission/namespace/lifecycle; pkg/controller/namespace/deletion/namespaced_resources_deleter.go and
 * status_condition_utils.go): Terminating first, the content deleted, conditions written, then finalize removes it.
 */
import { describe, expect, it } from 'vitest';
import type { Run, SimulationInput } from '../../../api';
import { findScenario } from '../../../../scenarios';
import { simulate } from '../../../simulate';
import { worldAt } from '../../../trace/worldAt';
import type { KObject } from '../../../types';
import { describeObject } from '../../../kubectl/describeObject';
import { namespaceConditions } from './namespaceController';

const at = (run: Run, label: string) => run.steps.findIndex((s) => s.label === label);

function namespaceAfter(run: Run, seq: number): KObject | undefined {
  return worldAt(run, seq).etcd.get('/registry/namespaces/shop');
}

describe('namespace deletion', () => {
  const input = findScenario('delete-namespace')!.input;
  const run = simulate(input);

  it('DELETE marks the namespace Terminating with a deletionTimestamp and keeps its kubernetes finalizer', () => {
    expect(run.output.map((o) => o.line)).toContain('namespace "shop" deleted');
    const del = at(run, 'DELETE /api/v1/namespaces/shop');
    const ns = namespaceAfter(run, del + 5)!;
    expect(ns.status.phase).toBe('Terminating');
    expect(ns.metadata.deletionTimestamp).toBe(30_002);
    expect(ns.spec.finalizers).toEqual(['kubernetes']);
  });

  it('deletes each resource with content through its collection, 5 s after the namespace changed', () => {
    const deletes = run.steps.filter(
      (s) => s.from.part === 'namespace' && s.verb === 'DELETE' && s.label.includes('/namespaces/shop/'),
    );
    expect(deletes.map((s) => s.label)).toEqual([
      'DELETE /api/v1/namespaces/shop/pods',
      'DELETE /api/v1/namespaces/shop/services',
      // The endpoints controller's Endpoints for the Service.
      'DELETE /api/v1/namespaces/shop/endpoints',
      'DELETE /api/v1/namespaces/shop/configmaps',
      'DELETE /api/v1/namespaces/shop/serviceaccounts',
      'DELETE /api/v1/namespaces/shop/events',
      'DELETE /apis/apps/v1/namespaces/shop/deployments',
      'DELETE /apis/apps/v1/namespaces/shop/replicasets',
      'DELETE /apis/discovery.k8s.io/v1/namespaces/shop/endpointslices',
    ]);
    // namespaceDeletionGracePeriod: the controller waits 5 s after the namespace's update event.
    expect(deletes[0]!.time).toBeGreaterThanOrEqual(35_000);
  });

  it('writes the deletion conditions with the real texts while Pods terminate', () => {
    const status = run.steps.findIndex((s) => s.label === 'PUT /api/v1/namespaces/shop/status');
    const ns = namespaceAfter(run, status + 3)!;
    expect(ns.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered', 'All resources successfully discovered'],
      [
        'NamespaceDeletionGroupVersionParsingFailure',
        'False',
        'ParsedGroupVersions',
        'All legacy kube types successfully parsed',
      ],
      [
        'NamespaceDeletionContentFailure',
        'False',
        'ContentDeleted',
        'All content successfully deleted, may be waiting on finalization',
      ],
      [
        'NamespaceContentRemaining',
        'True',
        'SomeResourcesRemain',
        'Some resources are remaining: pods. has 3 resource instances',
      ],
      ['NamespaceFinalizersRemaining', 'False', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'],
    ]);
  });

  it('kubectl get and describe show it Terminating with its conditions (describe.go describeNamespace)', () => {
    const status = run.steps.findIndex((s) => s.label === 'PUT /api/v1/namespaces/shop/status');
    const world = worldAt(run, status + 3);
    const ns = world.etcd.get('/registry/namespaces/shop')!;
    expect(describeObject(ns, { now: world.time, events: [], objects: [...world.etcd.values()] })).toBe(
      [
        'Name:         shop',
        'Labels:       kubernetes.io/metadata.name=shop',
        'Annotations:  <none>',
        'Status:       Terminating',
        'Conditions:',
        '  Type                                         Status  LastTransitionTime               Reason                  Message',
        '  ----                                         ------  ------------------               ------                  -------',
        '  NamespaceDeletionDiscoveryFailure            False   Thu, 15 Jan 2026 09:00:35 +0000  ResourcesDiscovered     All resources successfully discovered',
        '  NamespaceDeletionGroupVersionParsingFailure  False   Thu, 15 Jan 2026 09:00:35 +0000  ParsedGroupVersions     All legacy kube types successfully parsed',
        '  NamespaceDeletionContentFailure              False   Thu, 15 Jan 2026 09:00:35 +0000  ContentDeleted          All content successfully deleted, may be waiting on finalization',
        '  NamespaceContentRemaining                    True    Thu, 15 Jan 2026 09:00:35 +0000  SomeResourcesRemain     Some resources are remaining: pods. has 3 resource instances',
        '  NamespaceFinalizersRemaining                 False   Thu, 15 Jan 2026 09:00:35 +0000  ContentHasNoFinalizers  All content-preserving finalizers finished',
        '',
        'No resource quota.',
        '',
        'No LimitRange resource.',
      ].join('\n'),
    );
  });

  it('refuses the ReplicaSet controller’s replacement Pods while the namespace terminates', () => {
    const refused = run.steps.filter((s) => s.to.part === 'replicaset' && s.label === '403 Forbidden');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.summary).toMatch(
      /^403 Forbidden: pods "web-[a-z0-9]+-" is forbidden: unable to create new content in namespace shop because it is being terminated$/,
    );
  });

  it('finalizes once the Pods are gone: the namespace and everything in it disappear', () => {
    const finalize = at(run, 'PUT /api/v1/namespaces/shop/finalize');
    expect(finalize).toBeGreaterThan(0);
    // The apiserver's next etcd write is the delete (a watch event may be delivered in between).
    const nextEtcd = run.steps.slice(finalize + 1).find((s) => s.to.component === 'etcd');
    expect(nextEtcd!.label).toBe('DELETE /registry/namespaces/shop');
    expect(run.steps.some((s) => s.label === 'WATCH DELETED Namespace shop')).toBe(true);
    const last = worldAt(run, run.steps.length - 1).etcd;
    expect(last.has('/registry/namespaces/shop')).toBe(false);
    expect([...last.values()].filter((o) => o.metadata.namespace === 'shop')).toEqual([]);
    // The last status write before finalize says nothing remains.
    const conds = namespaceAfter(run, finalize - 1)!.status.conditions;
    expect(conds.find((c: any) => c.type === 'NamespaceContentRemaining')).toMatchObject({
      status: 'False',
      reason: 'ContentRemoved',
      message: 'All content successfully removed',
    });
    expect(run.end.reason).toBe('quiescent');
  });

  it('never deletes default, kube-system or kube-public', () => {
    const r = simulate({
      yaml: '',
      cluster: { nodeCount: 1 },
      actions: [{ atMs: 1_000, action: { type: 'delete', kind: 'Namespace', name: 'kube-system' } }],
    } satisfies SimulationInput);
    expect(r.output.map((o) => o.line)).toContain(
      'Error from server (Forbidden): namespaces "kube-system" is forbidden: this namespace may not be deleted',
    );
  });

  it('creates in a terminating namespace fail as kubectl prints them', () => {
    const r = simulate({
      ...input,
      actions: [
        ...input.actions!,
        {
          atMs: 31_000,
          action: {
            type: 'apply',
            yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: late\n  namespace: shop\n',
          },
        },
      ],
    });
    expect(r.output.map((o) => o.line)).toContain(
      'Error from server (Forbidden): error when creating "manifest.yaml": configmaps "late" is forbidden: unable to create new content in namespace shop because it is being terminated',
    );
  });
});

describe('namespaceConditions (status_condition_utils.go)', () => {
  it('reports content that should be gone as ContentDeletionFailed and finalizers by name', () => {
    const conds = namespaceConditions(
      [],
      [{ resource: 'configmaps.', gvr: '/v1, Resource=configmaps', count: 2, finalizers: { 'example.com/keep': 2 } }],
      ['unexpected items still remain in namespace: shop for gvr: /v1, Resource=pods'],
      0,
    )!;
    expect(conds.find((c) => c.type === 'NamespaceDeletionContentFailure')).toMatchObject({
      status: 'True',
      reason: 'ContentDeletionFailed',
      message:
        'Failed to delete all resource types, 1 remaining: unexpected items still remain in namespace: shop for gvr: /v1, Resource=pods',
    });
    expect(conds.find((c) => c.type === 'NamespaceFinalizersRemaining')).toMatchObject({
      status: 'True',
      reason: 'SomeFinalizersRemain',
      message: 'Some content in the namespace has finalizers remaining: example.com/keep in 2 resource instances',
    });
    // Unchanged conditions: nothing to write.
    expect(
      namespaceConditions(
        conds,
        [{ resource: 'configmaps.', gvr: '/v1, Resource=configmaps', count: 2, finalizers: { 'example.com/keep': 2 } }],
        ['unexpected items still remain in namespace: shop for gvr: /v1, Resource=pods'],
        5,
      ),
    ).toBeUndefined();
  });
});
