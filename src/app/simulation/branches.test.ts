import { describe, expect, it } from 'vitest';
import { Engine, simulate } from '../../engine/simulate';
import { findScenario } from '../../scenarios';
import { buildRunInfo } from '../../playback/runInfo';
import { BranchEngines } from './BranchEngines';
import type { RunSimulation } from '../../ui/workers/simulationProtocol';
import { createAppStore } from '../../ui/store/createAppStore';

describe('branches', () => {
  it('a fork of a fork equals simulating its actions from scratch', () => {
    const input = findScenario('happy-path')!.input;
    const engines = new BranchEngines((i) => new Engine(i));
    const original = engines.start(input, 0);
    const a = engines.fork({
      parent: 0,
      parentInput: input,
      branch: 1,
      atStep: 120,
      action: { type: 'stop', component: 'kubelet', node: 'node-2' },
    });
    expect(a.run.steps.slice(0, 120)).toEqual(original.steps.slice(0, 120));
    const b = engines.fork({
      parent: 1,
      parentInput: a.input,
      branch: 2,
      atStep: 200,
      action: { type: 'start', component: 'kubelet', node: 'node-2' },
    });
    expect(b.input.actions).toHaveLength(2);
    const fresh = simulate(b.input);
    expect(b.run.steps.map((s) => s.label)).toEqual(fresh.steps.map((s) => s.label));
  });

  it('the store forks at the step on screen, exposes the actions, and switches back', async () => {
    const inline: RunSimulation = async (i) => {
      const run = simulate(i);
      return { run, info: buildRunInfo(i.yaml, run), ms: 0 };
    };
    const store = createAppStore({ runSimulation: inline }, { yaml: findScenario('happy-path')!.input.yaml });
    const s = () => store.getState();
    await s().apply({ step: 150 });
    const original = s().session!;
    await s().intervene({ type: 'delete-pod', name: '$pod:web' });
    expect(s().branches).toHaveLength(2);
    expect(s().actions).toEqual([{ atStep: 150, action: { type: 'delete-pod', name: '$pod:web' } }]);
    expect(s().cursor).toBe(150);
    expect(s().session!.run.steps[150].phase).toBe('user');
    s().switchBranch(0);
    expect(s().session).toBe(original);
    expect(s().actions).toEqual([]);
    // At the closing `end` step, the action goes in before it.
    s().last();
    await s().intervene({ type: 'scale', kind: 'Deployment', name: 'web', replicas: 1 });
    expect(s().actions[0].atStep).toBe(original.run.steps.length - 1);
  });

  it('a fork keeps a time-placed action that had landed, so a fork of the fork keeps it too (regression)', () => {
    // kubelet-stopped stops node-2's kubelet at 15 s (atMs): the fork's input used to drop it, and a fork of the
    // fork, rebuilt from that input, ran with the kubelet alive.
    const input = findScenario('kubelet-stopped')!.input;
    const engines = new BranchEngines((i) => new Engine(i));
    const original = engines.start(input, 0);
    const stop = original.steps.findIndex((s) => s.verb === 'stop');
    const a = engines.fork({
      parent: 0,
      parentInput: input,
      branch: 1,
      atStep: stop + 50,
      action: { type: 'delete-pod', name: '$pod:web' },
    });
    expect(a.input.actions![0]).toEqual({ ...input.actions![0], atStep: stop });
    const b = engines.fork({
      parent: 1,
      parentInput: a.input,
      branch: 2,
      atStep: stop + 100,
      action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: 1 },
    });
    expect(b.run.steps.slice(0, stop + 100)).toEqual(a.run.steps.slice(0, stop + 100));
    // A fork before the stop landed does not keep it: the future after the fork point is replaced.
    const early = engines.fork({
      parent: 0,
      parentInput: input,
      branch: 3,
      atStep: stop - 10,
      action: { type: 'delete-pod', name: '$pod:web' },
    });
    expect(early.input.actions).toHaveLength(1);
  });
});
