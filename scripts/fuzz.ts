/**
 * `npm run fuzz`: 10,000 fuzz cases against the engine (raw text, mutated scenario manifests, objects of every
 * served kind with explicit nulls and wrong JSON types at any level, random intervention sequences). Every case must end cleanly within its step and wall-time budget. Then the engine's invariants under
 * random interventions on random clusters (test/fuzz/interventionInvariants.ts; FUZZ_INVARIANT_CASES, default 500).
 * Prints a summary; exits 1 on the first failure with the counterexample.
 */
import fc from 'fast-check';
import { simulate } from '../src/engine/simulate';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import { runCli } from '../cli/runCli';
import { actionSequence, hostileManifest, mutatedManifest, rawText } from '../test/fuzz/generators';
import { interventionCase, type InterventionCase } from '../test/fuzz/interventionCase';
import { interventionViolations } from '../test/fuzz/interventionInvariants';

const TOTAL = Number(process.env.FUZZ_CASES ?? 10_000);
const INVARIANT_CASES = Number(process.env.FUZZ_INVARIANT_CASES ?? 500);
const WALL_BUDGET_MS = 5_000;
let slowest = 0;

function check(yaml: string, actions: Parameters<typeof simulate>[0]['actions'] = []): boolean {
  const t0 = performance.now();
  const run = simulate({ yaml, actions, untilMs: 120_000, maxSteps: 20_000 });
  const ms = performance.now() - t0;
  slowest = Math.max(slowest, ms);
  if (ms > WALL_BUDGET_MS) throw new Error(`run took ${ms.toFixed(0)} ms (budget ${WALL_BUDGET_MS} ms)`);
  if (run.inputErrors.length === 0 && run.steps.at(-1)?.verb !== 'END')
    throw new Error('run did not end with an END step');
  return true;
}

/** Through the CLI, so an exception the engine throws shows as the CLI's `internal error`, which fails the case. */
function noInternalError(yaml: string): boolean {
  let out = '';
  const t0 = performance.now();
  runCli(['fuzz.yaml', '--format', 'kubectl', '--until', '60s'], {
    readFile: () => yaml,
    readStdin: () => yaml,
    stdout: (s) => (out += s),
    stderr: (s) => (out += s),
  });
  slowest = Math.max(slowest, performance.now() - t0);
  if (out.includes('internal error')) throw new Error(out);
  return true;
}

function keepsInvariants(c: InterventionCase): boolean {
  const t0 = performance.now();
  const run = simulate({ ...c, maxSteps: 20_000 });
  slowest = Math.max(slowest, performance.now() - t0);
  const violations = interventionViolations(run, c.actions);
  if (violations.length) throw new Error(violations.join('\n'));
  return true;
}

const plan: Array<
  [string, fc.IRawProperty<[string]> | fc.IRawProperty<[unknown]> | fc.IRawProperty<[InterventionCase]>, number]
> = [
  ['raw text', fc.property(rawText, (t) => check(t)), Math.round(TOTAL * 0.25)],
  ['mutated manifests', fc.property(mutatedManifest, (t) => check(t)), Math.round(TOTAL * 0.25)],
  [
    'nulls and wrong types in every served kind',
    fc.property(hostileManifest, (t) => noInternalError(t) && check(t)),
    Math.round(TOTAL * 0.25),
  ],
  [
    'intervention sequences',
    fc.property(actionSequence, (a) => check(NGINX_DEPLOYMENT_AND_SERVICE, a)),
    TOTAL - 3 * Math.round(TOTAL * 0.25),
  ],
  ['intervention invariants', fc.property(interventionCase, keepsInvariants), INVARIANT_CASES],
];

const t0 = performance.now();
let failed = false;
for (const [name, prop, runs] of plan) {
  const start = performance.now();
  const res = fc.check(prop, { numRuns: runs }) as fc.RunDetails<[unknown]>;
  const secs = ((performance.now() - start) / 1000).toFixed(1);
  if (res.failed) {
    failed = true;
    console.log(`FAIL ${name}: after ${res.numRuns} cases (${secs} s)\n${fc.defaultReportMessage(res)}`);
  } else console.log(`ok   ${name}: ${res.numRuns} cases in ${secs} s`);
}
console.log(
  `${TOTAL + INVARIANT_CASES} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s; slowest run ${slowest.toFixed(0)} ms`,
);
process.exitCode = failed ? 1 : 0;
