/**
 * The embed in the box its own dialog suggests (700 × 560) on a course page from another origin: the diagram, the
 * narration and the step controls are all inside the box, and the mouse wheel over the diagram scrolls the course
 * page instead of zooming the diagram (zoom stays on Ctrl+wheel, pinch and the buttons).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const HOST = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Lesson</title></head>
<body style="margin:0"><h1 style="height:200px;margin:0">Lesson</h1>
<iframe id="pod" title="Podyssey" width="700" height="560" style="border:0;display:block"></iframe>
<p style="height:1600px">More of the lesson…</p>
<script>document.getElementById('pod').src = new URLSearchParams(location.search).get('src');</script>
</body></html>`;

let host: Server;
let hostOrigin = '';
test.beforeAll(async () => {
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(HOST));
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => host.close(() => r())));

async function openLesson(page: Page, baseURL: string, lang: string): Promise<FrameLocator> {
  await page.setViewportSize({ width: 1000, height: 900 });
  const src = `${baseURL}/embed.html?scenario=happy-path&lang=${lang}`;
  await page.goto(`${hostOrigin}/lesson.html?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator('#pod');
  await expect(frame.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  return frame;
}

/** The box of a test id inside the iframe, relative to the iframe. */
async function boxIn(frame: FrameLocator, testId: string) {
  return frame.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}

for (const lang of ['en', 'zh-TW']) {
  test(`at 700 × 560 (${lang}) the diagram, narration and step controls are all in view`, async ({
    page,
    baseURL,
    errors,
  }) => {
    const frame = await openLesson(page, baseURL!, lang);
    const scrollHeight = await frame.locator('html').evaluate((el) => el.scrollHeight);
    expect(scrollHeight).toBeLessThanOrEqual(560);
    for (const id of ['diagram', 'narration', 'step-prev', 'play', 'step-next', 'step-counter']) {
      const b = await boxIn(frame, id);
      expect(b.top, `${id} top`).toBeGreaterThanOrEqual(0);
      expect(b.bottom, `${id} bottom`).toBeLessThanOrEqual(560);
      expect(b.right, `${id} right`).toBeLessThanOrEqual(700);
    }
    // The diagram keeps a useful share of the box, not a sliver.
    const d = await boxIn(frame, 'diagram');
    expect(d.bottom - d.top).toBeGreaterThan(240);
    // The scenario's lesson, in the embed's language, on one line in the bar.
    const lesson = frame.getByTestId('embed-lesson');
    await expect(lesson).toContainText(
      lang === 'en' ? 'nginx Deployment (3 replicas)' : 'nginx Deployment（3 個副本）',
    );
    expect((await boxIn(frame, 'embed-lesson')).bottom).toBeLessThanOrEqual(40);
    await frame.getByTestId('step-next').click();
    await expect(frame.getByTestId('step-counter')).toHaveText(/^2 \/ \d+$/);
    expect(errors).toEqual([]);
  });
}

test('the wheel over the embedded diagram scrolls the course page and leaves the zoom alone', async ({
  page,
  baseURL,
}) => {
  const frame = await openLesson(page, baseURL!, 'en');
  const viewport = frame.locator('.react-flow__viewport');
  const before = await viewport.evaluate((el) => getComputedStyle(el).transform);
  const iframe = await page.locator('#pod').boundingBox();
  await page.mouse.move(iframe!.x + 350, iframe!.y + 150);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(await viewport.evaluate((el) => getComputedStyle(el).transform)).toBe(before);
});

test('the embed dialog offers the auto-sizing helper by default and no start step unless one is chosen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?scenario=happy-path&step=40');
  await page.getByTestId('embed-dialog').click();
  const snippet = page.getByTestId('embed-snippet');
  await expect(snippet).toHaveValue(/data-podyssey/);
  await expect(snippet).toHaveValue(/<script src="[^"]*\/podyssey-embed\.js"><\/script>/);
  expect(await snippet.inputValue()).not.toMatch(/[?&;]step=/);
  await page.getByTestId('embed-step').fill('12');
  await expect(snippet).toHaveValue(/[?&;]step=12/);
});

test('the embed ends with the verdict, and offers no button for the inspectors it does not have', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1000, height: 900 });
  const src = `${baseURL}/embed.html?scenario=image-pull-backoff&lang=en`;
  await page.goto(`${hostOrigin}/lesson.html?src=${encodeURIComponent(src)}`);
  const frame = page.frameLocator('#pod');
  await expect(frame.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  await frame.getByTestId('step-last').click();
  const verdict = frame.getByTestId('end-verdict');
  await expect(verdict).toContainText('Image');
  await expect(verdict).toContainText('$ kubectl describe pod');
  await expect(verdict.getByRole('button')).toHaveCount(0);
  const b = await verdict.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(b).toBeLessThanOrEqual(560);
});
