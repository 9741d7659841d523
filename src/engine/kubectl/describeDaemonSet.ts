/**
 * `kubectl describe daemonset` and `describe rc` (k8s.io/kubectl/pkg/describe/describe.go describeDaemonSet,
 * describeReplicationController), line for line. The DaemonSet's "Number of Nodes …" lines carry no tab: kubectl
 * writes them unaligned.
 */
import type { KEvent, KObject } from '../types';
import { podStatusCounts } from './describe';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { describePodTemplate } from './describePodTemplate';
import { formatLabels, formatLabelSelector } from './labels';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';

interface DescribeContext {
  now: number;
  events: KEvent[];
  pods?: KObject[];
}

export function describeDaemonSet(ds: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = ds.spec ?? {};
  const st = ds.status ?? {};
  w.write(LEVEL_0, `Name:\t${ds.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${ds.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  w.write(LEVEL_0, `Node-Selector:\t${formatLabels(spec.template?.spec?.nodeSelector)}\n`);
  printLabelsMultiline(w, 'Labels', ds.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ds.metadata.annotations);
  w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${st.desiredNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${st.currentNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${st.updatedNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${st.numberAvailable ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Misscheduled: ${st.numberMisscheduled ?? 0}\n`);
  const [running, waiting, succeeded, failed] = podStatusCounts(ds, ctx.pods ?? []);
  w.write(
    LEVEL_0,
    `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`,
  );
  describePodTemplate(spec.template, w);
  describeEvents(eventsFor(ds, ctx.events), w, ctx.now);
  return w.render();
}

export function describeReplicationController(rc: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = rc.spec ?? {};
  w.write(LEVEL_0, `Name:\t${rc.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${rc.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', rc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', rc.metadata.annotations);
  const desired = typeof spec.replicas === 'number' ? spec.replicas : 1;
  w.write(LEVEL_0, `Replicas:\t${rc.status?.replicas ?? 0} current / ${desired} desired\n`);
  const [running, waiting, succeeded, failed] = podStatusCounts(rc, ctx.pods ?? []);
  w.write(
    LEVEL_0,
    `Pods Status:\t${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`,
  );
  describePodTemplate(spec.template, w);
  if ((rc.status?.conditions ?? []).length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of rc.status.conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  describeEvents(eventsFor(rc, ctx.events), w, ctx.now);
  return w.render();
}
