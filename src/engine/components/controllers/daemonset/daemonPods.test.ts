/** pkg/controller/daemon: NodeShouldRunDaemonPod and util/daemonset_util.go, case by case. */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { daemonPod, nodeShouldRunDaemonPod, targetNodeName } from './daemonPods';
import type { DaemonSet, Node, Pod } from '../../../objects/typed';
import { makeNode } from '../../../testing/builders';

function ds(spec: Record<string, unknown> = {}): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'agent',
      namespace: 'default',
      uid: 'u1',
      annotations: { 'deprecated.daemonset.template.generation': '3' },
    },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'x' }], ...spec } },
    },
  };
}

const node = (
  spec: { taints?: Array<{ key: string; effect: string }>; unschedulable?: boolean } = {},
  labels: Record<string, string> = {},
) => {
  const b = makeNode('node-1').labels(labels);
  for (const t of spec.taints ?? []) b.taint(t.key, t.effect);
  return (spec.unschedulable ? b.unschedulable() : b).obj();
};

const run = (n: KObject, d: KObject) => {
  const r = nodeShouldRunDaemonPod(n as Node, d as DaemonSet);
  return [r.shouldRun, r.shouldContinueRunning];
};

describe('nodeShouldRunDaemonPod', () => {
  it('a plain node runs it', () => expect(run(node(), ds())).toEqual([true, true]));
  it('nodeSelector and node affinity must match the labels', () => {
    expect(run(node({}, { disk: 'hdd' }), ds({ nodeSelector: { disk: 'ssd' } }))).toEqual([false, false]);
    expect(run(node({}, { disk: 'ssd' }), ds({ nodeSelector: { disk: 'ssd' } }))).toEqual([true, true]);
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }],
        },
      },
    };
    expect(run(node({}, { disk: 'hdd' }), ds({ affinity }))).toEqual([false, false]);
  });
  it('an untolerated NoSchedule taint: no new Pod, the running one stays', () =>
    expect(run(node({ taints: [{ key: 'gpu', effect: 'NoSchedule' }] }), ds())).toEqual([false, true]));
  it('an untolerated NoExecute taint: the Pod must go', () =>
    expect(run(node({ taints: [{ key: 'gpu', effect: 'NoExecute' }] }), ds())).toEqual([false, false]));
  it('a tolerated taint is no obstacle', () =>
    expect(
      run(
        node({ taints: [{ key: 'gpu', effect: 'NoExecute' }] }),
        ds({ tolerations: [{ key: 'gpu', operator: 'Exists' }] }),
      ),
    ).toEqual([true, true]));
  it('the daemon tolerations cover a cordon, not-ready and unreachable nodes', () =>
    expect(
      run(
        node({
          unschedulable: true,
          taints: [
            { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
            { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
            { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
          ],
        }),
        ds(),
      ),
    ).toEqual([true, true]));
  it('network-unavailable is tolerated only by host-network Pods', () => {
    const n = node({ taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }] });
    expect(run(n, ds())).toEqual([false, true]);
    expect(run(n, ds({ hostNetwork: true }))).toEqual([true, true]);
  });
});

describe('daemonPod', () => {
  it('carries the labels, the owner, the daemon tolerations in order and the node’s matchFields affinity', () => {
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['ssd'] }] }],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }],
      },
    };
    const p = daemonPod(
      ds({ affinity, tolerations: [{ key: 'gpu', operator: 'Exists' }] }) as DaemonSet,
      'node-2',
      '6b7f9c',
    );
    expect(p.metadata.generateName).toBe('agent-');
    expect(p.metadata.labels).toEqual({
      app: 'agent',
      'pod-template-generation': '3',
      'controller-revision-hash': '6b7f9c',
    });
    expect(p.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: 'agent',
        uid: 'u1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    expect(p.spec.tolerations).toEqual([
      { key: 'gpu', operator: 'Exists' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    expect(p.spec.affinity.nodeAffinity).toEqual({
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-2'] }] }],
      },
      preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }],
    });
    expect(targetNodeName(p as Pod)).toBe('node-2');
  });
});
