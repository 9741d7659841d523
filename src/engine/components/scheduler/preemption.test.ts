/**
 * Preemption end to end (pkg/scheduler/framework/preemption/executor.go PreemptPod and prepareCandidateAsync,
 * pkg/scheduler/schedule_one.go handleSchedulingFailure): the victim gets DisruptionTarget (PreemptionByScheduler),
 * is deleted and gets a Preempted event naming the preemptor's uid; the preemptor is nominated and then scheduled.
 */
import { describe, expect, it } from 'vitest';
import { findScenario } from '../../../scenarios';
import { simulate } from '../../simulate';
import { worldAt } from '../../trace/worldAt';

describe('preemption', () => {
  const run = simulate(findScenario('priority-preemption')!.input);
  const podKey = (name: string) => `/registry/pods/default/${name}`;
  const step = (label: RegExp) => run.steps.findIndex((s) => label.test(s.label));

  it('marks the victim DisruptionTarget before deleting it, then records Preempted', () => {
    const patch = step(/^PATCH \/api\/v1\/namespaces\/default\/pods\/batch-[a-z0-9]+-[a-z0-9]+\/status$/);
    const victim = run.steps[patch]!.label.split('/')[6]!;
    const world = worldAt(run, step(/^DELETE \/api\/v1\/namespaces\/default\/pods\/batch-/));
    const condition = world.etcd.get(podKey(victim))?.status.conditions.find((c: any) => c.type === 'DisruptionTarget');
    expect(condition).toMatchObject({
      status: 'True',
      reason: 'PreemptionByScheduler',
      message: 'default-scheduler: preempting to accommodate a higher priority pod',
    });
    const end = worldAt(run, run.steps.length - 1);
    const urgent = end.etcd.get(podKey('urgent'))!;
    const preempted = end.events.filter((e) => e.reason === 'Preempted');
    expect(preempted.map((e) => [e.involvedObject.name, e.type, e.message])).toEqual([
      [victim, 'Normal', `Preempted by pod ${urgent.metadata.uid} on node node-1`],
    ]);
    expect(end.etcd.get(podKey(victim))).toBeUndefined();
  });

  it('nominates node-1 for the preemptor, then binds it there once the victim is gone', () => {
    const nominated = worldAt(run, step(/^DELETE \/api\/v1\/namespaces\/default\/pods\/batch-/) + 3);
    expect(nominated.etcd.get(podKey('urgent'))?.status.nominatedNodeName).toBe('node-1');
    const urgent = worldAt(run, run.steps.length - 1).etcd.get(podKey('urgent'))!;
    expect(urgent.spec.nodeName).toBe('node-1');
    expect(urgent.status.phase).toBe('Running');
  });
});

describe('preemption and PodDisruptionBudgets (default_preemption.go SelectVictimsOnNode, pickOneNodeForPreemption)', () => {
  const preempted = (yaml: string, input = findScenario('preemption-respects-pdb')!.input) =>
    simulate({ ...input, yaml })
      .steps.filter((s) => s.label.startsWith('preempt '))
      .map((s) => s.label.replace(/-[a-z0-9]+-[a-z0-9]+ on/, ' on'));

  it('preempts the Pod no budget protects, where it would otherwise take the one that started last', () => {
    const input = findScenario('preemption-respects-pdb')!.input;
    expect(preempted(input.yaml)).toEqual(['preempt batch on node-2']);
    expect(preempted(input.yaml.replace(/---\napiVersion: policy\/v1[\s\S]*$/, ''))).toEqual(['preempt db on node-1']);
  });
});
