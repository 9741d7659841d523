/**
 * A host page (another origin) with two iframes drives one over the docs/CONTRACTS.md §9 protocol and
 * receives ready / stepchange / resize; the other stays untouched; commands off the allow-list get `error`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Got {
  from: string;
  origin: string;
  msg: { podyssey: number; id: string; type: string; reqId?: unknown; data?: Record<string, unknown> };
}

let host: Server;
let hostOrigin = '';
test.beforeAll(async () => {
  // The host page comes from a real server on another port (another origin): a route-fulfilled page counts as
  // "public" for Chromium's Private Network Access checks and may not frame 127.0.0.1.
  const html = readFileSync(new URL('./fixtures/embed-host.html', import.meta.url), 'utf8');
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => host.close(() => r())));

async function openHost(page: Page, baseURL: string) {
  await page.goto(`${hostOrigin}/course.html?app=${encodeURIComponent(baseURL)}`);
}

const msgs = (page: Page) => page.evaluate(() => (window as unknown as { msgs: Got[] }).msgs);
const waitFor = async (page: Page, pred: (m: Got) => boolean, what: string) => {
  await expect.poll(async () => (await msgs(page)).some(pred), { message: what, timeout: 30_000 }).toBe(true);
  return (await msgs(page)).filter(pred).at(-1)!;
};
const send = (page: Page, which: 'a' | 'b', msg: Record<string, unknown>) =>
  page.evaluate(([w, m]) => (window as unknown as { send(w: string, m: unknown): void }).send(w as string, m), [
    which,
    msg,
  ] as const);

test('a host page drives one of two embeds; the other stays untouched', async ({ page, baseURL, errors }) => {
  test.setTimeout(90_000);
  void errors;
  await openHost(page, baseURL!.replace(/\/$/, ''));
  const readyA = await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'ready', 'ready from a');
  await waitFor(page, (m) => m.from === 'b' && m.msg.type === 'ready', 'ready from b');
  expect(readyA.msg).toMatchObject({ podyssey: 1, id: 'a', data: { scenario: 'happy-path' } });
  const total = readyA.msg.data!.total as number;
  expect(total).toBeGreaterThan(20);
  await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'resize' && (m.msg.data!.height as number) > 0, 'resize');

  await send(page, 'a', { id: 'a', type: 'goto', reqId: 'g1', data: { step: 5 } });
  await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'ok' && m.msg.reqId === 'g1', 'goto reply');
  const change = await waitFor(
    page,
    (m) => m.from === 'a' && m.msg.type === 'stepchange' && m.msg.data!.step === 5,
    'stepchange to 5',
  );
  expect(change.msg.data).toMatchObject({ step: 5, total });
  expect(typeof change.msg.data!.phase).toBe('string');
  expect(typeof change.msg.data!.from).toBe('string');
  expect((change.msg.data!.text as string).length).toBeGreaterThan(10); // built-in scenario: text may be shared

  await send(page, 'a', { id: 'a', type: 'next', reqId: 2 });
  await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'stepchange' && m.msg.data!.step === 6, 'next');
  await send(page, 'a', { id: 'a', type: 'getState', reqId: 'state-1' });
  const state = await waitFor(page, (m) => m.from === 'a' && m.msg.reqId === 'state-1', 'getState reply');
  expect(state.msg).toMatchObject({ type: 'state', data: { step: 6, total, playing: false, lang: 'en' } });

  const frameA = page.frameLocator('#a');
  const frameB = page.frameLocator('#b');
  await expect(frameA.getByTestId('step-counter')).toHaveText(`6 / ${total}`);
  await expect(frameB.getByTestId('step-counter')).toHaveText(`1 / ${total}`);
  // B only ever reported its own start: no step changes beyond step 1.
  const bSteps = (await msgs(page)).filter((m) => m.from === 'b' && m.msg.type === 'stepchange');
  expect(bSteps.every((m) => m.msg.data!.step === 1)).toBe(true);
  // Every message carries the protocol envelope and its instance id.
  for (const m of await msgs(page)) expect(m.msg).toMatchObject({ podyssey: 1, id: m.from });
  // Keyboard focus stayed on the host page.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
});

test('commands outside the allow-list, and bad arguments, get an error reply', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await openHost(page, baseURL!.replace(/\/$/, ''));
  await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'ready', 'ready');
  await send(page, 'a', { id: 'a', type: 'eval', reqId: 'x1', data: { code: 'alert(1)' } });
  const err = await waitFor(page, (m) => m.msg.reqId === 'x1', 'error reply');
  expect(err.msg).toMatchObject({ type: 'error', data: { code: 'unknown_type' } });
  await send(page, 'a', { id: 'a', type: 'goto', reqId: 'x2', data: { step: 'nope' } });
  expect((await waitFor(page, (m) => m.msg.reqId === 'x2', 'bad goto')).msg).toMatchObject({
    type: 'error',
    data: { code: 'bad_request' },
  });
  await send(page, 'a', { id: 'a', type: 'ping', reqId: 'p' });
  expect((await waitFor(page, (m) => m.msg.reqId === 'p', 'pong')).msg.type).toBe('pong');
  await send(page, 'a', { id: 'a', type: 'setOptions', reqId: 'o', data: { lang: 'zh-TW', theme: 'dark' } });
  await waitFor(page, (m) => m.msg.reqId === 'o' && m.msg.type === 'ok', 'setOptions ok');
  await expect(page.frameLocator('#a').locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.frameLocator('#a').locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.frameLocator('#b').locator('html')).toHaveAttribute('lang', 'en');
});

test('a goto sent before the first run is there waits for it and is applied', async ({ page, baseURL, errors }) => {
  test.setTimeout(90_000);
  void errors;
  // Hold the simulation worker back, so the command certainly arrives while the first run is still missing.
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/simulate.worker-*.js', async (route) => {
    await gate;
    await route.continue();
  });
  await openHost(page, baseURL!.replace(/\/$/, ''));
  // The bridge reports its height as soon as it is listening.
  await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'resize', 'a is listening');
  await send(page, 'a', { id: 'a', type: 'goto', reqId: 'early', data: { step: 7 } });
  await send(page, 'a', { id: 'a', type: 'next', reqId: 'early-next' });
  await send(page, 'a', { id: 'a', type: 'getState', reqId: 'early-state' });
  const early = await waitFor(page, (m) => m.msg.reqId === 'early-state', 'getState answered at once');
  expect(early.msg).toMatchObject({ type: 'state', data: { step: 0, total: 0, status: 'simulating' } });
  expect((await msgs(page)).some((m) => m.from === 'a' && m.msg.type === 'ready')).toBe(false);
  expect((await msgs(page)).some((m) => m.msg.reqId === 'early')).toBe(false); // waiting, not rejected

  release();
  const ready = await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'ready', 'ready');
  const total = ready.msg.data!.total as number;
  expect((await waitFor(page, (m) => m.msg.reqId === 'early', 'goto reply')).msg.type).toBe('ok');
  expect((await waitFor(page, (m) => m.msg.reqId === 'early-next', 'next reply')).msg.type).toBe('ok');
  await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'stepchange' && m.msg.data!.step === 8, 'step 8');
  await expect(page.frameLocator('#a').getByTestId('step-counter')).toHaveText(`8 / ${total}`);
  await expect(page.frameLocator('#b').getByTestId('step-counter')).toHaveText(`1 / ${total}`);
});

test.describe('an embed that fails closed, keeps custom text private and survives a flood', () => {
  const SECRET = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: db-password-hunter2\ndata:\n  k: v\n';

  test('without origin=, no reply or broadcast carries custom-manifest text; with it, the host gets it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await openHost(page, baseURL!.replace(/\/$/, ''));
    await waitFor(page, (m) => m.from === 'b' && m.msg.type === 'ready', 'ready from b');
    await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'ready', 'ready from a');
    for (const w of ['a', 'b'] as const) {
      await send(page, w, { id: w, type: 'load', reqId: `load-${w}`, data: { yaml: SECRET } });
      await waitFor(page, (m) => m.msg.reqId === `load-${w}` && m.msg.type === 'loaded', `loaded ${w}`);
      await send(page, w, { id: w, type: 'last', reqId: `last-${w}` });
      await waitFor(page, (m) => m.msg.reqId === `last-${w}`, `last ${w}`);
      await send(page, w, { id: w, type: 'getState', reqId: `state-${w}` });
      await waitFor(page, (m) => m.msg.reqId === `state-${w}`, `state ${w}`);
    }
    const all = await msgs(page);
    const fromB = JSON.stringify(all.filter((m) => m.from === 'b'));
    expect(fromB).not.toContain('hunter2');
    const stateB = all.find((m) => m.msg.reqId === 'state-b')!.msg;
    expect(stateB).toMatchObject({ type: 'state', data: { title: '', text: '' } });
    expect(stateB.data!.total as number).toBeGreaterThan(0);
    // The embed that names its host may tell it everything.
    expect(JSON.stringify(all.filter((m) => m.from === 'a'))).toContain('hunter2');
  });

  for (const bad of ['https://course.example.org/lesson', 'HTTP://127.0.0.1', 'http://127.0.0.1:80', 'null', 'x ']) {
    test(`origin=${JSON.stringify(bad)} is an error in the embed, which then talks to no one`, async ({
      page,
      baseURL,
    }) => {
      const app = baseURL!.replace(/\/$/, '');
      await openHost(page, app);
      await page.evaluate(
        ([app, origin]) => {
          const f = document.getElementById('b') as HTMLIFrameElement;
          f.src = `${app}/embed.html?scenario=happy-path&id=b&origin=${encodeURIComponent(origin)}`;
        },
        [app, bad === 'x ' ? `${hostOrigin} ` : bad] as const,
      );
      const frame = page.frameLocator('#b');
      await expect(frame.getByTestId('embed-origin-error')).toContainText('not a bare origin', { timeout: 20_000 });
      await expect(frame.getByTestId('diagram')).toBeVisible({ timeout: 20_000 });
      const before = (await msgs(page)).length;
      await page.evaluate(() => {
        const f = document.getElementById('b') as HTMLIFrameElement;
        for (const type of ['ping', 'getState', 'next'])
          f.contentWindow!.postMessage({ podyssey: 1, id: 'b', type, reqId: type }, '*');
      });
      // The frame handles messages in order: once it has seen one of its own, posted last, it has handled (and
      // ignored) the three above; what it posts to the host after that arrives after anything it posted before.
      await page.evaluate(() => {
        const w = window as unknown as { flushed: Promise<void> };
        w.flushed = new Promise((resolve) =>
          window.addEventListener('message', (e) => e.data === 'podyssey-test:flushed' && resolve()),
        );
      });
      await page.frame({ url: /id=b/ })!.evaluate(
        () =>
          new Promise<void>((resolve) => {
            window.addEventListener('message', (e) => {
              if (e.data !== 'podyssey-test:flush') return;
              window.parent.postMessage('podyssey-test:flushed', '*');
              resolve();
            });
            window.postMessage('podyssey-test:flush', '*');
          }),
      );
      await page.evaluate(() => (window as unknown as { flushed: Promise<void> }).flushed);
      const after = (await msgs(page))
        .slice(before)
        .filter((m) => m.from === 'b' && (m.msg as unknown) !== 'podyssey-test:flushed');
      expect(after).toEqual([]);
      expect((await msgs(page)).filter((m) => m.from === 'b' && m.msg.type === 'ready')).toEqual([]);
    });
  }

  test('10,000 commands at once: the embed stays responsive, answers busy beyond its queue, and ends up right', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await openHost(page, baseURL!.replace(/\/$/, ''));
    const ready = await waitFor(page, (m) => m.from === 'a' && m.msg.type === 'ready', 'ready');
    const total = ready.msg.data!.total as number;
    const embed = page.frame({ url: /embed\.html\?.*id=a/ })!;
    await embed.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks.length = 0));
    await page.evaluate(() => {
      const w = window as unknown as { send(w: string, m: unknown): void };
      for (let i = 0; i < 10_000; i++) w.send('a', { id: 'a', type: i % 2 ? 'prev' : 'next', reqId: i });
      w.send('a', { id: 'a', type: 'goto', reqId: 'final', data: { step: 9 } });
    });
    // The last command may itself be refused as busy; ask again once the flood is worked off.
    await waitFor(page, (m) => m.msg.reqId === 'final', 'final reply');
    await send(page, 'a', { id: 'a', type: 'goto', reqId: 'after', data: { step: 9 } });
    await waitFor(page, (m) => m.msg.reqId === 'after' && m.msg.type === 'ok', 'goto after the flood');
    await expect(page.frameLocator('#a').getByTestId('step-counter')).toHaveText(`9 / ${total}`);
    const replies = (await msgs(page)).filter((m) => m.from === 'a' && typeof m.msg.reqId === 'number');
    const busy = replies.filter((m) => m.msg.type === 'error' && m.msg.data?.code === 'busy');
    expect(busy.length).toBeGreaterThan(0);
    expect(replies.length).toBe(10_000); // every command got exactly one answer: ok or busy
    const longest = await embed.evaluate(() =>
      Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks),
    );
    console.log(`embed flood: ${busy.length} busy, longest main-thread task ${Math.round(longest)} ms`);
    expect(longest, 'longest main-thread task in the embed (ms)').toBeLessThan(200);
  });
});
