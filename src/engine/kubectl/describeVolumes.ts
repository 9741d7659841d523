/**
 * The Volumes block of `kubectl describe` (k8s.io/kubectl/pkg/describe/describe.go describeVolumes and the
 * print*VolumeSource helpers) for the volume types a simulated pod uses; other types print `<unknown>` as
 * kubectl does for sources it does not know.
 */
import { canonicalQuantity } from './quantity';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './prefixWriter';

const goBool = (v: unknown): string => (v ? 'true' : 'false');

function printProjected(projected: any, w: PrefixWriter): void {
  w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
  for (const source of projected.sources ?? []) {
    if (source.secret) {
      w.write(LEVEL_2, `SecretName:\t${source.secret.name ?? ''}\n    Optional:\t${goBool(source.secret.optional)}\n`);
    } else if (source.downwardAPI) {
      w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
    } else if (source.configMap) {
      w.write(
        LEVEL_2,
        `ConfigMapName:\t${source.configMap.name ?? ''}\n    Optional:\t${goBool(source.configMap.optional)}\n`,
      );
    } else if (source.serviceAccountToken) {
      w.write(LEVEL_2, `TokenExpirationSeconds:\t${source.serviceAccountToken.expirationSeconds ?? 3600}\n`);
    }
  }
}

/**
 * printCSIPersistentVolumeAttributesMultiline: every line is written at LEVEL_2, continuation lines included, so the
 * values sit after a second 4-space prefix — as kubectl prints them.
 */
export function printCSIVolumeAttributes(w: PrefixWriter, attrs: Record<string, string> | undefined): void {
  const keys = Object.keys(attrs ?? {}).sort();
  w.write(LEVEL_2, 'VolumeAttributes:\t');
  if (keys.length === 0) w.writeLine('<none>');
  keys.forEach((k, i) => {
    if (i !== 0) {
      w.write(LEVEL_2, '');
      w.write(LEVEL_2, '\t');
    }
    w.write(LEVEL_2, `${k}=${attrs![k]}\n`);
  });
}

/** The `Type: … (…)` block of one volume source (the pod's volumes; PersistentVolume sources reuse it). */
export function printVolumeSource(v: any, w: PrefixWriter): void {
  if (v.hostPath) {
    w.write(
      LEVEL_2,
      `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path ?? ''}\n    HostPathType:\t${v.hostPath.type ?? '<none>'}\n`,
    );
  } else if (v.emptyDir) {
    const size = v.emptyDir.sizeLimit ? canonicalQuantity(v.emptyDir.sizeLimit) : '<unset>';
    w.write(
      LEVEL_2,
      `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${v.emptyDir.medium ?? ''}\n    SizeLimit:\t${size}\n`,
    );
  } else if (v.secret) {
    w.write(
      LEVEL_2,
      `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${v.secret.secretName ?? ''}\n    Optional:\t${goBool(v.secret.optional)}\n`,
    );
  } else if (v.configMap) {
    w.write(
      LEVEL_2,
      `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${v.configMap.name ?? ''}\n    Optional:\t${goBool(v.configMap.optional)}\n`,
    );
  } else if (v.nfs) {
    w.write(
      LEVEL_2,
      `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${v.nfs.server ?? ''}\n    Path:\t${v.nfs.path ?? ''}\n    ReadOnly:\t${goBool(v.nfs.readOnly)}\n`,
    );
  } else if (v.persistentVolumeClaim) {
    w.write(
      LEVEL_2,
      `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${v.persistentVolumeClaim.claimName ?? ''}\n    ReadOnly:\t${goBool(v.persistentVolumeClaim.readOnly)}\n`,
    );
  } else if (v.downwardAPI) {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    for (const item of v.downwardAPI.items ?? []) {
      if (item.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath} -> ${item.path}\n`);
      if (item.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource} -> ${item.path}\n`);
    }
  } else if (v.projected) {
    printProjected(v.projected, w);
  } else if (v.csi) {
    w.write(
      LEVEL_2,
      `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${v.csi.driver ?? ''}\n    FSType:\t${v.csi.fsType ?? ''}\n    ReadOnly:\t${goBool(v.csi.readOnly)}\n`,
    );
    printCSIVolumeAttributes(w, v.csi.volumeAttributes);
  } else if (v.image) {
    w.write(
      LEVEL_2,
      `Type:\tImage (a container image or OCI artifact)\n    Reference:\t${v.image.reference ?? ''}\n    PullPolicy:\t${v.image.pullPolicy ?? ''}\n`,
    );
  } else {
    w.write(LEVEL_1, '<unknown>\n');
  }
}

/** describeVolumes(volumes, w, space): `Volumes:\t<none>` or one block per volume. */
export function describeVolumes(volumes: any[] | undefined, w: PrefixWriter, space: string): void {
  const list = volumes ?? [];
  if (list.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  for (const v of list) {
    w.write(LEVEL_1, `${space.length > 0 ? ' ' : ''}${v.name}:\n`);
    printVolumeSource(v, w);
  }
}
