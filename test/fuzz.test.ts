/** A small fuzzing budget in `npm test` (`npm run fuzz` runs 10,000 cases): the engine never throws and always ends. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/engine/simulate';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import { runCli } from '../cli/runCli';
import {
  actionSequence,
  hostileManifest,
  hostileObject,
  mutatedManifest,
  rawText,
  SERVED_KINDS,
} from './fuzz/generators';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

function endsCleanly(yaml: string, actions = [] as Parameters<typeof simulate>[0]['actions']): void {
  const run = simulate({ yaml, actions, untilMs: 120_000, maxSteps: 20_000 });
  expect(['quiescent', 'horizon', 'step-cap']).toContain(run.end.reason);
  if (run.inputErrors.length === 0) expect(run.steps.at(-1)!.verb).toBe('END');
  for (const e of run.inputErrors) expect(typeof e.message).toBe('string');
}

/** The CLI on `yaml`: whatever the manifest says, never an internal error (a thrown exception the CLI caught). */
function noInternalError(yaml: string): void {
  let err = '';
  let out = '';
  runCli(['fuzz.yaml', '--format', 'kubectl', '--until', '30s'], {
    readFile: () => yaml,
    readStdin: () => yaml,
    stdout: (s) => (out += s),
    stderr: (s) => (err += s),
  });
  expect(err + out).not.toContain('internal error');
}

describe('fuzzing', () => {
  it('explicit nulls and wrong JSON types at any level of every kind we serve never crash the engine', () => {
    fc.assert(
      fc.property(hostileManifest, (t) => noInternalError(t)),
      { numRuns: RUNS * 4 },
    );
  });

  it('every served kind with nulls at a high rate, one seed each (the cases an audit found, and more)', () => {
    for (const { kind, apiVersion } of SERVED_KINDS)
      for (const seed of [1, 2, 3]) noInternalError(JSON.stringify(hostileObject(kind, apiVersion, seed, 0.3)));
    noInternalError('apiVersion: v1\nkind: Pod\nmetadata:\n  name: empty\nspec:\n');
    noInternalError('apiVersion: v1\nkind: Pod\nmetadata: {name: empty}\nspec:\n  containers: [null]\n');
    noInternalError('apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: data}\nspec:\n');
  });

  it('raw text never crashes the engine', () => {
    fc.assert(
      fc.property(rawText, (t) => endsCleanly(t)),
      { numRuns: RUNS },
    );
  });
  it('mutated manifests never crash the engine', () => {
    fc.assert(
      fc.property(mutatedManifest, (t) => endsCleanly(t)),
      { numRuns: RUNS },
    );
  });
  it('random intervention sequences never crash the engine', () => {
    fc.assert(
      fc.property(actionSequence, (actions) => endsCleanly(NGINX_DEPLOYMENT_AND_SERVICE, actions)),
      { numRuns: RUNS },
    );
  });
});
