/**
 * What a learner sees, at 1440 × 900 and 390 × 844, in English and Traditional Chinese: the verdict on the last step
 * and on the diagram, a diagnosis that stays the run's after "go to the step where it went wrong", a stopped kubelet
 * and its NotReady node on the diagram, the manifest's namespace in the panels, and the key steps as the default way
 * through a run with the full trace one toggle away. (The embed at 700 × 560 is embedFit.spec.ts; editing and focus,
 * the header and the timeline legend are learnerFlow.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { counter, expect, test } from './fixtures';

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const TEXT = {
  en: {
    stuck: 'Stuck:',
    done: 'Done: 3/3 Pods Ready',
    service: 'Service web has 3 ready endpoint(s)',
    here: 'stuck here',
  },
  'zh-TW': {
    stuck: '卡住了：',
    done: '完成：3/3 個 Pod 已就緒',
    service: 'Service web 有 3 個就緒端點',
    here: '卡在這裡',
  },
} as const;

async function open(page: Page, size: (typeof SIZES)[number], query: string) {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(`/?${query}&motion=reduced`);
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ [1-9]\d*$/, { timeout: 30_000 });
}

/** The inspector tab `id`; on a phone the inspectors share a tab strip with the editor first. */
async function inspector(page: Page, size: (typeof SIZES)[number], id: string) {
  if (size.width < 900) await page.locator('.compact-tabs .tab').nth(1).click();
  await page.locator(`#tab-${id}`).click();
}

for (const size of SIZES) {
  for (const lang of ['en', 'zh-TW'] as const) {
    const T = TEXT[lang];
    test.describe(`${size.name} ${lang}`, () => {
      test('1. a stuck run ends with "Stuck: …" and the diagram marks the scheduler; a good one says Done', async ({
        page,
      }) => {
        await open(page, size, `scenario=pending-insufficient-cpu&lang=${lang}`);
        await page.getByTestId('step-last').click();
        const verdict = page.getByTestId('verdict');
        await expect(verdict).toHaveAttribute('data-outcome', 'stuck');
        await expect(verdict).toContainText(T.stuck);
        await expect(verdict).toContainText('Insufficient cpu');
        await expect(verdict).toBeInViewport();
        const scheduler = page.locator('[data-testid="diagram"] [data-component="kube-scheduler"]');
        await expect(scheduler).toHaveAttribute('data-stuck', 'true');
        await expect(scheduler).toContainText(T.here);
        // One step back the diagram does not give the ending away.
        await page.getByTestId('step-prev').click();
        await expect(scheduler).not.toHaveAttribute('data-stuck', 'true');

        await open(page, size, `scenario=happy-path&lang=${lang}`);
        await page.getByTestId('step-last').click();
        await expect(page.getByTestId('verdict')).toHaveAttribute('data-outcome', 'done');
        await expect(page.getByTestId('verdict')).toContainText(T.done);
        await expect(page.getByTestId('verdict')).toContainText(T.service);
        await expect(page.locator('[data-testid="diagram"] [data-stuck="true"]')).toHaveCount(0);
      });

      test('2. going to the step where it went wrong keeps the run diagnosis; the step’s own is labelled', async ({
        page,
      }) => {
        await open(page, size, `scenario=image-pull-backoff&lang=${lang}`);
        await page.getByTestId('step-last').click();
        await inspector(page, size, 'stuck');
        const first = page.getByTestId('stuck-first');
        await expect(first).toHaveAttribute('data-link', 'image');
        const before = await first.textContent();
        const at = (await counter(page)).n;
        await page.getByTestId('stuck-jump').click();
        await expect.poll(async () => (await counter(page)).n).toBeLessThan(at);
        await expect(first).toHaveAttribute('data-link', 'image');
        expect(await first.textContent()).toBe(before);
        await expect(page.getByTestId('stuck-here')).toBeVisible();
      });

      test('3. a stopped kubelet is struck through and its node badged NotReady', async ({ page }) => {
        await open(page, size, `scenario=kubelet-stopped&lang=${lang}`);
        const kubelet = page.locator('[data-component="kubelet"][data-node="node-2"]');
        await expect(kubelet).not.toHaveAttribute('data-down', 'true');
        await page.getByTestId('step-last').click();
        await expect(kubelet).toHaveAttribute('data-down', 'true');
        await expect(kubelet).toContainText(lang === 'en' ? 'stopped' : '已停止');
        await expect(page.locator('[data-node-flags="node-2"]')).toContainText('NotReady');
        await expect(page.locator('[data-node-flags="node-1"]')).not.toContainText('NotReady');
        await expect(page.locator('[data-component="kubelet"][data-node="node-1"]')).not.toHaveAttribute(
          'data-down',
          'true',
        );
      });

      test('5. a manifest in namespace shop is looked at in shop: kubectl -n shop, Events in shop or -A', async ({
        page,
      }) => {
        await open(page, size, `scenario=namespace-and-init-container&lang=${lang}`);
        await page.getByTestId('step-last').click();
        await inspector(page, size, 'kubectl');
        const kubectl = page.getByTestId('kubectl');
        await expect(kubectl.locator('.terminal__cmd')).toContainText('-n shop');
        await expect(kubectl).not.toContainText('No resources found in default namespace');
        await inspector(page, size, 'events');
        const picker = page.getByTestId('events-namespace');
        await expect(picker).toHaveValue('shop');
        await expect(page.getByTestId('events')).toContainText('$ kubectl get events -n shop');
        await expect(page.getByTestId('events').locator('pre')).toContainText('Scheduled');
        await picker.selectOption('-A');
        await expect(page.getByTestId('events')).toContainText('$ kubectl get events -A');
        await expect(page.getByTestId('events').locator('pre')).toContainText('NAMESPACE');
      });

      test('6. key steps are the default way through a run; every step is one toggle away', async ({ page }) => {
        await open(page, size, `scenario=crashloop-exit-1&lang=${lang}`);
        const key = page.getByTestId('key-steps');
        await expect(key).toBeChecked();
        await expect(page.getByTestId('background-steps')).not.toBeChecked();
        const { total } = await counter(page);
        const keyCount = Number(((await page.getByTestId('key-steps-count').textContent()) ?? '').match(/\d+/)![0]);
        expect(keyCount).toBeLessThan(total / 5);
        // Stepping through every key step reaches the end in keyCount - 1 presses.
        for (let i = 1; i < keyCount; i++) await page.keyboard.press('ArrowRight');
        await expect(page.getByTestId('step-counter')).toHaveText(`${total} / ${total}`);
        await page.getByTestId('step-first').click();
        await key.setChecked(false);
        await expect(page).toHaveURL(/[?&]steps=all/);
        await page.locator('#stage').focus();
        await page.keyboard.press('ArrowRight');
        await expect(page.getByTestId('step-counter')).toHaveText(`2 / ${total}`);
      });

      test('8. the story follows the key steps, the timeline has a legend, present mode is diagram and narration', async ({
        page,
      }) => {
        await open(page, size, `scenario=crashloop-exit-1&lang=${lang}`);
        const keyCount = Number(((await page.getByTestId('key-steps-count').textContent()) ?? '').match(/\d+/)![0]);
        const legend = page.getByTestId('timeline-legend');
        await legend.locator('summary').click();
        await expect(legend.locator('li').first()).toBeVisible();
        await legend.locator('summary').click();
        await page.getByTestId('view-story').click();
        const items = page.getByTestId('story').locator('ol > li');
        await expect(items.first()).toBeVisible({ timeout: 20_000 });
        expect(await items.count()).toBe(keyCount);
        await page.getByTestId('view-diagram').click();
        await expect(page.getByTestId('diagram')).toBeVisible();

        await open(page, size, `scenario=happy-path&lang=${lang}&present=1`);
        await expect(page.locator('.app')).toHaveClass(/is-present/);
        await expect(page.getByTestId('editor')).toBeHidden();
        await expect(page.getByTestId('diagram')).toBeVisible();
        await expect(page.getByTestId('narration')).toBeVisible();
      });
    });
  }
}
