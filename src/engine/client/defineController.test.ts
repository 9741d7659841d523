/** The harness's workqueue semantics (client-go util/workqueue: dirty/processing sets, per-item back-off). */
import { describe, expect, it } from 'vitest';
import { ControllerManager } from '../components/controllers/ControllerManager';
import { Simulation } from '../kernel/Simulation';
import type { KObject } from '../types';
import { defineController, type ReconcileResult } from './defineController';
import { itemBackoffMs } from './rateLimiter';

interface Log {
  reconciles: Array<{ key: string; at: number }>;
}

function harness(
  reconcile: (key: string, log: Log) => { send?: boolean; result?: ReconcileResult },
  onResponse?: () => ReconcileResult,
) {
  const log: Log = { reconciles: [] };
  const ctl = defineController<Log>({
    name: 'probe',
    eventSource: 'probe-controller',
    watches: ['ConfigMap'],
    initialState: () => log,
    keysFor: (ev) => [ev.object.metadata.name],
    reconcile(ctx) {
      ctx.state.reconciles.push({ key: ctx.key, at: ctx.sim.now });
      const r = reconcile(ctx.key, ctx.state);
      // No apiserver is registered: the request comes back unreachable, as when kube-apiserver is down.
      if (r.send)
        ctx.request(
          { verb: 'get', resourceKind: 'ConfigMap', name: ctx.key },
          {},
          { summary: 'get', narration: { key: 'x' }, delay: 100 },
        );
      return r.result;
    },
    onResponse,
  });
  const sim = new Simulation(1);
  const kcm = new ControllerManager(() => [], [ctl]);
  sim.register(kcm);
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } } as KObject;
  const watch = () =>
    kcm.handle(
      {
        time: sim.now,
        order: 0,
        from: kcm.address,
        to: kcm.address,
        msg: { kind: 'watch', type: 'MODIFIED', object: cm },
      },
      sim,
    );
  const runUntil = (ms: number) => {
    for (let env = sim.queue.peek(); env && env.time <= ms; env = sim.queue.peek()) sim.deliver(sim.queue.pop()!);
  };
  return { sim, kcm, log, watch, runUntil };
}

describe('defineController', () => {
  it('a key whose request is unanswered is not reconciled again until it answers; an event meanwhile makes it dirty', () => {
    let n = 0;
    const h = harness(() => ({ send: n++ === 0 }));
    h.watch();
    while (h.log.reconciles.length === 0) h.sim.deliver(h.sim.queue.pop()!);
    h.watch(); // a new event while reconcile #1's request is in flight
    let answeredAt = -1;
    while (h.sim.queue.peek() && h.sim.now < 1_000) {
      const env = h.sim.queue.pop()!;
      if ((env.msg as { kind: string }).kind === 'api-response' && answeredAt < 0) answeredAt = env.time;
      h.sim.deliver(env);
    }
    expect(answeredAt).toBeGreaterThanOrEqual(0);
    // The second reconcile waits for the response, although the event came first.
    expect(h.log.reconciles[1].at).toBeGreaterThanOrEqual(answeredAt);
  });

  it('failed syncs are retried with client-go per-item exponential back-off, and a success forgets', () => {
    const h = harness(() => ({ send: true }));
    h.watch();
    h.runUntil(2_000);
    const gaps = h.log.reconciles.slice(1, 6).map((r, i) => r.at - h.log.reconciles[i].at);
    // Each gap is the request's round trip (a few ms) plus the queue delay plus 5 ms · 2^(n-1).
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1]);
    expect(itemBackoffMs(1)).toBe(5);
    expect(itemBackoffMs(4)).toBe(40);
    expect(itemBackoffMs(100)).toBe(1_000_000);
  });

  it('requeueAfter queues the key again after that long', () => {
    const h = harness(() => ({ result: { requeueAfter: 60_000 } }));
    h.watch();
    h.runUntil(200_000);
    const times = h.log.reconciles.map((r) => Math.round(r.at / 1000));
    expect(times.slice(0, 3)).toEqual([0, 60, 120]);
  });

  it('onResponse can count an error response as handled ({ forget: true }): no retry', () => {
    const h = harness(
      () => ({ send: true }),
      () => ({ forget: true }),
    );
    h.watch();
    h.runUntil(2_000);
    expect(h.log.reconciles).toHaveLength(1);
  });
});

describe('defineController timers and immediate handlers', () => {
  interface TimerLog {
    fired: Array<{ name: string; key: string; at: number }>;
  }

  function timed(def: Partial<Parameters<typeof defineController<TimerLog>>[0]>) {
    const log: TimerLog = { fired: [] };
    const ctl = defineController<TimerLog>({
      name: 'probe',
      eventSource: 'probe-controller',
      watches: ['ConfigMap'],
      initialState: () => log,
      keysFor: () => [],
      reconcile() {},
      ...def,
    });
    const sim = new Simulation(1);
    const kcm = new ControllerManager(() => [], [ctl]);
    sim.register(kcm);
    kcm.prime([], sim);
    const runUntil = (ms: number) => {
      for (let env = sim.queue.peek(); env && env.time <= ms; env = sim.queue.peek()) sim.deliver(sim.queue.pop()!);
    };
    return { sim, kcm, log, runUntil };
  }

  it('a periodic background timer re-armed from onTimer fires every period and does not keep the run going', () => {
    const h = timed({
      start: (ctx) => ctx.timer('tick', 5_000, {}, { background: true }),
      onTimer(name, _data, ctx) {
        ctx.state.fired.push({ name, key: ctx.key, at: ctx.sim.now });
        ctx.timer('tick', 5_000, {}, { background: true });
      },
    });
    expect(h.sim.foreground).toBe(0);
    h.runUntil(16_000);
    expect(h.log.fired).toEqual([
      { name: 'tick', key: 'probe', at: 5_000 },
      { name: 'tick', key: 'probe', at: 10_000 },
      { name: 'tick', key: 'probe', at: 15_000 },
    ]);
  });

  it('a timer set for another key comes back with that key; a request sent for it keeps that key processing', () => {
    let processingSeen: boolean[] = [];
    const h = timed({
      start: (ctx) => ctx.forKey('default/a').timer('deadline', 300_000, { why: 'tolerationSeconds' }),
      onTimer(name, data, ctx) {
        ctx.state.fired.push({ name, key: ctx.key, at: ctx.sim.now });
        expect(data.why).toBe('tolerationSeconds');
        // No apiserver is registered: the request comes back unreachable.
        ctx.request(
          { verb: 'delete', resourceKind: 'ConfigMap', namespace: 'default', name: 'a' },
          {},
          { summary: 'delete', narration: { key: 'x' }, delay: 100 },
        );
        processingSeen = [ctx.isProcessing(), ctx.isProcessing('default/b'), ctx.forKey('default/a').isProcessing()];
      },
      onResponse: () => ({ forget: true }),
    });
    expect(h.sim.foreground).toBe(1); // a foreground timer: the run waits for it
    h.runUntil(400_000);
    expect(h.log.fired).toEqual([{ name: 'deadline', key: 'default/a', at: 300_000 }]);
    expect(processingSeen).toEqual([true, false, true]);
    expect(h.kcm.hasPendingWork(h.sim)).toBe(false);
  });

  it('onWatch runs at once with the object’s key, besides the keys keysFor queues', () => {
    const seen: string[] = [];
    const h = timed({
      onWatch(ev, ctx) {
        seen.push(`${ev.type} ${ctx.key} at ${ctx.sim.now}`);
      },
    });
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } } as KObject;
    h.kcm.handle(
      { time: 0, order: 0, from: h.kcm.address, to: h.kcm.address, msg: { kind: 'watch', type: 'ADDED', object: cm } },
      h.sim,
    );
    expect(seen).toEqual(['ADDED default/a at 0']);
  });

  it("refuses the timer name 'requeue', which is the workqueue's own", () => {
    expect(() => timed({ start: (ctx) => ctx.timer('requeue', 1) })).toThrow(/requeue/);
  });
});
