import { describe, it, expect } from 'vitest';
import { fitErrorMessage, reasonHistogram, truncateEventMessage } from './fitError';
import { newStatus, type Status } from './status';

const S = (code: Status['code'], ...r: string[]) => newStatus(code, ...r);
const map = (entries: Array<[string, Status]>) => new Map(entries);
const CP_TAINT = 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }';

/** The preemption FitError as DefaultPreemption builds it. */
function preemption(numAllNodes: number, statuses: Array<[string, Status]>): string {
  return (
    'preemption: ' +
    fitErrorMessage({
      numAllNodes,
      nodeToStatus: map(statuses),
      absentStatus: S('UnschedulableAndUnresolvable', 'Preemption is not helpful for scheduling'),
    })
  );
}

describe('fitErrorMessage (FitError.Error)', () => {
  it('pkg/scheduler/schedule_one.go FitError: 3 Insufficient cpu + no victims', () => {
    const nodes: Array<[string, Status]> = ['a', 'b', 'c'].map((n) => [n, S('Unschedulable', 'Insufficient cpu')]);
    const post = preemption(
      3,
      ['a', 'b', 'c'].map((n) => [
        n,
        S('UnschedulableAndUnresolvable', 'No preemption victims found for incoming pod'),
      ]),
    );
    expect(fitErrorMessage({ numAllNodes: 3, nodeToStatus: map(nodes), postFilterMsg: post })).toBe(
      '0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.',
    );
  });

  it('pkg/scheduler/schedule_one.go FitError: taint + Insufficient memory, sorted histogram, mixed preemption reasons', () => {
    const nodes: Array<[string, Status]> = [
      ['node-1', S('Unschedulable', 'Insufficient memory')],
      ['control-plane', S('UnschedulableAndUnresolvable', CP_TAINT)],
      ['node-2', S('Unschedulable', 'Insufficient memory')],
    ];
    const post = preemption(3, [
      ['control-plane', S('UnschedulableAndUnresolvable', 'Preemption is not helpful for scheduling')],
      ['node-1', S('UnschedulableAndUnresolvable', 'No preemption victims found for incoming pod')],
      ['node-2', S('UnschedulableAndUnresolvable', 'No preemption victims found for incoming pod')],
    ]);
    expect(fitErrorMessage({ numAllNodes: 3, nodeToStatus: map(nodes), postFilterMsg: post })).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient memory. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    );
  });

  it('pkg/scheduler/schedule_one.go FitError: PreFilter rejection prints the PreFilter message, not a histogram', () => {
    const st = S('UnschedulableAndUnresolvable', 'pod has unbound immediate PersistentVolumeClaims');
    expect(
      fitErrorMessage({
        numAllNodes: 3,
        preFilterMsg: 'pod has unbound immediate PersistentVolumeClaims',
        absentStatus: st,
        postFilterMsg: preemption(3, []),
      }),
    ).toBe(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
  });

  it('pkg/scheduler/schedule_one.go FitError: without a PostFilter message (pre-1.26 form, or preemption nominated a node)', () => {
    const nodes: Array<[string, Status]> = ['a', 'b', 'c'].map((n) => [n, S('Unschedulable', 'Insufficient cpu')]);
    expect(fitErrorMessage({ numAllNodes: 3, nodeToStatus: map(nodes) })).toBe(
      '0/3 nodes are available: 3 Insufficient cpu.',
    );
  });

  it('brief: the 4-node kind cluster message', () => {
    const nodes: Array<[string, Status]> = [
      ['control-plane', S('UnschedulableAndUnresolvable', CP_TAINT)],
      ['node-1', S('Unschedulable', 'Insufficient cpu')],
      ['node-2', S('Unschedulable', 'Insufficient cpu')],
      ['node-3', S('Unschedulable', 'Insufficient cpu')],
    ];
    const post = preemption(4, [
      ['control-plane', S('UnschedulableAndUnresolvable', 'Preemption is not helpful for scheduling')],
      ...['node-1', 'node-2', 'node-3'].map(
        (n) =>
          [n, S('UnschedulableAndUnresolvable', 'No preemption victims found for incoming pod')] as [string, Status],
      ),
    ]);
    expect(fitErrorMessage({ numAllNodes: 4, nodeToStatus: map(nodes), postFilterMsg: post })).toBe(
      '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
    );
  });

  it('v1.34 with DynamicResources: "no new claims to deallocate, " precedes the preemption sentence', () => {
    const nodes: Array<[string, Status]> = [['n', S('Unschedulable', 'Insufficient cpu')]];
    expect(
      fitErrorMessage({
        numAllNodes: 1,
        nodeToStatus: map(nodes),
        postFilterMsg: 'no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
      }),
    ).toBe(
      '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
    );
    expect(
      fitErrorMessage({
        numAllNodes: 1,
        preFilterMsg: 'pod has unbound immediate PersistentVolumeClaims',
        postFilterMsg: 'not found',
      }),
    ).toBe('0/1 nodes are available: pod has unbound immediate PersistentVolumeClaims. not found');
  });

  it('a node with several reasons counts each; absent nodes add the absent status reasons', () => {
    const nodes: Array<[string, Status]> = [
      ['a', S('Unschedulable', 'Insufficient cpu', 'Insufficient memory')],
      ['b', S('Unschedulable', 'Insufficient memory')],
    ];
    expect(
      fitErrorMessage({
        numAllNodes: 5,
        nodeToStatus: map(nodes),
        absentStatus: S('UnschedulableAndUnresolvable', "node(s) didn't satisfy plugin(s) [NodeAffinity]"),
      }),
    ).toBe(
      "0/5 nodes are available: 1 Insufficient cpu, 2 Insufficient memory, 3 node(s) didn't satisfy plugin(s) [NodeAffinity].",
    );
  });

  it('sorts like Go sort.Strings over the whole entry: "10 x" before "2 x", uppercase before lowercase', () => {
    const nodes: Array<[string, Status]> = [];
    for (let i = 0; i < 10; i++) nodes.push([`t${i}`, S('UnschedulableAndUnresolvable', 'node(s) were unschedulable')]);
    for (let i = 0; i < 2; i++) nodes.push([`c${i}`, S('Unschedulable', 'Insufficient cpu')]);
    nodes.push(['m', S('Unschedulable', 'Too many pods')]);
    expect(reasonHistogram({ numAllNodes: 13, nodeToStatus: map(nodes) })).toEqual([
      '1 Too many pods',
      '10 node(s) were unschedulable',
      '2 Insufficient cpu',
    ]);
  });

  it('0 nodes: the FitError form still reads 0/0 (the scheduler itself reports no nodes differently)', () => {
    expect(fitErrorMessage({ numAllNodes: 0 })).toBe('0/0 nodes are available:');
  });
});

describe('truncateEventMessage', () => {
  it('keeps messages up to 1024 bytes and cuts longer ones with " ..."', () => {
    expect(truncateEventMessage('short')).toBe('short');
    const long = 'x'.repeat(2000);
    const t = truncateEventMessage(long);
    expect(t.length).toBe(1024);
    expect(t.endsWith(' ...')).toBe(true);
  });
});
