/**
 * A large run (100 replicas and a Service on 10 nodes, ~6,000 steps): repeated messages — one EndpointSlice change
 * sent to the kube-proxy of every node — are stepped over as one stop by default, the narration says how many
 * and on how many nodes, and "Show each" steps through them one by one.
 */
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import { counter, expect, test } from './fixtures';

const yaml = NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replicas: 100').replace('cpu: 100m', 'cpu: 10m');

test('groups repeated messages in a large run and expands them on request', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(
    (draft) => {
      localStorage.setItem('podyssey:draft:v1', draft);
      localStorage.setItem('podyssey:intro-dismissed', '1');
    },
    JSON.stringify({ yaml, scenarioId: null }),
  );
  await page.goto('/?nodes=10&step=1');
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d{4,}$/, { timeout: 60_000 });
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
