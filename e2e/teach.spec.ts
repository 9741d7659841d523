/** zh-TW, accessibility (axe on the app, the embed and the story view), reduced motion, sub-path hosting. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

test('the zh-TW UI: chosen by the lang parameter, <html lang> follows, narration in Chinese', async ({ page }) => {
  await page.goto('/?lang=zh-TW&scenario=happy-path&step=2');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('apply')).toContainText('套用');
  await expect(page.getByTestId('step-next')).toHaveAttribute('aria-label', '下一步');
  await expect(page.getByTestId('narration')).toContainText(/[\u4e00-\u9fff]/, { timeout: 30_000 });
  // The switcher goes back to English and remembers it.
  // Scenario titles and lessons follow the language too (the gallery and the embed dialog).
  await page.getByRole('button', { name: '範例' }).click();
  const gallery = page.getByRole('dialog', { name: '範例情境' });
  await expect(gallery.getByRole('heading', { name: 'Pending：記憶體不夠' })).toBeVisible();
  await expect(gallery).toContainText('requests 是預留量');
  await gallery.getByRole('button', { name: '關閉' }).click();
  await page.getByTestId('lang').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('apply')).toContainText('Apply');
});

test.describe('browser language', () => {
  test.use({ locale: 'zh-HK' });
  test('zh-HK browsers get the zh-TW UI', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByTestId('apply')).toContainText('套用');
  });
});

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1).join(' ')})`).join('; ')}`,
    );
}

for (const [name, path] of [
  ['app', '/?scenario=happy-path&step=3'],
  ['app (dark, zh-TW)', '/?scenario=happy-path&step=3&theme=dark&lang=zh-TW'],
  ['embed', '/embed.html?scenario=happy-path&step=3'],
  ['story view', '/?scenario=happy-path&view=story&step=3'],
] as const) {
  test(`axe: no serious or critical violations on the ${name}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(path);
    await expect(page.getByTestId('step-counter')).toHaveText(/^3 \/ \d+$/, { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: no serious or critical violations on the summary, a line opened (dark)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/?scenario=happy-path&step=3&theme=dark');
  await expect(page.getByTestId('step-counter')).toHaveText(/^3 \/ \d+$/, { timeout: 30_000 });
  await page.getByRole('tab', { name: 'Summary' }).click();
  await page
    .locator('.summary__line[data-key="replicaset.createPod"]')
    .getByRole('button', { expanded: false })
    .click();
  await expect(page.locator('.summary__occurrences')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the story view is an ordered transcript of the run', async ({ page }) => {
  await page.goto('/?scenario=happy-path&view=story&step=3');
  const items = page.getByTestId('story').locator('ol > li');
  await expect(items.first()).toBeVisible({ timeout: 30_000 });
  expect(await items.count()).toBeGreaterThan(20);
  await expect(page.getByTestId('story').locator('li[aria-current="step"]')).toContainText('Step 3');
});

test('reduced motion: no autoplay, no travelling packets', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?scenario=happy-path&autoplay=1');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  // Autoplay would have started with the run: once the page is settled, playback is still off.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/);
  await page.getByTestId('step-next').click();
  await expect(page.locator('[data-testid="diagram"] .message-dot')).toHaveCount(0);
  // motion=reduced does the same without the OS setting.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/?scenario=happy-path&autoplay=1&motion=reduced');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/);
});

test('theme: the toggle and the theme parameter reach the page', async ({ page }) => {
  await page.goto('/?theme=dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme').click(); // dark → system
  await page.getByTestId('theme').click(); // system → light
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

test.describe('the static build under a sub-path', () => {
  let server: Server;
  let origin = '';
  const PREFIX = '/course/podyssey/';
  test.beforeAll(async () => {
    const dist = join(process.cwd(), 'dist');
    server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!path.startsWith(PREFIX)) {
        res.writeHead(404).end();
        return;
      }
      let file = normalize(join(dist, path.slice(PREFIX.length)));
      if (!file.startsWith(dist)) {
        res.writeHead(403).end();
        return;
      }
      if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('the app and the embed load and run from /course/podyssey/', async ({ page }) => {
    test.setTimeout(60_000);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${origin}${PREFIX}?scenario=happy-path&step=2`);
    await expect(page.getByTestId('step-counter')).toHaveText(/^2 \/ \d+$/, { timeout: 30_000 });
    await page.goto(`${origin}${PREFIX}embed.html?scenario=happy-path`);
    await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
    await expect(page.getByTestId('open-full')).toHaveAttribute('href', new RegExp(`^${origin}${PREFIX}\\?`));
    expect(failed).toEqual([]);
  });
});

test('present mode: present=1 and the header toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?present=1&scenario=happy-path&step=30');
  await expect(page.locator('.app')).toHaveClass(/is-present/);
  await expect(page.getByTestId('step-counter')).toHaveText(/^30 \/ \d+$/, { timeout: 30_000 });
  // Diagram and narration only, and the narration whole, not cut mid-sentence.
  await expect(page.getByTestId('editor')).toBeHidden();
  await expect(page.getByTestId('diagram')).toBeVisible();
  const body = page.locator('.narration__body');
  expect(await body.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  await page.getByTestId('present').click();
  await expect(page.locator('.app')).not.toHaveClass(/is-present/);
  await expect(page.getByTestId('present')).toHaveAttribute('aria-pressed', 'false');
});
