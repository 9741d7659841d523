/**
 * Interventions fork the run at the current step (docs/CONTRACTS.md §1); the fork point shows on the timeline
 * and the original branch is one click away.
 */
import type { Page } from '@playwright/test';
import { expect, inspectorsSettled, test } from './fixtures';

async function counter(page: Page): Promise<{ n: number; total: number }> {
  const [n, total] = ((await page.getByTestId('step-counter').textContent()) ?? '')
    .split('/')
    .map((x) => Number(x.trim()));
  return { n, total };
}

async function load(page: Page, id: string, step?: number): Promise<void> {
  await page.goto(`/?scenario=${id}&motion=reduced${step ? `&step=${step}` : ''}`);
  await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 30_000 });
}

/** `kubectl get pods` at the current step: once the inspectors have caught up with the cursor (DeferredCurrent). */
async function getPods(page: Page): Promise<string> {
  await inspectorsSettled(page);
  await page.locator('#tab-kubectl').click();
  const input = page.getByTestId('kubectl').locator('input');
  await input.fill('kubectl get pods');
  await input.press('Enter');
  return (await page.getByTestId('kubectl').locator('pre').last().textContent()) ?? '';
}

test.describe('interventions', () => {
  test('delete a Pod at the end: the ReplicaSet replaces it; back to the original branch', async ({ page }) => {
    test.setTimeout(60_000);
    await load(page, 'happy-path');
    await page.getByTestId('step-last').click();
    const original = await counter(page);
    const before = await getPods(page);
    expect(before.match(/Running/g)).toHaveLength(3);

    await page.locator('#tab-intervene').click();
    const victim = await page.getByTestId('intervene-pod').inputValue();
    expect(victim).toMatch(/^web-/);
    await page.getByTestId('intervene-delete-pod').click();
    await expect(page.getByTestId('branches')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('fork-mark')).toBeAttached();
    await expect(page.getByTestId('narration')).toContainText(`kubectl delete pod ${victim}`);

    await page.getByTestId('step-last').click();
    const forked = await counter(page);
    expect(forked.total).toBeGreaterThan(original.total);
    const after = await getPods(page);
    expect(after).not.toContain(victim);
    expect(after.match(/Running/g)).toHaveLength(3);
    await page.screenshot({ path: test.info().outputPath('fork-delete-pod.png') });

    // Back to the original branch: instant, same trace as before.
    await page.getByTestId('branch-original').first().click();
    await page.getByTestId('step-last').click();
    expect((await counter(page)).total).toBe(original.total);
    expect(await getPods(page)).toContain(victim);
    await expect(page.getByTestId('fork-mark')).toHaveCount(0);
  });

  test('exec into a Pod at the end: the request is drawn to the kubelet and the runtime; the panel runs it too', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await load(page, 'happy-path');
    await page.getByTestId('step-last').click();
    await page.locator('#tab-intervene').click();
    const pod = await page.getByTestId('intervene-pod').inputValue();
    await page.getByTestId('intervene-exec-command').fill('cat /etc/hostname');
    await page.getByTestId('intervene-exec').click();
    await expect(page.getByTestId('branches')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('narration')).toContainText(`kubectl exec ${pod} -- cat /etc/hostname`);

    await inspectorsSettled(page);
    await page.locator('#tab-kubectl').click();
    const input = page.getByTestId('kubectl').locator('input');
    await input.fill(`kubectl exec ${pod} -- hostname`);
    await input.press('Enter');
    await expect(page.getByTestId('kubectl').locator('pre').last()).toHaveText(pod);
  });

  test('drain node-1 at the end: cordoned, its Pod evicted and replaced elsewhere', async ({ page }) => {
    test.setTimeout(60_000);
    await load(page, 'happy-path');
    await page.getByTestId('step-last').click();
    await page.locator('#tab-intervene').click();
    await page.getByTestId('intervene-node').selectOption('node-1');
    await page.getByTestId('intervene-drain').click();
    await expect(page.getByTestId('branches')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('narration')).toContainText('kubectl drain node-1 --ignore-daemonsets');

    await page.getByTestId('step-last').click();
    const pods = await getPods(page);
    expect(pods.match(/Running/g)).toHaveLength(3);
    const input = page.getByTestId('kubectl').locator('input');
    await input.fill('kubectl get nodes');
    await input.press('Enter');
    await expect(page.getByTestId('kubectl').locator('pre').last()).toContainText(/node-1\s+Ready,SchedulingDisabled/);
  });

  test('stop the kubelet on node-2 mid-run: node-2 goes NotReady in the nodes panel', async ({ page }) => {
    test.setTimeout(60_000);
    await load(page, 'happy-path', 200);
    await page.locator('#tab-intervene').click();
    await page.getByTestId('intervene-component').selectOption('kubelet@node-2');
    await page.screenshot({ path: test.info().outputPath('intervene-panel.png') });
    await page.getByTestId('intervene-stop').click();
    await expect(page.getByTestId('branches')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('narration')).toContainText(/kubelet/);
    expect((await counter(page)).n).toBe(201);

    await page.getByTestId('step-last').click();
    await page.locator('#tab-nodes').click();
    const node2 = page.getByTestId('nodes').locator('article[data-node="node-2"]');
    await expect(node2).toContainText('NotReady');
    await expect(node2).toHaveClass(/is-notready/);
    await expect(page.getByTestId('nodes').locator('article[data-node="node-1"]')).toHaveAttribute(
      'data-ready',
      'True',
    );
    await page.locator('#tab-stuck').click();
    await expect(page.getByTestId('stuck-first')).toHaveAttribute('data-link', 'node');
    await page.screenshot({ path: test.info().outputPath('fork-kubelet-stopped.png') });

    // A fork of the fork, then back to the first fork and to the original.
    await page.locator('#tab-intervene').click();
    await page.getByTestId('intervene-component').selectOption('kubelet@node-2');
    await page.getByTestId('intervene-start').click();
    await expect(page.getByTestId('branches').locator('button')).toHaveCount(3, { timeout: 20_000 });
    await page.getByTestId('branch-original').click();
    await page.getByTestId('step-last').click();
    await page.locator('#tab-nodes').click();
    await expect(page.getByTestId('nodes').locator('article[data-node="node-2"]')).toHaveAttribute(
      'data-ready',
      'True',
    );
  });

  test('keyboard: i opens the interventions panel, b and Shift+B switch branches', async ({ page }) => {
    test.setTimeout(60_000);
    await load(page, 'happy-path', 200);
    const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await blur();
    await page.keyboard.press('i');
    await expect(page.locator('#tab-intervene')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('#tab-intervene')).toBeFocused();
    await expect(page.getByTestId('interventions')).toBeVisible();

    // With only the original run, b has nowhere to go.
    await blur();
    await page.keyboard.press('b');
    await expect(page.getByTestId('branches')).toHaveCount(0);

    await page.getByTestId('intervene-delete-pod').click();
    await expect(page.getByTestId('branches')).toBeVisible({ timeout: 20_000 });
    const original = page.getByTestId('branch-original');
    const fork = page.getByTestId('branches').locator('button').nth(1);
    await expect(fork).toHaveAttribute('aria-pressed', 'true');
    await blur();
    await page.keyboard.press('b');
    await expect(original).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('b');
    await expect(fork).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Shift+B');
    await expect(original).toHaveAttribute('aria-pressed', 'true');

    // Not while typing: b in the kubectl prompt is a letter, not a branch switch.
    await page.locator('#tab-kubectl').click();
    await page.getByTestId('kubectl').locator('input').fill('');
    await page.getByTestId('kubectl').locator('input').press('b');
    await expect(original).toHaveAttribute('aria-pressed', 'true');

    await blur();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog')).toContainText('Open the Intervene panel');
    await expect(page.getByRole('dialog')).toContainText('Back to the original run');
  });
});
