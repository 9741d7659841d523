/**
 * The apiextensions-apiserver's controllers that run inside kube-apiserver, on its storage: the naming and
 * establishing controllers that make a CRD's resource served, and the finalizer controller that deletes its custom
 * resources before the CRD goes (crdControllers.ts holds what each decides). Their writes are the apiserver's own
 * loopback writes, drawn as its decisions and etcd transactions; no client waits for them.
 */
import type { Simulation } from '../../kernel/Simulation';
import type { ApiRequest, Message } from '../../messages';
import { etcdKey, resourceForKind } from '../../objects/resources';
import { CRD_PREFIX, crdCondition, customResourceInfos, isEstablished } from '../../objects/customResources';
import type { KObject } from '../../types';
import { APISERVER, ApiserverStorage, refOf, type Pending } from './ApiserverStorage';
import { acceptNames, cleanedUp, CLEANUP_FINALIZER, establish } from './crdControllers';

export abstract class ApiextensionsControllers extends ApiserverStorage {
  /** The controllers' wake-ups (their workqueues): true when `msg` was one. */
  protected onCRDTimer(msg: Message, sim: Simulation): boolean {
    if (msg.kind !== 'timer') return false;
    if (msg.name === 'crd-naming' || msg.name === 'crd-establishing')
      this.syncCRD(msg.name, String(msg.data?.name), sim);
    else if (msg.name === 'crd-finalizing') this.finalizeCRD(String(msg.data?.name), sim);
    else return false;
    return true;
  }

  /** A CRD created or its names accepted: the next controller's informer sees it and syncs. */
  protected afterStored(p: Pending, obj: KObject, sim: Simulation): void {
    if (p.internal === 'cleanup') return this.afterInstanceDeleted(p, sim);
    if (p.info.kind !== 'CustomResourceDefinition' || p.op === 'delete') return;
    if (p.op === 'create') sim.timer(APISERVER, 1, 'crd-naming', { name: obj.metadata.name });
    // The first DELETE marked it: the finalizer controller's informer sees the deletionTimestamp.
    else if (!p.internal && obj.metadata.deletionTimestamp !== undefined && holdsCleanup(obj))
      sim.timer(APISERVER, 1, 'crd-finalizing', { name: obj.metadata.name });
    // One kube-apiserver (kind's single control plane): the handler queues the CRD for establishing at once
    // (customresource_handler.go updateCustomResourceDefinition; 5 s only with several apiservers).
    else if (p.internal === 'naming' && crdCondition(obj, 'NamesAccepted') === 'True' && !isEstablished(obj))
      sim.timer(APISERVER, 1, 'crd-establishing', { name: obj.metadata.name });
  }

  /**
   * The finalizer controller (pkg/controller/finalizer/crd_finalizer.go): deletes every custom resource of the CRD,
   * then removes its finalizer, which deletes the CRD (the last write, in afterInstanceDeleted).
   */
  private finalizeCRD(name: string, sim: Simulation): void {
    const key = etcdKey(resourceForKind('CustomResourceDefinition'), undefined, name);
    const crd = sim.store.get(key);
    if (!crd || !holdsCleanup(crd)) return;
    const served = customResourceInfos(crd)[0];
    const items = served ? sim.store.list(`/registry/${served.etcdPrefix}/`) : [];
    sim.decide(APISERVER, {
      phase: 'reconcile',
      verb: 'reconcile',
      label: `CRD finalizer: delete ${items.length} ${served?.resource ?? ''}`.trim(),
      summary: `The apiextensions finalizer controller deletes the ${items.length} custom resource(s) of ${name}, then removes the ${CLEANUP_FINALIZER} finalizer, which deletes the CRD`,
      narration: {
        key: 'apiserver.crdFinalizing',
        params: { name, count: items.length, plural: served?.resource ?? '' },
      },
      object: refOf(crd),
    });
    if (!served || items.length === 0) return this.removeCRD(crd, sim);
    for (const o of items)
      this.write(
        sim,
        crdRequest(name),
        APISERVER,
        'reconcile',
        served,
        'delete',
        [{ type: 'delete', key: etcdKey(served, o.metadata.namespace, o.metadata.name) }],
        o,
        undefined,
        undefined,
        undefined,
        'cleanup',
      );
  }

  /** One custom resource of a terminating CRD is gone: after the last, the CRD goes too. */
  private afterInstanceDeleted(p: Pending, sim: Simulation): void {
    if (sim.store.list(`/registry/${p.info.etcdPrefix}/`).length) return;
    const crd = sim.store.get(etcdKey(resourceForKind('CustomResourceDefinition'), undefined, p.req.name!));
    if (crd && holdsCleanup(crd)) this.removeCRD(crd, sim);
  }

  private removeCRD(crd: KObject, sim: Simulation): void {
    const info = resourceForKind('CustomResourceDefinition');
    const key = etcdKey(info, undefined, crd.metadata.name);
    this.write(
      sim,
      crdRequest(crd.metadata.name),
      APISERVER,
      'reconcile',
      info,
      'delete',
      [{ type: 'delete', key }],
      cleanedUp(crd, sim.now),
      undefined,
      undefined,
      undefined,
      'finalized',
    );
  }

  private syncCRD(which: 'crd-naming' | 'crd-establishing', name: string, sim: Simulation): void {
    const info = resourceForKind('CustomResourceDefinition');
    const key = etcdKey(info, undefined, name);
    const crd = sim.store.get(key);
    if (!crd || crd.metadata.deletionTimestamp !== undefined) return;
    let next: KObject;
    if (which === 'crd-naming') {
      if (crdCondition(crd, 'NamesAccepted') === 'True') return;
      const result = acceptNames(crd, sim.store.list(CRD_PREFIX), sim.now);
      next = result.crd;
      const names = crd.spec?.names ?? {};
      sim.decide(APISERVER, {
        phase: 'reconcile',
        verb: 'reconcile',
        label: `CRD names: NamesAccepted=${result.accepted ? 'True' : 'False'}`,
        summary: result.accepted
          ? `The apiextensions naming controller in kube-apiserver accepts the names of ${name} (plural ${names.plural}, kind ${names.kind}): NamesAccepted=True, reason NoConflicts, "no conflicts found"`
          : `The apiextensions naming controller refuses the names of ${name}: NamesAccepted=False, reason ${result.reason}, "${result.message}"`,
        narration: {
          key: result.accepted ? 'apiserver.crdNamesAccepted' : 'apiserver.crdNamesConflict',
          params: { name, plural: String(names.plural ?? ''), kind: String(names.kind ?? ''), message: result.message },
        },
        object: refOf(crd),
      });
    } else {
      if (isEstablished(crd) || crdCondition(crd, 'NamesAccepted') !== 'True') return;
      next = establish(crd, sim.now);
      const names = crd.status?.acceptedNames ?? {};
      sim.decide(APISERVER, {
        phase: 'reconcile',
        verb: 'reconcile',
        label: 'CRD: Established=True',
        summary: `The apiextensions establishing controller marks ${name} Established (reason InitialNamesAccepted): /apis/${crd.spec?.group}/… now serves ${names.plural}, and discovery lists it`,
        narration: {
          key: 'apiserver.crdEstablished',
          params: { name, plural: String(names.plural ?? ''), group: String(crd.spec?.group ?? '') },
        },
        object: refOf(crd),
      });
    }
    this.write(
      sim,
      crdRequest(name),
      APISERVER,
      'reconcile',
      info,
      'update',
      [{ type: 'put', key, value: next, expectModRevision: sim.store.modRevision(key) }],
      crd,
      undefined,
      undefined,
      undefined,
      which === 'crd-naming' ? 'naming' : 'establishing',
    );
  }
}

/** The loopback request the apiextensions controllers' writes are made as (no client waits for it). */
function crdRequest(name: string): ApiRequest {
  return {
    kind: 'api-request',
    reqId: 0,
    verb: 'update',
    resourceKind: 'CustomResourceDefinition',
    name,
    subresource: 'status',
    user: { name: 'system:apiserver', groups: ['system:masters'] },
  };
}

export function holdsCleanup(crd: KObject): boolean {
  return (crd.metadata.finalizers ?? []).includes(CLEANUP_FINALIZER);
}
