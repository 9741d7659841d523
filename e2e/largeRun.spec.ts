/**
 * A large run (100 replicas and a Service on 10 nodes, ~6,000 steps): repeated messages — one EndpointSlice change
 * sent to the kube-proxy of every node — are stepped over as one stop by default, the narration says how many
 * and on how many nodes, and "Show each" steps through them one by one.
 */
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import type { Page } from '@playwright/test';
import { counter, expect, test } from './fixtures';

const yaml = NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replicas: 100').replace('cpu: 100m', 'cpu: 10m');

/** The 100-replica run as the learner's draft on 10 nodes, simulated and on its first step. */
async function openLargeRun(page: Page) {
  await page.addInitScript(
    (draft) => {
      localStorage.setItem('podyssey:draft:v1', draft);
      localStorage.setItem('podyssey:intro-dismissed', '1');
    },
    JSON.stringify({ yaml, scenarioId: null }),
  );
  await page.goto('/?nodes=10&step=1&steps=all');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d{4,}$/, { timeout: 60_000 });
}

test('groups repeated messages in a large run and expands them on request', async ({ page }) => {
  test.setTimeout(120_000);
  await openLargeRun(page);
  await expect(page.getByTestId('group-repeats')).toBeChecked();

  // The last EndpointSlice changes reach the kube-proxy of all ten nodes in a row: find one, from the end.
  await page.getByTestId('step-last').click();
  const note = page.getByTestId('message-group');
  const onAllNodes = async () => (await note.isVisible()) && ((await note.textContent()) ?? '').includes(' 10 nodes');
  for (let i = 0; i < 300 && !(await onAllNodes()); i++) await page.keyboard.press('ArrowLeft');
  const text = (await note.textContent()) ?? '';
  const [, count, first, last] = /×(\d+).* 10 nodes \(steps (\d+)–(\d+)\)/.exec(text)!.map(Number);
  // The stop is the group's last step, and the step before it is the one before the group.
  expect(last - first + 1).toBe(count);
  expect((await counter(page)).n).toBe(last);
  await page.keyboard.press('ArrowLeft');
  expect((await counter(page)).n).toBeLessThan(first);
  await page.keyboard.press('ArrowRight');
  expect((await counter(page)).n).toBe(last);

  await note.getByRole('button', { name: 'Show each' }).click();
  await expect(page.getByTestId('group-repeats')).not.toBeChecked();
  expect((await counter(page)).n).toBe(first);
  await page.getByTestId('step-next').click();
  expect((await counter(page)).n).toBe(first + 1);
});

test('the summary folds the run into one line per message, and a line goes to its steps', async ({ page }) => {
  test.setTimeout(120_000);
  await openLargeRun(page);
  const total = (await counter(page)).total;
  await page.getByRole('tab', { name: 'Summary' }).click();
  const summary = page.getByTestId('summary');
  const lines = summary.locator('.summary__line');
  // Thousands of steps, a few dozen lines; the first step's line is the current one.
  expect(await lines.count()).toBeLessThan(100);
  await expect(lines.first()).toHaveAttribute('aria-current', 'step');

  const creates = summary.locator('.summary__line[data-key="replicaset.createPod"]');
  await expect(creates).toHaveAttribute('data-count', '100');
  await expect(creates).toContainText('The replicaset controller created 100 Pods');
  const starts = summary.locator('.summary__line[data-key="kubelet.startContainer"]');
  await expect(starts).toContainText('Kubelets started 100 containers');
  await expect(starts).toContainText('on 10 nodes');

  await creates.getByRole('button', { expanded: false }).click();
  const third = creates.locator('.summary__occurrences button').nth(2);
  const stepNo = Number(/^#([\d,]+)/.exec((await third.textContent()) ?? '')![1].replace(/,/g, ''));
  await third.click();
  await expect.poll(async () => (await counter(page)).n).toBe(stepNo);
  await expect(creates).toHaveAttribute('aria-current', 'step');
  await creates.getByRole('button', { name: 'Next after this step' }).click();
  await expect.poll(async () => (await counter(page)).n).toBeGreaterThan(stepNo);
  await creates.getByRole('button', { name: 'Last' }).click();
  await expect.poll(async () => (await counter(page)).n).toBeGreaterThan(stepNo + 100);
  const last = (await counter(page)).n;
  expect(last).toBeLessThan(total);
  await expect(creates.getByRole('button', { name: 'Next after this step' })).toBeDisabled();
});
