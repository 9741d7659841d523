/**
 * `kubectl describe statefulset`, after staging/src/k8s.io/kubectl/pkg/describe/describe.go describeStatefulSet and
 * describeVolumeClaimTemplates (v1.34): Replicas `desired | total`, Update Strategy with Partition (and
 * MaxUnavailable when set) under it, Pods Status counted over the Pods it controls, the Pod template, the claim
 * templates, Events.
 */
import type { KEvent, KObject } from '../types';
import { rfc1123z } from './describeContainers';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { describePodTemplate } from './describePodTemplate';
import { selectorString } from './labels';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';

/** getPodStatusForController: phases of the Pods whose controller reference is `owner`. */
export function podPhaseCounts(owner: KObject, pods: KObject[]): [number, number, number, number] {
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  const index: Record<string, number> = { Running: 0, Pending: 1, Succeeded: 2, Failed: 3 };
  for (const p of pods) {
    const ref = (p.metadata.ownerReferences ?? []).find((r) => r.controller);
    if (!ref || ref.uid !== owner.metadata.uid) continue;
    const i = index[p.status?.phase as string];
    if (i !== undefined) counts[i]++;
  }
  return counts;
}

export function describeStatefulSet(set: KObject, ctx: { now: number; events: KEvent[]; pods: KObject[] }): string {
  const w = new PrefixWriter();
  const spec = set.spec ?? {};
  w.write(LEVEL_0, `Name:\t${set.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${set.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(set.metadata.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', set.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', set.metadata.annotations);
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : 1;
  w.write(LEVEL_0, `Replicas:\t${replicas} desired | ${set.status?.replicas ?? 0} total\n`);
  w.write(LEVEL_0, `Update Strategy:\t${spec.updateStrategy?.type ?? ''}\n`);
  const ru = spec.updateStrategy?.rollingUpdate;
  if (ru && ru.partition !== undefined && ru.partition !== null) {
    w.write(LEVEL_1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null)
      w.write(LEVEL_1, `MaxUnavailable:\t${ru.maxUnavailable}\n`);
  }
  const [running, waiting, succeeded, failed] = podPhaseCounts(set, ctx.pods);
  w.write(
    LEVEL_0,
    `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`,
  );
  describePodTemplate(spec.template, w);
  describeVolumeClaimTemplates(spec.volumeClaimTemplates ?? [], w);
  describeEvents(eventsFor(set, ctx.events), w, ctx.now);
  return w.render();
}

function describeVolumeClaimTemplates(templates: KObject[], w: PrefixWriter): void {
  if (templates.length === 0) {
    w.write(LEVEL_0, 'Volume Claims:\t<none>\n');
    return;
  }
  w.write(LEVEL_0, 'Volume Claims:\n');
  for (const pvc of templates) {
    w.write(LEVEL_1, `Name:\t${pvc.metadata?.name ?? ''}\n`);
    // GetPersistentVolumeClaimClass: the beta annotation first, then spec.storageClassName.
    const cls =
      pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName ?? '';
    w.write(LEVEL_1, `StorageClass:\t${cls}\n`);
    printLabelsMultiline(w, 'Labels', pvc.metadata?.labels, '  ', '\t');
    printLabelsMultiline(w, 'Annotations', pvc.metadata?.annotations, '  ', '\t');
    const capacity = pvc.spec?.resources?.requests?.storage;
    w.write(LEVEL_1, `Capacity:\t${capacity ?? '<default>'}\n`);
    // Go's %s of a []PersistentVolumeAccessMode.
    w.write(LEVEL_1, `Access Modes:\t[${(pvc.spec?.accessModes ?? []).join(' ')}]\n`);
  }
}
