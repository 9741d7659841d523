/** A small fuzzing budget in `npm test` (`npm run fuzz` runs 10,000 cases): the engine never throws and always ends. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/engine/simulate';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import { actionSequence, mutatedManifest, rawText } from './fuzz/generators';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

function endsCleanly(yaml: string, actions = [] as Parameters<typeof simulate>[0]['actions']): void {
  const run = simulate({ yaml, actions, untilMs: 120_000, maxSteps: 20_000 });
  expect(['quiescent', 'horizon', 'step-cap']).toContain(run.end.reason);
  if (run.inputErrors.length === 0) expect(run.steps.at(-1)!.verb).toBe('END');
  for (const e of run.inputErrors) expect(typeof e.message).toBe('string');
}

describe('fuzzing', () => {
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
