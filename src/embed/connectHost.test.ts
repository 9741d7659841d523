// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../ui/store/createAppStore';
import type { RunSimulation, SimulationResult } from '../ui/workers/simulationProtocol';
import { simulate } from '../engine/simulate';
import { en } from '../i18n/locales/en';
import { createTranslator } from '../i18n/translate';
import { buildRunInfo } from '../playback/runInfo';
import { findScenario } from '../scenarios';
import { MAX_QUEUED } from './CommandQueue';
import { connectHost } from './connectHost';
import { MAX_INBOX } from './HostInbox';
import type { Envelope } from './protocol';

const HOST = 'https://course.test';
const sent: Envelope[] = [];
const parent = { postMessage: (m: Envelope) => void sent.push(m) };
const t = createTranslator('en', en);

beforeAll(() => {
  // connectHost talks to window.parent; jsdom has no ResizeObserver.
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
  sent.length = 0;
});

/** A simulator whose runs finish only when the test says so. */
function heldSimulator() {
  const held: Array<{ finish(): void; fail(message: string): void }> = [];
  const run: RunSimulation = (input) =>
    new Promise<SimulationResult>((resolve, reject) => {
      held.push({
        finish: () => {
          const r = simulate(input);
          resolve({ run: r, info: buildRunInfo(input.yaml, r), ms: 0 });
        },
        fail: (message) => reject(new Error(message)),
      });
    });
  return { run, held };
}

function setup(scenarioId = 'happy-path') {
  const sim = heldSimulator();
  const store = createAppStore(
    { runSimulation: sim.run },
    { yaml: findScenario(scenarioId)!.input.yaml, scenarioId, embed: true },
  );
  disconnect = connectHost(store, () => t);
  return { store, held: sim.held };
}

const host = (type: string, reqId?: string | number, data?: Record<string, unknown>) =>
  window.dispatchEvent(
    Object.assign(new Event('message'), { data: { podyssey: 1, type, reqId, data }, origin: HOST, source: parent }),
  );
const settle = () => new Promise((r) => setTimeout(r, 0));
/** Host messages are handled in slices of their own (HostInbox): wait until the inbox has been worked off. */
const delivered = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 1));
};
const reply = (reqId: string | number) => sent.find((m) => m.reqId === reqId);
const indexOf = (pred: (m: Envelope) => boolean) => sent.findIndex(pred);

describe('connectHost before the first run is there', () => {
  it('queues goto and next, answers getState at once, then runs them in order', async () => {
    const { store, held } = setup();
    const applied = store.getState().apply();
    host('goto', 'g', { step: 5 });
    host('next', 'n');
    host('getState', 's');
    await delivered();
    expect(reply('g')).toBeUndefined();
    expect(reply('n')).toBeUndefined();
    expect(reply('s')).toMatchObject({ type: 'state', data: { step: 0, total: 0, status: 'simulating' } });

    held[0].finish();
    await applied;
    await settle();
    const ready = indexOf((m) => m.type === 'ready');
    expect(ready).toBeGreaterThanOrEqual(0);
    expect(reply('g')?.type).toBe('ok');
    expect(reply('n')?.type).toBe('ok');
    expect(indexOf((m) => m.reqId === 'g')).toBeGreaterThan(ready);
    expect(indexOf((m) => m.reqId === 'n')).toBeGreaterThan(indexOf((m) => m.reqId === 'g'));
    const steps = sent.filter((m) => m.type === 'stepchange').map((m) => m.data!.step);
    expect(steps).toEqual([1, 5, 6]);
    expect(store.getState().cursor).toBe(5);
  });

  it('checks a queued goto against the run it lands on', async () => {
    const { store, held } = setup();
    const applied = store.getState().apply();
    host('goto', 'far', { step: 100_000 });
    await delivered();
    held[0].finish();
    await applied;
    await settle();
    expect(reply('far')).toMatchObject({ type: 'error', data: { code: 'bad_request' } });
  });

  it(`refuses more than ${MAX_QUEUED} waiting commands with not_ready`, async () => {
    const { store, held } = setup();
    const applied = store.getState().apply();
    for (let i = 0; i <= MAX_QUEUED; i++) host('next', i);
    await delivered();
    expect(sent.filter((m) => m.type === 'error')).toEqual([
      expect.objectContaining({ reqId: MAX_QUEUED, data: expect.objectContaining({ code: 'not_ready' }) }),
    ]);
    held[0].finish();
    await applied;
    await settle();
    expect(sent.filter((m) => m.type === 'ok')).toHaveLength(MAX_QUEUED);
    expect(store.getState().cursor).toBe(MAX_QUEUED);
  });

  it('answers waiting commands with not_ready when the simulation fails', async () => {
    const { store, held } = setup();
    const applied = store.getState().apply();
    host('play', 'p');
    await delivered();
    held[0].fail('the simulation worker crashed');
    await applied;
    await settle();
    expect(reply('p')).toMatchObject({ type: 'error', data: { code: 'not_ready' } });
  });

  it('lets a goto sent after a load wait for the loaded run', async () => {
    const { store, held } = setup();
    const applied = store.getState().apply();
    held[0].finish();
    await applied;
    await settle();
    sent.length = 0;
    host('load', 'l', { scenario: 'crashloop-exit-1' });
    host('goto', 'g', { step: 3 });
    await delivered();
    expect(reply('g')).toBeUndefined();
    held[1].finish();
    await settle();
    await settle();
    expect(store.getState().scenarioId).toBe('crashloop-exit-1');
    expect(reply('l')?.type).toBe('loaded');
    expect(reply('g')?.type).toBe('ok');
    expect(indexOf((m) => m.reqId === 'g')).toBeGreaterThan(indexOf((m) => m.reqId === 'l'));
    expect(store.getState().cursor).toBe(2);
  });
});

describe('connectHost privacy and limits', () => {
  const SECRET = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: db-password-hunter2\ndata:\n  k: v\n';

  it('keeps custom-manifest text, names included, out of getState and loaded replies without origin=', async () => {
    const { store, held } = setup();
    store.setState({ yaml: SECRET, scenarioId: null });
    const applied = store.getState().apply();
    held[0].finish();
    await applied;
    await settle();
    host('last', 'l');
    host('getState', 's');
    await delivered();
    const state = reply('s');
    expect(state?.type).toBe('state');
    expect(state?.data?.total).toBeGreaterThan(0);
    expect(JSON.stringify(sent)).not.toContain('hunter2');
    expect(state?.data).toMatchObject({ title: '', text: '' });
  });

  it('answers busy beyond the inbox bound and still works the rest off', async () => {
    const { store, held } = setup();
    const applied = store.getState().apply();
    held[0].finish();
    await applied;
    await settle();
    sent.length = 0;
    for (let i = 0; i < MAX_INBOX + 20; i++) host('ping', i);
    const busy = sent.filter((m) => m.type === 'error' && m.data?.code === 'busy');
    expect(busy.map((m) => m.reqId)).toEqual(Array.from({ length: 20 }, (_, i) => MAX_INBOX + i));
    for (let i = 0; i < 50 && sent.filter((m) => m.type === 'pong').length < MAX_INBOX; i++) await delivered();
    expect(sent.filter((m) => m.type === 'pong')).toHaveLength(MAX_INBOX);
  });

  it('talks to no one when origin= is not a bare origin', async () => {
    window.history.replaceState(null, '', '/embed.html?origin=HTTP://course.test');
    try {
      setup();
      host('ping', 'p');
      await delivered();
      expect(sent).toEqual([]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
