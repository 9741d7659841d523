/**
 * The endpoints controller (pkg/controller/endpoint/endpoints_controller.go), still run by kube-controller-manager
 * in v1.34 although v1 Endpoints is deprecated: for each Service with a selector it keeps an Endpoints object of the
 * same name listing the selected pods' addresses (ready and not ready) and ports (controllers-support/endpoints.ts),
 * deletes it when the Service goes, and records no Events on the happy path. Like the EndpointSlice controller a
 * sync reads only the pods the Service selects (the label index), so a Pod change costs one Service's pods.
 */
import { defineController } from '../../../client/defineController';
import {
  ANNOTATION_OVER_CAPACITY,
  ANNOTATION_TRIGGER_TIME,
  desiredSubsets,
  endpointsLabels,
  podTriggerTime,
  subsetsEqual,
  triggerTimeAnnotation,
} from '../../../controllers-support/endpoints';
import { selectorMatches } from '../../../controllers-support/endpointSlices';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import type { KObject } from '../../../types';
import { cacheKey } from '../objectKeys';

/** TriggerTimeTracker's ServiceState per Service key: the trigger times seen at the last sync. */
interface EndpointsState {
  trigger: Record<string, { service: number; pods: Record<string, number> }>;
}

export const endpointsController = defineController<EndpointsState>({
  name: 'endpoint',
  eventSource: 'endpoint-controller',
  watches: ['Service', 'Pod', 'Endpoints'],
  initialState: () => ({ trigger: {} }),

  keysFor(ev, { kcm }) {
    const o = ev.object;
    if (o.kind === 'Service') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    // onEndpointsDelete: only a deleted Endpoints brings its Service back to the queue.
    if (o.kind === 'Endpoints') return ev.type === 'DELETED' ? [cacheKey(o.metadata.namespace, o.metadata.name)] : [];
    if (o.kind === 'Pod') {
      const keys: string[] = [];
      for (const svc of kcm.listIn('Service', o.metadata.namespace)) {
        const sel = svc.spec?.selector;
        if (!sel) continue;
        if (selectorMatches(sel, o.metadata.labels) || (ev.old && selectorMatches(sel, ev.old.metadata.labels)))
          keys.push(cacheKey(svc.metadata.namespace, svc.metadata.name));
      }
      return keys;
    }
    return [];
  },

  reconcile(ctx) {
    const { kcm, key, state } = ctx;
    const [ns, name] = key.split('/') as [string, string];
    const svc = kcm.get('Service', ns, name) as KObject | undefined;
    const current = kcm.get('Endpoints', ns, name) as KObject | undefined;
    if (!svc) {
      delete state.trigger[key];
      if (current)
        ctx.request(
          { verb: 'delete', resourceKind: 'Endpoints', namespace: ns, name },
          { action: 'delete' },
          {
            phase: 'network',
            summary: `Endpoints controller: Service ${name} is gone; deleting its Endpoints`,
            narration: { key: 'endpoint.delete', params: { svc: name } },
          },
        );
      return;
    }
    // ExternalName Services and Services without a selector get no Endpoints from this controller.
    if (svc.spec?.type === 'ExternalName' || !svc.spec?.selector) return;
    const pods = kcm.select('Pod', ns, svc.spec.selector) as KObject[];
    const triggerTime = computeTriggerTime(state, key, svc, pods);
    const { subsets, truncated } = desiredSubsets(svc, pods);
    const labels = endpointsLabels(svc);
    if (
      current &&
      subsetsEqual(current.subsets ?? [], subsets) &&
      canonicalEqual(current.metadata.labels ?? {}, labels) &&
      (current.metadata.annotations?.[ANNOTATION_OVER_CAPACITY] !== undefined) === truncated
    )
      return;
    const annotations: Record<string, string> = { ...(current?.metadata.annotations ?? {}) };
    if (triggerTime !== undefined) annotations[ANNOTATION_TRIGGER_TIME] = triggerTimeAnnotation(triggerTime);
    else delete annotations[ANNOTATION_TRIGGER_TIME];
    if (truncated) annotations[ANNOTATION_OVER_CAPACITY] = 'truncated';
    else delete annotations[ANNOTATION_OVER_CAPACITY];
    const ready = subsets.reduce((n, s) => n + (s.addresses?.length ?? 0), 0);
    const notReady = subsets.reduce((n, s) => n + (s.notReadyAddresses?.length ?? 0), 0);
    const body: KObject = {
      ...(current ?? { apiVersion: 'v1', kind: 'Endpoints' }),
      metadata: { ...(current?.metadata ?? { name, namespace: ns }), labels, annotations } as never,
      subsets,
    };
    if (!subsets.length) delete body.subsets;
    const verb = current ? 'update' : 'create';
    ctx.request(
      current
        ? { verb: 'update', resourceKind: 'Endpoints', namespace: ns, name, body }
        : { verb: 'create', resourceKind: 'Endpoints', namespace: ns, body },
      { action: verb },
      {
        phase: 'network',
        summary: `Endpoints controller: ${verb === 'create' ? 'creating' : 'updating'} Endpoints ${name} with ${ready} ready and ${notReady} not-ready address(es)`,
        narration: { key: `endpoint.${verb}`, params: { svc: name, ready, notReady } },
      },
    );
  },

  onResponse(resp, { kcm }) {
    // staleEndpointsTracker's role: what we just wrote is what the next sync compares with.
    if (resp.object && !resp.error) kcm.remember(resp.object, resp.ctx!.action === 'delete');
    if (resp.ctx!.action === 'delete' && resp.status === 404) return { forget: true };
  },
});

/**
 * TriggerTimeTracker.ComputeEndpointLastChangeTriggerTime: a Service seen for the first time gives its
 * creationTimestamp; afterwards the earliest Ready-condition transition among pods whose transition is newer than
 * at the last sync (or the Service's creation, if that changed); undefined when nothing changed.
 */
function computeTriggerTime(state: EndpointsState, key: string, svc: KObject, pods: KObject[]): number | undefined {
  const known = state.trigger[key];
  let min: number | undefined;
  const podTimes: Record<string, number> = {};
  for (const pod of pods) {
    const t = podTriggerTime(pod);
    if (t === undefined) continue;
    podTimes[pod.metadata.name] = t;
    const last = known?.pods[pod.metadata.name];
    if (last === undefined || t > last) min = min === undefined ? t : Math.min(min, t);
  }
  const created = svc.metadata.creationTimestamp ?? 0;
  if (known === undefined || created > known.service) min = min === undefined ? created : Math.min(min, created);
  state.trigger[key] = { service: created, pods: podTimes };
  return known === undefined ? created : min;
}
