/**
 * `kubectl describe endpoints`, after staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.34)
 * EndpointsDescriber / describeEndpoints: per subset the ready and not-ready IPs (`<none>` when empty) and a port
 * table whose unnamed ports read `<unset>`.
 */
import type { KEvent, KObject } from '../types';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './prefixWriter';

export function describeEndpoints(ep: KObject, ctx: { now: number; events: KEvent[] }): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${ep.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${ep.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', ep.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ep.metadata.annotations);
  w.write(LEVEL_0, 'Subsets:\n');
  for (const subset of (ep.subsets ?? []) as any[]) {
    const ips = (list: any[] | undefined) => (list ?? []).map((a) => a.ip).join(',') || '<none>';
    w.write(LEVEL_1, `Addresses:\t${ips(subset.addresses)}\n`);
    w.write(LEVEL_1, `NotReadyAddresses:\t${ips(subset.notReadyAddresses)}\n`);
    if (subset.ports?.length) {
      w.write(LEVEL_1, 'Ports:\n');
      w.write(LEVEL_2, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_2, '----\t----\t--------\n');
      for (const p of subset.ports) w.write(LEVEL_2, `${p.name || '<unset>'}\t${p.port}\t${p.protocol ?? ''}\n`);
    }
    w.write(LEVEL_0, '\n');
  }
  describeEvents(eventsFor(ep, ctx.events), w, ctx.now);
  return w.render();
}
