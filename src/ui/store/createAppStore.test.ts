import { describe, expect, it } from 'vitest';
import { simulate } from '../../engine/simulate';
import { findScenario } from '../../scenarios';
import { buildRunInfo } from '../../playback/runInfo';
import type { RunSimulation } from '../workers/simulationProtocol';
import { createAppStore } from './createAppStore';

const inline: RunSimulation = async (input) => {
  const run = simulate(input);
  return { run, info: buildRunInfo(input.yaml, run), ms: 0 };
};

const yaml = findScenario('happy-path')!.input.yaml;

describe('app store', () => {
  it('keeps two instances independent', async () => {
    const a = createAppStore({ runSimulation: inline }, { yaml, scenarioId: 'happy-path' });
    const b = createAppStore({ runSimulation: inline }, { yaml, scenarioId: 'happy-path' });
    await a.getState().apply();
    a.getState().next();
    expect(a.getState().cursor).toBe(1);
    expect(b.getState().session).toBeNull();
    expect(b.getState().cursor).toBe(-1);
  });

  it('applies with the metrics-server cluster option the learner chose, and a scenario brings its own again', async () => {
    const inputs: Array<boolean | undefined> = [];
    const spy: RunSimulation = async (input) => {
      inputs.push(input.cluster?.metricsServer);
      return {
        run: simulate({ ...input, untilMs: 1000 }),
        info: buildRunInfo(input.yaml, simulate({ yaml: '' })),
        ms: 0,
      };
    };
    const store = createAppStore({ runSimulation: spy }, { yaml, scenarioId: 'happy-path' });
    await store.getState().apply();
    store.getState().setMetricsServer(true);
    await store.getState().apply();
    await store.getState().loadScenario('hpa-with-metrics-server', { apply: false });
    expect(store.getState().metricsServer).toBeUndefined();
    await store.getState().apply();
    expect(inputs).toEqual([undefined, true, true]);
  });

  it('navigates, jumps phases, plays to the end and lands on a linked step', async () => {
    const store = createAppStore({ runSimulation: inline }, { yaml, scenarioId: 'happy-path' });
    const s = () => store.getState();
    await s().apply({ step: 5 });
    expect(s().cursor).toBe(4);
    const total = s().session!.run.steps.length;
    s().last();
    expect(s().cursor).toBe(total - 1);
    s().first();
    s().nextPhase();
    expect(s().session!.run.steps[s().cursor].phase).toBe('admission');
    s().prevPhase();
    expect(s().cursor).toBe(0);
    s().play();
    expect(s().playing).toBe(true);
    for (let i = 0; i < total && s().playing; i++) s().advance();
    expect(s().playing).toBe(false);
    expect(s().cursor).toBe(total - 1);
    // Playing skips background steps; manual stepping visits them.
    const bg = s().session!.run.steps.find((x) => x.background)!;
    s().goTo(bg.seq - 1);
    s().next();
    expect(s().cursor).toBe(bg.seq);
  });

  it('steps over a run of repeated messages as one, and expands it on request', async () => {
    const store = createAppStore({ runSimulation: inline }, { yaml, scenarioId: 'happy-path' });
    const s = () => store.getState();
    await s().apply();
    const total = s().session!.run.steps.length;
    // A short run is not grouped unless asked.
    expect(s().navigable).toHaveLength(total);
    s().setGroupRepeats(true);
    const group = s().session!.groups.find((g) => g.start > 0)!;
    expect(group).toBeDefined();
    s().goTo(group.start - 1);
    s().next();
    expect(s().cursor).toBe(group.end);
    s().expandGroup();
    expect(s().filter.groupRepeats).toBe(false);
    expect(s().cursor).toBe(group.start);
    s().next();
    expect(s().cursor).toBe(group.start + 1);
  });

  it('follows one Pod and hides background steps on request', async () => {
    const store = createAppStore({ runSimulation: inline }, { yaml, scenarioId: 'happy-path' });
    const s = () => store.getState();
    await s().apply();
    const pod = s().session!.pods[0];
    s().setFollowPod(pod);
    s().next();
    const step = s().session!.run.steps[s().cursor];
    expect(JSON.stringify(step)).toContain(pod);
    s().setFollowPod(null);
    s().setHideBackground(true);
    for (let i = 0; i < 200; i++) s().next();
    expect(
      s().navigable.every(
        (seq) => !s().session!.run.steps[seq].background || seq === s().session!.run.steps.length - 1,
      ),
    ).toBe(true);
  });

  it('steps through the key steps by default in the app, the full trace one toggle away', async () => {
    const store = createAppStore({ runSimulation: inline }, { yaml, scenarioId: 'happy-path', steps: 'key' });
    const s = () => store.getState();
    await s().apply();
    const keys = s().session!.keySteps;
    expect(s().navigable).toBe(keys);
    expect(s().playable).toBe(keys);
    s().next();
    s().next();
    expect(s().cursor).toBe(keys[2]);
    s().setKeySteps(false);
    expect(s().cursor).toBe(keys[2]);
    expect(s().filter.hideBackground).toBe(true);
    expect(s().navigable.length).toBeGreaterThan(keys.length * 4);
    s().next();
    expect(s().cursor).toBe(keys[2] + 1);
    // Following a Pod shows its steps, whatever the key steps are.
    s().setKeySteps(true);
    s().setFollowPod(s().session!.pods[0]);
    const pod = s().session!.pods[0];
    expect(s().navigable.filter((seq) => !keys.includes(seq)).length).toBeGreaterThan(10);
    expect(
      s()
        .navigable.slice(0, -1)
        .every((seq) => JSON.stringify(s().session!.run.steps[seq]).includes(pod)),
    ).toBe(true);
  });

  it('reports a failed simulation', async () => {
    const store = createAppStore({ runSimulation: () => Promise.reject(new Error('boom')) }, { yaml });
    await store.getState().apply();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'boom' });
  });
});

describe('the kubectl panel follows the manifest', () => {
  const shop = yaml.replace(/metadata:\n {2}name: web\n/g, 'metadata:\n  name: web\n  namespace: shop\n');
  const withNamespace = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n---\n${shop}`;

  it('looks in the namespace the objects went to, and keeps a command the learner typed', async () => {
    expect(withNamespace).toContain('namespace: shop');
    const store = createAppStore({ runSimulation: inline }, { yaml: withNamespace });
    await store.getState().apply();
    expect(store.getState().kubectlCommand).toBe('kubectl get deploy,rs,pods -o wide -n shop');
    store.getState().setKubectlCommand('kubectl get svc');
    await store.getState().apply();
    expect(store.getState().kubectlCommand).toBe('kubectl get svc');
  });

  it('stays on the default namespace for a manifest that uses it', async () => {
    const store = createAppStore({ runSimulation: inline }, { yaml });
    await store.getState().apply();
    expect(store.getState().kubectlCommand).toBe('kubectl get deploy,rs,pods -o wide');
  });
});
