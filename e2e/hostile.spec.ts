/**
 * Hostile input: each input gives a clear error, the page stays responsive, no script from the input ever
 * runs, and what the user typed is still in the editor (and in the autosaved draft) afterwards.
 *
 * Manifests are seeded as the autosaved draft before the page loads (as if typed earlier), except the 5 MB paste,
 * which goes through a real paste into Monaco. Script-like payloads all try to set `window.__pwned`; the test fails
 * if it is ever set or a dialog opens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { autosaved, expect, test } from './fixtures';

const DRAFT_KEY = 'podyssey:draft:v1';
const INTRO_KEY = 'podyssey:intro-dismissed';

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=2</script>';
const JS_URL = 'javascript:window.__pwned=3';

interface Guard {
  dialogs: string[];
}

/** Watch for dialogs and long main-thread tasks; dismiss the intro so the editor is in view. */
async function guard(page: Page): Promise<Guard> {
  const g: Guard = { dialogs: [] };
  page.on('dialog', (d) => {
    g.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // longtask timing unsupported: nothing to record
    }
  });
  return g;
}

/** Put `yaml` in the autosaved draft before the first load only (a reload must show what autosave kept). */
async function seedDraft(page: Page, yaml: string): Promise<void> {
  await page.addInitScript(
    ([draftKey, introKey, draft]) => {
      if (sessionStorage.getItem('podyssey-e2e-seeded')) return;
      sessionStorage.setItem('podyssey-e2e-seeded', '1');
      localStorage.setItem(draftKey, draft);
      localStorage.setItem(introKey, '1');
    },
    [DRAFT_KEY, INTRO_KEY, JSON.stringify({ yaml, scenarioId: null })] as const,
  );
}

async function expectUntouched(page: Page, g: Guard): Promise<void> {
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    polluted: ({} as Record<string, unknown>).polluted,
    injected: document.querySelectorAll('main img[src="x"], main script, main a[href^="javascript:"]').length,
    longest: Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks),
  }));
  expect(state.pwned, 'a script from the input ran').toBeUndefined();
  expect(state.polluted, 'Object.prototype was polluted').toBeUndefined();
  expect(state.injected, 'markup from the input became elements').toBe(0);
  expect(g.dialogs, 'a dialog opened').toEqual([]);
  // Parsing and simulating run in workers; the page may not freeze. Generous: 2 shared cores, software rendering,
  // other test runs in parallel (a 20,000-character name once took 2.5 s under a load average of 12).
  expect(state.longest, 'longest main-thread task (ms)').toBeLessThan(5000);
  await expect(page.getByRole('heading', { level: 1, name: 'Podyssey' })).toBeVisible();
  await expect(page.getByTestId('diagram')).toBeVisible();
}

async function applyExpectingError(page: Page, message: string | RegExp): Promise<void> {
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('apply').click();
  await expect(page.locator('.apply-output')).toContainText(message, { timeout: 30_000 });
}

/** The editor still holds the text, and so does the draft after a reload. */
async function expectTextKept(page: Page, visible: string): Promise<void> {
  const lines = page.getByTestId('editor').locator('.view-lines');
  await expect(lines).toContainText(visible);
  await autosaved(page, visible);
  await page.reload();
  await expect(lines).toContainText(visible, { timeout: 20_000 });
}

const configMap = (name: string, body = '') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${body}data:\n  key: value\n`;

test.describe('hostile input', () => {
  test('an alias bomb is refused with a clear error', async ({ page }) => {
    const g = await guard(page);
    const levels = 'abcdefghij'.split('');
    const bomb = [
      `${levels[0]}: &${levels[0]} ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`,
      ...levels.slice(1).map((l, i) => `${l}: &${l} [${Array(9).fill(`*${levels[i]}`).join(',')}]`),
    ].join('\n');
    await seedDraft(page, `# billion laughs\n${bomb}\n`);
    await page.goto('/');
    await applyExpectingError(page, 'excessive aliasing');
    await expect(page.getByTestId('problems')).toContainText('excessive aliasing');
    await expectUntouched(page, g);
    await expectTextKept(page, '# billion laughs');
  });

  test('a 5 MB paste is refused as too large, and the pasted text stays in the editor', async ({ page }) => {
    const g = await guard(page);
    await seedDraft(page, '# paste below\n');
    await page.goto('/');
    const editor = page.getByTestId('editor');
    await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
    await editor.locator('.view-lines').click();
    await page.keyboard.press('Control+A');
    // ~5 MB over 52,000 lines, through the system clipboard and Ctrl+V, as a user would paste it.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => {
      const row = `  k${'x'.repeat(90)}: "${'y'.repeat(4)}"\n`;
      return navigator.clipboard.writeText(
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big-paste\ndata:\n${row.repeat(52_000)}`,
      );
    });
    await page.keyboard.press('Control+V');
    await page.keyboard.press('Control+Home');
    await expect(editor.locator('.view-lines')).toContainText('name: big-paste', { timeout: 20_000 });
    await applyExpectingError(page, /manifest is too large \(5\.\d MiB; the limit is 2 MiB\)/);
    await expectUntouched(page, g);
    // Too big for this browser's storage quota to autosave; it must still be in the editor.
    await expect(editor.locator('.view-lines')).toContainText('name: big-paste');
  });

  test('10,000-deep nesting is refused with a clear error', async ({ page }) => {
    const g = await guard(page);
    await seedDraft(page, `# deep\nspec: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`);
    await page.goto('/');
    await applyExpectingError(page, 'manifest is nested too deeply');
    await expectUntouched(page, g);
    await expectTextKept(page, '# deep');
  });

  test('__proto__ and constructor keys are plain data and pollute nothing', async ({ page }) => {
    const g = await guard(page);
    await seedDraft(
      page,
      configMap(
        'proto-keys',
        '  labels:\n    __proto__: "x"\n    constructor: "y"\n  annotations:\n    __proto__: "{\\"polluted\\": true}"\n',
      ).replace('data:\n  key: value\n', 'data:\n  __proto__: "polluted"\n  constructor: "c"\n  prototype: "p"\n'),
    );
    await page.goto('/');
    await applyExpectingError(page, /proto-keys|__proto__/);
    await page.getByTestId('step-last').click();
    await expectUntouched(page, g);
    await expectTextKept(page, 'proto-keys');
  });

  test('NUL bytes are refused as control characters', async ({ page }) => {
    const g = await guard(page);
    await seedDraft(page, configMap('nul-bytes').replace('key: value', 'key: "a\0b"'));
    await page.goto('/');
    await applyExpectingError(page, 'control characters are not allowed');
    await expectUntouched(page, g);
    await expectTextKept(page, 'nul-bytes');
  });

  test('a very long name gets the apiserver validation error', async ({ page }) => {
    const g = await guard(page);
    await seedDraft(page, `# long name\n${configMap('n'.repeat(20_000))}`);
    await page.goto('/');
    await applyExpectingError(page, /must be no more than 253 characters/);
    await expectUntouched(page, g);
    await expectTextKept(page, '# long name');
  });

  test('script-like strings in names, labels, annotations and ConfigMap data are shown as text, never run', async ({
    page,
  }) => {
    const g = await guard(page);
    const yaml = [
      `# script-like payloads\n${configMap(JSON.stringify(IMG))}`,
      configMap('bad-label', `  labels:\n    app: ${JSON.stringify(SCRIPT)}\n`),
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: payloads\n  annotations:\n    img: ${JSON.stringify(IMG)}\n` +
        `    script: ${JSON.stringify(SCRIPT)}\n    link: ${JSON.stringify(JS_URL)}\n` +
        `data:\n  img: ${JSON.stringify(IMG)}\n  script: ${JSON.stringify(SCRIPT)}\n  link: ${JSON.stringify(JS_URL)}\n`,
    ].join('---\n');
    await seedDraft(page, yaml);
    await page.goto('/');
    await applyExpectingError(page, 'a lowercase RFC 1123 subdomain');
    await expect(page.locator('.apply-output')).toContainText(IMG.slice(0, 20));
    await expect(page.locator('.apply-output')).toContainText('configmap/payloads created');
    await page.getByTestId('step-last').click();
    // The accepted object (annotations and data included) is stored and shown as plain text.
    await expect(page.getByTestId('etcd')).toContainText('payloads');
    await expectUntouched(page, g);
    await expectTextKept(page, '# script-like payloads');
  });

  test('hostile URL parameters are ignored and the default page opens', async ({ page }) => {
    const g = await guard(page);
    const q = new URLSearchParams({
      scenario: IMG,
      lang: JS_URL,
      theme: SCRIPT,
      view: '__proto__',
      step: '-1',
      speed: '1e999',
      nodes: '99999999',
      seed: 'constructor',
      s: SCRIPT,
    });
    await page.goto(`/?${q.toString()}#s=${encodeURIComponent(IMG)}`);
    await expect(page.getByTestId('editor').locator('.view-lines')).toContainText('kind: Deployment', {
      timeout: 20_000,
    });
    // Nothing was applied: no run, no step.
    await expect(page.getByTestId('step-counter')).toHaveText('0 / 0');
    await expectUntouched(page, g);
  });

  test('hostile postMessage payloads change nothing', async ({ page }) => {
    const g = await guard(page);
    await page.goto('/');
    await expect(page.getByTestId('editor').locator('.view-lines')).toContainText('kind: Deployment', {
      timeout: 20_000,
    });
    const before = await page.getByTestId('editor').locator('.view-lines').textContent();
    await page.evaluate(
      ([img, script, jsUrl]) => {
        const payloads: unknown[] = [
          img,
          { type: script, yaml: img },
          { type: 'podyssey:load', yaml: 12, scenario: jsUrl, step: '__proto__' },
          { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
          JSON.parse('{"__proto__": {"polluted": true}, "type": "podyssey:setYaml"}'),
          null,
          new ArrayBuffer(8),
        ];
        for (const p of payloads) window.postMessage(p, '*');
        // Messages are dispatched in order: once a last one arrives, the app has seen (and ignored) every payload.
        return new Promise<void>((resolve) => {
          const done = (e: MessageEvent) => {
            if (e.data !== 'podyssey-test:sentinel') return;
            window.removeEventListener('message', done);
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          };
          window.addEventListener('message', done);
          window.postMessage('podyssey-test:sentinel', '*');
        });
      },
      [IMG, SCRIPT, JS_URL] as const,
    );
    await expect(page.getByTestId('editor').locator('.view-lines')).toHaveText(before ?? '');
    await expectUntouched(page, g);
  });
});

test.describe('hostile postMessage to the embed', () => {
  let host: Server;
  let hostOrigin = '';
  test.beforeAll(async () => {
    // A real host page on another port (another origin), as in embed.spec.ts: Chromium's Private Network Access
    // rules keep a route-fulfilled page from framing 127.0.0.1.
    host = createServer((req, res) => {
      const app = new URL(req.url ?? '/', 'http://host').searchParams.get('app') ?? '';
      const src = `${app}/embed.html?id=h`.replace(/"/g, '');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>host</title><iframe id="f" src="${src}" width="1200" height="800"></iframe>`);
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((r) => host.close(() => r())));

  test('malformed, oversized and script-carrying host messages get clear errors and run nothing', async ({
    page,
    baseURL,
  }) => {
    const g = await guard(page);
    const app = baseURL!.replace(/\/$/, '');
    test.skip(!(await fetch(`${app}/embed.html`)).ok, 'embed.html is not built');
    await page.goto(`${hostOrigin}/course.html?app=${encodeURIComponent(app)}`);
    const frame = page.frameLocator('#f');
    await expect(frame.getByTestId('diagram')).toBeVisible({ timeout: 20_000 });
    const bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n';
    const replies = await page.evaluate(
      async ({ img, script, jsUrl, bomb, app }) => {
        const got: Array<{ type?: string; reqId?: unknown; data?: { code?: string } }> = [];
        window.addEventListener('message', (e) => got.push(e.data));
        const target = (document.getElementById('f') as HTMLIFrameElement).contentWindow!;
        const send = (m: unknown) => target.postMessage(m, app);
        send({ podyssey: 1, type: img, reqId: 1 });
        send({ podyssey: 1, type: 'load', reqId: 2, data: { yaml: 'x'.repeat(70_000) } });
        send({ podyssey: 1, type: 'load', reqId: 3, data: { scenario: jsUrl } });
        send(JSON.parse('{"podyssey":1,"type":"goto","reqId":4,"data":{"__proto__":{"polluted":true},"step":"x"}}'));
        send({ podyssey: 1, type: 'load', reqId: 5, data: 'not an object' });
        send(script);
        send({ podyssey: 1, type: 'load', reqId: 6, data: { yaml: bomb } });
        send({
          podyssey: 1,
          type: 'load',
          reqId: 7,
          data: {
            yaml: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: payloads\n  annotations:\n    a: ${JSON.stringify(img)}\ndata:\n  s: ${JSON.stringify(script)}\n  j: ${JSON.stringify(jsUrl)}\n`,
          },
        });
        // Every request that must be answered has been (the last, a valid load, after the alias bomb before it).
        const answered = () => [1, 2, 3, 5, 7].every((id) => got.some((r) => r && r.reqId === id));
        for (let waited = 0; !answered() && waited < 20_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
        return got;
      },
      { img: IMG, script: SCRIPT, jsUrl: JS_URL, bomb, app },
    );
    const errorFor = (reqId: number) =>
      replies.find((r) => r && r.reqId === reqId && r.type === 'error')?.data?.code ?? 'no error reply';
    expect(errorFor(1)).toBe('unknown_type');
    expect(errorFor(2)).toBe('too_large');
    expect(errorFor(3)).toBe('bad_request');
    expect(errorFor(5)).toBe('bad_request');
    const inFrame = await page.frame({ url: /embed\.html/ })!.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      polluted: ({} as Record<string, unknown>).polluted,
      injected: document.querySelectorAll('img[src="x"], body script:not([src]), a[href^="javascript:"]').length,
    }));
    expect(inFrame).toEqual({ pwned: undefined, polluted: undefined, injected: 0 });
    await expect(frame.getByTestId('diagram')).toBeVisible();
    expect(g.dialogs).toEqual([]);
  });
});
