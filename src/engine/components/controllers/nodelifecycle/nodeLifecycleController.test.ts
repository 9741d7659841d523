/** Node lifecycle + taint eviction on the harness: the monitorNodeHealth pass and the per-Pod eviction timers. */
import { describe, expect, it } from 'vitest';
import { controllerProbe } from '../../../client/controllerProbe.testkit';
import type { ApiRequest } from '../../../messages';
import type { KObject } from '../../../types';
import { nodeLifecycleController } from './nodeLifecycleController';

const node: KObject = {
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'node-2', uid: 'n-2' },
  spec: {},
  status: { conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }] },
};
const lease = (renewTime: number): KObject => ({
  apiVersion: 'coordination.k8s.io/v1',
  kind: 'Lease',
  metadata: { name: 'node-2', namespace: 'kube-node-lease' },
  spec: { holderIdentity: 'node-2', renewTime },
});
const pod: KObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'default', uid: 'p-1' },
  spec: {
    nodeName: 'node-2',
    // What DefaultTolerationSeconds adds.
    tolerations: [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    ],
  },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
};

const line = (r: ApiRequest) => `${r.verb} ${r.resourceKind}${r.subresource ? '/' + r.subresource : ''} ${r.name}`;

describe('nodeLifecycleController', () => {
  it('after the 50 s grace a silent node goes Unknown and tainted; its Pods go 300 s later', () => {
    const p = controllerProbe(nodeLifecycleController);
    p.watch('ADDED', node);
    p.watch('ADDED', lease(0));
    p.watch('ADDED', pod);
    const sent = () => p.requests.map(line);
    p.runUntil(54_999);
    expect(sent()).toEqual([]);
    p.runUntil(56_000); // the pass at 55 s is the first that finds the lease older than 50 s
    expect(sent()).toEqual(['update Node/status node-2', 'update Node node-2', 'patch Pod/status web-1']);
    const taints = p.requests[1].body!.spec.taints.map((t: { key: string; effect: string }) => `${t.key}:${t.effect}`);
    expect(taints).toEqual(['node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    p.runUntil(354_000);
    expect(sent()).toHaveLength(3);
    p.runUntil(356_000);
    // tainteviction.go addConditionAndDeletePod: DisruptionTarget=True first, then the delete.
    expect(sent().slice(3)).toEqual(['patch Pod/status web-1', 'delete Pod web-1']);
    expect(p.kcm.hasPendingWork(p.sim)).toBe(false);
  });

  it('a renewed lease before the tolerationSeconds run out cancels the eviction and removes the taints', () => {
    const p = controllerProbe(nodeLifecycleController);
    p.watch('ADDED', node);
    p.watch('ADDED', lease(0));
    p.watch('ADDED', pod);
    p.runUntil(100_000);
    // The kubelet is back and renews its Lease every 10 s.
    for (let t = 100_000; t <= 400_000; t += 10_000) {
      p.runUntil(t);
      p.watch('MODIFIED', lease(t));
    }
    expect(p.requests.map(line)).toEqual([
      'update Node/status node-2',
      'update Node node-2',
      'patch Pod/status web-1',
      'update Node node-2', // the unreachable taints removed
    ]);
    expect(p.requests[3].body!.spec.taints).toBeUndefined();
  });
});
