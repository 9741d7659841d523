/**
 * Storage tables (pkg/printers/internalversion/printers.go): printPersistentVolume, printPersistentVolumeClaim
 * (both with the VOLUMEATTRIBUTESCLASS column added in v1.29 and a wide VOLUMEMODE), printStorageClass.
 */
import type { KObject } from '../types';
import { canonicalQuantity } from './quantity';
import { ageCell, col, type TableDef } from './tableDef';

/** helper.GetAccessModesAsString: fixed order RWO, ROX, RWX, RWOP. */
export function accessModesString(modes: string[] | undefined): string {
  const m = modes ?? [];
  const out: string[] = [];
  if (m.includes('ReadWriteOnce')) out.push('RWO');
  if (m.includes('ReadOnlyMany')) out.push('ROX');
  if (m.includes('ReadWriteMany')) out.push('RWX');
  if (m.includes('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** GetPersistentVolume(Claim)Class: the beta annotation wins over spec.storageClassName. */
export function storageClassOf(obj: KObject): string {
  const ann = obj.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'];
  if (ann !== undefined) return ann;
  return obj.spec?.storageClassName ?? '';
}

const deleting = (o: KObject): boolean =>
  o.metadata?.deletionTimestamp !== undefined && o.metadata?.deletionTimestamp !== null;

export const persistentVolumeColumns: TableDef = {
  columns: [
    col('Name'),
    col('Capacity'),
    col('Access Modes'),
    col('Reclaim Policy'),
    col('Status'),
    col('Claim'),
    col('StorageClass'),
    col('VolumeAttributesClass'),
    col('Reason'),
    col('Age'),
    col('VolumeMode', 1),
  ],
  row(pv, ctx) {
    const spec = pv.spec ?? {};
    const claim = spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : '';
    return [
      pv.metadata.name,
      canonicalQuantity(spec.capacity?.storage ?? '0'),
      accessModesString(spec.accessModes),
      spec.persistentVolumeReclaimPolicy ?? '',
      deleting(pv) ? 'Terminating' : (pv.status?.phase ?? ''),
      claim,
      storageClassOf(pv),
      spec.volumeAttributesClassName ?? '<unset>',
      pv.status?.reason ?? '',
      ageCell(pv, ctx),
      spec.volumeMode ?? '<unset>',
    ];
  },
};

export const persistentVolumeClaimColumns: TableDef = {
  columns: [
    col('Name'),
    col('Status'),
    col('Volume'),
    col('Capacity'),
    col('Access Modes'),
    col('StorageClass'),
    col('VolumeAttributesClass'),
    col('Age'),
    col('VolumeMode', 1),
  ],
  row(pvc, ctx) {
    const spec = pvc.spec ?? {};
    let capacity = '';
    let accessModes = '';
    if (spec.volumeName) {
      accessModes = accessModesString(pvc.status?.accessModes);
      capacity = canonicalQuantity(pvc.status?.capacity?.storage ?? '0');
    }
    return [
      pvc.metadata.name,
      deleting(pvc) ? 'Terminating' : (pvc.status?.phase ?? ''),
      spec.volumeName ?? '',
      capacity,
      accessModes,
      storageClassOf(pvc),
      spec.volumeAttributesClassName ?? '<unset>',
      ageCell(pvc, ctx),
      spec.volumeMode ?? '<unset>',
    ];
  },
};

/** storageutil.IsDefaultAnnotation: the GA or beta is-default-class annotation equals "true". */
export function isDefaultStorageClass(sc: KObject): boolean {
  const a = sc.metadata?.annotations ?? {};
  return (
    a['storageclass.kubernetes.io/is-default-class'] === 'true' ||
    a['storageclass.beta.kubernetes.io/is-default-class'] === 'true'
  );
}

export const storageClassColumns: TableDef = {
  columns: [
    col('Name'),
    col('Provisioner'),
    col('ReclaimPolicy'),
    col('VolumeBindingMode'),
    col('AllowVolumeExpansion'),
    col('Age'),
  ],
  row(sc, ctx) {
    return [
      isDefaultStorageClass(sc) ? `${sc.metadata.name} (default)` : sc.metadata.name,
      sc.provisioner ?? '',
      sc.reclaimPolicy ?? 'Delete',
      sc.volumeBindingMode ?? 'Immediate',
      sc.allowVolumeExpansion ?? false,
      ageCell(sc, ctx),
    ];
  },
};

// The CSI and volume-attributes tables (printers.go printCSIDriver, printCSINode, printCSIStorageCapacity,
// printVolumeAttachment, printVolumeAttributesClass).

export const csiDriverColumns: TableDef = {
  columns: [
    col('Name'),
    col('AttachRequired'),
    col('PodInfoOnMount'),
    col('StorageCapacity'),
    col('TokenRequests'),
    col('RequiresRepublish'),
    col('Modes'),
    col('Age'),
  ],
  row(d, ctx) {
    const spec = d.spec ?? {};
    const modes = ((spec.volumeLifecycleModes ?? []) as string[]).join(',');
    const tokens = spec.tokenRequests
      ? (spec.tokenRequests as any[]).map((t) => t.audience ?? '').join(',')
      : '<unset>';
    return [
      d.metadata.name,
      spec.attachRequired ?? true,
      spec.podInfoOnMount ?? false,
      spec.storageCapacity ?? false,
      tokens,
      spec.requiresRepublish ?? false,
      modes || '<none>',
      ageCell(d, ctx),
    ];
  },
};

export const csiNodeColumns: TableDef = {
  columns: [col('Name'), col('Drivers'), col('Age')],
  row(n, ctx) {
    return [n.metadata.name, (n.spec?.drivers ?? []).length, ageCell(n, ctx)];
  },
};

export const csiStorageCapacityColumns: TableDef = {
  columns: [col('Name'), col('StorageClassName'), col('Capacity')],
  row(c) {
    return [
      c.metadata.name,
      c.storageClassName ?? '',
      c.capacity !== undefined ? canonicalQuantity(c.capacity) : '<unset>',
    ];
  },
};

export const volumeAttachmentColumns: TableDef = {
  columns: [col('Name'), col('Attacher'), col('PV'), col('Node'), col('Attached'), col('Age')],
  row(va, ctx) {
    const spec = va.spec ?? {};
    return [
      va.metadata.name,
      spec.attacher ?? '',
      spec.source?.persistentVolumeName ?? '',
      spec.nodeName ?? '',
      va.status?.attached ?? false,
      ageCell(va, ctx),
    ];
  },
};

export const volumeAttributesClassColumns: TableDef = {
  columns: [col('Name'), col('DriverName'), col('Age')],
  row(vac, ctx) {
    // storageutil.IsDefaultAnnotationForVolumeAttributesClass (pkg/apis/storage/util)
    const isDefault =
      vac.metadata?.annotations?.['volumeattributesclass.alpha.kubernetes.io/is-default-class'] === 'true';
    return [isDefault ? `${vac.metadata.name} (default)` : vac.metadata.name, vac.driverName ?? '', ageCell(vac, ctx)];
  },
};
