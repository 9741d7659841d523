/**
 * `kubectl get -w` in the panel (kubectl/pkg/cmd/get/get.go watch(); cli-runtime printers' tabwriter with
 * RememberWidths). The format is checked against the real kubectl watching `npm run serve` in test/oracle.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import { simulate } from '../simulate';
import { worldAt } from '../trace/worldAt';
import { answerKubectl } from './kubectlCommand';

const run = simulate(findScenario('happy-path')!.input);
const at = (cursor: number) => ({
  world: worldAt(run, cursor),
  watch: { history: run.history, timeOf: (n: number) => run.steps[n]?.time ?? 0, upTo: cursor },
});

describe('kubectl get -w in the panel', () => {
  it('prints the header with the first event, then one row per write, widths never shrinking', () => {
    const last = run.steps.length - 1;
    const { world, watch } = at(last);
    const out = answerKubectl('kubectl get pods -w', world, { watch }).output.split('\n');
    expect(out[0]).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE$/);
    // Every Pod write in default is one row: many more rows than Pods.
    const pods = answerKubectl('kubectl get pods -o name', world).output.split('\n').length;
    expect(out.length - 1).toBeGreaterThan(pods * 3);
    // Remembered widths: once ContainerCreating was printed, a later Running row is padded to it.
    const creating = out.findIndex((l) => l.includes('ContainerCreating'));
    const running = out.findIndex((l, i) => i > creating && l.includes(' Running '));
    expect(creating).toBeGreaterThan(0);
    expect(out[running]).toMatch(/ Running {13}0 /);
  });

  it('follows the cursor, and --watch-only leaves out the initial list', () => {
    const early = at(Math.floor(run.steps.length / 4));
    const late = at(run.steps.length - 1);
    const a = answerKubectl('kubectl get deploy -w', early.world, { watch: early.watch }).output;
    const b = answerKubectl('kubectl get deploy --watch-only', late.world, { watch: late.watch }).output;
    expect(b.startsWith(a.split('\n')[0])).toBe(true);
    expect(b.split('\n').length).toBeGreaterThanOrEqual(a.split('\n').length);
  });

  it('watches one type only; without the history (the CLI) it is a plain get', () => {
    const { world, watch } = at(run.steps.length - 1);
    expect(answerKubectl('kubectl get pods,svc -w', world, { watch }).output).toBe(
      'error: watch is only supported on individual resources and resource collections, but 2 resources were found',
    );
    expect(answerKubectl('kubectl get pods -w', world).output).toBe(answerKubectl('kubectl get pods', world).output);
  });
});
