/**
 * Events the kubelet records on its Node: NodeNotSchedulable / NodeSchedulable at the node status sync after a
 * cordon / uncordon (kubelet_node_status.go recordNodeSchedulableEvent), and on start "Starting kubelet.",
 * NodeAllocatableEnforced and, for each condition whose status changes, NodeHas… / NodeReady
 * (nodestatus/setters.go).
 */
import { describe, expect, it } from 'vitest';
import type { TimedAction } from '../../../api';
import { deployment } from '../../../../scenarios/manifests';
import { simulate } from '../../../simulate';
import { worldAt } from '../../../trace/worldAt';

function nodeEvents(actions: TimedAction[], node: string) {
  const run = simulate({ yaml: deployment({ replicas: 3 }), actions, untilMs: 180_000 });
  return worldAt(run, run.steps.length - 1)
    .events.filter((e) => e.involvedObject.kind === 'Node' && e.involvedObject.name === node)
    .sort((a, b) => a.firstTimestamp - b.firstTimestamp);
}

describe('kubelet events on its Node', () => {
  it('cordon and uncordon: NodeNotSchedulable then NodeSchedulable, from the kubelet, within a status sync (10 s)', () => {
    const events = nodeEvents(
      [
        { atMs: 20_000, action: { type: 'cordon', node: 'node-2' } },
        { atMs: 40_000, action: { type: 'uncordon', node: 'node-2' } },
      ],
      'node-2',
    );
    expect(events.map((e) => [e.reason, e.source, e.message])).toEqual([
      ['NodeNotSchedulable', 'kubelet', 'Node node-2 status is now: NodeNotSchedulable'],
      ['NodeSchedulable', 'kubelet', 'Node node-2 status is now: NodeSchedulable'],
    ]);
    expect(events[0].firstTimestamp - 20_000).toBeLessThanOrEqual(10_000);
  });

  it('a kubelet restarted after the node went Unknown records Starting, NodeAllocatableEnforced, NodeHas… and NodeReady', () => {
    const events = nodeEvents(
      [
        { atMs: 20_000, action: { type: 'stop', component: 'kubelet', node: 'node-3' } },
        { atMs: 120_000, action: { type: 'start', component: 'kubelet', node: 'node-3' } },
      ],
      'node-3',
    );
    expect(events.filter((e) => e.source === 'kubelet').map((e) => e.reason)).toEqual([
      'Starting',
      'NodeAllocatableEnforced',
      'NodeHasSufficientMemory',
      'NodeHasNoDiskPressure',
      'NodeHasSufficientPID',
      'NodeReady',
    ]);
    expect(events.find((e) => e.reason === 'Starting')!.message).toBe('Starting kubelet.');
    // kubelet.go NewMainKubelet: nodeRef's UID is the node's name, whichever part of the kubelet records.
    for (const e of events.filter((x) => x.source === 'kubelet')) expect(e.involvedObject.uid).toBe('node-3');
  });
});
