/** Share links (Chinese comments survive the round trip), drafts are never overwritten silently. */
import { decodeShare, encodeShare } from '../src/app/share/shareCodec';
import { expect, test } from './fixtures';

const YAML = `# 中文註解：這個 Deployment 會跑兩個 nginx Pod（繁體中文）
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: nginx
          image: nginx:1.27
`;

test('a share link with Chinese comments opens, runs, lands on its step and round-trips', async ({ page }) => {
  test.setTimeout(60_000);
  const s = await encodeShare({ yaml: YAML });
  await page.goto(`/?lang=en&step=4#s=${s}`);
  await expect(page.getByTestId('step-counter')).toHaveText(/^4 \/ \d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('editor')).toContainText('中文註解');
  // The URL follows the app.
  await page.getByTestId('step-next').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('5');

  await page.getByTestId('share').click();
  // The dialog loads on demand: wait for the link to be filled in before reading it.
  await expect(page.getByTestId('share-url')).toHaveValue(/step=5/);
  const url = await page.getByTestId('share-url').inputValue();
  const value = new URL(url).hash.replace(/^#s=/, '');
  expect((await decodeShare(value)).yaml).toBe(YAML);
  await expect(page.getByTestId('share-length')).toContainText(String(url.length));

  // Reopen the link in a fresh page: the same step, the same text.
  const second = await page.context().newPage();
  await second.goto(url);
  await expect(second.getByTestId('step-counter')).toHaveText(/^5 \/ \d+$/, { timeout: 30_000 });
  await expect(second.getByTestId('editor')).toContainText('繁體中文');
});

test('a damaged link shows a clear error, not a crash', async ({ page }) => {
  await page.goto('/#s=1.this-is-not-deflate');
  await expect(page.getByTestId('link-error')).toContainText('damaged');
  await expect(page.getByRole('heading', { level: 1, name: 'Podyssey' })).toBeVisible();
});

test('opening a link asks before replacing unsaved editor work', async ({ page }) => {
  // Seed the draft from a page that is not the app (the app saves its own draft when it unloads).
  await page.goto('/favicon.svg');
  await page.evaluate(() =>
    localStorage.setItem('podyssey:draft:v1', JSON.stringify({ yaml: 'kind: Pod # my own work', scenarioId: null })),
  );
  const s = await encodeShare({ yaml: YAML });
  await page.goto(`/?lang=en#s=${s}`);
  await expect(page.getByRole('dialog')).toContainText('unsaved');
  await page.getByTestId('link-keep').click();
  await expect(page.getByTestId('editor')).toContainText('my own work');

  await page.goto(`/?lang=en&scenario=happy-path&x=${Date.now()}`);
  await page.getByTestId('link-open').click();
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
});

test('export: trace JSON re-imports and replays; diagram as SVG and PNG; manifest as YAML', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/?scenario=happy-path&step=7');
  await expect(page.getByTestId('step-counter')).toHaveText(/^7 \/ \d+$/, { timeout: 30_000 });
  const total = (await page.getByTestId('step-counter').textContent())!.split('/')[1].trim();
  await page.getByTestId('share').click();
  const [trace] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
  expect(trace.suggestedFilename()).toBe('podyssey-trace.json');
  const tracePath = await trace.path();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
  expect(svg.suggestedFilename()).toBe('podyssey-diagram.svg');
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  expect(png.suggestedFilename()).toBe('podyssey-diagram.png');
  const [yaml] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-yaml').click()]);
  expect(yaml.suggestedFilename()).toBe('manifest.yaml');

  // A fresh page: import the trace, it plays without Apply.
  await page.goto('/?lang=en');
  await page.getByTestId('share').click();
  await page.getByTestId('import-trace-file').setInputFiles(tracePath);
  await expect(page.getByTestId('step-counter')).toHaveText(`1 / ${total}`);
  await page.keyboard.press('Escape');
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-counter')).toHaveText(`2 / ${total}`);
});

/** A link whose payload inflates to `size` bytes (`{"v":1,"yaml":"aaaa…`), deflated in slices so the test stays small. */
async function bombLink(size: number): Promise<string> {
  const { createDeflateRaw, constants } = await import('node:zlib');
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((r) => deflate.on('end', r));
  deflate.write('{"v":1,"yaml":"');
  const slice = Buffer.alloc(64 * 1024 * 1024, 'a');
  for (let left = size; left > 0; left -= slice.length) {
    if (!deflate.write(left >= slice.length ? slice : slice.subarray(0, left)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end('"}');
  await done;
  return `1.${Buffer.concat(out).toString('base64url')}`;
}

test.describe('a deflate bomb link', () => {
  let bomb = '';
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    bomb = await bombLink(1_400_000_000);
  });

  for (const path of ['/', '/embed.html']) {
    test(`is refused within a second of starting to inflate it (${path})`, async ({ page }) => {
      test.setTimeout(90_000);
      expect(bomb.length).toBeGreaterThan(1_500_000); // about 1.8 MB, inflating to 1.4 GB
      // Time the decoding itself, from the DecompressionStream to the message: the page's own start-up is not
      // what is measured (on a loaded 2-core machine it alone can take seconds).
      await page.addInitScript(() => {
        const w = window as unknown as { __inflateAt?: number; __refusedAt?: number };
        const Native = window.DecompressionStream;
        window.DecompressionStream = class extends Native {
          constructor(format: CompressionFormat) {
            super(format);
            w.__inflateAt ??= performance.now();
          }
        };
        new MutationObserver(() => {
          if (w.__refusedAt === undefined && document.querySelector('[data-testid="link-error"]'))
            w.__refusedAt = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${path}?lang=en#s=${bomb}`, { waitUntil: 'commit' });
      await expect(page.getByTestId('link-error')).toContainText('too large', { timeout: 60_000 });
      const ms = await page.evaluate(() => {
        const w = window as unknown as { __inflateAt: number; __refusedAt: number };
        return w.__refusedAt - w.__inflateAt;
      });
      console.log(`bomb link ${path}: refused ${Math.round(ms)} ms after inflating began`);
      // The target is 1 s (measured: 0.6 s); the margin is for a loaded 2-core machine, where the message's own
      // render waits behind the embed's start-up. Inflating the whole payload before the cap took 28 s.
      expect(ms, 'from inflating to the message (ms)').toBeLessThan(3000);
    });
  }
});

test('a link whose interventions the CLI would refuse is refused with a clear message', async ({ page }) => {
  for (const replicas of [-5, 1.5, 'abc']) {
    const s = await encodeShare({
      yaml: YAML,
      actions: [{ atStep: 3, action: { type: 'scale', kind: 'Deployment', name: 'web', replicas } }],
    });
    await page.goto(`/?lang=en&x=${String(replicas)}#s=${s}`);
    await expect(page.getByTestId('link-error')).toContainText('intervention 1 is invalid');
    // Nothing was simulated from the refused link.
    await expect(page.getByTestId('step-counter')).toHaveText('0 / 0');
  }
});
