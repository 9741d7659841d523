/**
 * How a component talks to kube-apiserver (client-go's rest client): every request gets a run-wide id that its
 * response echoes (`reqId`), a path from the resource table, the component's identity, and a network delay from the
 * component's own latency stream. The request is a drawn step, from the component (or one of its parts) to the
 * apiserver.
 */
import type { Simulation } from '../kernel/Simulation';
import type { ApiRequest, UserInfo } from '../messages';
import { apiVersionOf, lookupKind } from '../objects/resources';
import type { Endpoint, Narration, Phase } from '../types';
import { APISERVER } from '../components/apiserver/Apiserver';
import { httpVerb, requestLabel } from '../components/apiserver/requestLabel';

/** What the caller decides; the client fills in `kind`, `reqId`, `user` and the echoed `ctx`. */
export type ApiCall = Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>;

interface ApiClientIdentity {
  /** The component instance (its latency stream). */
  readonly address: Endpoint;
  readonly user: UserInfo;
}

interface ApiRequestView {
  phase: Phase;
  summary: string;
  narration: Narration;
  /** The drawn sender when it is a part of the component (`kube-controller-manager/replicaset`). */
  from?: Endpoint;
  /** Overrides the step's verb (the scheduler's binding is drawn as `bind`). */
  verb?: string;
  /** Appended to the request line, e.g. `POST …/binding (node-2)`. */
  labelSuffix?: string;
  background?: boolean;
  /** Network delay; by default 1–3 ms from the component's latency stream. */
  delay?: number;
}

/** Sends `call` to kube-apiserver as `client`; returns the request id its response will carry. */
export function sendApiRequest(
  sim: Simulation,
  client: ApiClientIdentity,
  call: ApiCall,
  ctx: Record<string, unknown> | undefined,
  view: ApiRequestView,
): number {
  const reqId = sim.nextId('req');
  const req: ApiRequest = { kind: 'api-request', reqId, user: client.user, ...call, ctx };
  const label = requestLabel(req);
  const body = call.body;
  sim.send(
    view.from ?? client.address,
    APISERVER,
    req,
    {
      phase: view.phase,
      verb: view.verb ?? httpVerb(req),
      label: view.labelSuffix ? `${label} (${view.labelSuffix})` : label,
      summary: view.summary,
      narration: view.narration,
      object: body
        ? {
            apiVersion: body.apiVersion,
            kind: body.kind,
            namespace: body.metadata.namespace ?? call.namespace,
            name: body.metadata.name || call.name || `${body.metadata.generateName ?? ''}…`,
          }
        : call.name
          ? {
              apiVersion: apiVersionOfKind(call.resourceKind),
              kind: call.resourceKind,
              namespace: call.namespace,
              name: call.name,
            }
          : undefined,
      background: view.background,
    },
    view.delay ?? sim.latency(client.address).between(1, 3),
  );
  return reqId;
}

function apiVersionOfKind(kind: string): string {
  const info = lookupKind(kind);
  return info ? apiVersionOf(info) : '';
}
