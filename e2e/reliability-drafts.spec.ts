/**
 * Nothing typed is lost. An import over unsaved edits asks first ("Keep my edits" is the default)
 * and a replaced draft can be restored, even after a reload; a reload right after a keystroke keeps it without
 * asking; the link prompt's primary choice keeps the edits; two tabs keep both drafts; a draft the browser refuses
 * to store is said out loud.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { encodeShare } from '../src/app/share/shareCodec';
import { expect, test } from './fixtures';

const DRAFT_KEY = 'podyssey:draft:v1';
const CONFLICT_KEY = 'podyssey:draft:v1:conflict';

let tracePath = '';
test.beforeAll(() => {
  const run = JSON.parse(
    execFileSync('node_modules/.bin/tsx', ['cli/simulate.ts', '--scenario', 'happy-path', '--format', 'json'], {
      encoding: 'utf8',
      maxBuffer: 64e6,
    }),
  ) as object;
  tracePath = join(tmpdir(), `podyssey-drafts-${process.pid}.json`);
  writeFileSync(
    tracePath,
    JSON.stringify({ format: 'podyssey-trace', version: 1, ...run, yaml: '# imported trace\n' }),
  );
});

/** Types `text` at the start of the manifest in Monaco. */
async function typeAtStart(page: Page, text: string): Promise<void> {
  // A page in the background gets no animation frames, so Monaco would not draw what was typed.
  await page.bringToFront();
  const lines = page.getByTestId('editor').locator('.view-lines');
  await expect(lines).toBeVisible({ timeout: 20_000 });
  await lines.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(text);
  await expect(lines).toContainText(text.trim());
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('an import over unsaved edits asks first, keeps them by default, and a replaced draft comes back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/?lang=en');
  await typeAtStart(page, '# my own edit\n');
  const editor = page.getByTestId('editor').locator('.view-lines');

  await page.getByTestId('share').click();
  await page.getByTestId('import-trace-file').setInputFiles(tracePath);
  const ask = page.getByRole('dialog', { name: 'Replace your edits?' });
  await expect(ask).toBeVisible();
  await expect(page.getByTestId('replace-keep')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(editor).toContainText('# my own edit');
  await expect.poll(() => stored(page, DRAFT_KEY)).toContain('# my own edit');

  await page.getByTestId('import-trace-file').setInputFiles(tracePath);
  await page.getByTestId('replace-confirm').click();
  await expect(page.getByTestId('import-result')).toContainText('Replaying an imported trace');
  await page.keyboard.press('Escape');
  await expect(editor).toContainText('# imported trace');
  await expect(page.getByTestId('draft-replaced')).toContainText('Your edits were replaced.');

  // The previous draft survives a reload, and restoring it is one click in the editor's toolbar.
  await expect.poll(() => stored(page, DRAFT_KEY)).toContain('# imported trace');
  await page.reload();
  await page.getByTestId('restore-draft').click();
  await expect(editor).toContainText('# my own edit');
  // Restoring swaps: the imported manifest is the previous draft now, so the undo can be undone.
  await expect(page.getByTestId('restore-draft')).toBeVisible();
});

test('an example from the gallery asks before replacing unsaved edits; the undo notice restores them', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/?lang=en');
  await typeAtStart(page, '# gallery edit\n');
  await page
    .getByRole('button', { name: /examples|gallery/i })
    .first()
    .click();
  await page
    .getByRole('button', { name: /^Load: / })
    .nth(1)
    .click();
  await page.getByTestId('replace-confirm').click();
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  await expect(page.getByTestId('editor').locator('.view-lines')).not.toContainText('# gallery edit');
  await page.getByTestId('draft-undo').click();
  await expect(page.getByTestId('editor').locator('.view-lines')).toContainText('# gallery edit');
});

test('a reload right after a keystroke keeps the edit without asking; the link prompt keeps edits by default', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/?lang=en&scenario=happy-path');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 30_000 });
  await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('1');
  await typeAtStart(page, '# typed just now\n');
  // Within the address bar's 250 ms: it still links to the unedited example.
  await page.reload();
  await expect(page.getByTestId('editor')).toContainText('# typed just now', { timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const link = await encodeShare({ yaml: 'kind: Pod # from a link\n' });
  await page.goto(`/?lang=en#s=${link}`);
  await expect(page.getByRole('dialog')).toContainText('unsaved');
  await expect(page.getByTestId('link-keep')).toBeFocused();
  await expect(page.getByTestId('link-keep')).toHaveClass(/btn--primary/);
  await page.getByTestId('link-open').click();
  await expect(page.getByTestId('editor')).toContainText('from a link');
  await page.getByTestId('draft-undo').click();
  await expect(page.getByTestId('editor')).toContainText('# typed just now');
});

test('two tabs editing keep both drafts, and one can load the other’s', async ({ page }) => {
  test.setTimeout(90_000);
  const second = await page.context().newPage();
  await page.goto('/?lang=en');
  await second.goto('/?lang=en');
  await typeAtStart(page, '# tab one\n');
  await expect.poll(() => stored(page, DRAFT_KEY)).toContain('# tab one');
  await typeAtStart(second, '# tab two\n');
  // The second tab's save finds the first tab's draft in place: it keeps its own beside it and says so.
  await expect(second.getByTestId('draft-conflict')).toContainText('also edited in another tab');
  expect(await stored(page, DRAFT_KEY)).toContain('# tab one');
  await expect.poll(() => stored(page, CONFLICT_KEY)).toContain('# tab two');

  // Keeping this tab's draft hands DRAFT_KEY to it; the first tab, with edits of its own, is told in turn.
  await second.getByTestId('draft-conflict-keep').click();
  await expect.poll(() => stored(page, DRAFT_KEY)).toContain('# tab two');
  await expect(page.getByTestId('draft-conflict')).toBeVisible();
  await expect.poll(() => stored(page, CONFLICT_KEY)).toContain('# tab one');
  await page.getByTestId('draft-conflict-load').click();
  await expect(page.getByTestId('editor').locator('.view-lines')).toContainText('# tab two');
  await expect(page.getByTestId('restore-draft')).toBeVisible();
});

test('a draft the browser refuses to store is said out loud', async ({ page }) => {
  await page.addInitScript(() => {
    const native = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'podyssey:draft:v1') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      native.call(this, key, value);
    };
  });
  await page.goto('/?lang=en');
  await typeAtStart(page, '# a long manifest\n');
  await expect(page.getByRole('status').filter({ hasText: 'could not be saved' })).toHaveText(
    /^Your draft could not be saved in this browser \(too large: \d+\.\d MB\)\./,
  );
});
