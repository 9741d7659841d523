/**
 * Adds a Content-Security-Policy <meta> to every HTML entry of the production build. Only for
 * `vite build`: the dev server injects an inline HMR client script that this policy would block.
 *
 * The policy allows no inline scripts and no `eval`. Web Workers (the simulation worker and Monaco's editor and
 * YAML workers) are same-origin files; `blob:` stays allowed for worker-src because Monaco falls back to a blob
 * worker when a cross-origin embed page loads the app. Styles keep 'unsafe-inline': React Flow, motion and Monaco
 * set element styles and inject <style> tags at run time, and CSS cannot run script. `frame-ancestors` cannot be
 * set from a <meta> tag (browsers ignore it there), so embedding stays possible.
 */
import type { Plugin } from 'vite';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function cspPlugin(policy = CONTENT_SECURITY_POLICY): Plugin {
  return {
    name: 'podyssey:csp',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
      ],
    },
  };
}
