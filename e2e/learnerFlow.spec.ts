/**
 * Editing and applying, as a learner does it: an edit says the run on screen is the old text's ("manifest changed —
 * Apply"), the title stops naming the example, Apply (the notice's or Ctrl+Enter) moves the focus to the stage so
 * the arrow keys step at once, and a share link of an edited example no longer names the example.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const TEXT = {
  en: { changed: 'Manifest changed', yours: 'Your manifest' },
  'zh-TW': { changed: 'Manifest 已修改', yours: '你的 manifest' },
} as const;

/** Changes `replicas: 3` to `replicas: 2` in the editor. */
async function editReplicas(page: Page) {
  const editor = page.getByTestId('editor');
  const key = editor.locator('.view-lines span', { hasText: /^3$/ }).first();
  await expect(key).toBeVisible({ timeout: 20_000 });
  await key.dblclick();
  await page.keyboard.type('2');
  await expect(editor.locator('.view-lines')).toContainText('replicas: 2');
}

for (const size of SIZES) {
  for (const lang of ['en', 'zh-TW'] as const) {
    test(`${size.name} ${lang}: an edit marks the run stale; Apply reruns it and the arrow keys step at once`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto(`/?scenario=happy-path&lang=${lang}`);
      await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
      await expect(page.getByTestId('manifest-changed')).toHaveCount(0);
      if (size.width < 900) await page.getByRole('tab', { name: 'Manifest' }).click();
      await editReplicas(page);
      const notice = page.getByTestId('manifest-changed');
      await expect(notice).toContainText(TEXT[lang].changed);
      await expect(page.getByTestId('manifest-title')).toHaveText(TEXT[lang].yours);
      await notice.getByRole('button').click();
      await expect(notice).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/);
      await expect(page.locator('#stage')).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('step-counter')).toHaveText(/^2 \/ \d+$/);
      // The link shares the learner's manifest, not the example it started from.
      await page.getByTestId('share').click();
      const share = page.getByTestId('share-url').first();
      await expect(share).toHaveValue(/#s=/);
      expect(await share.inputValue()).not.toMatch(/[?&]scenario=/);
    });
  }
}

test('Ctrl+Enter in the editor applies and hands the keys to the stage; the share link drops the example', async ({
  page,
}) => {
  await page.goto('/?scenario=happy-path&lang=en');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  await editReplicas(page);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('manifest-changed')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('#stage')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('step-counter')).toHaveText(/^3 \/ \d+$/);
  await page.getByTestId('share').click();
  const share = page.getByTestId('share-url').first();
  await expect(share).toHaveValue(/#s=/);
  expect(await share.inputValue()).not.toMatch(/[?&]scenario=/);
});

for (const lang of ['en', 'zh-TW']) {
  for (const width of [390, 600]) {
    test(`every header action is reachable at ${width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/?lang=${lang}`);
      const header = page.locator('header.header');
      const actions = [
        page.getByTestId('theme'),
        page.getByTestId('present'),
        page.getByTestId('share'),
        page.getByTestId('embed-dialog'),
        header.locator('select.lang-select'),
        header.getByRole('button', { name: lang === 'en' ? 'Keyboard shortcuts' : '鍵盤快捷鍵' }),
      ];
      for (const a of actions) {
        const box = await a.boundingBox();
        expect(box, await a.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBeNull();
        expect(box!.width).toBeGreaterThan(20);
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      await expect(page.getByText(lang === 'en' ? 'on the left' : '左邊的 manifest')).toHaveCount(0);
    });
  }
}

for (const lang of ['en', 'zh-TW']) {
  test(`at 1440 × 900 every inspector tab is whole and in view (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/?scenario=happy-path&lang=${lang}`);
    await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
    const list = await page.getByRole('tablist').first().boundingBox();
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    expect(await tabs.count()).toBe(9);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(list!.x);
      expect(box.x + box.width).toBeLessThanOrEqual(list!.x + list!.width + 0.5);
      // Not cut: the label fits its button.
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });
}

test('zh-TW: the diagnosis, its chain rows and the end step are in Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?scenario=image-pull-backoff&lang=zh-TW&motion=reduced');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  await page.getByTestId('step-last').click();
  const narration = page.getByTestId('narration');
  await expect(narration).toContainText('模擬結束');
  await expect(narration).toContainText('結束：到達時間上限');
  await expect(narration).not.toContainText('end: horizon');
  await page.locator('#tab-stuck').click();
  const panel = page.locator('#panel-stuck');
  await expect(panel).toContainText('映像檔 nginx:1.27-alpne 拉不下來（ImagePullBackOff）');
  await expect(panel).toContainText('已建立 ReplicaSet');
  await expect(panel).toContainText('已建立 1/1 個 Pod');
  await expect(panel).toContainText(/已綁定到 node-\d/);
  for (const english of ['ReplicaSet created', 'pods created', 'Bound to', 'cannot be pulled'])
    await expect(panel).not.toContainText(english);
});

test('the Story button opens the run as a transcript and Diagram brings the stage back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?scenario=happy-path&lang=zh-TW&step=3');
  await expect(page.getByTestId('step-counter')).toHaveText(/^3 \/ \d+$/, { timeout: 30_000 });
  await page.getByTestId('view-story').click();
  await expect(page.getByTestId('view-story')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('story').locator('ol > li').first()).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('view-diagram').click();
  await expect(page.getByTestId('story')).toHaveCount(0);
  await expect(page.getByTestId('diagram')).toBeVisible();
  await expect(page.getByTestId('editor')).toBeVisible();
});

for (const lang of ['en', 'zh-TW'] as const) {
  test(`the timeline previews the step under the pointer and has a legend (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/?scenario=happy-path&lang=${lang}`);
    await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
    const track = page.getByRole('slider', { name: lang === 'en' ? 'Timeline' : '時間軸' });
    const box = (await track.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const preview = page.getByTestId('timeline-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(/^\d+ · /);
    // Hovering does not move the cursor.
    await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/);
    await page.mouse.move(box.x + box.width / 2, box.y - 200);
    await expect(preview).toHaveCount(0);
    const legend = page.getByTestId('timeline-legend');
    await legend.locator('summary').click();
    await expect(legend.locator('li').first()).toBeVisible();
    await expect(legend).toContainText(lang === 'en' ? 'a long wait' : '長時間等待');
  });
}

test('on a 390 × 844 phone the step controls stay under the thumb while the diagram scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?scenario=happy-path&lang=en');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  const next = page.getByTestId('step-next');
  const inView = async () => {
    const b = (await next.boundingBox())!;
    return b.y >= 0 && b.y + b.height <= 844;
  };
  expect(await inView()).toBe(true);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  expect(await inView()).toBe(true);
  await next.click();
  await expect(page.getByTestId('step-counter')).toHaveText(/^2 \/ \d+$/);
});
