/**
 * EndpointSlice controller (pkg/controller/endpointslice): for each Service with a selector, keeps slices that
 * list the selected pods' IPs with ready/serving/terminating conditions (at most 100 endpoints per slice).
 * It emits no Events on the happy path.
 */
import { defineController } from '../../../client/defineController';
import { deepClone } from '../../../kernel/deepClone';
import {
  desiredEndpoints,
  endpointSliceMetadata,
  endpointsEqual,
  LABEL_MANAGED_BY,
  LABEL_SERVICE_NAME,
  CONTROLLER_NAME,
  selectorMatches,
} from '../../../controllers-support/endpointSlices';
import type { KObject } from '../../../types';
import { cacheKey } from '../objectKeys';

const NAME = 'endpointslice';
const MAX_PER_SLICE = 100;

export const endpointSliceController = defineController<Record<string, never>>({
  name: NAME,
  eventSource: 'endpoint-slice-controller',
  watches: ['Service', 'Pod', 'EndpointSlice', 'Node'],
  initialState: () => ({}),

  keysFor(ev, { kcm }) {
    const o = ev.object;
    if (o.kind === 'Service') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    if (o.kind === 'EndpointSlice') {
      const svc = o.metadata.labels?.[LABEL_SERVICE_NAME];
      return svc && o.metadata.labels?.[LABEL_MANAGED_BY] === CONTROLLER_NAME
        ? [cacheKey(o.metadata.namespace, svc)]
        : [];
    }
    if (o.kind === 'Pod') {
      const keys: string[] = [];
      for (const svc of kcm.listIn('Service', o.metadata.namespace)) {
        if (!svc.spec?.selector) continue;
        if (
          selectorMatches(svc.spec.selector, o.metadata.labels) ||
          (ev.old && selectorMatches(svc.spec.selector, ev.old.metadata.labels))
        )
          keys.push(cacheKey(svc.metadata.namespace, svc.metadata.name));
      }
      return keys;
    }
    return [];
  },

  reconcile(ctx) {
    const { kcm, key } = ctx;
    const [ns, name] = key.split('/');
    const svc = kcm.get('Service', ns, name);
    if (!svc || !svc.spec?.selector || Object.keys(svc.spec.selector).length === 0) return;
    // The label index: only the Pods the selector picks, not every Pod in the namespace.
    const pods = kcm.select('Pod', ns, svc.spec.selector);
    const want = desiredEndpoints(svc, pods, kcm.list('Node'));
    const chunks: Array<{ endpoints: any[]; ports: any[] }> = [];
    for (const g of want.groups.length ? want.groups : [{ endpoints: [], ports: [] }])
      for (let i = 0; i < Math.max(1, g.endpoints.length); i += MAX_PER_SLICE)
        chunks.push({ endpoints: g.endpoints.slice(i, i + MAX_PER_SLICE), ports: g.ports });
    const existing = kcm
      .select('EndpointSlice', ns, { [LABEL_SERVICE_NAME]: name, [LABEL_MANAGED_BY]: CONTROLLER_NAME })
      .sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
    chunks.forEach((chunk, i) => {
      const cur = existing[i];
      if (!cur) {
        const meta = endpointSliceMetadata(svc);
        const body: KObject = {
          apiVersion: 'discovery.k8s.io/v1',
          kind: 'EndpointSlice',
          metadata: meta as never,
          addressType: 'IPv4',
          endpoints: chunk.endpoints,
          ports: chunk.ports,
        };
        ctx.request(
          { verb: 'create', resourceKind: 'EndpointSlice', namespace: ns, body },
          { action: 'create' },
          {
            phase: 'network',
            summary: `EndpointSlice controller: Service ${name} has no EndpointSlice yet; creating one with ${chunk.endpoints.length} endpoint(s)`,
            narration: { key: 'endpointslice.create', params: { svc: name, count: chunk.endpoints.length } },
          },
        );
      } else if (!endpointsEqual(cur, chunk)) {
        const next = deepClone(cur);
        next.endpoints = chunk.endpoints;
        next.ports = chunk.ports;
        const ready = chunk.endpoints.filter((e) => e.conditions?.ready).length;
        ctx.request(
          { verb: 'update', resourceKind: 'EndpointSlice', namespace: ns, name: cur.metadata.name, body: next },
          { action: 'update' },
          {
            phase: 'network',
            summary: `EndpointSlice controller: ${cur.metadata.name} now lists ${chunk.endpoints.length} endpoint(s), ${ready} ready`,
            narration: {
              key: 'endpointslice.update',
              params: { slice: cur.metadata.name, svc: name, count: chunk.endpoints.length, ready },
            },
          },
        );
      }
    });
    for (const extra of existing.slice(chunks.length)) {
      ctx.request(
        { verb: 'delete', resourceKind: 'EndpointSlice', namespace: ns, name: extra.metadata.name },
        { action: 'delete' },
        {
          phase: 'network',
          summary: `EndpointSlice controller: ${extra.metadata.name} is no longer needed`,
          narration: { key: 'endpointslice.delete', params: { slice: extra.metadata.name } },
        },
      );
    }
  },

  onResponse(resp, { kcm }) {
    // endpointSliceTracker: remember what we just wrote so the next sync does not act on a stale cache.
    if (resp.object && !resp.error) kcm.remember(resp.object, resp.ctx!.action === 'delete');
  },
});
