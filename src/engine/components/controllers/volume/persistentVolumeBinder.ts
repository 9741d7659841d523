/**
 * PersistentVolume controller (pkg/controller/volume/persistentvolume) with kind's local-path provisioner folded
 * in: binds a pending claim to a matching Available PV (static binding); for a StorageClass with
 * WaitForFirstConsumer it waits for the scheduler's `volume.kubernetes.io/selected-node` annotation, then
 * provisions `pvc-<uid>` on that node and binds it; a claim naming a missing class reports ProvisioningFailed.
 */
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import { parseBytes } from '../../../objects/quantity';
import type { KObject } from '../../../types';
import type { Controller } from '../Controller';
import type { ControllerManager } from '../ControllerManager';
import { cacheKey } from '../objectKeys';

const NAME = 'persistentvolume-binder';
const SELECTED_NODE = 'volume.kubernetes.io/selected-node';

interface PvState {
  inflight: Set<string>;
  reported: Set<string>;
}

function state(kcm: ControllerManager): PvState {
  let s = kcm.s.ctrl.get(NAME) as PvState | undefined;
  if (!s) {
    s = { inflight: new Set(), reported: new Set() };
    kcm.s.ctrl.set(NAME, s);
  }
  return s;
}

export const persistentVolumeBinder: Controller = {
  name: NAME,
  watches: ['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass'],
  keysFor(ev, kcm) {
    if (ev.object.kind === 'PersistentVolumeClaim')
      return [cacheKey(ev.object.metadata.namespace, ev.object.metadata.name)];
    if (ev.object.kind === 'PersistentVolume')
      return kcm
        .list('PersistentVolumeClaim')
        .filter((c) => c.status?.phase === 'Pending')
        .map((c) => cacheKey(c.metadata.namespace, c.metadata.name));
    return [];
  },
  hasPendingWork(kcm) {
    return state(kcm).inflight.size > 0;
  },
  reconcile(key, kcm, sim) {
    const s = state(kcm);
    if (s.inflight.has(key)) return;
    const [ns, name] = key.split('/');
    const pvc = kcm.get('PersistentVolumeClaim', ns, name);
    if (!pvc || pvc.status?.phase === 'Bound') return;
    const className: string | undefined = pvc.spec.storageClassName;
    const involved = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: ns, name, uid: pvc.metadata.uid };
    const pv = findMatchingPV(pvc, kcm.list('PersistentVolume'));
    if (pv) return bind(kcm, sim, s, key, pvc, pv);
    if (!className) {
      report(
        sim,
        s,
        key,
        'FailedBinding',
        'no persistent volumes available for this claim and no storage class is set',
        involved,
      );
      return;
    }
    const sc = kcm.get('StorageClass', undefined, className);
    if (!sc) {
      report(
        sim,
        s,
        key,
        'ProvisioningFailed',
        `storageclass.storage.k8s.io "${className}" not found`,
        involved,
        'Warning',
      );
      return;
    }
    if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !pvc.metadata.annotations?.[SELECTED_NODE]) {
      report(
        sim,
        s,
        key,
        'WaitForFirstConsumer',
        'waiting for first consumer to be created before binding',
        involved,
        'Normal',
      );
      return;
    }
    provision(kcm, sim, s, key, pvc, sc);
  },
  onResponse(resp, kcm, sim) {
    const s = state(kcm);
    const key = String(resp.ctx!.key);
    const step = resp.ctx!.action;
    const [ns, name] = key.split('/');
    const involved = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', namespace: ns, name };
    if (resp.error) {
      s.inflight.delete(key);
      return;
    }
    if (step === 'provision') {
      sim.recordEvent({
        type: 'Normal',
        reason: 'ProvisioningSucceeded',
        message: `Successfully provisioned volume ${resp.object!.metadata.name}`,
        source: String(resp.ctx!.provisioner),
        involvedObject: involved,
      });
      const pvc = kcm.get('PersistentVolumeClaim', ns, name);
      if (pvc) {
        s.inflight.delete(key);
        return bind(kcm, sim, s, key, pvc, resp.object!);
      }
    }
    if (step === 'bind-pv') {
      const pvc = kcm.get('PersistentVolumeClaim', ns, name);
      if (!pvc) return;
      const next = deepClone(pvc);
      next.spec.volumeName = resp.object!.metadata.name;
      next.metadata.annotations = { ...(next.metadata.annotations ?? {}), 'pv.kubernetes.io/bind-completed': 'yes' };
      delete next.status;
      return void kcm.request(
        sim,
        NAME,
        { verb: 'update', resourceKind: 'PersistentVolumeClaim', namespace: ns, name, body: next },
        { key, action: 'bind-pvc', pv: resp.object!.metadata.name, capacity: resp.object!.spec.capacity?.storage },
        {
          summary: `PV controller: claim ${key} → volume ${resp.object!.metadata.name}`,
          narration: { key: 'pv.bindClaim', params: { pvc: key, pv: resp.object!.metadata.name } },
        },
      );
    }
    if (step === 'bind-pvc') {
      const pvc = resp.object!;
      const next = deepClone(pvc);
      next.status = { phase: 'Bound', accessModes: pvc.spec.accessModes, capacity: { storage: resp.ctx!.capacity } };
      return void kcm.request(
        sim,
        NAME,
        {
          verb: 'update',
          resourceKind: 'PersistentVolumeClaim',
          namespace: ns,
          name,
          subresource: 'status',
          body: next,
        },
        { key, action: 'done' },
        {
          phase: 'status',
          summary: `PV controller: claim ${key} is Bound`,
          narration: { key: 'pv.bound', params: { pvc: key } },
        },
      );
    }
    s.inflight.delete(key);
  },
};

function report(
  sim: Simulation,
  s: PvState,
  key: string,
  reason: string,
  message: string,
  involved: any,
  type: 'Normal' | 'Warning' = 'Normal',
): void {
  const k = `${key}|${reason}`;
  if (s.reported.has(k)) return;
  s.reported.add(k);
  sim.decide(
    { component: 'kube-controller-manager', part: NAME },
    {
      phase: 'reconcile',
      verb: 'reconcile',
      label: reason,
      summary: `PV controller: claim ${key} stays Pending: ${message}`,
      narration: { key: 'pv.pending', params: { pvc: key, message } },
      object: involved,
    },
  );
  sim.recordEvent({ type, reason, message, source: 'persistentvolume-controller', involvedObject: involved });
}

function findMatchingPV(pvc: KObject, pvs: KObject[]): KObject | undefined {
  const want = parseBytes(pvc.spec.resources?.requests?.storage ?? 0);
  const cls = pvc.spec.storageClassName ?? '';
  return pvs
    .filter((pv) => pv.status?.phase === 'Available' && !pv.spec.claimRef)
    .filter((pv) => (pv.spec.storageClassName ?? '') === cls)
    .filter((pv) => (pvc.spec.accessModes ?? []).every((m: string) => (pv.spec.accessModes ?? []).includes(m)))
    .filter((pv) => parseBytes(pv.spec.capacity?.storage ?? 0) >= want)
    .sort((a, b) => parseBytes(a.spec.capacity?.storage ?? 0) - parseBytes(b.spec.capacity?.storage ?? 0))[0];
}

function bind(kcm: ControllerManager, sim: Simulation, s: PvState, key: string, pvc: KObject, pv: KObject): void {
  s.inflight.add(key);
  const next = deepClone(pv);
  next.spec.claimRef = {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    namespace: pvc.metadata.namespace,
    name: pvc.metadata.name,
    uid: pvc.metadata.uid,
    resourceVersion: pvc.metadata.resourceVersion,
  };
  next.status = { phase: 'Bound' };
  kcm.request(
    sim,
    NAME,
    { verb: 'update', resourceKind: 'PersistentVolume', name: pv.metadata.name, body: next },
    { key, action: 'bind-pv' },
    {
      summary: `PV controller: volume ${pv.metadata.name} matches claim ${key}; binding it`,
      narration: { key: 'pv.bindVolume', params: { pv: pv.metadata.name, pvc: key } },
    },
  );
}

function provision(kcm: ControllerManager, sim: Simulation, s: PvState, key: string, pvc: KObject, sc: KObject): void {
  s.inflight.add(key);
  const node = pvc.metadata.annotations?.[SELECTED_NODE];
  const name = `pvc-${pvc.metadata.uid}`;
  const involved = {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    namespace: pvc.metadata.namespace,
    name: pvc.metadata.name,
    uid: pvc.metadata.uid,
  };
  sim.recordEvent({
    type: 'Normal',
    reason: 'ExternalProvisioning',
    message: `Waiting for a volume to be created either by the external provisioner '${sc.provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
    source: 'persistentvolume-controller',
    involvedObject: involved,
  });
  sim.recordEvent({
    type: 'Normal',
    reason: 'Provisioning',
    message: `External provisioner is provisioning volume for claim "${key}"`,
    source: `${sc.provisioner}_local-path-provisioner`,
    involvedObject: involved,
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
  kcm.request(
    sim,
    NAME,
    { verb: 'create', resourceKind: 'PersistentVolume', body: pv },
    { key, action: 'provision', provisioner: sc.provisioner },
    {
      summary: `Provisioner ${sc.provisioner}: create volume ${name}${node ? ` on ${node}` : ''} for claim ${key}`,
      narration: { key: 'pv.provision', params: { pv: name, pvc: key, node: node ?? '' } },
    },
  );
}
