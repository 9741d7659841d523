/**
 * `kubectl describe hpa` (staging/src/k8s.io/kubectl/pkg/describe/describe.go describeHorizontalPodAutoscalerV2,
 * v1.34): the reference, each metric as `( current / target )`, the replica bounds, the behavior when one is set,
 * `<Kind> pods: N current / M desired`, the conditions the HPA controller keeps, and the Events.
 */
import type { KEvent, KObject } from '../types';
import { canonicalQuantity } from '../objects/quantity';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefixWriter';
import { formatRFC1123Z } from './timeFormat';

const q = (v: unknown) => canonicalQuantity(v as string | number);

/** The Resource metric lines; other metric types print their kind and target only (not simulated here). */
function writeMetric(w: PrefixWriter, metric: any, status: any): void {
  if (metric.type === 'Resource' && metric.resource) {
    const target = metric.resource.target ?? {};
    w.write(LEVEL_1, `resource ${metric.resource.name} on pods`);
    const cur = status?.resource?.current;
    if (target.averageValue !== undefined) {
      w.write(
        LEVEL_0,
        `:\t${cur?.averageValue !== undefined ? q(cur.averageValue) : '<unknown>'} / ${q(target.averageValue)}\n`,
      );
      return;
    }
    const current =
      cur?.averageUtilization !== undefined
        ? `${cur.averageUtilization}% (${cur.averageValue !== undefined ? q(cur.averageValue) : '0'})`
        : '<unknown>';
    const t = target.averageUtilization !== undefined ? `${target.averageUtilization}%` : '<auto>';
    w.write(LEVEL_1, `(as a percentage of request):\t${current} / ${t}\n`);
    return;
  }
  w.write(LEVEL_1, `<unknown metric type ${JSON.stringify(metric.type)}>\n`);
}

function writeDirection(w: PrefixWriter, direction: string, rules: any): void {
  if (!rules) return;
  w.write(LEVEL_1, `${direction}:\n`);
  if (rules.stabilizationWindowSeconds !== undefined)
    w.write(LEVEL_2, `Stabilization Window: ${rules.stabilizationWindowSeconds} seconds\n`);
  const policies = (rules.policies ?? []) as any[];
  if (policies.length > 0) {
    w.write(LEVEL_2, `Select Policy: ${rules.selectPolicy ?? 'Max'}\n`);
    w.write(LEVEL_2, 'Policies:\n');
    for (const p of policies)
      w.write(LEVEL_3, `- Type: ${p.type}\tValue: ${p.value}\tPeriod: ${p.periodSeconds} seconds\n`);
  }
}

export function describeHorizontalPodAutoscaler(hpa: KObject, ctx: { now: number; events: KEvent[] }): string {
  const w = new PrefixWriter();
  const spec = hpa.spec ?? {};
  const status = hpa.status ?? {};
  const ref = spec.scaleTargetRef ?? {};
  w.write(LEVEL_0, `Name:\t${hpa.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${hpa.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', hpa.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', hpa.metadata.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(hpa.metadata.creationTimestamp ?? 0)}\n`);
  w.write(LEVEL_0, `Reference:\t${ref.kind ?? ''}/${ref.name ?? ''}\n`);
  w.write(LEVEL_0, 'Metrics:\t( current / target )\n');
  ((spec.metrics ?? []) as any[]).forEach((m, i) => writeMetric(w, m, (status.currentMetrics ?? [])[i]));
  if (typeof spec.minReplicas === 'number') w.write(LEVEL_0, `Min replicas:\t${spec.minReplicas}\n`);
  w.write(LEVEL_0, `Max replicas:\t${spec.maxReplicas ?? 0}\n`);
  if (spec.behavior) {
    w.write(LEVEL_0, 'Behavior:\n');
    writeDirection(w, 'Scale Up', spec.behavior.scaleUp);
    writeDirection(w, 'Scale Down', spec.behavior.scaleDown);
  }
  w.write(LEVEL_0, `${ref.kind ?? ''} pods:\t`);
  w.write(LEVEL_0, `${status.currentReplicas ?? 0} current / ${status.desiredReplicas ?? 0} desired\n`);
  const conditions = (status.conditions ?? []) as any[];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------\t-------\n');
    for (const c of conditions) w.write(LEVEL_1, `${c.type}\t${c.status}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  describeEvents(eventsFor(hpa, ctx.events), w, ctx.now);
  return w.render();
}
