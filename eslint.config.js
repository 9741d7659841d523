import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import { reactRefresh } from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Things that make a simulation non-deterministic or tie it to a host environment.
const impureGlobals = [
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'queueMicrotask',
  'performance',
  'process',
  'window',
  'document',
  'globalThis',
].map((name) => ({ name, message: `The engine must be pure and deterministic: do not use ${name}.` }));

const uiFolders = ['playback', 'ui', 'diagram', 'editor', 'panels', 'app', 'embed', 'i18n'];
const uiPackages = ['react', 'react/*', 'react-dom', 'react-dom/*', '@xyflow/*', 'motion', 'motion/*', 'framer-motion'];

// Imports the engine must not make: UI code and libraries, Node APIs.
const engineImports = {
  patterns: [
    {
      group: uiFolders.map((f) => `**/${f}/**`),
      message: 'The engine must not import UI code.',
    },
    {
      group: [...uiPackages, 'zustand', 'zustand/*', 'monaco-*', 'monaco-*/**'],
      message: 'The engine must not depend on UI libraries.',
    },
    { group: ['node:*', 'fs/*'], message: 'The engine must not use Node APIs.' },
  ],
  // Bare module names, not path patterns: a pattern `util` would also match the engine's own util/ folder.
  paths: ['fs', 'path', 'os', 'child_process', 'crypto', 'url', 'util'].map((name) => ({
    name,
    message: 'The engine must not use Node APIs.',
  })),
};

export default defineConfig([
  globalIgnores([
    'dist',
    'reports',
    'test-results',
    'playwright-report',
    'coverage',
    '.podyssey',
    'src/schemas/*.json',
  ]),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite(),
    ],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: [
      'scripts/**/*.{js,mjs,ts}',
      'cli/**/*.ts',
      'server/**/*.ts',
      'bench/**/*.ts',
      '*.config.{js,ts}',
      'e2e/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Pure simulation engine: no clocks, randomness, timers, host globals, UI or Node imports.
    files: ['src/engine/**', 'src/scenarios/**'],
    rules: {
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the simulation clock, not Date.now().' },
        { object: 'Math', property: 'random', message: 'Use the seeded PRNG, not Math.random().' },
      ],
      'no-restricted-syntax': [
        'error',
        // `new Date(ms)` is deterministic (the UTC getters read no clock or zone); only the argument-less form
        // reads the host clock.
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use the simulation clock, not new Date().',
        },
        { selector: "CallExpression[callee.name='Date']", message: 'Use the simulation clock, not Date().' },
      ],
      'no-restricted-imports': ['error', engineImports],
    },
  },
  {
    // What images exist is independent of how containers run: containers/ reads images/, never the reverse.
    files: ['src/engine/images/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...engineImports,
          patterns: [
            ...engineImports.patterns,
            {
              group: ['**/containers/**', '../containers'],
              message: 'src/engine/images must not import the container interpreter (src/engine/containers).',
            },
          ],
        },
      ],
    },
  },
  {
    // Playback turns engine traces into timed UI events; it must not depend on the UI itself.
    files: ['src/playback/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: uiFolders.filter((f) => f !== 'playback' && f !== 'i18n').map((f) => `**/${f}/**`),
              message: 'Playback must not import UI components.',
            },
            { group: uiPackages, message: 'Playback must not depend on React.' },
          ],
        },
      ],
    },
  },
  // The UI's one-way layering (docs/ARCHITECTURE.md): engine ← scenarios ← playback ← ui ← diagram / editor / panels
  // ← app ← embed. What views share (store, hooks, translation, icons, paint timing) lives in src/ui, so no view
  // reaches up into the app shell, and sibling views do not import each other.
  ...layer('ui', ['app', 'embed', 'diagram', 'editor', 'panels']),
  ...['diagram', 'editor', 'panels']
    .map((view) => layer(view, ['app', 'embed', ...['diagram', 'editor', 'panels'].filter((v) => v !== view)]))
    .flat(),
  ...layer('app', ['embed']),
]);

/** A flat-config entry forbidding `src/<folder>` to import any of the `above` folders (resolved relative paths). */
function layer(folder, above) {
  return [
    {
      files: [`src/${folder}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: above.map((f) => `**/${f}/**`).concat(above.map((f) => `../${f}`)),
                message: `src/${folder} sits below ${above.map((f) => `src/${f}`).join(', ')} and must not import them.`,
              },
            ],
          },
        ],
      },
    },
  ];
}
