import { describe, expect, it } from 'vitest';
import { worldAt } from '../engine/trace/worldAt';
import { nodeFlags } from './nodeSummary';
import { scenarioRun } from './testRuns';

const finalWorld = (id: string) => {
  const run = scenarioRun(id);
  return worldAt(run, run.steps.length - 1);
};

describe('nodeFlags (what a node tile flags)', () => {
  it('flags a node whose kubelet stopped, without restating the taints the controller adds for it', () => {
    const flags = nodeFlags(finalWorld('kubelet-stopped'), ['control-plane', 'node-1', 'node-2', 'nope']);
    expect(flags['node-2'].ready).not.toBe('True');
    expect(flags['node-2'].taints).toEqual([]);
    expect(flags['node-1']).toEqual({ ready: 'True', unschedulable: false, taints: [] });
    // The control plane's own taint is what its role mark says.
    expect(flags['control-plane'].taints).toEqual([]);
    expect(flags.nope).toBeUndefined();
  });

  it('lists the taints a learner added', () => {
    const flags = nodeFlags(finalWorld('pending-untolerated-taint'), ['node-1']);
    expect(flags['node-1'].taints).toEqual(['dedicated=gpu:NoSchedule']);
  });
});
