import { describe, expect, it } from 'vitest';
import type { Step } from '../engine/types';
import { collapseGroups, groupAt, messageGroups } from './messageGroups';
import { testStep } from './testRuns';

function step(seq: number, to: string, node?: string, verb = 'WATCH MODIFIED'): Step {
  return testStep({
    seq,
    phase: 'network',
    to: { component: to, node } as Step['to'],
    verb,
    object: { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', name: 'web-abcde' },
    label: verb,
  });
}

describe('messageGroups', () => {
  // 0: scheduler; 1–3: kube-proxy on three nodes; 4: kubelet; 5–6: kube-proxy again (a new run).
  const steps = [
    step(0, 'kube-scheduler'),
    step(1, 'kube-proxy', 'node-1'),
    step(2, 'kube-proxy', 'node-2'),
    step(3, 'kube-proxy', 'node-3'),
    step(4, 'kubelet', 'node-1'),
    step(5, 'kube-proxy', 'node-1'),
    step(6, 'kube-proxy', 'node-2'),
  ];

  it('groups only consecutive runs of the same message, whatever the node', () => {
    const groups = messageGroups(steps);
    expect(groups).toEqual([
      { start: 1, end: 3, nodes: ['node-1', 'node-2', 'node-3'] },
      { start: 5, end: 6, nodes: ['node-1', 'node-2'] },
    ]);
    expect(groupAt(groups, 2)).toBe(groups[0]);
    expect(groupAt(groups, 4)).toBeUndefined();
    expect(groupAt(groups, 6)).toBe(groups[1]);
  });

  it('does not group a different verb', () => {
    expect(messageGroups([step(0, 'kube-proxy', 'a'), step(1, 'kube-proxy', 'b', 'WATCH ADDED')])).toEqual([]);
  });

  it('keeps one landing per group: the last step of it that the filter kept', () => {
    const groups = messageGroups(steps);
    expect(collapseGroups([0, 1, 2, 3, 4, 5, 6], groups)).toEqual([0, 3, 4, 6]);
    // A filter removed step 3 (the group's last): the group still lands once, on 2.
    expect(collapseGroups([0, 1, 2, 4, 6], groups)).toEqual([0, 2, 4, 6]);
  });
});
