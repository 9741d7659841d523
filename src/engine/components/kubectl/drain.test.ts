/**
 * `kubectl drain` (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go, staging/src/k8s.io/kubectl/pkg/drain/drain.go
 * and filters.go): the filters' texts, and the lines a drain prints end to end through the eviction API.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../../simulate';
import { makePod } from '../../testing/builders';
import { objectsOf, worldAt } from '../../trace/worldAt';
import type { KObject } from '../../types';
import { drainCommand, filterPods, podDeleteErrors, podDeleteWarnings, unableToDrainLines } from './drain';
import { deployment } from '../../../scenarios/manifests';

const dsPod = (name: string) => {
  const p = makePod(name).namespace('kube-system').node('node-1').obj();
  p.metadata.ownerReferences = [
    { apiVersion: 'apps/v1', kind: 'DaemonSet', name: name.split('-')[0], uid: 'u', controller: true },
  ];
  return p;
};
const bare = makePod('bare').node('node-1').obj();
const withEmptyDir = makePod('cache').node('node-1').ownedByReplicaSet('cache-1').obj();
withEmptyDir.spec.volumes = [{ name: 'tmp', emptyDir: {} }];

describe('drain filters (filters.go)', () => {
  it('DaemonSet-managed and unmanaged Pods are errors without their flags, grouped per message', () => {
    const list = filterPods([dsPod('kindnet-a'), dsPod('kube-proxy-b'), bare, withEmptyDir], {}, {});
    expect(podDeleteErrors(list)).toEqual([
      'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): kube-system/kindnet-a, kube-system/kube-proxy-b',
      'cannot delete Pods that declare no controller (use --force to override): default/bare',
      'cannot delete Pods with local storage (use --delete-emptydir-data to override): default/cache',
    ]);
  });

  it('with --ignore-daemonsets --force --delete-emptydir-data they are warnings; DaemonSet Pods stay', () => {
    const list = filterPods(
      [dsPod('kindnet-a'), bare, withEmptyDir],
      {
        ignoreDaemonSets: true,
        force: true,
        deleteEmptyDirData: true,
      },
      {},
    );
    expect(podDeleteErrors(list)).toEqual([]);
    // The emptyDir warning is dropped by the unreplicated filter that follows it (the upstream TODO).
    expect(podDeleteWarnings(list)).toBe(
      'ignoring DaemonSet-managed Pods: kube-system/kindnet-a; deleting Pods that declare no controller: default/bare',
    );
    expect(list.filter((i) => i.status.delete).map((i) => i.pod.metadata.name)).toEqual(['bare', 'cache']);
  });

  it('an orphaned DaemonSet Pod is deleted under --force, an error without it (the GET error text)', () => {
    const gone = { 'kube-system/kindnet-a': { notFound: true, message: 'daemonsets.apps "kindnet" not found' } };
    const forced = filterPods([dsPod('kindnet-a')], { force: true }, gone);
    // Its warning is overwritten by the later filters' Okay, as upstream (each Pod keeps the last status).
    expect(forced.map((i) => i.status.delete)).toEqual([true]);
    expect(podDeleteErrors(filterPods([dsPod('kindnet-a')], {}, gone))).toEqual([
      'cannot delete daemonsets.apps "kindnet" not found: kube-system/kindnet-a',
    ]);
  });

  it('RunDrain’s lines for a node it could not drain, the command’s error last', () => {
    expect(unableToDrainLines('node-1', ['cannot delete X: a/b'])).toEqual([
      'error: unable to drain node "node-1" due to error: cannot delete X: a/b, continuing command...',
      'There are pending nodes to be drained:',
      ' node-1',
      'cannot delete X: a/b',
    ]);
    expect(drainCommand('node-1', { ignoreDaemonSets: true, timeoutSeconds: 90 })).toBe(
      'kubectl drain node-1 --ignore-daemonsets --timeout=1m30s',
    );
  });
});

const manifest = (minAvailable: number) => `${deployment({ replicas: 2 })}---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web-pdb
spec:
  minAvailable: ${minAvailable}
  selector:
    matchLabels:
      app: web
`;

function drainRun(minAvailable: number, flags: Record<string, unknown>) {
  const r = simulate({
    yaml: manifest(minAvailable),
    actions: [{ atMs: 15_000, action: { type: 'drain', node: 'node-1', ...flags } as never }],
  });
  const world = worldAt(r, r.steps.length - 1);
  const objects = objectsOf(world);
  return { lines: r.output.map((o) => o.line), objects, r };
}

describe('kubectl drain end to end', () => {
  it('a budget with room: cordoned, evicting, evicted, drained; the PDB spent its disruption', () => {
    const { lines, objects, r } = drainRun(1, { ignoreDaemonSets: true });
    const pod = lines.find((l) => l.startsWith('evicting pod '))!.slice('evicting pod default/'.length);
    expect(
      lines.slice(2).map((l) => l.replace(/kindnet-\w+/, 'kindnet-x').replace(/kube-proxy-\w+/, 'kube-proxy-x')),
    ).toEqual([
      'node/node-1 cordoned',
      'Warning: ignoring DaemonSet-managed Pods: kube-system/kindnet-x, kube-system/kube-proxy-x',
      `evicting pod default/${pod}`,
      `pod/${pod} evicted`,
      'node/node-1 drained',
    ]);
    const node = objects.find((o) => o.kind === 'Node' && o.metadata.name === 'node-1')!;
    expect(node.spec.unschedulable).toBe(true);
    expect(objects.some((o) => o.metadata.name === pod)).toBe(false);
    // The Pod went with DisruptionTarget=True (addConditionAndDeletePod), kept by the kubelet's status writes.
    const del = r.steps.findIndex(
      (s) => s.from.component === 'kubelet' && s.verb === 'DELETE' && s.object?.name === pod,
    );
    const last = objectsOf(worldAt(r, del - 1)).find((o) => o.metadata.name === pod)!;
    expect(last.status.conditions).toContainEqual(
      expect.objectContaining({
        type: 'DisruptionTarget',
        status: 'True',
        reason: 'EvictionByEvictionAPI',
        message: 'Eviction API: evicting',
      }),
    );
    const pdb = objects.find((o) => o.kind === 'PodDisruptionBudget') as KObject;
    expect(pdb.status).toMatchObject({ currentHealthy: 2, desiredHealthy: 1, disruptionsAllowed: 1, expectedPods: 2 });
  });

  it('a budget with none: 429 retried every 5 s until --timeout, then the pending Pod and node', () => {
    const { lines, r } = drainRun(2, { ignoreDaemonSets: true, timeoutSeconds: 12 });
    const pod = lines.find((l) => l.startsWith('evicting pod '))!.slice('evicting pod default/'.length);
    const retry = `error when evicting pods/"${pod}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`;
    const timeout = `error when evicting pods/"${pod}" -n "default": global timeout reached: 12s`;
    expect(lines.slice(4)).toEqual([
      `evicting pod default/${pod}`,
      retry,
      `evicting pod default/${pod}`,
      retry,
      `evicting pod default/${pod}`,
      retry,
      `evicting pod default/${pod}`,
      `There are pending pods in node "node-1" when an error occurred: ${timeout}`,
      `pod/${pod}`,
      `error: unable to drain node "node-1" due to error: ${timeout}, continuing command...`,
      'There are pending nodes to be drained:',
      ' node-1',
      timeout,
    ]);
    // Each refusal is drawn where it happens: the eviction subresource in kube-apiserver, with the cause.
    const refused = r.steps.filter((s) => s.verb === 'evict');
    expect(refused).toHaveLength(3);
    expect(refused[0]!.summary).toContain('web-pdb allows 0 disruptions: it needs 2 healthy Pods and has 2');
  });

  it('without --ignore-daemonsets nothing is evicted: the DaemonSet error', () => {
    const { lines } = drainRun(1, {});
    expect(lines[3]).toMatch(
      /^error: unable to drain node "node-1" due to error: cannot delete DaemonSet-managed Pods \(use --ignore-daemonsets to ignore\): kube-system\/kindnet-\w+, kube-system\/kube-proxy-\w+, continuing command\.\.\.$/,
    );
    expect(lines.some((l) => l.startsWith('evicting'))).toBe(false);
  });

  it('an unknown node: the NotFound error, nothing cordoned', () => {
    const r = simulate({ yaml: manifest(1), actions: [{ atMs: 1_000, action: { type: 'drain', node: 'node-9' } }] });
    expect(r.output.map((o) => o.line)).toContain('Error from server (NotFound): nodes "node-9" not found');
  });
});
