/**
 * `npm run -s simulate -- <manifest.yaml|-> [--format json|text|kubectl] [--nodes N] [--seed S] [--until DURATION]
 * [--metrics-server] [--scenario ID] [--action SPEC]…` (docs/CONTRACTS.md §4). Exit 0: every document accepted; 1: some rejected;
 * 2: unusable input. Never a stack trace.
 */
import { readFdCapped, readFileCapped } from './readCapped';
import { runCli } from './runCli';

const code = runCli(process.argv.slice(2), {
  readFile: (p) => readFileCapped(p),
  readStdin: () => readFdCapped(0),
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
});
process.exitCode = code;
