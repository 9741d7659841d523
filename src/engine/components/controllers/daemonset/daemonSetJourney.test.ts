/**
 * DaemonSets through the whole engine: Pods placed by the scheduler on every eligible node, following a node's taints,
 * rolling updates, and a controller-manager restart that must not churn (pkg/controller/daemon, kubectl describe.go).
 */
import { describe, expect, it } from 'vitest';
import type { TimedAction } from '../../../api';
import { describeObject } from '../../../kubectl/describeObject';
import { printTable } from '../../../kubectl/printers';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';
import type { KObject } from '../../../types';
import { NODE_AGENT_DAEMONSET } from '../../../../scenarios/workloadScenarios';

/** The scenario's DaemonSet, with another image or an update strategy. */
const DS = (image = 'nginx:1.27-alpine', strategy = '') =>
  NODE_AGENT_DAEMONSET.replace('image: nginx:1.27-alpine', `image: ${image}`).replace(
    '\n  selector:',
    `${strategy}\n  selector:`,
  );

function finalWorld(yaml: string, actions: TimedAction[] = []) {
  const run = simulate({ yaml, actions });
  const world = worldAt(run, run.steps.length - 1);
  const objects = objectsOf(world);
  const live = objects.filter(
    (o) => o.kind === 'Pod' && o.metadata.namespace === 'default' && o.metadata.deletionTimestamp === undefined,
  );
  const events = run.steps.flatMap((s) => s.events.map((e) => ({ ...e, time: s.time })));
  return { run, world, objects, live, events };
}

const byNode = (pods: KObject[]) => pods.map((p) => p.spec.nodeName).sort();

describe('DaemonSet through the engine', () => {
  it('puts one scheduled Pod on each worker (the control-plane taint is not tolerated) and reports it', () => {
    const { live, events, objects, run } = finalWorld(DS());
    expect(byNode(live)).toEqual(['node-1', 'node-2', 'node-3']);
    const created = events.filter((e) => e.reason === 'SuccessfulCreate');
    expect(created.map((e) => e.source)).toEqual([
      'daemonset-controller',
      'daemonset-controller',
      'daemonset-controller',
    ]);
    expect(created[0].message).toMatch(/^Created pod: node-agent-[a-z0-9]{5}$/);
    // Bound by the scheduler, not by the controller.
    expect(events.filter((e) => e.reason === 'Scheduled')).toHaveLength(3);
    const ds = objects.find((o) => o.kind === 'DaemonSet')!;
    expect(ds.metadata.annotations).toMatchObject({ 'deprecated.daemonset.template.generation': '1' });
    const cr = objects.find((o) => o.kind === 'ControllerRevision' && o.metadata.namespace === 'default')!;
    expect(cr.revision).toBe(1);
    const hash = cr.metadata.labels!['controller-revision-hash'];
    expect(cr.metadata.name).toBe(`node-agent-${hash}`);
    for (const p of live)
      expect(p.metadata.labels).toEqual({
        app: 'node-agent',
        'controller-revision-hash': hash,
        'pod-template-generation': '1',
      });
    expect(printTable('DaemonSet', [ds], { now: run.end.time, namespace: 'default' })).toMatch(
      /^NAME {9}DESIRED {3}CURRENT {3}READY {3}UP-TO-DATE {3}AVAILABLE {3}NODE SELECTOR {3}AGE\nnode-agent {3}3 {9}3 {9}3 {7}3 {12}3 {11}<none> {10}\d+s$/,
    );
  });

  it('describe daemonset prints v1.34’s layout', () => {
    const { world, objects, run } = finalWorld(DS());
    const ds = objects.find((o) => o.kind === 'DaemonSet')!;
    const text = describeObject(ds, { now: run.end.time, events: world.events, objects })!;
    expect(text.split('\n').slice(0, 14).join('\n')).toBe(
      [
        'Name:           node-agent',
        'Namespace:      default',
        'Selector:       app=node-agent',
        'Node-Selector:  <none>',
        'Labels:         app=node-agent',
        'Annotations:    deprecated.daemonset.template.generation: 1',
        'Desired Number of Nodes Scheduled: 3',
        'Current Number of Nodes Scheduled: 3',
        'Number of Nodes Scheduled with Up-to-date Pods: 3',
        'Number of Nodes Scheduled with Available Pods: 3',
        'Number of Nodes Misscheduled: 0',
        // The unaligned lines above end the tab block: this one is aligned on its own.
        'Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed',
        'Pod Template:',
        '  Labels:  app=node-agent',
      ].join('\n'),
    );
    expect(text).toMatch(/Normal {2}SuccessfulCreate {2}\d+s {4}daemonset-controller {2}Created pod: node-agent-/);
  });

  it('follows a node through a NoExecute taint (evicted, not recreated) and its removal (a Pod comes back)', () => {
    const taint: TimedAction = {
      atMs: 30_000,
      action: { type: 'taint', node: 'node-2', key: 'maintenance', value: 'true', effect: 'NoExecute' },
    };
    const untaint: TimedAction = {
      atMs: 60_000,
      action: { type: 'untaint', node: 'node-2', key: 'maintenance', effect: 'NoExecute' },
    };
    const tainted = finalWorld(DS(), [taint]);
    expect(byNode(tainted.live)).toEqual(['node-1', 'node-3']);
    expect(tainted.events.filter((e) => e.reason === 'TaintManagerEviction')).toHaveLength(1);
    expect(tainted.events.filter((e) => e.reason === 'SuccessfulCreate' && e.time > 30_000)).toEqual([]);
    const ds = tainted.objects.find((o) => o.kind === 'DaemonSet')!;
    expect(ds.status).toMatchObject({ desiredNumberScheduled: 2, currentNumberScheduled: 2, numberMisscheduled: 0 });

    const back = finalWorld(DS(), [taint, untaint]);
    expect(byNode(back.live)).toEqual(['node-1', 'node-2', 'node-3']);
    const again = back.events.filter((e) => e.reason === 'SuccessfulCreate' && e.time > 60_000);
    expect(again).toHaveLength(1);
  });

  it('a NoSchedule taint or a cordon leaves the running Pod alone', () => {
    const { live, events } = finalWorld(DS(), [
      { atMs: 30_000, action: { type: 'taint', node: 'node-2', key: 'gpu', effect: 'NoSchedule' } },
      { atMs: 31_000, action: { type: 'cordon', node: 'node-3' } },
    ]);
    expect(byNode(live)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(events.filter((e) => e.reason === 'SuccessfulDelete' || e.reason === 'TaintManagerEviction')).toEqual([]);
  });

  it('rolls a new template out one node at a time (maxUnavailable 1), deleting before creating', () => {
    const { live, events, objects } = finalWorld(DS(), [
      { atMs: 30_000, action: { type: 'apply', yaml: DS('nginx:1.28-alpine') } },
    ]);
    expect(live.map((p) => p.spec.containers[0].image)).toEqual(Array(3).fill('nginx:1.28-alpine'));
    expect(live.every((p) => p.metadata.labels!['pod-template-generation'] === '2')).toBe(true);
    const order = events
      .filter((e) => e.time > 30_000 && (e.reason === 'SuccessfulDelete' || e.reason === 'SuccessfulCreate'))
      .map((e) => e.reason);
    expect(order).toEqual([
      'SuccessfulDelete',
      'SuccessfulCreate',
      'SuccessfulDelete',
      'SuccessfulCreate',
      'SuccessfulDelete',
      'SuccessfulCreate',
    ]);
    const revisions = objects
      .filter((o) => o.kind === 'ControllerRevision' && o.metadata.namespace === 'default')
      .map((r) => r.revision);
    expect(revisions.sort()).toEqual([1, 2]);
  });

  it('with maxSurge 1 and maxUnavailable 0 the new Pod starts beside the old one, which goes once it is available', () => {
    const surge = '\n  updateStrategy:\n    rollingUpdate:\n      maxSurge: 1\n      maxUnavailable: 0';
    const { live, events } = finalWorld(DS('nginx:1.27-alpine', surge), [
      { atMs: 30_000, action: { type: 'apply', yaml: DS('nginx:1.28-alpine', surge) } },
    ]);
    expect(live.map((p) => p.spec.containers[0].image)).toEqual(Array(3).fill('nginx:1.28-alpine'));
    const order = events
      .filter((e) => e.time > 30_000 && (e.reason === 'SuccessfulDelete' || e.reason === 'SuccessfulCreate'))
      .map((e) => e.reason);
    // The sync that finds a surged Pod available deletes the old one beside it and surges onto the next node, in
    // syncNodes' order: creates, then deletes.
    expect(order).toEqual([
      'SuccessfulCreate',
      'SuccessfulCreate',
      'SuccessfulDelete',
      'SuccessfulCreate',
      'SuccessfulDelete',
      'SuccessfulDelete',
    ]);
  });

  it('keeps revisionHistoryLimit old revisions that no Pod uses (cleanupHistory)', () => {
    const limit = '\n  revisionHistoryLimit: 0';
    const { objects } = finalWorld(DS('nginx:1.27-alpine', limit), [
      { atMs: 30_000, action: { type: 'apply', yaml: DS('nginx:1.28-alpine', limit) } },
    ]);
    expect(
      objects
        .filter((o) => o.kind === 'ControllerRevision' && o.metadata.namespace === 'default')
        .map((r) => r.revision),
    ).toEqual([2]);
  });

  it('OnDelete keeps the old Pods after a template change', () => {
    const onDelete = '\n  updateStrategy:\n    type: OnDelete';
    const { live, events } = finalWorld(DS('nginx:1.27-alpine', onDelete), [
      { atMs: 30_000, action: { type: 'apply', yaml: DS('nginx:1.28-alpine', onDelete) } },
    ]);
    expect(live.map((p) => p.spec.containers[0].image)).toEqual(Array(3).fill('nginx:1.27-alpine'));
    expect(events.filter((e) => e.reason === 'SuccessfulDelete')).toEqual([]);
  });

  it('after a controller-manager restart the informers list the Pods again and nothing is created or deleted', () => {
    const kcm = { type: 'stop' as const, component: 'kube-controller-manager' };
    const { live, events, run } = finalWorld(DS(), [
      { atMs: 30_000, action: kcm },
      { atMs: 40_000, action: { ...kcm, type: 'start' as const } },
    ]);
    expect(byNode(live)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(events.filter((e) => e.time > 30_000 && /Successful(Create|Delete)/.test(e.reason))).toEqual([]);
    // kind's own DaemonSets (kindnet, kube-proxy: bootstrap Pods, revisions and statuses) are adopted as they are.
    const systemWrites = run.steps.filter((s) => s.from.part === 'daemonset' && s.label.includes('/kube-system/'));
    expect(systemWrites).toEqual([]);
  });
});
