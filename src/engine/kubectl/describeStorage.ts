/**
 * `kubectl describe pvc`, `describe pv` and `describe storageclass`, after
 * staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.34): describePersistentVolumeClaim with
 * printPersistentVolumeClaim, getPodsForPVC and printPodsMultiline (`Used By`); describePersistentVolume with
 * printVolumeNodeAffinity and the Source section; describeStorageClass.
 */
import type { KEvent, KObject } from '../types';
import { rfc1123z } from './describeContainers';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { printCSIVolumeAttributes, printVolumeSource } from './describeVolumes';
import { translateTimestampSince } from './humanDuration';
import { byteCompare, formatLabels } from './labels';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './prefixWriter';
import { canonicalQuantity } from './quantity';
import { accessModesString, isDefaultStorageClass, storageClassOf } from './storageColumns';
import { printBoolPtr } from './tableDef';

interface DescribeContext {
  now: number;
  events: KEvent[];
}

/** Go's `%v` of a []string: `[a b]`. */
const goStringSlice = (list: string[] | undefined): string => `[${(list ?? []).join(' ')}]`;
const goBool = (v: unknown): string => (v ? 'true' : 'false');

function statusLine(obj: KObject, now: number): string {
  const deleted = obj.metadata.deletionTimestamp;
  return typeof deleted === 'number'
    ? `Status:\tTerminating (lasts ${translateTimestampSince(deleted, now)})\n`
    : `Status:\t${obj.status?.phase ?? ''}\n`;
}

/**
 * getPodsForPVC: the namespace's Pods with a volume naming the claim (once per such volume, as kubectl appends
 * per volume), then the Pods among the claim's owners that are not listed yet.
 */
export function podsForClaim(pvc: KObject, pods: KObject[]): KObject[] {
  const nsPods = pods.filter((p) => (p.metadata.namespace ?? '') === (pvc.metadata.namespace ?? ''));
  const out: KObject[] = [];
  for (const pod of nsPods)
    for (const v of pod.spec?.volumes ?? [])
      if (v.persistentVolumeClaim && v.persistentVolumeClaim.claimName === pvc.metadata.name) out.push(pod);
  for (const ref of pvc.metadata.ownerReferences ?? []) {
    if (ref.kind !== 'Pod') continue;
    const owner = nsPods.find((p) => p.metadata.uid === ref.uid);
    if (owner && !out.some((p) => p.metadata.uid === owner.metadata.uid)) out.push(owner);
  }
  return out;
}

/** printPodsMultiline: pod names sorted, one per line under the title. */
function printPodsMultiline(w: PrefixWriter, title: string, pods: KObject[]): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (pods.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const names = pods.map((p) => p.metadata.name).sort(byteCompare);
  names.forEach((name, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${name}\n`);
  });
}

/** printPersistentVolumeClaim(w, pvc, isFullPVC=true). */
function printPersistentVolumeClaim(w: PrefixWriter, pvc: KObject, now: number): void {
  const spec = pvc.spec ?? {};
  w.write(LEVEL_0, `Name:\t${pvc.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${pvc.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `StorageClass:\t${storageClassOf(pvc)}\n`);
  w.write(LEVEL_0, statusLine(pvc, now));
  w.write(LEVEL_0, `Volume:\t${spec.volumeName ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', pvc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pvc.metadata.annotations);
  w.write(LEVEL_0, `Finalizers:\t${goStringSlice(pvc.metadata.finalizers)}\n`);
  // Capacity and access modes are the bound volume's (status), and blank while the claim is unbound.
  let capacity = '';
  let accessModes = '';
  if (spec.volumeName) {
    accessModes = accessModesString(pvc.status?.accessModes);
    capacity = canonicalQuantity(pvc.status?.capacity?.storage ?? '0');
  }
  w.write(LEVEL_0, `Capacity:\t${capacity}\n`);
  w.write(LEVEL_0, `Access Modes:\t${accessModes}\n`);
  if (spec.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${spec.volumeMode}\n`);
  if (spec.dataSource) {
    w.write(LEVEL_0, 'DataSource:\n');
    if (spec.dataSource.apiGroup !== undefined && spec.dataSource.apiGroup !== null)
      w.write(LEVEL_1, `APIGroup:\t${spec.dataSource.apiGroup}\n`);
    w.write(LEVEL_1, `Kind:\t${spec.dataSource.kind ?? ''}\n`);
    w.write(LEVEL_1, `Name:\t${spec.dataSource.name ?? ''}\n`);
  }
}

export function describePersistentVolumeClaim(pvc: KObject, ctx: DescribeContext & { pods: KObject[] }): string {
  const w = new PrefixWriter();
  printPersistentVolumeClaim(w, pvc, ctx.now);
  printPodsMultiline(w, 'Used By', podsForClaim(pvc, ctx.pods));
  const conditions = pvc.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(
        LEVEL_1,
        `${c.type} \t${c.status} \t${rfc1123z(c.lastProbeTime)} \t${rfc1123z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`,
      );
    }
  }
  describeEvents(eventsFor(pvc, ctx.events), w, ctx.now);
  return w.render();
}

/** printNodeSelectorTermsMultilineWithIndent: `key op [v1, v2]`, the operator lower-cased. */
function printNodeSelectorTerm(w: PrefixWriter, title: string, reqs: any[] | undefined): void {
  w.write(LEVEL_2, `${title}:\t`);
  const list = reqs ?? [];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.forEach((req, i) => {
    if (i !== 0) w.write(LEVEL_2, '\t');
    let expr = `${req.key} ${String(req.operator ?? '').toLowerCase()}`;
    if ((req.values ?? []).length > 0) expr += ` [${req.values.join(', ')}]`;
    w.write(LEVEL_0, `${expr}\n`);
  });
}

function printVolumeNodeAffinity(w: PrefixWriter, affinity: any): void {
  w.write(LEVEL_0, 'Node Affinity:\t');
  if (!affinity?.required) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  w.write(LEVEL_1, 'Required Terms:\t');
  const terms = affinity.required.nodeSelectorTerms ?? [];
  if (terms.length === 0) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  terms.forEach((term: any, i: number) => printNodeSelectorTerm(w, `Term ${i}`, term.matchExpressions));
}

/** The Source section: the PersistentVolumeSource kinds a kind cluster's volumes use; others print `<unknown>`. */
function printPersistentVolumeSource(spec: any, w: PrefixWriter): void {
  if (spec.hostPath) printVolumeSource({ hostPath: spec.hostPath }, w);
  else if (spec.nfs) printVolumeSource({ nfs: spec.nfs }, w);
  else if (spec.local)
    w.write(
      LEVEL_2,
      `Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t${spec.local.path ?? ''}\n`,
    );
  else if (spec.csi) {
    // printCSIPersistentVolumeSource: unlike the inline CSI volume it has a VolumeHandle and a plain ReadOnly bool.
    const csi = spec.csi;
    w.write(
      LEVEL_2,
      `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${csi.driver ?? ''}\n    FSType:\t${csi.fsType ?? ''}\n    VolumeHandle:\t${csi.volumeHandle ?? ''}\n    ReadOnly:\t${goBool(csi.readOnly)}\n`,
    );
    printCSIVolumeAttributes(w, csi.volumeAttributes);
  } else w.write(LEVEL_1, '<unknown>\n');
}

export function describePersistentVolume(pv: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = pv.spec ?? {};
  w.write(LEVEL_0, `Name:\t${pv.metadata.name}\n`);
  printLabelsMultiline(w, 'Labels', pv.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pv.metadata.annotations);
  w.write(LEVEL_0, `Finalizers:\t${goStringSlice(pv.metadata.finalizers)}\n`);
  w.write(LEVEL_0, `StorageClass:\t${storageClassOf(pv)}\n`);
  w.write(LEVEL_0, statusLine(pv, ctx.now));
  const claim = spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : '';
  w.write(LEVEL_0, `Claim:\t${claim}\n`);
  w.write(LEVEL_0, `Reclaim Policy:\t${spec.persistentVolumeReclaimPolicy ?? ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${accessModesString(spec.accessModes)}\n`);
  if (spec.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${spec.volumeMode}\n`);
  w.write(LEVEL_0, `Capacity:\t${canonicalQuantity(spec.capacity?.storage ?? '0')}\n`);
  printVolumeNodeAffinity(w, spec.nodeAffinity);
  w.write(LEVEL_0, `Message:\t${pv.status?.message ?? ''}\n`);
  w.write(LEVEL_0, 'Source:\n');
  printPersistentVolumeSource(spec, w);
  describeEvents(eventsFor(pv, ctx.events), w, ctx.now);
  return w.render();
}

/** printTopologySelectorTermsMultilineWithIndent: always `key in [values]`. */
function printAllowedTopologies(w: PrefixWriter, topologies: any[]): void {
  w.write(LEVEL_0, 'AllowedTopologies:\t');
  if (topologies.length === 0) {
    w.writeLine('<none>');
    return;
  }
  w.writeLine('');
  topologies.forEach((term, i) => {
    w.write(LEVEL_1, `Term ${i}:\t`);
    const reqs = term.matchLabelExpressions ?? [];
    if (reqs.length === 0) {
      w.writeLine('<none>');
      return;
    }
    reqs.forEach((req: any, j: number) => {
      if (j !== 0) w.write(LEVEL_1, '\t');
      let expr = `${req.key} in`;
      if ((req.values ?? []).length > 0) expr += ` [${req.values.join(', ')}]`;
      w.write(LEVEL_0, `${expr}\n`);
    });
  });
}

export function describeStorageClass(sc: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${sc.metadata.name}\n`);
  w.write(LEVEL_0, `IsDefaultClass:\t${isDefaultStorageClass(sc) ? 'Yes' : 'No'}\n`);
  // labels.FormatLabels of every annotation: unlike printAnnotationsMultiline it keeps last-applied-configuration.
  w.write(LEVEL_0, `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`);
  w.write(LEVEL_0, `Provisioner:\t${sc.provisioner ?? ''}\n`);
  w.write(LEVEL_0, `Parameters:\t${formatLabels(sc.parameters)}\n`);
  w.write(LEVEL_0, `AllowVolumeExpansion:\t${printBoolPtr(sc.allowVolumeExpansion)}\n`);
  const mountOptions: string[] = sc.mountOptions ?? [];
  if (mountOptions.length === 0) w.write(LEVEL_0, 'MountOptions:\t<none>\n');
  else {
    w.write(LEVEL_0, 'MountOptions:\n');
    for (const o of mountOptions) w.write(LEVEL_1, `${o}\n`);
  }
  if (sc.reclaimPolicy) w.write(LEVEL_0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
  if (sc.volumeBindingMode) w.write(LEVEL_0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
  if (sc.allowedTopologies) printAllowedTopologies(w, sc.allowedTopologies);
  describeEvents(eventsFor(sc, ctx.events), w, ctx.now);
  return w.render();
}
