/**
 * The kubelet's API client: every request carries the node's identity (`system:node:<node>`, which the Node
 * authorizer and NodeRestriction admission check) and is remembered by request id so the response goes back to the
 * part of the kubelet that asked (`ApiPending.purpose`).
 */
import type { Simulation } from '../../kernel/Simulation';
import type { ApiRequest } from '../../messages';
import type { Phase } from '../../types';
import { APISERVER, httpVerb, requestLabel } from '../apiserver/Apiserver';
import type { Kubelet } from './Kubelet';
import type { ApiPending } from './kubeletState';

export function kubeletApiRequest(
  k: Kubelet,
  sim: Simulation,
  r: Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>,
  pending: ApiPending,
  phase: Phase,
  summary: string,
  background = false,
): void {
  const reqId = sim.nextId('req');
  k.s.api.set(reqId, pending);
  const req: ApiRequest = { kind: 'api-request', reqId, user: k.user, ...r, ctx: { phase } };
  const label = requestLabel(req);
  sim.send(
    k.address,
    APISERVER,
    req,
    {
      phase,
      verb: httpVerb(req),
      label,
      summary,
      narration: { key: `kubelet.api.${pending.purpose}`, params: { summary, pod: r.name ?? '', node: k.node } },
      object: r.name
        ? {
            apiVersion: r.resourceKind === 'Lease' ? 'coordination.k8s.io/v1' : 'v1',
            kind: r.resourceKind,
            namespace: r.namespace,
            name: r.name,
          }
        : undefined,
      background,
    },
    sim.latency(k.address).between(1, 3),
  );
}
