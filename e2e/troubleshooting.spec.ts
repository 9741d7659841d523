/**
 * One case per scenario family. Load the scenario by link, jump to the last step, and check that "Where
 * is it stuck?" names the right link and component and that the inspectors show the real Kubernetes texts.
 */
import type { Page } from '@playwright/test';
import { simulate } from '../src/engine/simulate';
import { clockJumps } from '../src/playback/clockJumps';
import { SCENARIOS } from '../src/scenarios';
import { expect, test } from './fixtures';

async function loadAtEnd(page: Page, id: string): Promise<void> {
  await page.goto(`/?scenario=${id}&motion=reduced`);
  await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 30_000 });
  await page.getByTestId('step-last').click();
  const [n, total] = ((await page.getByTestId('step-counter').textContent()) ?? '').split('/').map((x) => x.trim());
  expect(n).toBe(total);
}

async function openTab(page: Page, tab: string): Promise<void> {
  await page.locator(`#tab-${tab}`).click();
}

async function kubectl(page: Page, command: string): Promise<string> {
  await openTab(page, 'kubectl');
  const input = page.getByTestId('kubectl').locator('input');
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('kubectl').locator('.terminal__cmd')).toContainText(command);
  return (await page.getByTestId('kubectl').textContent()) ?? '';
}

async function expectStuck(page: Page, link: string, component?: string): Promise<void> {
  await openTab(page, 'stuck');
  const first = page.getByTestId('stuck-first');
  await expect(first).toHaveAttribute('data-link', link);
  if (component) await expect(first).toHaveAttribute('data-component', component);
}

const cases: Array<{ family: string; id: string; check: (page: Page) => Promise<void> }> = [
  {
    family: 'journey',
    id: 'happy-path',
    check: async (page) => {
      await expectStuck(page, 'none');
      await expect(page.getByTestId('stuck-chain').locator('li[data-ok="false"]')).toHaveCount(0);
      await expect(page.getByTestId('stuck-chain').locator('li[data-link="ready"]')).toHaveCount(3);
      expect(await kubectl(page, 'kubectl get pods')).toMatch(/web-\S+\s+1\/1\s+Running/);
    },
  },
  {
    family: 'pending',
    id: 'pending-insufficient-cpu',
    check: async (page) => {
      await expectStuck(page, 'scheduled', 'kube-scheduler');
      await expect(page.getByTestId('stuck-first')).toContainText('FailedScheduling');
      await openTab(page, 'events');
      await expect(page.getByTestId('events')).toContainText('FailedScheduling');
      await expect(page.getByTestId('events')).toContainText(/0\/4 nodes are available: .*Insufficient cpu/);
      await openTab(page, 'nodes');
      await expect(page.getByTestId('nodes').locator('article')).toHaveCount(4);
    },
  },
  {
    family: 'containers',
    id: 'image-pull-backoff',
    check: async (page) => {
      await expectStuck(page, 'image', 'container-runtime');
      await openTab(page, 'events');
      await expect(page.getByTestId('events')).toContainText('Back-off pulling image');
      expect(await kubectl(page, 'kubectl get pods')).toContain('ImagePullBackOff');
    },
  },
  {
    family: 'containers',
    id: 'crashloop-exit-1',
    check: async (page) => {
      await expectStuck(page, 'containers', 'container-runtime');
      const out = await kubectl(page, 'kubectl get pods');
      expect(out).toContain('CrashLoopBackOff');
      expect(out).toMatch(/CrashLoopBackOff\s+\d+ \(\d+[ms]\d*s? ago\)/);
      await openTab(page, 'events');
      await expect(page.getByTestId('events')).toContainText('Back-off restarting failed container');
    },
  },
  {
    family: 'probes',
    id: 'readiness-wrong-port',
    check: async (page) => {
      await expectStuck(page, 'ready', 'kubelet');
      await openTab(page, 'events');
      await expect(page.getByTestId('events')).toContainText('Readiness probe failed');
    },
  },
  {
    family: 'network',
    id: 'service-no-endpoints',
    check: async (page) => {
      await expectStuck(page, 'endpoints', 'kube-controller-manager');
      await expect(page.getByTestId('stuck-command')).toContainText('kubectl');
    },
  },
  {
    family: 'rollout',
    id: 'rolling-update',
    check: async (page) => {
      await expectStuck(page, 'none');
      await openTab(page, 'events');
      await expect(page.getByTestId('events')).toContainText('ScalingReplicaSet');
    },
  },
  {
    family: 'faults',
    id: 'kubelet-stopped',
    check: async (page) => {
      await expectStuck(page, 'node', 'kubelet');
      await openTab(page, 'nodes');
      const node2 = page.getByTestId('nodes').locator('article[data-node="node-2"]');
      await expect(node2).toContainText('NotReady');
      await expect(node2).not.toHaveAttribute('data-ready', 'True');
      await expect(node2).toContainText('node.kubernetes.io/unreachable');
      // The kubelet was stopped minutes ago: the Lease is stale.
      await expect(node2).toContainText(/Lease renewed \d+m/);
      // The 300 s eviction wait is shown as a clock jump on the timeline.
      await expect(page.getByTestId('clock-jump-mark').first()).toBeAttached();
      await page.screenshot({ path: test.info().outputPath('kubelet-stopped-nodes.png') });
    },
  },
  {
    family: 'faults',
    id: 'etcd-quorum-lost',
    check: async (page) => {
      await expectStuck(page, 'kubectl', 'kube-apiserver');
      await expect(page.getByTestId('stuck-first')).toContainText('etcdserver: request timed out');
    },
  },
  {
    family: 'access',
    id: 'forbidden',
    check: async (page) => {
      await expectStuck(page, 'kubectl', 'kube-apiserver');
      await expect(page.getByTestId('stuck-first')).toContainText('Error from server (Forbidden)');
      await page.screenshot({ path: test.info().outputPath('forbidden-stuck.png') });
    },
  },
  {
    family: 'validation',
    id: 'invalid-selector',
    check: async (page) => {
      await expectStuck(page, 'kubectl', 'kube-apiserver');
      await expect(page.getByTestId('stuck-first')).toContainText('is invalid');
    },
  },
  {
    family: 'storage',
    id: 'pvc-dynamic-provisioning',
    check: async (page) => {
      await expectStuck(page, 'none');
      await openTab(page, 'events');
      await expect(page.getByTestId('events')).toContainText('ProvisioningSucceeded');
    },
  },
];

test.describe('troubleshooting: where is it stuck, per scenario family', () => {
  for (const c of cases) {
    test(`${c.family}: ${c.id}`, async ({ page }) => {
      await loadAtEnd(page, c.id);
      await c.check(page);
    });
  }

  test('a stuck run does not end looking like success: the last step names where it stopped', async ({ page }) => {
    await loadAtEnd(page, 'pending-insufficient-cpu');
    const verdict = page.getByTestId('end-verdict');
    await expect(verdict).toHaveAttribute('data-link', 'scheduled');
    await expect(verdict).toContainText('with the journey stuck at Pod → node assigned');
    await expect(verdict).toContainText('$ kubectl describe pod');
    await page.screenshot({ path: test.info().outputPath('end-verdict.png') });
    await expect(page.getByTestId('narration')).not.toContainText('current state equal to desired state');
    await verdict.getByRole('button', { name: 'Where is it stuck?' }).click();
    await expect(page.getByTestId('where-stuck')).toBeVisible();
    await loadAtEnd(page, 'happy-path');
    await expect(page.getByTestId('end-verdict')).toHaveCount(0);
    await expect(page.getByTestId('narration')).toContainText('current state equal to desired state');
  });

  test('faults: cni-stopped, while CNI is down, is stuck at the sandbox with the kubelet event', async ({ page }) => {
    // Step 297 (seq 296) is the last one before CNI starts again at 60 s (pinned by its golden).
    await page.goto('/?scenario=cni-stopped&motion=reduced&step=297');
    await expect(page.getByTestId('step-counter')).toHaveText(/^297 \/ \d+$/, { timeout: 30_000 });
    // The run recovers once CNI is back, so the run's diagnosis is clear; the step on screen has its own, labelled.
    await expectStuck(page, 'none');
    const here = page.getByTestId('stuck-here');
    await expect(here).toHaveAttribute('data-link', 'sandbox');
    await expect(here).toHaveAttribute('data-component', 'cni');
    await expect(page.getByTestId('where-stuck')).toContainText('At the step on screen (step 297)');
    await expect(here).toContainText('FailedCreatePodSandBox: Failed to create pod sandbox: rpc error');
    await expect(here).toContainText('plugin type="ptp" failed (add)');
    await expect(page.getByTestId('stuck-here-command')).toContainText(/kubectl describe pod web-\S+ -n default/);
  });

  test('a long wait shows as a clock jump chip in the narration', async ({ page }) => {
    // The step before the node lifecycle controller's 300 s eviction wait, found from the run itself (the engine is
    // deterministic) rather than pinned, so a golden change elsewhere in the journey does not move it.
    const sc = SCENARIOS.find((s) => s.id === 'kubelet-stopped');
    if (!sc) throw new Error('kubelet-stopped scenario is missing');
    const wait = clockJumps(simulate(sc.input).steps).find((j) => j.ms >= 295_000 && j.ms <= 305_000);
    if (!wait) throw new Error('kubelet-stopped has no 5-minute wait');
    const step = wait.from + 1;
    await page.goto(`/?scenario=kubelet-stopped&step=${step}&motion=reduced`);
    await expect(page.getByTestId('step-counter')).toHaveText(new RegExp(`^${step} / \\d+$`), { timeout: 30_000 });
    await expect(page.getByTestId('clock-jump')).toHaveText('⏩ +5m');
    await page.screenshot({ path: test.info().outputPath('clock-jump.png') });
  });

  test('the jump button goes to the step where it went wrong, and the clock jump is shown', async ({ page }) => {
    await loadAtEnd(page, 'image-pull-backoff');
    await expectStuck(page, 'image', 'container-runtime');
    await page.screenshot({ path: test.info().outputPath('image-pull-stuck.png') });
    await page.getByTestId('stuck-jump').click();
    const counter = (await page.getByTestId('step-counter').textContent()) ?? '';
    const [n, total] = counter.split('/').map((x) => Number(x.trim()));
    expect(n).toBeLessThan(total);
    // The diagnosis is the run's wherever the cursor is: the jump does not change it.
    await expectStuck(page, 'image', 'container-runtime');
    await expect(page.getByTestId('narration')).toContainText(/ErrImagePull|ImagePullBackOff|Failed/);
    // Back-offs leave long waits: the timeline marks them.
    expect(await page.getByTestId('clock-jump-mark').count()).toBeGreaterThan(2);
  });
});
