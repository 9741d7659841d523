/**
 * `kubectl describe namespace` (k8s.io/kubectl/pkg/describe describe.go describeNamespace): name, labels,
 * annotations, phase, the conditions the namespace controller writes while it deletes the namespace, then the
 * ResourceQuotas and LimitRanges of the namespace (DescribeResourceQuotas, DescribeLimitRanges).
 */
import type { KObject } from '../types';
import { rfc1123z } from './describeContainers';
import { printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';
import { describeLimitRanges, describeResourceQuotas } from './describeResourceQuota';

export function describeNamespace(ns: KObject, policies: { quotas?: KObject[]; limitRanges?: KObject[] } = {}): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${ns.metadata.name}\n`);
  printLabelsMultiline(w, 'Labels', ns.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
  w.write(LEVEL_0, `Status:\t${ns.status?.phase ?? ''}\n`);
  const conditions: any[] = ns.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions)
      w.write(
        LEVEL_1,
        `${c.type}\t${c.status}\t${rfc1123z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`,
      );
  }
  w.write(LEVEL_0, '\n');
  describeResourceQuotas(w, policies.quotas ?? []);
  w.write(LEVEL_0, '\n');
  describeLimitRanges(w, policies.limitRanges ?? []);
  return w.render();
}
