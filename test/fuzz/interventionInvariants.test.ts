/** The invariant checker itself: it must catch what it claims to, and leave the scheduler's cache race alone. */
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, KObject, Run } from '../../src/engine/api';
import { controlPlaneUpAtEnd, interventionViolations } from './interventionInvariants';
import { makeNode, makePod } from '../../src/engine/testing/builders';

const node = (taints: Array<{ key: string; value?: string; effect: string }> = []): KObject => {
  const b = makeNode('n1').capacity({ cpu: '1', memory: '1Gi' });
  for (const t of taints) b.taint(t.key, t.effect, t.value);
  return b.obj();
};
const pod = (name: string, cpu: string, nodeName?: string): KObject =>
  makePod(name).uid(name).cpu(cpu).node(nodeName).phase('Running').obj();
const entry = (seq: number, value: KObject): HistoryEntry => ({
  seq,
  key: value.kind === 'Node' ? '/registry/minions/n1' : `/registry/pods/default/${value.metadata.name}`,
  value,
  revision: 0,
});
const run = (times: number[], history: HistoryEntry[]): Run =>
  ({
    steps: times.map((time, seq) => ({ seq, time })),
    history,
    end: { reason: 'quiescent', time: times.at(-1) },
  }) as never;

describe('interventionViolations', () => {
  it('reports a node whose bound Pods request more than its allocatable', () => {
    const r = run([0, 10, 20], [entry(-1, node()), entry(1, pod('a', '600m', 'n1')), entry(2, pod('b', '600m', 'n1'))]);
    expect(interventionViolations(r, [])).toEqual(['#2: n1 has 1200m CPU requested of 1']);
  });

  it('reports a binding that ignores a taint stored long before, not one that races a fresh taint', () => {
    const tainted = node([{ key: 'k', effect: 'NoSchedule' }]);
    expect(
      interventionViolations(run([0, 5_000], [entry(-1, tainted), entry(1, pod('a', '1m', 'n1'))]), [])[0],
    ).toMatch(/^pod a bound to n1 at #1 .*does not tolerate k:NoSchedule/);
    const race = run([0, 5_000, 5_500], [entry(-1, node()), entry(1, tainted), entry(2, pod('a', '1m', 'n1'))]);
    expect(interventionViolations(race, [])).toEqual([]);
  });

  it('reports a Pod left running under an untolerated NoExecute taint, unless the control plane is down', () => {
    const noExecute = node([{ key: 'k', effect: 'NoExecute' }]);
    const r = run([0, 1_000, 9_000], [entry(-1, node()), entry(0, pod('a', '1m', 'n1')), entry(1, noExecute)]);
    expect(interventionViolations(r, [])[0]).toMatch(/^pod a still runs on n1 at the end/);
    const kcmDown = [{ atMs: 0, action: { type: 'stop' as const, component: 'kube-controller-manager' } }];
    expect(controlPlaneUpAtEnd(kcmDown)).toBe(false);
    expect(interventionViolations(r, kcmDown)).toEqual([]);
  });
});
