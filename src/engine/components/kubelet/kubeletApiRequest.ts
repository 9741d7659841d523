/**
 * The kubelet's API client (the shared `client/ApiClient`): every request carries the node's identity (`system:node:<node>`, which the Node
 * authorizer and NodeRestriction admission check) and is remembered by request id so the response goes back to the
 * part of the kubelet that asked (`ApiPending.purpose`).
 */
import type { Simulation } from '../../kernel/Simulation';
import type { Phase } from '../../types';
import { sendApiRequest, type ApiCall } from '../../client/ApiClient';
import type { Kubelet } from './Kubelet';
import type { ApiPending } from './kubeletState';

export function kubeletApiRequest(
  k: Kubelet,
  sim: Simulation,
  r: ApiCall,
  pending: ApiPending,
  phase: Phase,
  summary: string,
  background = false,
): void {
  const reqId = sendApiRequest(
    sim,
    k,
    r,
    { phase },
    {
      phase,
      summary,
      narration: { key: `kubelet.api.${pending.purpose}`, params: { summary, pod: r.name ?? '', node: k.node } },
      background,
    },
  );
  k.s.api.set(reqId, pending);
}
