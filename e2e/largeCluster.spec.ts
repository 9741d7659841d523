import type { Page } from '@playwright/test';
import { deployment } from '../src/scenarios/manifests';
import { expect, test } from './fixtures';

/**
 * 1,000 replicas on 100 nodes: the diagram switches to one tile per node (diagramLayoutTiles.ts). No Service and
 * 10m requests keep the simulation to a few seconds; the manifest is preloaded as the autosaved draft, as the
 * browser bench does, and `step=1` applies it on load.
 */
const YAML = deployment({
  replicas: 1000,
  extraContainer: '          resources:\n            requests:\n              cpu: 10m\n',
});

async function openLarge(page: Page, query = '') {
  await page.addInitScript(
    (draft) => {
      localStorage.setItem('podyssey:draft:v1', draft);
      localStorage.setItem('podyssey:intro-dismissed', '1');
    },
    JSON.stringify({ yaml: YAML, scenarioId: null }),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/?nodes=100&step=1&motion=reduced${query}`);
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 120_000 });
}

/** From the end of the run, back to the last step that involves a kubelet; returns that mark's node. */
async function lastKubeletStep(page: Page): Promise<string> {
  await page.getByTestId('step-last').click();
  const active = page.locator('[data-testid="diagram"] [data-component="kubelet"][data-active="true"]');
  for (let i = 0; i < 50 && (await active.count()) === 0; i++) await page.getByTestId('step-prev').click();
  await expect(active).toHaveCount(1);
  return (await active.getAttribute('data-node'))!;
}

test.describe('large cluster', () => {
  test.setTimeout(240_000);

  test('100 nodes are tiles; a kubelet message lights its tile and travels on its link', async ({ page }) => {
    await openLarge(page);
    const diagram = page.getByTestId('diagram');
    await expect(diagram.locator('[data-tile]')).toHaveCount(101);
    // No lanes, and no permanent link per node: only the control plane's links and the trunk to the grid.
    await expect(diagram.locator('[data-pods-node]')).toHaveCount(0);
    expect(await diagram.locator('.react-flow__edge').count()).toBeLessThan(8);

    const node = await lastKubeletStep(page);
    const tile = diagram.locator(`[data-tile="${node}"]`);
    await expect(tile).toHaveClass(/is-active/);
    await expect(tile.locator('[data-component="kubelet"]')).toHaveAttribute('data-active', 'true');
    await expect(tile.locator('[data-component="container-runtime"]')).toHaveAttribute('data-active', 'false');
    await expect(tile).toContainText(/\d+ Pods · \d+ Ready/);
    await expect(diagram.locator(`[data-testid="rf__edge-kube-apiserver--tile:${node}"]`)).toHaveCount(1);
    await expect(diagram.locator('[data-tile].is-active')).toHaveCount(1);
    await page.screenshot({ path: '/tmp/largeCluster-light.png' });
    await diagram.locator('[data-testid="rf__node-frame:nodes"]').screenshot({ path: '/tmp/largeCluster-grid.png' });

    // One Tab stop for the whole grid; arrow keys move between tiles (10 per row) without stepping the run.
    const focused = () =>
      page.evaluate(() => document.activeElement?.closest('[data-tile]')?.getAttribute('data-tile'));
    const counter = await page.getByTestId('step-counter').textContent();
    await expect(diagram.locator('.tile__button[tabindex="0"]')).toHaveCount(1);
    await diagram.locator('.tile__button[tabindex="0"]').focus();
    expect(await focused()).toBe('control-plane');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('node-1');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('node-11');
    await page.keyboard.press('End');
    expect(await focused()).toBe('node-100');
    await expect(diagram.locator('.tile__button[tabindex="0"]')).toHaveCount(1);
    await expect(page.getByTestId('step-counter')).toHaveText(counter!);

    // The tile is a button that opens its Node in the Objects inspector.
    await tile.getByRole('button', { name: new RegExp(`^Node ${node}: .*Show it in Objects$`) }).click();
    await expect(page.getByRole('tab', { name: 'Objects' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.objects__title')).toContainText(`Node/${node}`);
  });

  test('a message inside one node pulses its tile with the message as a note (dark, zh-TW)', async ({ page }) => {
    await openLarge(page, '&theme=dark&lang=zh-TW');
    const diagram = page.getByTestId('diagram');
    const note = diagram.locator('.tile__note');
    // Early in the run the first Pods start: kubelet → runtime (RunPodSandbox) is the first node-internal message.
    for (let i = 0; i < 400 && (await note.count()) === 0; i++) await page.getByTestId('step-next').click();
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(/→/);
    const tile = diagram.locator('[data-tile].is-active');
    await expect(tile).toHaveCount(1);
    await expect(tile.locator('[data-active="true"]')).toHaveCount(2);
    await expect(diagram.locator('[data-testid^="rf__edge-kube-apiserver--tile:"]')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/largeCluster-dark-note.png' });
    await expect(tile).toContainText(/\d+ 個 Pod · \d+ 個就緒/);
    await page.getByTestId('step-last').click();
    await page.screenshot({ path: '/tmp/largeCluster-dark-end.png' });
  });
});
