import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config'; // not 'vite': the `test` key is only typed via vitest/config
import react from '@vitejs/plugin-react';
import { cspPlugin } from './scripts/cspPlugin.ts';

const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));

export default defineConfig({
  // Relative asset URLs, so the built app works when served from any sub-path.
  base: './',
  plugins: [react(), cspPlugin()],
  resolve: {
    alias: [
      // monaco-editor >= 0.56 has an "exports" map ("./*" -> "./esm/vs/*.js") that breaks the old deep
      // import 'monaco-editor/esm/vs/editor/editor.worker.js' used by monaco-worker-manager (monaco-yaml).
      { find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` },
    ],
  },
  // Dev server: pre-bundle the yaml worker's deps up front; otherwise the first editor open triggers
  // "optimized dependencies changed. reloading" (a full page reload) in `vite` dev mode.
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js'] },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    // Two pages: the app and the embed; both use relative asset URLs.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'cli/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node', // component tests opt in with `// @vitest-environment jsdom`
    testTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    passWithNoTests: true,
  },
});
