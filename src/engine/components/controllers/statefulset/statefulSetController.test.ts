/**
 * The StatefulSet controller against the kubernetes.io `web` example (pkg/controller/statefulset/
 * stateful_set_control.go, stateful_pod_control.go, stateful_set_utils.go; kubectl describe.go describeStatefulSet).
 */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../../../types';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';
import { describeObject } from '../../../kubectl/describeObject';
import { printTable } from '../../../kubectl/printers';
import { webStatefulSet } from '../../../../scenarios/statefulSetScenarios';

function finalWorld(run: ReturnType<typeof simulate>) {
  const world = worldAt(run, run.steps.length - 1);
  const objects = objectsOf(world).filter((o) => o.metadata.namespace === 'default');
  return { world, objects, of: (kind: string) => objects.filter((o) => o.kind === kind) };
}

const stsEvents = (run: ReturnType<typeof simulate>) =>
  run.steps.flatMap((s) =>
    s.events.filter((e) => e.source === 'statefulset-controller').map((e) => ({ ...e, time: s.time })),
  );

describe('StatefulSet controller', () => {
  const run = simulate({ yaml: webStatefulSet() });
  const { world, objects, of } = finalWorld(run);

  it('creates each claim before its Pod, and ordinal n+1 only once n is Running and Ready', () => {
    expect(stsEvents(run).map((e) => `${e.reason} ${e.message}`)).toEqual([
      'SuccessfulCreate create Claim www-web-0 Pod web-0 in StatefulSet web success',
      'SuccessfulCreate create Pod web-0 in StatefulSet web successful',
      'SuccessfulCreate create Claim www-web-1 Pod web-1 in StatefulSet web success',
      'SuccessfulCreate create Pod web-1 in StatefulSet web successful',
      'SuccessfulCreate create Claim www-web-2 Pod web-2 in StatefulSet web success',
      'SuccessfulCreate create Pod web-2 in StatefulSet web successful',
    ]);
    const pods = of('Pod');
    const readyAt = (name: string) =>
      pods.find((p) => p.metadata.name === name)!.status.conditions.find((c: any) => c.type === 'Ready')
        .lastTransitionTime;
    const createdAt = (name: string) => pods.find((p) => p.metadata.name === name)!.metadata.creationTimestamp!;
    expect(createdAt('web-1')).toBeGreaterThanOrEqual(readyAt('web-0'));
    expect(createdAt('web-2')).toBeGreaterThanOrEqual(readyAt('web-1'));
  });

  it('gives each Pod its identity: name, hostname, subdomain, labels, its own claim', () => {
    const pod = of('Pod').find((p) => p.metadata.name === 'web-1')!;
    const rev = of('ControllerRevision')[0];
    expect(pod.metadata.generateName).toBe('web-');
    expect(pod.spec.hostname).toBe('web-1');
    expect(pod.spec.subdomain).toBe('nginx');
    expect(pod.metadata.labels).toEqual({
      app: 'nginx',
      'statefulset.kubernetes.io/pod-name': 'web-1',
      'apps.kubernetes.io/pod-index': '1',
      'controller-revision-hash': rev.metadata.name,
    });
    expect(pod.spec.volumes[0]).toEqual({ name: 'www', persistentVolumeClaim: { claimName: 'www-web-1' } });
    expect(pod.metadata.ownerReferences![0]).toMatchObject({ kind: 'StatefulSet', name: 'web', controller: true });
    const claim = of('PersistentVolumeClaim').find((c) => c.metadata.name === 'www-web-1')!;
    expect(claim.metadata.labels).toEqual({ app: 'nginx' });
    expect(claim.status.phase).toBe('Bound');
    expect(claim.spec.storageClassName).toBe('standard');
  });

  it('records one ControllerRevision and the status fields', () => {
    const revs = of('ControllerRevision');
    expect(revs).toHaveLength(1);
    expect(revs[0].revision).toBe(1);
    expect(revs[0].metadata.name).toMatch(/^web-[bcdf4-9]{8,10}$/);
    expect(revs[0].data.spec.template.$patch).toBe('replace');
    const sts = of('StatefulSet')[0];
    expect(sts.status).toEqual({
      observedGeneration: 1,
      replicas: 3,
      readyReplicas: 3,
      currentReplicas: 3,
      updatedReplicas: 3,
      currentRevision: revs[0].metadata.name,
      updateRevision: revs[0].metadata.name,
      collisionCount: 0,
      availableReplicas: 3,
    });
  });

  it('kubectl get statefulsets / controllerrevisions and describe statefulset', () => {
    const ctx = { now: run.end.time, namespace: 'default' } as any;
    const sts = of('StatefulSet');
    expect(printTable('statefulsets', sts, ctx).split('\n')[1]).toMatch(/^web {4}3\/3 {5}\d+s$/);
    expect(printTable('controllerrevisions', of('ControllerRevision'), ctx)).toMatch(
      /^NAME\s+CONTROLLER\s+REVISION\s+AGE\nweb-\S+\s+statefulset\.apps\/web\s+1\s+\d+s$/,
    );
    const text = describeObject(sts[0], { now: run.end.time, events: world.events, objects })!;
    expect(text).toContain('Selector:           app=nginx\n');
    expect(text).toContain('Replicas:           3 desired | 3 total\n');
    expect(text).toContain('Update Strategy:    RollingUpdate\n  Partition:        0\n');
    expect(text).toContain('Pods Status:        3 Running / 0 Waiting / 0 Succeeded / 0 Failed\n');
    expect(text).toContain(
      'Volume Claims:\n  Name:          www\n  StorageClass:  \n  Labels:        <none>\n  Annotations:   <none>\n  Capacity:      1Gi\n  Access Modes:  [ReadWriteOnce]\n',
    );
    expect(text).toMatch(
      /Normal {2}SuccessfulCreate {2}\d+s {3}statefulset-controller {2}create Claim www-web-0 Pod web-0/,
    );
  });

  it('rolls a new template out from the highest ordinal down, one Pod at a time', () => {
    const update = simulate({
      yaml: webStatefulSet(),
      actions: [{ atMs: 40_000, action: { type: 'apply', yaml: webStatefulSet('registry.k8s.io/nginx-slim:0.27') } }],
    });
    const deletes = stsEvents(update).filter((e) => e.reason === 'SuccessfulDelete');
    expect(deletes.map((e) => e.message)).toEqual([
      'delete Pod web-2 in StatefulSet web successful',
      'delete Pod web-1 in StatefulSet web successful',
      'delete Pod web-0 in StatefulSet web successful',
    ]);
    const after = finalWorld(update);
    const revs = after.of('ControllerRevision').sort((a, b) => a.revision - b.revision);
    expect(revs.map((r) => r.revision)).toEqual([1, 2]);
    const pods = after.of('Pod');
    expect(pods.every((p) => p.metadata.labels!['controller-revision-hash'] === revs[1].metadata.name)).toBe(true);
    expect(pods.every((p) => p.spec.containers[0].image === 'registry.k8s.io/nginx-slim:0.27')).toBe(true);
    const st = after.of('StatefulSet')[0].status;
    expect([st.currentRevision, st.updateRevision, st.updatedReplicas]).toEqual([
      revs[1].metadata.name,
      revs[1].metadata.name,
      3,
    ]);
    // The claims survive: still one per ordinal, bound.
    expect(after.of('PersistentVolumeClaim').map((c) => c.metadata.name)).toEqual([
      'www-web-0',
      'www-web-1',
      'www-web-2',
    ]);
  });

  it('Parallel creates every ordinal without waiting', () => {
    const par = simulate({
      yaml: webStatefulSet().replace('  replicas: 3\n', '  replicas: 3\n  podManagementPolicy: Parallel\n'),
    });
    const created = stsEvents(par).filter((e) => e.message.startsWith('create Pod'));
    expect(created).toHaveLength(3);
    expect(created[2].time - created[0].time).toBeLessThan(1_000);
  });

  it('scales down from the highest ordinal; whenScaled: Delete hands the claims to the Pods for the garbage collector', () => {
    const policy = '  persistentVolumeClaimRetentionPolicy:\n    whenScaled: Delete\n    whenDeleted: Retain\n';
    const yaml = webStatefulSet().replace('  replicas: 3\n', `  replicas: 3\n${policy}`);
    const scaled = simulate({
      yaml,
      actions: [{ atMs: 40_000, action: { type: 'apply', yaml: yaml.replace('replicas: 3', 'replicas: 1') } }],
    });
    const deletes = stsEvents(scaled).filter((e) => e.reason === 'SuccessfulDelete');
    expect(deletes.map((e) => e.message)).toEqual([
      'delete Pod web-2 in StatefulSet web successful',
      'delete Pod web-1 in StatefulSet web successful',
    ]);
    const after = finalWorld(scaled);
    expect(after.of('Pod').map((p) => p.metadata.name)).toEqual(['web-0']);
    expect(after.of('PersistentVolumeClaim').map((c: KObject) => c.metadata.name)).toEqual(['www-web-0']);
  });
});
