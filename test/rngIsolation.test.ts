/**
 * Each component instance draws its latencies from a stream of its own (`latency/<component>@<node>`): one more
 * draw in one component shifts that component's steps only, so a golden diff shows what really changed.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine/simulate';
import type { Step } from '../src/engine/types';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';

const at = (s: Step) => `${s.from.component}@${s.from.node ?? ''}`;
const line = (s: Step) => `${s.time} ${at(s)}→${s.to.component}@${s.to.node ?? ''} ${s.verb} ${s.summary}`;

function run(extraDrawIn?: { component: string; node?: string }): Step[] {
  const engine = new Engine({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, seed: 3 });
  // Test-only access to the run's kernel: one extra draw before anything runs.
  if (extraDrawIn)
    (engine as unknown as { sim: { latency(e: object): { next(): number } } }).sim.latency(extraDrawIn).next();
  return engine.run().steps;
}

describe('per-component random streams', () => {
  it('an extra draw in the kube-proxy of node-3 changes no step of any other component', () => {
    const base = run();
    const shifted = run({ component: 'kube-proxy', node: 'node-3' });
    const others = (steps: Step[]) => steps.filter((s) => at(s) !== 'kube-proxy@node-3').map(line);
    const own = (steps: Step[]) => steps.filter((s) => at(s) === 'kube-proxy@node-3').map(line);
    expect(own(shifted)).not.toEqual(own(base));
    expect(others(shifted)).toEqual(others(base));
  });
});
