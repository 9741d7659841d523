/**
 * DescribePodTemplate and describeTopologySpreadConstraints (k8s.io/kubectl/pkg/describe/describe.go), used by
 * the Deployment, ReplicaSet, StatefulSet, DaemonSet and Job describers.
 */
import { describeContainers } from './describeContainers';
import { printAnnotationsMultiline, printLabelsMultiline, printPodTolerationsMultiline } from './describeHelpers';
import { describeVolumes } from './describeVolumes';
import { byteCompare, formatLabelSelector } from './labels';
import { LEVEL_0, LEVEL_1, type PrefixWriter } from './prefixWriter';

export function describeTopologySpreadConstraints(tscs: any[] | undefined, w: PrefixWriter, space: string): void {
  const list = [...(tscs ?? [])];
  if (list.length === 0) return;
  list.sort((a, b) => byteCompare(a.topologyKey ?? '', b.topologyKey ?? ''));
  w.write(LEVEL_0, `${space}Topology Spread Constraints:\t`);
  list.forEach((t, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, space);
      w.write(LEVEL_0, '\t');
    }
    let s = `${t.topologyKey}:${t.whenUnsatisfiable ?? ''} when max skew ${t.maxSkew ?? 0} is exceeded`;
    if (t.labelSelector) s += ` for selector ${formatLabelSelector(t.labelSelector)}`;
    w.write(LEVEL_0, `${s}\n`);
  });
}

export function describePodTemplate(template: any, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const meta = template.metadata ?? {};
  const spec = template.spec ?? {};
  printLabelsMultiline(w, '  Labels', meta.labels);
  if (Object.keys(meta.annotations ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', meta.annotations);
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec.initContainers ?? []).length > 0) {
    describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  }
  describeContainers('Containers', spec.containers, undefined, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printPodTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}
