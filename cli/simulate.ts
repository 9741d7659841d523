/**
 * `npm run -s simulate -- <manifest.yaml|-> [--format json|text|kubectl] [--nodes N] [--seed S] [--until DURATION]
 * [--scenario ID] [--action SPEC]…` (DESIGN.md §4). Exit 0: every document accepted; 1: some rejected;
 * 2: unusable input. Never a stack trace.
 */
import { readFileSync } from 'node:fs';
import { runCli } from './runCli';

const code = runCli(process.argv.slice(2), {
  readFile: (p) => readFileSync(p, 'utf8'),
  readStdin: () => readFileSync(0, 'utf8'),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
process.exitCode = code;
