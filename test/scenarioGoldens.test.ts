/**
 * One test runs every built-in scenario and compares its trace (the CLI's text format, with Events) to the golden
 * file in src/scenarios/golden/. Regenerate with `UPDATE_GOLDEN=1 npm run test:unit` and review the diff: a golden
 * diff is a behaviour change.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/engine/simulate';
import { formatTrace } from '../src/engine/trace/formatText';
import { SCENARIOS } from '../src/scenarios';

const dir = join(import.meta.dirname, '..', 'src', 'scenarios', 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

describe('scenario goldens', () => {
  for (const sc of SCENARIOS) {
    it(sc.id, () => {
      const run = simulate(sc.input);
      const text = [
        `# ${sc.title}`,
        `# end: ${run.end.reason} at ${(run.end.time / 1000).toFixed(3)}s, ${run.steps.length} steps`,
        ...run.output.map((o) => `# kubectl: ${o.line.replace(/\n/g, '\n#   ')}`),
        formatTrace(run.steps),
        '',
      ].join('\n');
      const file = join(dir, `${sc.id}.txt`);
      if (update || !existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file, text);
        if (!update) throw new Error(`golden ${sc.id}.txt did not exist; written now — review it and commit`);
        return;
      }
      expect(text).toBe(readFileSync(file, 'utf8'));
    });
  }
});
