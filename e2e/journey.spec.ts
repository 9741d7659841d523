import { activeComponents, applyAndWait, counter, expect, test, viewSnapshot } from './fixtures';

test.describe('the default journey', () => {
  test('Apply, then step until every Pod is Ready: components light up in journey order', async ({ page, errors }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.locator('[data-testid="diagram"] [data-component]')).toHaveCount(5 + 4 * 4);
    const total = await applyAndWait(page);
    expect(total).toBeGreaterThan(50);

    const firstSeen: string[] = [];
    let ready = 0;
    for (let i = 1; i < total && ready < 3; i++) {
      for (const id of await activeComponents(page)) {
        const component = id.split('@')[0];
        if (!firstSeen.includes(component)) firstSeen.push(component);
      }
      ready = await page.locator('[data-testid="diagram"] .pod--ready').count();
      if (ready < 3) await page.getByTestId('step-next').click();
    }
    expect(ready).toBe(3);
    await expect(page.locator('[data-testid="diagram"] .pod--ready')).toHaveCount(3);

    // A Pod's path through the cluster, in the order the components first act. kube-proxy is the exception:
    // it watches Services, so it already rewrites its rules when the Service is created (long before any Pod
    // runs) and again once endpoints are Ready.
    const podPath = [
      'kubectl',
      'kube-apiserver',
      'etcd',
      'kube-controller-manager',
      'kube-scheduler',
      'kubelet',
      'container-runtime',
      'cni',
    ];
    expect(firstSeen.filter((c) => podPath.includes(c))).toEqual(podPath);
    expect(firstSeen).toContain('kube-proxy');
    expect(firstSeen.indexOf('kube-proxy')).toBeGreaterThan(firstSeen.indexOf('kube-apiserver'));

    await expect(page.getByTestId('narration')).not.toBeEmpty();
    await page.screenshot({ path: test.info().outputPath('journey-ready.png') });
    expect(errors).toEqual([]);
  });

  test('stepping back restores the diagram and every inspector exactly', async ({ page }) => {
    await page.goto('/?steps=all');
    await applyAndWait(page);
    for (let i = 0; i < 90; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('step-counter')).toHaveText(/^91 \//);
    const before = await viewSnapshot(page);
    for (let i = 0; i < 25; i++) await page.getByTestId('step-next').click();
    const after = await viewSnapshot(page);
    expect(after.counter).not.toBe(before.counter);
    expect(after.diagram).not.toBe(before.diagram);
    for (let i = 0; i < 25; i++) await page.getByTestId('step-prev').click();
    expect(await viewSnapshot(page)).toEqual(before);

    await page.getByTestId('step-last').click();
    expect((await counter(page)).n).toBe((await counter(page)).total);
    await page.getByTestId('step-first').click();
    await expect(page.getByTestId('step-counter')).toHaveText(/^1 \//);
  });

  test('keyboard shortcuts drive playback when focus is outside the editor', async ({ page }) => {
    await page.goto('/');
    await applyAndWait(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('step-counter')).toHaveText(/^3 \//);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('step-counter')).toHaveText(/^2 \//);
    await page.keyboard.press('End');
    const { total } = await counter(page);
    await expect(page.getByTestId('step-counter')).toHaveText(`${total} / ${total}`);
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowRight');
    expect((await counter(page)).n).toBeGreaterThan(1);
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press(' ');
    await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause');
    await page.keyboard.press(' ');
    await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  });

  test('the kubectl panel answers get pods from the world at the current step', async ({ page }) => {
    await page.goto('/');
    await applyAndWait(page);
    await page.getByTestId('step-last').click();
    await page.getByRole('tab', { name: 'kubectl' }).click();
    const kubectl = page.getByTestId('kubectl');
    await expect(kubectl).toContainText('deployment.apps/web');
    await kubectl.getByRole('textbox').fill('get pods');
    await kubectl.getByRole('textbox').press('Enter');
    await expect(kubectl.locator('pre')).toContainText(/NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE/);
    await expect(kubectl.locator('pre')).toContainText(/web-\S+\s+1\/1\s+Running/);
    await kubectl.getByRole('textbox').fill('get nosuchthing');
    await kubectl.getByRole('textbox').press('Enter');
    await expect(kubectl.locator('pre')).toHaveText('error: the server doesn\'t have a resource type "nosuchthing"');
    // The answer follows the cursor: at the first step no Pod exists yet.
    await kubectl.getByRole('textbox').fill('get pods');
    await kubectl.getByRole('textbox').press('Enter');
    await page.getByTestId('step-first').click();
    await expect(kubectl.locator('pre')).toHaveText('No resources found in default namespace.');
  });

  test('the sequence view shows one arrow per step and follows the cursor', async ({ page }) => {
    await page.goto('/');
    await applyAndWait(page);
    await page.getByRole('radio', { name: 'Sequence' }).click();
    await expect(page.locator('[data-view="sequence"] .seq-row.is-current')).toHaveCount(1);
    await page.getByTestId('step-next').click();
    await expect(page.locator('[data-view="sequence"] .seq-row.is-current text').first()).toHaveText('2');
    await page.getByRole('radio', { name: 'Diagram' }).click();
    await expect(page.getByTestId('diagram')).toBeVisible();
  });
});
