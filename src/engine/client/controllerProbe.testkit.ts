/**
 * For controller unit tests: one controller in a kube-controller-manager of its own, with a stand-in kube-apiserver
 * that records every request and answers as the test says (by default: accepted, the body echoed back with a name
 * and uid). A successful write comes back as a watch event too, 1 ms after its response, as from a real apiserver;
 * other watch events are handed in directly, so a test controls what the informers see and when.
 */
import type { Controller } from '../components/controllers/Controller';
import { ControllerManager } from '../components/controllers/ControllerManager';
import { APISERVER } from '../components/apiserver/Apiserver';
import type { Envelope } from '../kernel/Envelope';
import { Simulation } from '../kernel/Simulation';
import type { ApiRequest, ApiResponse, WatchEvent } from '../messages';
import type { KObject } from '../types';

const step = {
  phase: 'reconcile',
  verb: 'answer',
  label: 'answer',
  summary: 'answer',
  narration: { key: 'x' },
} as const;

let uids = 0;

/** The default answer: the write succeeds; a create gets a name (from generateName) and a uid. */
export function accept(req: ApiRequest): Answer {
  if (!req.body) return { status: 200 };
  const meta = req.body.metadata;
  const uid = meta.uid ?? `uid-${++uids}`;
  const name = meta.name || `${meta.generateName ?? ''}${uid}`;
  return { status: req.verb === 'create' ? 201 : 200, object: { ...req.body, metadata: { ...meta, name, uid } } };
}

/** The response, and how long after the request it arrives (1 ms unless `delayMs`); its watch event comes 1 ms later. */
export type Answer = Omit<ApiResponse, 'kind' | 'reqId' | 'ctx'> & { delayMs?: number };

interface ControllerProbe {
  sim: Simulation;
  kcm: ControllerManager;
  /** Every request the controller sent, in order. */
  requests: ApiRequest[];
  /** Hands kube-controller-manager a watch event (its informers store it, the controller maps it to keys). */
  watch(type: WatchEvent['type'], object: KObject, old?: KObject): void;
  /** Delivers queued messages up to virtual time `ms`. */
  runUntil(ms: number): void;
}

export function controllerProbe(controller: Controller, answer: (req: ApiRequest) => Answer = accept): ControllerProbe {
  const sim = new Simulation(1);
  const kcm = new ControllerManager(() => [], [controller]);
  const requests: ApiRequest[] = [];
  sim.register(kcm);
  sim.register({
    address: APISERVER,
    s: {},
    handle(env: Envelope, sim: Simulation) {
      const req = env.msg as ApiRequest;
      requests.push(req);
      const { delayMs = 1, ...answered } = answer(req);
      const resp: ApiResponse = { kind: 'api-response', reqId: req.reqId, ctx: req.ctx, ...answered };
      sim.send(APISERVER, env.from, resp, step, delayMs);
      if (resp.error || resp.unreachable) return;
      const cached = req.name ? kcm.get(req.resourceKind, req.namespace, req.name) : undefined;
      const type = req.verb === 'create' ? 'ADDED' : req.verb === 'delete' ? 'DELETED' : 'MODIFIED';
      const object = req.verb === 'delete' ? cached : resp.object;
      if (object) sim.send(APISERVER, kcm.address, { kind: 'watch', type, object, old: cached }, step, delayMs + 1);
    },
  });
  kcm.prime([], sim);
  return {
    sim,
    kcm,
    requests,
    watch(type, object, old) {
      kcm.handle(
        { time: sim.now, order: 0, from: APISERVER, to: kcm.address, msg: { kind: 'watch', type, object, old } },
        sim,
      );
    },
    runUntil(ms) {
      for (let env = sim.queue.peek(); env && env.time <= ms; env = sim.queue.peek()) sim.deliver(sim.queue.pop()!);
    },
  };
}
