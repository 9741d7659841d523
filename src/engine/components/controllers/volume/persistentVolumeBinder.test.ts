/** The PersistentVolume controller on the harness (pkg/controller/volume/persistentvolume/pv_controller.go). */
import { describe, expect, it } from 'vitest';
import { accept, controllerProbe } from '../../../client/controllerProbe.testkit';
import type { ApiRequest } from '../../../messages';
import type { KObject } from '../../../types';
import { persistentVolumeBinder } from './persistentVolumeBinder';

const claim = (annotations?: Record<string, string>): KObject => ({
  apiVersion: 'v1',
  kind: 'PersistentVolumeClaim',
  metadata: { name: 'data', namespace: 'default', uid: 'c-1', ...(annotations ? { annotations } : {}) },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'standard' },
  status: { phase: 'Pending' },
});

const available: KObject = {
  apiVersion: 'v1',
  kind: 'PersistentVolume',
  metadata: { name: 'pv-1', uid: 'v-1' },
  spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '2Gi' }, storageClassName: 'standard' },
  status: { phase: 'Available' },
};

const waitForFirstConsumer: KObject = {
  apiVersion: 'storage.k8s.io/v1',
  kind: 'StorageClass',
  metadata: { name: 'standard' },
  provisioner: 'rancher.io/local-path',
  volumeBindingMode: 'WaitForFirstConsumer',
  reclaimPolicy: 'Delete',
} as KObject;

const line = (r: ApiRequest) =>
  `${r.verb} ${r.resourceKind}${r.subresource ? '/' + r.subresource : ''} ${r.name ?? ''}`;

describe('persistentVolumeBinder', () => {
  it("binds a claim to an Available volume in bind()'s four writes, and the volume's phase becomes Bound", () => {
    const p = controllerProbe(persistentVolumeBinder);
    p.watch('ADDED', available);
    p.watch('ADDED', claim());
    p.runUntil(1_000);
    expect(p.requests.map(line)).toEqual([
      'update PersistentVolume pv-1', // bindVolumeToClaim: claimRef + bound-by-controller
      'update PersistentVolume/status pv-1', // updateVolumePhase(Bound)
      'update PersistentVolumeClaim data', // bindClaimToVolume: volumeName + bind-completed
      'update PersistentVolumeClaim/status data', // updateClaimStatus(Bound)
    ]);
    const pv = p.kcm.get('PersistentVolume', undefined, 'pv-1')!;
    expect(pv.status?.phase).toBe('Bound');
    expect(pv.spec.claimRef).toMatchObject({ namespace: 'default', name: 'data', uid: 'c-1' });
    expect(pv.metadata.annotations?.['pv.kubernetes.io/bound-by-controller']).toBe('yes');
    const pvc = p.kcm.get('PersistentVolumeClaim', 'default', 'data')!;
    expect(pvc.spec.volumeName).toBe('pv-1');
    expect(pvc.status).toMatchObject({ phase: 'Bound', capacity: { storage: '2Gi' } });
  });

  it('provisions a claim once, however often it is synced while the provisioning runs (provision-<claimKey>[<uid>])', () => {
    // The PV create answers slowly; meanwhile the claim changes twice and other volumes come and go.
    const p = controllerProbe(persistentVolumeBinder, (req) =>
      req.verb === 'create' ? { ...accept(req), delayMs: 40 } : accept(req),
    );
    p.watch('ADDED', waitForFirstConsumer);
    const selected = claim({ 'volume.kubernetes.io/selected-node': 'node-2' });
    p.watch('ADDED', selected);
    p.runUntil(20);
    expect(p.requests.map(line)).toEqual(['create PersistentVolume ']);
    const state = p.kcm.s.ctrl.get('persistentvolume-binder').user;
    expect([...state.provisioning.values()]).toEqual(['provision-default/data[c-1]']);
    p.watch('MODIFIED', { ...selected, metadata: { ...selected.metadata, labels: { a: 'b' } } });
    p.watch('ADDED', {
      ...available,
      metadata: { name: 'other', uid: 'v-9' },
      spec: { ...available.spec, storageClassName: 'x' },
    });
    p.runUntil(1_000);
    // The provisioner set claimRef already, so bindVolumeToClaim has nothing to write: the volume's status is next.
    expect(p.requests.map(line)).toEqual([
      'create PersistentVolume ',
      'update PersistentVolume/status pvc-c-1',
      'update PersistentVolumeClaim data',
      'update PersistentVolumeClaim/status data',
    ]);
    expect(state.provisioning.size).toBe(0);
  });

  it('a claim whose volume was made but not yet bound is bound to it, not provisioned again', () => {
    const p = controllerProbe(persistentVolumeBinder);
    p.watch('ADDED', waitForFirstConsumer);
    p.watch('ADDED', {
      ...available,
      metadata: { name: 'pvc-c-1', uid: 'v-2' },
      spec: { ...available.spec, claimRef: { namespace: 'default', name: 'data', uid: 'c-1' } },
      status: { phase: 'Pending' },
    });
    p.watch('ADDED', claim({ 'volume.kubernetes.io/selected-node': 'node-2' }));
    p.runUntil(1_000);
    expect(p.requests.map(line)).toEqual([
      'update PersistentVolume/status pvc-c-1',
      'update PersistentVolumeClaim data',
      'update PersistentVolumeClaim/status data',
    ]);
  });

  it('retries a failed bind write with back-off and finishes from where it stopped', () => {
    let conflicts = 1;
    const p = controllerProbe(persistentVolumeBinder, (req) =>
      req.resourceKind === 'PersistentVolumeClaim' && !req.subresource && conflicts-- > 0
        ? { status: 409, error: { code: 409, reason: 'Conflict', message: 'the object has been modified' } }
        : accept(req),
    );
    p.watch('ADDED', available);
    p.watch('ADDED', claim());
    p.runUntil(1_000);
    expect(p.requests.map(line)).toEqual([
      'update PersistentVolume pv-1',
      'update PersistentVolume/status pv-1',
      'update PersistentVolumeClaim data',
      'update PersistentVolumeClaim data',
      'update PersistentVolumeClaim/status data',
    ]);
  });
});
