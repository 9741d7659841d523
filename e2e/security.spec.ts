/**
 * The production build's Content-Security-Policy (no inline scripts, no eval) and its initial-JavaScript budget.
 * The e2e web server builds dist/ first, so these check the very files that are served.
 */
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// Not ./fixtures: the test provokes two CSP violations on purpose, which Chromium also logs as console errors.
import { expect, test } from '@playwright/test';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Initial JavaScript (gzip) of the page, Monaco excluded: it loads only when the editor opens. */
const INITIAL_JS_BUDGET = 250 * 1024;

/** The scripts a page loads before anything lazy: its module entry and the chunks it preloads. */
export function initialScripts(html: string): string[] {
  const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...srcs, ...preloads])];
}

test.describe('production build', () => {
  for (const page of ['index.html', 'embed.html']) {
    test(`${page}: initial JavaScript stays within ${INITIAL_JS_BUDGET / 1024} KB gzip`, () => {
      test.skip(!existsSync(DIST + page), `${page} is not built`);
      const html = readFileSync(DIST + page, 'utf8');
      expect(html, 'no inline scripts').not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      const scripts = initialScripts(html);
      expect(scripts.length).toBeGreaterThan(0);
      let gzip = 0;
      for (const src of scripts) gzip += gzipSync(readFileSync(DIST + src.replace(/^\.?\//, ''))).length;
      console.log(`${page}: initial JS ${(gzip / 1024).toFixed(1)} KB gzip in ${scripts.length} file(s)`);
      expect(gzip, `initial JS of ${page} in bytes (gzip)`).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
      expect(scripts.join(' '), 'Monaco must load lazily').not.toMatch(/YamlEditor|editor\.worker|yaml\.worker/);
    });
  }

  test('ships a CSP without inline scripts or eval, and the editor, its YAML worker and the simulation work under it', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().includes('Content Security Policy')) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    await page.goto('/');
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");

    // Monaco and the yaml worker: a schema error marker proves the worker ran.
    const editor = page.getByTestId('editor');
    const key = editor.locator('.view-lines span', { hasText: /^replicas$/ }).first();
    await expect(key).toBeVisible({ timeout: 20_000 });
    await key.dblclick();
    await page.keyboard.type('replicaz');
    await expect(editor.locator('.squiggly-error, .squiggly-warning').first()).toBeAttached({ timeout: 20_000 });
    // The simulation worker.
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('step-counter')).toHaveText(/^\d+ \/ \d+$/, { timeout: 20_000 });
    await page.getByTestId('step-last').click();

    // Script injection is blocked by the policy itself, not only by escaping.
    const blocked = await page.evaluate(() => {
      const w = window as unknown as { __inline?: number };
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.head.appendChild(s);
      // DevTools-evaluated code may bypass the eval check; a string timer is compiled later, by the page itself.
      (window.setTimeout as unknown as (code: string, ms: number) => number)('window.__evaled = 1', 0);
      return new Promise<{ inline?: number; evaled?: number }>((resolve) =>
        // Timers of equal delay fire in order: this one runs after the string timer would have.
        setTimeout(() => resolve({ inline: w.__inline, evaled: (window as { __evaled?: number }).__evaled }), 0),
      );
    });
    expect(blocked).toEqual({ inline: undefined, evaled: undefined });
    const violations = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    // Exactly the two probes above, nothing from the app itself.
    expect(violations.filter((v) => !/^script-src(-elem)? (inline|eval)/.test(v))).toEqual([]);
    expect(violations.length).toBe(2);
    expect(errors).toEqual([]);
  });
});
