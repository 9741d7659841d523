/**
 * A trace is read, parsed and checked in a worker. Importing a 200,000-step trace (about 180 MB)
 * shows its progress and keeps the page answering (target: no task over 200 ms; asserted: never frozen, < 1 s); an
 * import can be cancelled; a file over the budget or not a trace is refused with a clear message, in both languages.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

let bigTrace = '';

/** A trace file of `count` steps: the happy path's steps over and over, renumbered (as e2e/views.spec.ts). */
function traceOf(count: number): string {
  const run = JSON.parse(
    execFileSync('node_modules/.bin/tsx', ['cli/simulate.ts', '--scenario', 'happy-path', '--format', 'json'], {
      encoding: 'utf8',
      maxBuffer: 64e6,
    }),
  ) as { steps: Array<Record<string, unknown>> };
  const steps = Array.from({ length: count }, (_, i) => ({ ...run.steps[i % run.steps.length], seq: i, time: i }));
  const path = join(tmpdir(), `podyssey-import-${count}-${process.pid}.json`);
  writeFileSync(path, JSON.stringify({ format: 'podyssey-trace', version: 1, yaml: '', ...run, history: [], steps }));
  return path;
}

/** Records every main-thread long task from now on (Chromium reports tasks over 50 ms). */
async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __taskLog: string[] };
    w.__longTasks = [];
    w.__taskLog = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longTasks.push(Math.round(e.duration));
        w.__taskLog.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
      }
    }).observe({ type: 'longtask' });
    // When each phase of the import began, to tell in a failure which one blocked the page.
    let phase = '';
    new MutationObserver(() => {
      const text =
        document.querySelector('[data-testid="import-progress"] p')?.textContent ??
        document.querySelector('[data-testid="import-result"]')?.textContent ??
        '';
      const p = text.split(/[:…]/)[0];
      if (p && p !== phase) w.__taskLog.push(`${Math.round(performance.now())} ${(phase = p)}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const longTasks = (page: Page) => page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

test.beforeAll(() => {
  test.setTimeout(120_000);
  bigTrace = traceOf(200_000);
});

test('a 200,000-step trace imports with its progress shown and the page never frozen', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/?lang=en');
  await expect(page.getByTestId('diagram')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('share').click();
  await expect(page.getByTestId('import-trace')).toBeVisible();
  // Let the page's own start-up (editor, inspectors, lazy chunks) finish before watching.
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await watchLongTasks(page);
  await page.getByTestId('import-trace-file').setInputFiles(bigTrace);
  await expect(page.getByTestId('import-progress')).toContainText(/Reading the trace: [\d.]+ of 1\d\d\.\d MB/);
  // Waited for with a slow poll: Playwright's own retries run in the page and would add long tasks of their own.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="import-result"]')?.textContent?.startsWith('Replaying'),
    null,
    { polling: 500, timeout: 90_000 },
  );
  await expect(page.getByTestId('import-result')).toHaveText(
    'Replaying an imported trace: 200000 steps, not re-simulated.',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('step-counter')).toHaveText('1 / 200000');
  // Paint what was imported, then read the tasks.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const tasks = await longTasks(page);
  const log = await page.evaluate(() => (window as unknown as { __taskLog: string[] }).__taskLog);
  console.log(`import of 200k steps: long tasks (start+ms) and phases: ${log.join(', ')}`);
  // The target is 200 ms (110–190 ms on an idle 2-core machine); timings are the benchmarks' job, and a loaded CI
  // machine doubles them, so the test holds the line that matters: the page is never frozen (a main-thread parse
  // froze it for 15 s).
  const longest = Math.max(0, ...tasks);
  console.log(`import of 200k steps: longest main-thread task ${Math.round(longest)} ms (target 200 ms)`);
  expect(longest, 'the longest main-thread task during the import (ms)').toBeLessThan(1000);
});

test('an import in progress can be cancelled, and the run on screen stays', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/?lang=en&scenario=happy-path');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  const before = await page.getByTestId('step-counter').textContent();
  await page.getByTestId('share').click();
  await page.getByTestId('import-trace-file').setInputFiles(bigTrace);
  await expect(page.getByTestId('import-progress')).toBeVisible();
  await page.getByTestId('import-cancel').click();
  await expect(page.getByTestId('import-result')).toHaveText('Import cancelled.');
  await expect(page.getByTestId('import-progress')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('step-counter')).toHaveText(before!);
});

test('a file over the budget is refused before it is read, and a file that is not a trace says why', async ({
  page,
}) => {
  // 300 MB of nothing: a sparse file, so the test writes no data.
  const huge = join(tmpdir(), `podyssey-huge-${process.pid}.json`);
  const fd = openSync(huge, 'w');
  ftruncateSync(fd, 300 * 1024 * 1024);
  closeSync(fd);
  const bad = join(tmpdir(), `podyssey-bad-${process.pid}.json`);
  writeFileSync(bad, JSON.stringify({ cluster: {}, steps: [{ seq: 0 }] }));

  await page.goto('/?lang=en');
  await page.getByTestId('share').click();
  await page.getByTestId('import-trace-file').setInputFiles(huge);
  await expect(page.getByTestId('import-result')).toHaveText(
    'That file is too large to import (300 MB; the limit is 256 MB).',
  );
  await page.getByTestId('import-trace-file').setInputFiles(bad);
  await expect(page.getByTestId('import-result')).toHaveText(
    'That file is not a Podyssey trace: step 0 is not a trace step.',
  );

  await page.goto('/?lang=zh-TW');
  await page.getByTestId('share').click();
  await page.getByTestId('import-trace-file').setInputFiles(huge);
  await expect(page.getByTestId('import-result')).toHaveText('這個檔案太大，無法匯入（300 MB；上限為 256 MB）。');
  await page
    .getByTestId('import-trace-file')
    .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('nope') });
  await expect(page.getByTestId('import-result')).toHaveText('這個檔案不是 Podyssey 的 trace：它不是 JSON。');
});
