/**
 * PersistentVolume controller (pkg/controller/volume/persistentvolume/pv_controller.go) with kind's local-path
 * provisioner folded in: binds a pending claim to a matching Available PV (static binding); for a StorageClass with
 * WaitForFirstConsumer it waits for the scheduler's `volume.kubernetes.io/selected-node` annotation, then
 * provisions `pvc-<uid>` on that node and binds it; a claim naming a missing class reports ProvisioningFailed.
 *
 * One sync of a claim is syncClaim: binding is `bind()`'s four writes, each sent only when the object still differs
 * (bindVolumeToClaim, updateVolumePhase(Bound), bindClaimToVolume, updateClaimStatus(Bound)); the claim's key stays
 * processing until the last one answers. Provisioning is one operation per claim at a time, named as the real
 * controller names it (`provision-<claimKey>[<uid>]`, scheduleOperation's goroutinemap).
 */
import { defineController, type ReconcileContext } from '../../../client/defineController';
import { deepClone } from '../../../kernel/deepClone';
import { parseBytes } from '../../../objects/quantity';
import type { KObject } from '../../../types';
import type { ControllerManager } from '../ControllerManager';
import { cacheKey } from '../objectKeys';

const NAME = 'persistentvolume-binder';
const SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
const BOUND_BY_CONTROLLER = 'pv.kubernetes.io/bound-by-controller';

interface PvState {
  /** "claimKey|reason" already reported, so a claim that stays Pending is drawn once per reason. */
  reported: Set<string>;
  /** claimKey → the running provisioning operation's name (`provision-<claimKey>[<uid>]`). */
  provisioning: Map<string, string>;
}

type Ctx = ReconcileContext<PvState>;

export const persistentVolumeBinder = defineController<PvState>({
  name: NAME,
  eventSource: 'persistentvolume-controller',
  watches: ['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass'],
  initialState: () => ({ reported: new Set(), provisioning: new Map() }),
  keysFor(ev, { kcm }) {
    if (ev.object.kind === 'PersistentVolumeClaim')
      return [cacheKey(ev.object.metadata.namespace, ev.object.metadata.name)];
    if (ev.object.kind === 'PersistentVolume')
      return kcm
        .list('PersistentVolumeClaim')
        .filter((c) => c.status?.phase === 'Pending')
        .map((c) => cacheKey(c.metadata.namespace, c.metadata.name));
    return [];
  },
  reconcile: (ctx) => syncClaim(ctx),
  onResponse(resp, ctx) {
    const action = resp.ctx?.action;
    if (action === 'provision') return provisioned(resp.object, resp.error?.code, ctx);
    if (resp.error || !resp.object) return;
    // storeVolumeUpdate / storeClaimUpdate: the controller's cache holds its own write before the watch brings it.
    storeUpdate(ctx.kcm, resp.object);
    const pv = resp.object.kind === 'PersistentVolume' ? resp.object : (resp.ctx!.pv as KObject);
    const pvc = resp.object.kind === 'PersistentVolumeClaim' ? resp.object : (resp.ctx!.pvc as KObject);
    bind(ctx, pv, pvc);
  },
});

/** syncClaim: syncBoundClaim once the claim names its volume, syncUnboundClaim before. */
function syncClaim(ctx: Ctx): void {
  const { kcm, key } = ctx;
  const [ns, name] = key.split('/');
  const pvc = kcm.get('PersistentVolumeClaim', ns, name);
  if (!pvc) return;
  if (pvc.spec.volumeName) {
    // Bound, or half way through bind(): bind() again writes only what is still missing.
    const pv = kcm.get('PersistentVolume', undefined, pvc.spec.volumeName);
    if (pv && (!pv.spec.claimRef || pv.spec.claimRef.uid === pvc.metadata.uid)) bind(ctx, pv, pvc);
    return;
  }
  if (pvc.status?.phase === 'Bound') return;
  const className: string | undefined = pvc.spec.storageClassName;
  const pv = findBestMatchForClaim(pvc, kcm.list('PersistentVolume'));
  if (pv) return bind(ctx, pv, pvc);
  if (!className)
    return report(
      ctx,
      pvc,
      'FailedBinding',
      'no persistent volumes available for this claim and no storage class is set',
    );
  const sc = kcm.get('StorageClass', undefined, className);
  if (!sc)
    return report(ctx, pvc, 'ProvisioningFailed', `storageclass.storage.k8s.io "${className}" not found`, 'Warning');
  if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !pvc.metadata.annotations?.[SELECTED_NODE])
    return report(ctx, pvc, 'WaitForFirstConsumer', 'waiting for first consumer to be created before binding');
  provisionClaim(ctx, pvc, sc);
}

function report(ctx: Ctx, pvc: KObject, reason: string, message: string, type: 'Normal' | 'Warning' = 'Normal'): void {
  const { key, state: s } = ctx;
  const k = `${key}|${reason}`;
  if (s.reported.has(k)) return;
  s.reported.add(k);
  const involvedObject = claimRef(pvc);
  ctx.sim.decide(
    { component: 'kube-controller-manager', part: NAME },
    {
      phase: 'reconcile',
      verb: 'reconcile',
      label: reason,
      summary: `PV controller: claim ${key} stays Pending: ${message}`,
      narration: { key: 'pv.pending', params: { pvc: key, message } },
      object: involvedObject,
    },
  );
  ctx.event({ type, reason, message, involvedObject });
}

function claimRef(pvc: KObject) {
  const { namespace, name, uid } = pvc.metadata;
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace, name, uid };
}

/**
 * findBestMatchForClaim (pv_controller_base / index.go findByClaim): a volume pre-bound to this claim wins (the one
 * a provisioner made for it, even before the claim knows its name); otherwise the smallest Available one that fits.
 */
function findBestMatchForClaim(pvc: KObject, pvs: KObject[]): KObject | undefined {
  const preBound = pvs.find((pv) => pv.spec.claimRef?.uid === pvc.metadata.uid);
  if (preBound) return preBound;
  const want = parseBytes(pvc.spec.resources?.requests?.storage ?? 0);
  const cls = pvc.spec.storageClassName ?? '';
  return pvs
    .filter((pv) => pv.status?.phase === 'Available' && !pv.spec.claimRef)
    .filter((pv) => (pv.spec.storageClassName ?? '') === cls)
    .filter((pv) => (pvc.spec.accessModes ?? []).every((m: string) => (pv.spec.accessModes ?? []).includes(m)))
    .filter((pv) => parseBytes(pv.spec.capacity?.storage ?? 0) >= want)
    .sort((a, b) => parseBytes(a.spec.capacity?.storage ?? 0) - parseBytes(b.spec.capacity?.storage ?? 0))[0];
}

/**
 * bind(): the next of its four writes that is still needed, each answered before the next is sent (the sync's
 * requests run one after the other, so the claim's key stays processing until the claim is Bound).
 */
function bind(ctx: Ctx, pv: KObject, pvc: KObject): void {
  const key = ctx.key;
  const pvName = pv.metadata.name;
  const ref = pv.spec.claimRef;
  if (
    !ref ||
    ref.name !== pvc.metadata.name ||
    ref.namespace !== pvc.metadata.namespace ||
    ref.uid !== pvc.metadata.uid
  ) {
    // bindVolumeToClaim: claimRef, and AnnBoundByController since the controller (not the user) made the binding.
    const next = deepClone(pv);
    next.spec.claimRef = {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      namespace: pvc.metadata.namespace,
      name: pvc.metadata.name,
      uid: pvc.metadata.uid,
      resourceVersion: pvc.metadata.resourceVersion,
    };
    next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [BOUND_BY_CONTROLLER]: 'yes' };
    return ctx.request(
      { verb: 'update', resourceKind: 'PersistentVolume', name: pvName, body: next },
      { action: 'bind-pv', pvc },
      {
        summary: `PV controller: volume ${pvName} matches claim ${key}; binding it`,
        narration: { key: 'pv.bindVolume', params: { pv: pvName, pvc: key } },
      },
    );
  }
  if (pv.status?.phase !== 'Bound') {
    // updateVolumePhase(volume, VolumeBound, ""): the volume's own status write.
    const next = deepClone(pv);
    next.status = { ...(next.status ?? {}), phase: 'Bound' };
    return ctx.request(
      { verb: 'update', resourceKind: 'PersistentVolume', name: pvName, subresource: 'status', body: next },
      { action: 'volume-phase', pvc },
      {
        phase: 'status',
        summary: `PV controller: volume ${pvName} is Bound to claim ${key}`,
        narration: { key: 'pv.volumeBound', params: { pv: pvName, pvc: key } },
      },
    );
  }
  const ns = pvc.metadata.namespace;
  const name = pvc.metadata.name;
  if (pvc.spec.volumeName !== pvName || !pvc.metadata.annotations?.[BIND_COMPLETED]) {
    // bindClaimToVolume: volumeName (and AnnBoundByController when the controller sets it), AnnBindCompleted.
    const next = deepClone(pvc);
    const annotations = { ...(next.metadata.annotations ?? {}) };
    if (next.spec.volumeName !== pvName) {
      next.spec.volumeName = pvName;
      annotations[BOUND_BY_CONTROLLER] ??= 'yes';
    }
    annotations[BIND_COMPLETED] = 'yes';
    next.metadata.annotations = annotations;
    delete next.status;
    return ctx.request(
      { verb: 'update', resourceKind: 'PersistentVolumeClaim', namespace: ns, name, body: next },
      { action: 'bind-pvc', pv },
      {
        summary: `PV controller: claim ${key} → volume ${pvName}`,
        narration: { key: 'pv.bindClaim', params: { pvc: key, pv: pvName } },
      },
    );
  }
  if (pvc.status?.phase !== 'Bound') {
    // updateClaimStatus(claim, ClaimBound, volume): phase, and the volume's access modes and capacity.
    const next = deepClone(pvc);
    next.status = {
      phase: 'Bound',
      accessModes: pv.spec.accessModes,
      capacity: { storage: pv.spec.capacity?.storage },
    };
    return ctx.request(
      { verb: 'update', resourceKind: 'PersistentVolumeClaim', namespace: ns, name, subresource: 'status', body: next },
      { action: 'claim-status', pv },
      {
        phase: 'status',
        summary: `PV controller: claim ${key} is Bound`,
        narration: { key: 'pv.bound', params: { pvc: key } },
      },
    );
  }
}

/** storeObjectUpdate: the controller's cache takes its own write unless it already holds a newer version. */
function storeUpdate(kcm: ControllerManager, o: KObject): void {
  const cached = kcm.get(o.kind, o.metadata.namespace, o.metadata.name);
  if (cached && Number(cached.metadata.resourceVersion) >= Number(o.metadata.resourceVersion)) return;
  kcm.remember(o);
}

/**
 * provisionClaim: one operation per claim at a time (scheduleOperation runs `provision-<claimKey>[<uid>]` in a
 * goroutinemap, and a second one of the same name is refused). The provisioner's create is the operation; a sync
 * that comes while it runs leaves it alone.
 */
function provisionClaim(ctx: Ctx, pvc: KObject, sc: KObject): void {
  const { key, state: s } = ctx;
  const opName = `provision-${key}[${pvc.metadata.uid}]`;
  if (s.provisioning.get(key) === opName) return;
  s.provisioning.set(key, opName);
  const node = pvc.metadata.annotations?.[SELECTED_NODE];
  const name = `pvc-${pvc.metadata.uid}`;
  const involvedObject = claimRef(pvc);
  ctx.event({
    type: 'Normal',
    reason: 'ExternalProvisioning',
    message: `Waiting for a volume to be created either by the external provisioner '${sc.provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
    involvedObject,
  });
  ctx.sim.recordEvent({
    type: 'Normal',
    reason: 'Provisioning',
    message: `External provisioner is provisioning volume for claim "${key}"`,
    source: `${sc.provisioner}_local-path-provisioner`,
    involvedObject,
  });
  const pv: KObject = {
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: {
      name,
      annotations: {
        'pv.kubernetes.io/provisioned-by': sc.provisioner,
        ...(node ? { 'local.path.provisioner/selected-node': node } : {}),
      },
      finalizers: ['kubernetes.io/pv-protection'],
    },
    spec: {
      accessModes: pvc.spec.accessModes,
      capacity: { storage: pvc.spec.resources?.requests?.storage ?? '1Gi' },
      claimRef: {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        namespace: pvc.metadata.namespace,
        name: pvc.metadata.name,
        uid: pvc.metadata.uid,
      },
      hostPath: {
        path: `/var/local-path-provisioner/${name}_${pvc.metadata.namespace}_${pvc.metadata.name}`,
        type: 'DirectoryOrCreate',
      },
      ...(node
        ? {
            nodeAffinity: {
              required: {
                nodeSelectorTerms: [
                  { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] },
                ],
              },
            },
          }
        : {}),
      persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete',
      storageClassName: sc.metadata.name,
      volumeMode: 'Filesystem',
    },
  };
  ctx.request(
    { verb: 'create', resourceKind: 'PersistentVolume', body: pv },
    { action: 'provision', provisioner: sc.provisioner },
    {
      summary: `Provisioner ${sc.provisioner}: create volume ${name}${node ? ` on ${node}` : ''} for claim ${key}`,
      narration: { key: 'pv.provision', params: { pv: name, pvc: key, node: node ?? '' } },
    },
  );
}

/**
 * The provisioning operation's end. A volume that already exists is the provisioner's success too (it skips a
 * claim whose `pvc-<uid>` is there); any other failure fails the sync, and the retry provisions again.
 */
function provisioned(pv: KObject | undefined, errorCode: number | undefined, ctx: Ctx) {
  const { kcm, key, state: s } = ctx;
  s.provisioning.delete(key);
  if (errorCode === 409) return { forget: true } as const;
  if (errorCode !== undefined || !pv) return;
  const [ns, name] = key.split('/');
  const pvc = kcm.get('PersistentVolumeClaim', ns, name);
  ctx.sim.recordEvent({
    type: 'Normal',
    reason: 'ProvisioningSucceeded',
    message: `Successfully provisioned volume ${pv.metadata.name}`,
    source: provisionerOf(pv),
    involvedObject: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: ns, name },
  });
  if (pvc) bind(ctx, pv, pvc);
}

function provisionerOf(pv: KObject): string {
  return String(pv.metadata.annotations?.['pv.kubernetes.io/provisioned-by'] ?? '');
}
