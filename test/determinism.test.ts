/** Same input + seed → byte-identical trace; forking at a step equals a fresh run with the action inserted there. */
import { describe, expect, it } from 'vitest';
import { Engine, simulate } from '../src/engine/simulate';
import { deployment, NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import { findScenario } from '../src/scenarios';

const bytes = (r: ReturnType<typeof simulate>) =>
  JSON.stringify({ steps: r.steps, history: r.history, output: r.output, end: r.end });

describe('determinism', () => {
  it('the same input and seed give a byte-identical trace', () => {
    for (const id of ['happy-path', 'crashloop-exit-1', 'kubelet-stopped']) {
      const input = findScenario(id)!.input;
      expect(bytes(simulate(input))).toBe(bytes(simulate(input)));
    }
  });

  it('a different seed changes generated names but not the outcome', () => {
    const a = simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, seed: 1 });
    const b = simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, seed: 2 });
    expect(bytes(a)).not.toBe(bytes(b));
    expect(a.output.map((o) => o.line)).toEqual(b.output.map((o) => o.line));
    expect(a.end.reason).toBe('quiescent');
    expect(b.end.reason).toBe('quiescent');
  });
});

describe('forking', () => {
  it('fork(k, action) equals a fresh run with the action at step k, and shares the prefix', () => {
    const engine = new Engine({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, seed: 7 });
    const original = engine.run();
    for (const at of [120, original.steps.length - 20]) {
      const action = { type: 'scale' as const, kind: 'Deployment' as const, name: 'web', replicas: 5 };
      const forked = engine.fork(at, action);
      const fresh = simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, seed: 7, actions: [{ atStep: at, action }] });
      expect(bytes(forked)).toBe(bytes(fresh));
      expect(JSON.stringify(forked.steps.slice(0, at))).toBe(JSON.stringify(original.steps.slice(0, at)));
      expect(forked.steps[at].phase).toBe('user');
    }
  });

  it('forks from a checkpoint in a long run (past the first checkpoint)', () => {
    const input = {
      yaml: NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replicas: 60'),
      seed: 3,
      cluster: { nodeCount: 6 },
    };
    const engine = new Engine(input);
    const original = engine.run();
    const at = original.steps.length - 5;
    const action = { type: 'delete-pod' as const, name: '$pod:web' };
    expect(bytes(engine.fork(at, action))).toBe(bytes(simulate({ ...input, actions: [{ atStep: at, action }] })));
  });
});

describe('forking runs that have time-placed actions', () => {
  it('keeps the actions that already happened before the fork point', () => {
    const input = findScenario('kubelet-stopped')!.input;
    const engine = new Engine(input);
    const original = engine.run();
    const at = 600;
    const forked = engine.fork(at, { type: 'delete-pod', name: '$pod:web' });
    expect(JSON.stringify(forked.steps.slice(0, at))).toBe(JSON.stringify(original.steps.slice(0, at)));
    expect(forked.steps[at].phase).toBe('user');
  });

  it('replays a time-placed action after the undrawn timers due before it (regression: the prefix diverged)', () => {
    // With one worker, the action at 12 s lands after a timer that draws nothing; replaying it as soon as the step
    // count was reached put it before that timer, so its step got another cause than the original's.
    const input = {
      yaml: deployment({ replicas: 0 }),
      cluster: { nodeCount: 1 },
      actions: [{ atMs: 12_000, action: { type: 'delete-pod' as const, name: '$pod:web' } }],
      untilMs: 90_000,
    };
    const engine = new Engine(input);
    const original = engine.run();
    const at = original.steps.findIndex((s) => s.phase === 'user' && s.verb === 'command') + 1;
    const action = { type: 'scale' as const, kind: 'Deployment' as const, name: 'web', replicas: 1 };
    const forked = engine.fork(at, action);
    expect(JSON.stringify(forked.steps.slice(0, at))).toBe(JSON.stringify(original.steps.slice(0, at)));
    const fresh = simulate({ ...input, actions: [...engine.actionsBefore(at), { atStep: at, action }] });
    expect(bytes(forked)).toBe(bytes(fresh));
  });
});

describe('progress reports', () => {
  it('come every 5,000 steps, carry the virtual clock and leave the trace unchanged', () => {
    const yaml = NGINX_DEPLOYMENT_AND_SERVICE.replace('replicas: 3', 'replicas: 100').replace('cpu: 100m', 'cpu: 10m');
    const input = { yaml, cluster: { nodeCount: 10 } };
    const reports: Array<[number, number]> = [];
    const engine = new Engine(input);
    engine.onProgress = (steps, timeMs) => reports.push([steps, timeMs]);
    const run = engine.run();
    expect(run.steps.length).toBeGreaterThan(5_000);
    // One report per 5,000 steps (a delivery may add a few steps at once, so the count can pass the mark).
    expect(reports).toHaveLength(Math.floor(run.steps.length / 5_000));
    reports.forEach(([steps, t], i) => {
      expect(steps).toBeGreaterThanOrEqual((i + 1) * 5_000);
      expect(t).toBeGreaterThanOrEqual(run.steps[steps - 1].time);
    });
    expect(JSON.stringify(run.steps)).toBe(JSON.stringify(simulate(input).steps));
  });
});
