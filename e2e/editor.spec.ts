import { autosaved, expect, test } from './fixtures';

test.describe('the manifest editor', () => {
  test('Monaco loads lazily with the default scenario and the diagram is there first', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('diagram')).toBeVisible();
    const editor = page.getByTestId('editor');
    await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
    await expect(editor.locator('.view-lines')).toContainText('kind: Deployment');
  });

  test('an invalid field shows a marker with the apiserver text on its line, and the draft survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    const editor = page.getByTestId('editor');
    const key = editor.locator('.view-lines span', { hasText: /^replicas$/ }).first();
    await expect(key).toBeVisible({ timeout: 20_000 });
    await key.dblclick();
    await page.keyboard.type('replica');
    await expect(editor.locator('.view-lines')).toContainText('replica: 3');
    await page.keyboard.press('Control+Enter');
    const problems = page.getByTestId('problems');
    await expect(problems).toContainText('strict decoding error: unknown field "spec.replica"', { timeout: 20_000 });
    await expect(problems.locator('.problem__line').first()).toHaveText('8');
    await expect(editor.locator('.squiggly-error').first()).toBeAttached();
    await expect(page.locator('.apply-output')).toContainText('Error from server (BadRequest)');
    await expect(page.locator('.apply-output')).toContainText('service/web created');
    await page.screenshot({ path: test.info().outputPath('invalid-field.png') });

    await autosaved(page, 'replica: 3');
    await page.reload();
    await expect(editor.locator('.view-lines')).toContainText('replica: 3', { timeout: 20_000 });
  });

  test('a YAML syntax error is reported by kubectl with its line', async ({ page }) => {
    await page.goto('/');
    const editor = page.getByTestId('editor');
    const key = editor.locator('.view-lines span', { hasText: /^replicas$/ }).first();
    await expect(key).toBeVisible({ timeout: 20_000 });
    await key.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' : :');
    await page.getByTestId('apply').click();
    await expect(page.locator('.apply-output')).toContainText('error: error parsing manifest.yaml', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('problems')).toContainText('line');
    await expect(page.getByTestId('narration')).toContainText('nothing was sent');
  });

  test('the example gallery lists every scenario and loads one', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Examples' }).click();
    const dialog = page.getByRole('dialog', { name: 'Example scenarios' });
    await expect(dialog).toBeVisible();
    expect(await dialog.locator('.gallery__card').count()).toBeGreaterThan(20);
    await dialog
      .getByRole('button', { name: /Load: Pending: a request larger than any node/ })
      .first()
      .click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 20_000 });
    await page.getByTestId('step-last').click();
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByTestId('events')).toContainText('FailedScheduling');
  });

  test('a share link opens a scenario at a step', async ({ page }) => {
    await page.goto('/?scenario=happy-path&step=12&motion=reduced&unknown=1');
    await expect(page.getByTestId('step-counter')).toHaveText(/^12 \/ \d+$/, { timeout: 20_000 });
    await expect(page.locator('.message-dot')).toHaveCount(0);
  });
});

test('the editor knows every kind the apiserver serves: only a misspelt kind is flagged', async ({ page }) => {
  const yaml = `apiVersion: node.k8s.io/v1
kind: RuntimeClas
metadata:
  name: typo
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
---
apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: web
`;
  await page.setViewportSize({ width: 1440, height: 1100 });
  // As a draft, not a link: nothing is applied, so every squiggle is the editor's schema speaking.
  await page.addInitScript((text) => {
    localStorage.setItem('podyssey:draft:v1', JSON.stringify({ yaml: text, scenarioId: null }));
  }, yaml);
  await page.goto('/?lang=en');
  const editor = page.getByTestId('editor');
  await expect(editor.locator('.view-lines')).toContainText('kind: RuntimeClas', { timeout: 20_000 });
  const squiggles = editor.locator('.squiggly-error, .squiggly-warning');
  // The misspelt kind is flagged (so the worker has validated the text), and nothing else is.
  await expect(squiggles.first()).toBeAttached({ timeout: 20_000 });
  const typoTop = await editor
    .locator('.view-line', { hasText: /^kind:\s+RuntimeClas$/ })
    .evaluate((el) => (el as HTMLElement).style.top);
  const tops = await squiggles.evaluateAll((els) => els.map((e) => (e.parentElement as HTMLElement).style.top));
  expect(new Set(tops)).toEqual(new Set([typoTop]));
});

test('the metrics-server cluster option: off as on kind, on from the checkbox or the link, and kubectl top answers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/?motion=reduced');
  const box = page.getByTestId('metrics-server');
  await expect(box).not.toBeChecked();
  await page.goto('/?scenario=happy-path&motion=reduced&step=1&metrics-server=1');
  await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 30_000 });
  await expect(box).toBeChecked();
  await page.getByTestId('step-last').click();
  await page.locator('#tab-kubectl').click();
  const input = page.getByTestId('kubectl').locator('input');
  await input.fill('kubectl top nodes');
  await input.press('Enter');
  await expect(page.getByTestId('kubectl').locator('pre').last()).toContainText(/NAME\s+CPU\(cores\)\s+CPU\(%\)/);
  await box.uncheck();
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 30_000 });
  await page.getByTestId('step-last').click();
  await input.fill('kubectl top nodes');
  await input.press('Enter');
  await expect(page.getByTestId('kubectl').locator('pre').last()).toHaveText('error: Metrics API not available');
});
