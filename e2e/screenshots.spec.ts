import { copyFileSync, mkdirSync } from 'node:fs';
import { applyAndWait, expect, test } from './fixtures';

/** Screenshots for review and for the README (docs/screenshot.png), at the sizes the layout is designed for. */
test.describe('screenshots', () => {
  test('desktop 1440×900 mid-journey', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?motion=reduced');
    await page.getByRole('button', { name: 'Got it' }).click();
    await applyAndWait(page);
    for (let i = 0; i < 238; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('step-counter')).toHaveText(/^239 \//);
    await page.getByRole('tab', { name: 'Objects' }).click();
    const file = test.info().outputPath('desktop-1440.png');
    await page.screenshot({ path: file });
    mkdirSync('docs', { recursive: true });
    copyFileSync(file, 'docs/screenshot.png');
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
