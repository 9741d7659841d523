import { expect, test } from '@playwright/test';

test('app shell loads without errors or external requests', async ({ page }) => {
  const errors: string[] = [];
  const external: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith('http') && url.hostname !== '127.0.0.1') external.push(req.url());
  });

  await page.goto('/');
  await expect(page).toHaveTitle('Podyssey');
  await expect(page.getByRole('heading', { level: 1, name: 'Podyssey' })).toBeVisible();
  await expect(page.getByText('Kubernetes v1.34')).toBeVisible();
  await expect(page.getByTestId('diagram')).toBeAttached();
  await page.waitForLoadState('networkidle');

  expect(errors).toEqual([]);
  expect(external).toEqual([]);
});
