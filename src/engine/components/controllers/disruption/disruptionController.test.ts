/** The disruption controller on the controller harness (pkg/controller/disruption/disruption.go, disruption_test.go). */
import { describe, expect, it, vi } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import { makePod } from '../../../testing/builders';
import type { KObject } from '../../../types';
import { disruptionController, expectedPodCount, type PdbStatus } from './disruptionController';

function pdb(spec: Record<string, unknown>, status?: Partial<PdbStatus>): KObject {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web-pdb', namespace: 'default', uid: 'pdb-1', generation: 1 },
    spec: { selector: { matchLabels: { app: 'web' } }, ...spec },
    ...(status ? { status } : {}),
  };
}

const deployment: KObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'uid-web' },
  spec: { replicas: 3 },
};
const rs: KObject = {
  apiVersion: 'apps/v1',
  kind: 'ReplicaSet',
  metadata: {
    name: 'web-1',
    namespace: 'default',
    uid: 'uid-web-1',
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-web', controller: true }],
  },
  spec: { replicas: 3 },
};

const webPod = (name: string, ready = true) =>
  makePod(name).labels({ app: 'web' }).node('node-1').ownedByReplicaSet('web-1').ready(ready).obj();

function probe(...objects: KObject[]) {
  const p = controllerProbe(disruptionController);
  const events: string[] = [];
  vi.spyOn(p.sim, 'recordEvent').mockImplementation((e) => {
    events.push(`${e.type} ${e.reason}: ${e.message}`);
    return undefined;
  });
  for (const o of objects) p.watch('ADDED', o);
  p.runUntil(1_000);
  const statuses = p.requests.filter((r) => r.subresource === 'status').map((r) => r.body!.status as PdbStatus);
  return { p, events, statuses };
}

describe('disruptionController', () => {
  it('minAvailable 2 with 2 ready Pods: 0 disruptions allowed, DisruptionAllowed=False InsufficientPods (updatePdbStatus)', () => {
    const { statuses } = probe(deployment, rs, webPod('web-1-a'), webPod('web-1-b'), pdb({ minAvailable: 2 }));
    const last = statuses.at(-1)!;
    expect(last).toMatchObject({
      currentHealthy: 2,
      desiredHealthy: 2,
      expectedPods: 2,
      disruptionsAllowed: 0,
      observedGeneration: 1,
    });
    expect(last.conditions).toEqual([
      expect.objectContaining({
        type: 'DisruptionAllowed',
        status: 'False',
        reason: 'InsufficientPods',
        message: '',
        observedGeneration: 1,
      }),
    ]);
  });

  it('maxUnavailable 50% of a Deployment of 3: desiredHealthy 1, 2 disruptions allowed, SufficientPods (getExpectedScale)', () => {
    const { statuses } = probe(
      deployment,
      rs,
      webPod('web-1-a'),
      webPod('web-1-b'),
      webPod('web-1-c'),
      pdb({ maxUnavailable: '50%' }),
    );
    expect(statuses.at(-1)).toMatchObject({
      expectedPods: 3,
      desiredHealthy: 1,
      currentHealthy: 3,
      disruptionsAllowed: 2,
    });
    expect(statuses.at(-1)!.conditions![0]).toMatchObject({ status: 'True', reason: 'SufficientPods' });
  });

  it('minAvailable as a percent rounds up over the controller scale, not the Pods found', () => {
    const pods = [webPod('web-1-a'), webPod('web-1-b', false)] as never[];
    const owners = {
      get: (kind: string) => (kind === 'ReplicaSet' ? rs : kind === 'Deployment' ? deployment : undefined),
    };
    expect(expectedPodCount(pdb({ minAvailable: '50%' }), pods, owners)).toEqual({
      expectedCount: 3,
      desiredHealthy: 2,
      unmanagedPods: [],
    });
    // An int minAvailable counts the selected Pods themselves.
    expect(expectedPodCount(pdb({ minAvailable: 1 }), pods, owners)).toMatchObject({
      expectedCount: 2,
      desiredHealthy: 1,
    });
  });

  it('a percent over Job Pods fails: CalculateExpectedPodCountFailed and the SyncFailed condition (failSafe)', () => {
    const jobPod = makePod('pi-x').labels({ app: 'web' }).node('node-1').ready().obj();
    jobPod.metadata.ownerReferences = [
      { apiVersion: 'batch/v1', kind: 'Job', name: 'pi', uid: 'uid-pi', controller: true },
    ];
    const { events, statuses } = probe(jobPod, pdb({ minAvailable: '50%' }));
    expect(events).toContain(
      'Warning CalculateExpectedPodCountFailed: Failed to calculate the number of expected pods: jobs.batch does not implement the scale subresource',
    );
    expect(statuses.at(-1)).toMatchObject({ disruptionsAllowed: 0 });
    expect(statuses.at(-1)!.conditions![0]).toMatchObject({
      status: 'False',
      reason: 'SyncFailed',
      message: 'jobs.batch does not implement the scale subresource',
    });
  });

  it('a PDB selecting nothing records NoPods and allows nothing (expectedCount 0)', () => {
    const { events, statuses } = probe(pdb({ maxUnavailable: 1 }));
    expect(events).toContain('Normal NoPods: No matching pods found');
    expect(statuses.at(-1)).toMatchObject({ expectedPods: 0, disruptionsAllowed: 0 });
  });

  it('a Pod the eviction API approved (disruptedPods) is not healthy until DeletionTimeout (countHealthyPods)', () => {
    const { statuses } = probe(
      deployment,
      rs,
      webPod('web-1-a'),
      webPod('web-1-b'),
      webPod('web-1-c'),
      pdb({ minAvailable: 2 }, { disruptedPods: { 'web-1-a': 0 }, disruptionsAllowed: 0 }),
    );
    expect(statuses.at(-1)).toMatchObject({
      currentHealthy: 2,
      disruptionsAllowed: 0,
      disruptedPods: { 'web-1-a': 0 },
    });
  });

  it('a Pod two budgets select gets MultiplePodDisruptionBudgets (getPdbForPod)', () => {
    const other = { ...pdb({ minAvailable: 1 }), metadata: { ...pdb({}).metadata, name: 'web-pdb-2', uid: 'pdb-2' } };
    const { events } = probe(pdb({ minAvailable: 1 }), other, webPod('web-1-a'));
    expect(events).toContain(
      'Warning MultiplePodDisruptionBudgets: Pod "default"/"web-1-a" matches multiple PodDisruptionBudgets.  Chose "web-pdb" arbitrarily.',
    );
  });

  it('sends nothing for Pod events while no PDB exists in the namespace', () => {
    const { p } = probe(deployment, rs, webPod('web-1-a'));
    expect(p.requests).toEqual([]);
  });
});
