import { copyFileSync, mkdirSync } from 'node:fs';
import { applyAndWait, counter, expect, test } from './fixtures';

/**
 * Screenshots for review, at the sizes the layout is designed for; `UPDATE_SCREENSHOT=1` also refreshes the README's
 * docs/screenshot.png.
 */
test.describe('screenshots', () => {
  test('desktop 1440×900 mid-journey', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?motion=reduced&steps=all');
    await page.getByRole('button', { name: 'Got it' }).click();
    await applyAndWait(page);
    // Background steps are hidden: press until step 239 (a foreground step, the README's picture).
    for (let i = 0; i < 300 && (await counter(page)).n < 239; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('step-counter')).toHaveText(/^239 \//);
    await page.getByRole('tab', { name: 'Objects' }).click();
    const file = test.info().outputPath('desktop-1440.png');
    await page.screenshot({ path: file });
    // The README's picture is refreshed on request only, so a test run leaves the checkout as it found it.
    if (process.env.UPDATE_SCREENSHOT === '1') {
      mkdirSync('docs', { recursive: true });
      copyFileSync(file, 'docs/screenshot.png');
    }
  });

  test('1280×720 first visit', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath('first-visit-1280.png') });
  });

  test('compact 480 px', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto('/?motion=reduced');
    await applyAndWait(page);
    for (let i = 0; i < 70; i++) await page.getByTestId('step-next').click();
    await page.screenshot({ path: test.info().outputPath('compact-480.png'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/**
 * The workload controllers as a learner sees them: kube-controller-manager drawn with all its parts, at
 * the sizes the layout is designed for, in both languages, and embedded. The page must not scroll sideways and the
 * Job's own part must be on the diagram.
 */
test.describe('workload controllers on the diagram', () => {
  const sizes = [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ];
  for (const lang of ['en', 'zh-TW']) {
    for (const size of sizes) {
      test(`job-completes, ${size.width}×${size.height}, ${lang}`, async ({ page }) => {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.goto(`/?scenario=job-completes&motion=reduced&lang=${lang}`);
        await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 30_000 });
        await page.getByTestId('step-last').click();
        await page.screenshot({ path: test.info().outputPath(`job-${size.name}-${lang}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }

  test('statefulset in the embed at 700×560', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 560 });
    await page.goto('/embed.html?scenario=statefulset-ordered-start&motion=reduced');
    await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 30_000 });
    await page.getByTestId('step-last').click();
    await page.screenshot({ path: test.info().outputPath('sts-embed-700.png') });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
