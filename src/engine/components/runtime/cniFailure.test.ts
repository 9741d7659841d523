/** The CNI plugin stopped on a node: sandboxes fail with containerd's real errors, and recover once it is back. */
import { describe, expect, it } from 'vitest';
import type { TimedAction } from '../../api';
import { simulate } from '../../simulate';
import { objectsOf, worldAt } from '../../trace/worldAt';
import { deployment } from '../../../scenarios/manifests';
import { cniPluginError, sandboxNetworkError } from './cniFailure';

const cni = (type: 'stop' | 'start', atMs: number, node = 'node-1'): TimedAction => ({
  atMs,
  action: { type, component: 'cni', node },
});
const podsAtEnd = (run: ReturnType<typeof simulate>) =>
  objectsOf(worldAt(run, run.steps.length - 1)).filter((o) => o.kind === 'Pod' && o.metadata.namespace === 'default');

describe('CNI plugin stopped', () => {
  it('has libcni and containerd wording', () => {
    expect(cniPluginError('ADD')).toBe(
      'plugin type="ptp" failed (add): failed to find plugin "ptp" in path [/opt/cni/bin]',
    );
    expect(sandboxNetworkError('DEL', 'ab')).toBe(
      'rpc error: code = Unknown desc = failed to destroy network for sandbox "ab": plugin type="ptp" failed (delete): failed to find plugin "ptp" in path [/opt/cni/bin]',
    );
  });

  it('fails an ADD already on its way when the plugin stops, then the retry succeeds once it is back', () => {
    // node-1's CNI ADD is sent at ~0.07 s and arrives ~0.5 s later: stopping CNI in between must not hang the pod.
    const run = simulate({ yaml: deployment({ replicas: 3 }), actions: [cni('stop', 200), cni('start', 20_000)] });
    const failed = run.steps.find((s) => s.events.some((e) => e.reason === 'FailedCreatePodSandBox'))!;
    expect(failed.time).toBeLessThan(2_000);
    expect(failed.to).toEqual({ component: 'kubelet', node: 'node-1' });
    const pods = podsAtEnd(run);
    expect(pods).toHaveLength(3);
    expect(pods.every((p) => p.status.phase === 'Running' && p.status.podIP)).toBe(true);
  });

  it('keeps a deleted Pod Terminating with FailedKillPod until CNI DEL can run again', () => {
    const run = simulate({
      yaml: deployment({ replicas: 3 }),
      actions: [
        cni('stop', 20_000),
        { atMs: 25_000, action: { type: 'scale', kind: 'Deployment', name: 'web', replicas: 0 } },
        cni('start', 50_000),
      ],
    });
    const kill = run.steps.flatMap((s) => s.events.filter((e) => e.reason === 'FailedKillPod').map(() => s.time));
    expect(kill.length).toBeGreaterThan(0);
    expect(Math.min(...kill)).toBeGreaterThan(25_000);
    expect(Math.max(...kill)).toBeLessThan(50_000);
    const events = run.steps.flatMap((s) => s.events).filter((e) => e.reason === 'FailedKillPod');
    expect(events[0].message).toMatch(
      /^error killing pod: failed to "KillPodSandbox" for "[0-9a-f-]{36}" with KillPodSandboxError: "rpc error: code = Unknown desc = failed to destroy network for sandbox \\"[0-9a-f]{64}\\": plugin type=\\"ptp\\" failed \(delete\): failed to find plugin \\"ptp\\" in path \[\/opt\/cni\/bin\]"$/,
    );
    expect(podsAtEnd(run)).toHaveLength(0);
    expect(run.end.reason).toBe('quiescent');
  });
});
