/**
 * Shared Playwright fixtures: every test fails on a console error or an uncaught page error, and gets a small
 * driver for the app's playback controls.
 */
import { expect, test as base, type Page } from '@playwright/test';

export const test = base.extend<{ errors: string[] }>({
  errors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await provide(errors);
    expect(errors, 'console errors during the test').toEqual([]);
  },
});

export { expect };

/** `N / M` from the step counter. */
export async function counter(page: Page): Promise<{ n: number; total: number }> {
  const text = (await page.getByTestId('step-counter').textContent()) ?? '';
  const [n, total] = text.split('/').map((s) => Number(s.trim()));
  return { n, total };
}

export async function applyAndWait(page: Page): Promise<number> {
  await page.getByTestId('apply').click();
  await expect(page.getByTestId('step-counter')).toHaveText(/^1 \/ \d+$/, { timeout: 20_000 });
  return (await counter(page)).total;
}

/** Active component instances on the diagram, as `component@node`. */
export async function activeComponents(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="diagram"] [data-component][data-active="true"]')
    .evaluateAll((els) =>
      els.map(
        (e) =>
          `${e.getAttribute('data-component')}${e.getAttribute('data-node') ? `@${e.getAttribute('data-node')}` : ''}`,
      ),
    );
}

/** Everything a step shows outside the editor: diagram state and text, narration, inspectors. */
/**
 * The inspectors and the editor follow the cursor once stepping pauses (DeferredCurrent): wait until the step they
 * show (`data-step` on the inspectors' panels) is the one the counter shows.
 */
export async function inspectorsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const section = document.querySelector('section.inspectors');
    // The panels load after the first diagram: until then they show nothing, so they are not settled.
    const shown = section ? (section.querySelector<HTMLElement>('.tabpanels')?.dataset.step ?? '') : undefined;
    const counter = document.querySelector('[data-testid="step-counter"]')?.textContent ?? '';
    return shown === undefined || shown === counter.split('/')[0].trim();
  });
}

export async function viewSnapshot(page: Page): Promise<Record<string, string>> {
  await inspectorsSettled(page);
  return page.evaluate(() => {
    const text = (sel: string) => document.querySelector(sel)?.textContent ?? '';
    const diagram = [...document.querySelectorAll('[data-testid="diagram"] .react-flow__node')]
      .map(
        (n) =>
          `${n.getAttribute('data-id')}|${n.querySelector('[data-active]')?.getAttribute('data-active') ?? ''}|${n.textContent}`,
      )
      .join('\n');
    return {
      counter: text('[data-testid="step-counter"]'),
      diagram,
      narration: text('[data-testid="narration"]'),
      etcd: text('[data-testid="etcd"]'),
      events: text('[data-testid="events"]'),
      kubectl: text('[data-testid="kubectl"]'),
    };
  });
}

/** Wait until the debounced autosave has written a draft holding `text` (instead of sleeping past the debounce). */
export async function autosaved(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (t) => Object.keys(localStorage).some((k) => k.startsWith('podyssey:draft') && localStorage[k].includes(t)),
    text,
  );
}
