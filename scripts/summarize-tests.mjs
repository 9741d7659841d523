// Prints "N passed, N failed, N skipped" from a vitest JSON report and a Playwright JSON report.
// A runner that exited non-zero without reporting a failed test (crash, missing report, web server
// error) counts as one failure, and so does each failed check stage (--check-failures), so the line
// can never look green when the run was not.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    vitest: { type: 'string' },
    'vitest-exit': { type: 'string', default: '0' },
    e2e: { type: 'string' },
    'e2e-exit': { type: 'string', default: '0' },
    'check-failures': { type: 'string', default: '0' },
  },
});

function read(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    console.error(`summarize-tests: no readable report at ${path}`);
    return undefined;
  }
}

let passed = 0;
let failed = Number(opts['check-failures']);
let skipped = 0;

function add(counts, exitCode) {
  passed += counts.passed;
  skipped += counts.skipped;
  failed += counts.failed > 0 || exitCode === 0 ? counts.failed : 1;
}

const vitest = opts.vitest ? read(opts.vitest) : undefined;
add(
  vitest
    ? {
        passed: vitest.numPassedTests ?? 0,
        failed: vitest.numFailedTests ?? 0,
        skipped: (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0),
      }
    : { passed: 0, failed: 0, skipped: 0 },
  vitest || opts['vitest-exit'] !== '0' ? Number(opts['vitest-exit']) : 1,
);

const e2e = opts.e2e ? read(opts.e2e)?.stats : undefined;
add(
  e2e
    ? { passed: (e2e.expected ?? 0) + (e2e.flaky ?? 0), failed: e2e.unexpected ?? 0, skipped: e2e.skipped ?? 0 }
    : { passed: 0, failed: 0, skipped: 0 },
  e2e || opts['e2e-exit'] !== '0' ? Number(opts['e2e-exit']) : 1,
);

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
