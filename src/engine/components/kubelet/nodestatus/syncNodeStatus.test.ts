/**
 * The container runtime stops on a node: the kubelet reports it (runtime.go runtimeErrors; nodestatus/setters.go
 * ReadyCondition) and the node lifecycle controller treats the node as NotReady (taint not-ready, evict after 300 s).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../api';
import { deployment } from '../../../../scenarios/manifests';
import { simulate } from '../../../simulate';

const run = simulate({
  yaml: deployment({ replicas: 3 }),
  actions: [{ atMs: 20_000, action: { type: 'stop', component: 'container-runtime', node: 'node-1' } }],
  untilMs: 600_000,
});
const nodeVersions = run.history
  .filter((h) => h.key === '/registry/minions/node-1' && h.value)
  .map((h) => ({ seq: h.seq, node: h.value as KObject }));
const readyOf = (n: KObject) => n.status.conditions.find((c: any) => c.type === 'Ready');
const timeOf = (seq: number) => run.steps[seq]?.time ?? 0;

describe('container runtime stopped on a node', () => {
  it('the kubelet posts Ready=False KubeletNotReady "container runtime is down" about 30 s later, then adds the PLEG error after 3 min', () => {
    const down = nodeVersions.find((v) => readyOf(v.node).status === 'False')!;
    expect(readyOf(down.node)).toMatchObject({ reason: 'KubeletNotReady', message: 'container runtime is down' });
    expect(timeOf(down.seq)).toBeGreaterThan(50_000);
    expect(timeOf(down.seq)).toBeLessThan(62_000);
    const pleg = nodeVersions.find((v) => /PLEG/.test(readyOf(v.node).message))!;
    expect(readyOf(pleg.node).message).toMatch(
      /^\[container runtime is down, PLEG is not healthy: pleg was last seen active 3m[\d.]+s ago; threshold is 3m0s\]$/,
    );
    const events = run.steps.flatMap((s) => s.events).filter((e) => e.involvedObject.name === 'node-1');
    expect(events.some((e) => e.reason === 'NodeNotReady' && e.source === 'kubelet')).toBe(true);
    expect(events.find((e) => e.source === 'kubelet')!.message).toBe('Node node-1 status is now: NodeNotReady');
  });

  it('re-posts the PLEG message at each 10 s status sync as its elapsed time grows (nodeConditionsHaveChanged compares messages)', () => {
    const plegs = nodeVersions
      .filter((v) => /PLEG/.test(readyOf(v.node).message))
      .map((v) => ({ t: timeOf(v.seq), m: readyOf(v.node).message as string }));
    expect(plegs.length).toBeGreaterThan(10);
    expect(new Set(plegs.map((p) => p.m)).size).toBe(plegs.length);
    const gaps = plegs.slice(1).map((p, i) => p.t - plegs[i]!.t);
    for (const g of gaps) {
      expect(g).toBeGreaterThan(9_000);
      expect(g).toBeLessThan(11_000);
    }
    // The NodeNotReady Event is recorded once, on the transition, not at every post.
    const notReady = run.steps
      .flatMap((s) => s.events)
      .filter((e) => e.reason === 'NodeNotReady' && e.source === 'kubelet');
    expect(notReady).toHaveLength(1);
  });

  it('the node lifecycle controller taints it not-ready and the Pod there is evicted after its 300 s toleration', () => {
    const tainted = nodeVersions.find((v) =>
      (v.node.spec.taints ?? []).some((t: any) => t.key === 'node.kubernetes.io/not-ready' && t.effect === 'NoExecute'),
    )!;
    expect(tainted).toBeDefined();
    const evict = run.steps.find((s) => s.verb === 'evict')!;
    expect(evict.time - timeOf(tainted.seq)).toBeGreaterThanOrEqual(300_000);
    expect(evict.time - timeOf(tainted.seq)).toBeLessThan(306_000);
  });
});
