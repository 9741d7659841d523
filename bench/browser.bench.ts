/**
 * `npm run bench:browser` (also the second half of `npm run bench`): the production build in Debian's Chromium,
 * headless, through Playwright. Prints each figure and PASS/FAIL against its target (docs/PERFORMANCE.md):
 *   - cold load to first diagram (the `podyssey:first-diagram` performance mark: the frame that draws the boxes
 *     begins) ≤ 1 s, and when that frame's rendering is done (`podyssey:first-diagram-painted`, reported);
 *   - initial JavaScript (gzip) without Monaco, which loads lazily, ≤ 250 KB;
 *   - step latency, key press → next painted frame, p95 ≤ 16.7 ms at 3 Pods and ≤ 50 ms at 300 (100 reported),
 *     judged without the time the page sat idle waiting for the display's next refresh tick (see `latencyOf`); the
 *     raw figure, refresh wait included, is printed beside it, with the main-thread cost of a step (handling the
 *     key + rendering its frame). Each press follows the previous one's painted frame, as a held-down key does; the
 *     diagram holds a burst's motion back until it stops (messageMarks.ts), so the 3-Pod steps are measured a second
 *     time with presses 200 ms apart, each starting its travelling dot or decision ring (reported);
 *   - frames per second while playing at 100 Pods ≥ 55;
 *   - the latency floor: the same probe on a page that only counts key presses (no target; no step can beat it):
 *     its raw p95 alone is above 16.7 ms, which is why the targets are judged less the refresh wait;
 *   - JS heap after stepping 10,000 steps (reported; no target).
 * Figures are for this machine (2 cores, software rendering, no GPU): read them as relative, not absolute.
 *
 * Options: --no-build (reuse dist/), --port N (default 4180, away from the e2e server's 4173).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = `${ROOT}dist/`;
const args = process.argv.slice(2);
const PORT = Number(args[args.indexOf('--port') + 1] || 0) || 4180;
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.PODYSSEY_CHROMIUM ?? '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
const DRAFT_KEY = 'podyssey:draft:v1';
const INTRO_KEY = 'podyssey:intro-dismissed';
/** Monaco and its workers load only when the editor opens; the simulation worker only on the first Apply. */
const LAZY = /YamlEditor|editor\.worker|yaml\.worker|simulate\.worker|\/yaml-/;

interface Row {
  label: string;
  value: string;
  target?: string;
  pass?: boolean;
}
const rows: Row[] = [];
function report(label: string, value: string, target?: string, pass?: boolean) {
  rows.push({ label, value, target, pass });
  const verdict = pass === undefined ? '' : pass ? '  PASS' : '  FAIL';
  console.log(`${label.padEnd(44)} ${value.padStart(14)}${target ? `   target ${target}` : ''}${verdict}`);
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

function manifest(replicas: number): string {
  return NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', `replicas: ${replicas}`).replace('cpu: 100m', 'cpu: 10m');
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn(
    `${ROOT}node_modules/.bin/vite`,
    ['preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(BASE)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill();
  throw new Error(`vite preview did not start on ${BASE} (port busy?)`);
}

/** A fresh context (empty cache and storage) with `yaml` as the autosaved draft and the intro dismissed. */
async function openWith(browser: Browser, yaml: string | null, query = ''): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx compiles this file with esbuild's keepNames, which wraps functions passed to page.evaluate in __name().
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  if (yaml !== null) {
    await page.addInitScript(
      ([draftKey, introKey, draft]) => {
        localStorage.setItem(draftKey, draft);
        localStorage.setItem(introKey, '1');
      },
      [DRAFT_KEY, INTRO_KEY, JSON.stringify({ yaml, scenarioId: null })] as const,
    );
  }
  await page.goto(`${BASE}/${query}`);
  return page;
}

async function coldLoad(browser: Browser) {
  const times: number[] = [];
  const paints: number[] = [];
  let requested: string[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await openWith(browser, null);
    const [t, p] = await page.evaluate(
      () =>
        new Promise<[number, number]>((resolve) => {
          const find = (name: string) => performance.getEntriesByName(name)[0]?.startTime;
          const poll = () => {
            const v = find('podyssey:first-diagram');
            const painted = find('podyssey:first-diagram-painted');
            if (v !== undefined && painted !== undefined) resolve([v, painted]);
            else setTimeout(poll, 20);
          };
          poll();
        }),
    );
    times.push(t);
    paints.push(p);
    if (i === 0) {
      requested = await page.evaluate((mark) => {
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= mark && /\.js(\?|$)/.test(e.name))
          .map((e) => new URL(e.name).pathname);
      }, t);
    }
    await page.context().close();
  }
  const m = median(times);
  report('cold load → first diagram (median of 5)', `${m.toFixed(0)} ms`, '≤ 1000 ms', m <= 1000);
  report('  … and that frame rendered (median of 5)', `${median(paints).toFixed(0)} ms`);

  const eager = requested.filter((p) => !LAZY.test(p));
  const gz = eager.reduce((sum, p) => sum + gzipSync(readFileSync(DIST + p.replace(/^\//, ''))).length, 0);
  report(
    `initial JS, gzip (${eager.length} file(s), Monaco excluded)`,
    `${(gz / 1024).toFixed(1)} KB`,
    '≤ 250 KB',
    gz <= 250 * 1024,
  );
  const lazy = requested.filter((p) => LAZY.test(p));
  if (lazy.length) console.log(`  (also requested before the mark, lazily: ${lazy.join(', ')})`);
}

/** Apply `replicas` Pods on `nodes` nodes via a share-style URL (step=1 applies on start) and wait for the run. */
async function loadRun(browser: Browser, replicas: number, nodes: number): Promise<{ page: Page; total: number }> {
  const page = await openWith(browser, manifest(replicas), `?nodes=${nodes}&step=1`);
  await page
    .getByTestId('step-counter')
    .filter({ hasText: /^1 \/ \d+$/ })
    .waitFor({ timeout: 180_000 });
  const text = (await page.getByTestId('step-counter').textContent()) ?? '';
  await page.getByTestId('diagram').click({ position: { x: 5, y: 5 } });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Steady state: Monaco (3.6 MB, lazy) and its workers start right after the first diagram; presses made while
  // they compile would measure the editor's start-up (the cold-load figure's business), not a step.
  await page.getByTestId('editor').locator('.monaco-editor').waitFor({ timeout: 60_000 });
  await waitForQuiet(page);
  return { page, total: Number(text.split('/')[1]) };
}

/** Until the main thread has run no long task (> 50 ms) for half a second (at most 15 s). */
async function waitForQuiet(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = performance.now();
        const observer = new PerformanceObserver(() => (last = performance.now()));
        observer.observe({ type: 'longtask' });
        const started = last;
        const check = () => {
          const now = performance.now();
          if (now - last >= 500 || now - started > 15_000) {
            observer.disconnect();
            resolve();
          } else setTimeout(check, 50);
        };
        check();
      }),
  );
}

interface PressTiming {
  /** The key event's timestamp (when the browser received it). */
  t0: number;
  /** Our capturing listener runs: the page starts handling the press. */
  start: number;
  /** A bubbling listener on window, after the app's (React's) handling and its synchronous render and effects. */
  handled: number;
  /** The next animation frame begins on the main thread. */
  frame: number;
  /** That frame's refresh tick: the time its BeginFrame was issued for (the rAF callback's timestamp). */
  tick: number;
  /** That frame's style, layout, paint and commit are done: the first task after it. */
  painted: number;
}

/**
 * Key press → the frame after it, and what the main thread spent on it. The end mark is a user-blocking task posted
 * from the frame's rAF callback: it runs as soon as the frame's rendering is done, ahead of ordinary tasks such as
 * React's deferred render slices (a MessageChannel message, used before, queued behind those and measured them too).
 */
async function installLatencyProbe(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __presses: PressTiming[] };
    w.__presses = [];
    const post = (f: () => void) => {
      const sched = (window as unknown as { scheduler?: { postTask(f: () => void, o: object): unknown } }).scheduler;
      if (sched) sched.postTask(f, { priority: 'user-blocking' });
      else setTimeout(f, 0);
    };
    let current: PressTiming | undefined;
    window.addEventListener(
      'keydown',
      (e) => {
        const press: PressTiming = {
          t0: e.timeStamp,
          start: performance.now(),
          handled: NaN,
          frame: NaN,
          tick: NaN,
          painted: NaN,
        };
        current = press;
        requestAnimationFrame((tick) => {
          press.frame = performance.now();
          press.tick = tick;
          post(() => {
            press.painted = performance.now();
            w.__presses.push(press);
          });
        });
      },
      { capture: true },
    );
    window.addEventListener('keydown', () => {
      if (current) current.handled = performance.now();
      current = undefined;
    });
  });
}

/**
 * Presses ArrowRight `presses` times: each as soon as the previous one's frame is painted (a held-down key), or
 * `gapMs` after it (separate presses, slower than a burst: the diagram's motion then starts on every step).
 */
async function pressAndMeasure(page: Page, presses: number, gapMs = 0): Promise<PressTiming[]> {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => (window as unknown as { __presses: unknown[] }).__presses.length >= n, i + 1);
    if (gapMs) await page.waitForTimeout(gapMs);
  }
  return page.evaluate(() => (window as unknown as { __presses: PressTiming[] }).__presses);
}

/**
 * Latency: key press → painted frame, less the time the page sat idle between handling the press and the refresh
 * tick its frame was drawn for. On a 60 Hz display that wait is anywhere from 0 to 16.7 ms, depending only on when
 * in the refresh interval the key went down: the floor page's raw p95 is above 16.7 ms by itself, so judged raw the
 * 3-Pod target could not be met by any page. Work that delays the frame still counts in full: a frame that starts
 * late because the main thread was busy at its tick counts from the tick (`painted − tick`), and a press handled past
 * a tick waits for none. `rawLatencyOf` is the figure with the wait included.
 */
const latencyOf = (p: PressTiming) => rawLatencyOf(p) - Math.max(0, p.tick - p.handled);
const rawLatencyOf = (p: PressTiming) => p.painted - p.t0;
/** Main-thread cost: handling the press + rendering the frame that shows it. */
const costOf = (p: PressTiming) => p.handled - p.start + (p.painted - p.frame);

async function stepLatency(browser: Browser, replicas: number, nodes: number, target?: number, gapMs = 0) {
  const { page, total } = await loadRun(browser, replicas, nodes);
  await installLatencyProbe(page);
  const presses = await pressAndMeasure(page, Math.min(100, total - 1), gapMs);
  const lat = presses.map(latencyOf);
  const raw = presses.map(rawLatencyOf);
  const cost = presses.map(costOf);
  const where = `${replicas} Pods / ${nodes} nodes${gapMs ? `, presses ${gapMs} ms apart` : ''}`;
  report(`step latency p50, ${where} (${total} steps)`, `${median(lat).toFixed(1)} ms`);
  report(
    `step latency p95, ${where}`,
    `${quantile(lat, 0.95).toFixed(1)} ms`,
    target ? `≤ ${target} ms` : undefined,
    target ? quantile(lat, 0.95) <= target : undefined,
  );
  report(`  raw, refresh wait included, p50 / p95`, `${median(raw).toFixed(1)} / ${quantile(raw, 0.95).toFixed(1)} ms`);
  report(
    `  main-thread cost p50 / p95 (fits a frame: ≤ 16.7)`,
    `${median(cost).toFixed(1)} / ${quantile(cost, 0.95).toFixed(1)} ms`,
  );
  return page;
}

/**
 * The same probe on a page that only updates a counter: what the browser itself needs from key press to the next
 * painted frame (waiting for vsync, a frame of its own). No step latency can be below it, so read the app's figures
 * against this floor as well as against the targets.
 */
async function latencyFloor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript('window.__name = (f) => f');
  const page = await context.newPage();
  await page.setContent('<p id="n">0</p>');
  await page.evaluate(() => {
    let n = 0;
    window.addEventListener('keydown', () => (document.getElementById('n')!.textContent = String(++n)));
  });
  await installLatencyProbe(page);
  const presses = await pressAndMeasure(page, 100);
  const lat = presses.map(latencyOf);
  const raw = presses.map(rawLatencyOf);
  report(
    'latency floor p50 / p95 (a page that only counts)',
    `${median(lat).toFixed(1)} / ${quantile(lat, 0.95).toFixed(1)} ms`,
  );
  report('  raw, refresh wait included, p50 / p95', `${median(raw).toFixed(1)} / ${quantile(raw, 0.95).toFixed(1)} ms`);
  await context.close();
}

async function playingFps(page: Page) {
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  const { fps, worst } = await page.evaluate(
    () =>
      new Promise<{ fps: number; worst: number }>((resolve) => {
        const start = performance.now();
        let last = start;
        let frames = 0;
        let worst = 0;
        const tick = (now: number) => {
          frames++;
          worst = Math.max(worst, now - last);
          last = now;
          if (now - start < 5000) requestAnimationFrame(tick);
          else resolve({ fps: (frames * 1000) / (now - start), worst });
        };
        requestAnimationFrame(tick);
      }),
  );
  await page.keyboard.press(' ');
  report('fps while playing, 100 Pods (5 s)', `${fps.toFixed(1)} fps`, '≥ 55 fps', fps >= 55);
  report('  longest frame while playing', `${worst.toFixed(0)} ms`);
}

async function heapAfterSteps(browser: Browser, steps: number) {
  const { page, total } = await loadRun(browser, 300, 30);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024;
  };
  const before = await heap();
  const started = Date.now();
  // Synthetic key events through the app's own shortcut handler, rendering each step, a frame every 50 steps.
  await page.evaluate(
    async ({ steps, total }) => {
      const key = (k: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      let at = 1;
      for (let i = 0; i < steps; i++) {
        if (at >= total) {
          key('Home');
          at = 1;
        }
        key('ArrowRight');
        at++;
        if (i % 50 === 49) await new Promise((r) => requestAnimationFrame(r));
      }
    },
    { steps, total },
  );
  const secs = (Date.now() - started) / 1000;
  const after = await heap();
  report(`JS heap after load + run (300 Pods, ${total} steps)`, `${before.toFixed(1)} MB`);
  report(`JS heap after stepping ${steps.toLocaleString('en')} steps`, `${after.toFixed(1)} MB`);
  report('  stepping rate (rendering each step)', `${(steps / secs).toFixed(0)} steps/s`);
  await page.context().close();
}

async function main() {
  if (!args.includes('--no-build')) {
    const build = spawnSync(`${ROOT}node_modules/.bin/vite`, ['build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    console.log(`\nBrowser benchmarks: ${await browser.version()} headless, ${BASE}, production build`);
    console.log('(2-core machine, software rendering: compare runs on the same machine, not absolute figures)\n');
    await coldLoad(browser);
    await latencyFloor(browser);
    (await stepLatency(browser, 3, 3, 16.7)).context().close();
    // The same steps pressed apart, each starting its dot or ring (a burst holds them back: messageMarks.ts).
    (await stepLatency(browser, 3, 3, undefined, 200)).context().close();
    const page100 = await stepLatency(browser, 100, 10);
    await playingFps(page100);
    await page100.context().close();
    (await stepLatency(browser, 300, 30, 50)).context().close();
    await heapAfterSteps(browser, 10_000);
  } finally {
    await browser?.close();
    server.kill();
  }
  const failed = rows.filter((r) => r.pass === false);
  console.log(`\n${rows.filter((r) => r.pass).length} targets met, ${failed.length} missed`);
  // Benchmarks report; they do not fail the build (the bundle budget is enforced by `npm test`).
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
