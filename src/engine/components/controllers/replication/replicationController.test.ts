/**
 * The ReplicationController: the ReplicaSet controller run for the core/v1 kind (pkg/controller/replication), with
 * the apiserver's defaulting (SetDefaults_ReplicationController), `kubectl get rc` (printReplicationController) and
 * `describe rc` (describeReplicationController). The manifest is kubernetes.io's nginx RC example.
 */
import { describe, expect, it } from 'vitest';
import { describeObject } from '../../../kubectl/describeObject';
import { printTable } from '../../../kubectl/printers';
import { simulate } from '../../../simulate';
import { objectsOf, worldAt } from '../../../trace/worldAt';
import { NGINX_REPLICATION_CONTROLLER as NGINX_RC } from '../../../../scenarios/workloadScenarios';

describe('ReplicationController', () => {
  const run = simulate({
    yaml: NGINX_RC,
    actions: [{ atMs: 30_000, action: { type: 'delete-pod', name: '$pod:nginx' } }],
  });
  const world = worldAt(run, run.steps.length - 1);
  const objects = objectsOf(world);
  const rc = objects.find((o) => o.kind === 'ReplicationController')!;
  const pods = objects.filter((o) => o.kind === 'Pod' && o.metadata.namespace === 'default');
  const events = run.steps.flatMap((s) => s.events);

  it('keeps three Pods it owns, replacing a deleted one, as replication-controller', () => {
    expect(pods.filter((p) => p.metadata.deletionTimestamp === undefined)).toHaveLength(3);
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^nginx-[a-z0-9]{5}$/);
      expect(p.metadata.ownerReferences).toEqual([
        {
          apiVersion: 'v1',
          kind: 'ReplicationController',
          name: 'nginx',
          uid: rc.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ]);
    }
    const created = events.filter((e) => e.reason === 'SuccessfulCreate');
    expect(created).toHaveLength(4);
    expect(
      created.every((e) => e.source === 'replication-controller' && e.involvedObject.kind === 'ReplicationController'),
    ).toBe(true);
    expect(created[0].message).toMatch(/^Created pod: nginx-[a-z0-9]{5}$/);
    expect(rc.status).toEqual({
      replicas: 3,
      fullyLabeledReplicas: 3,
      readyReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
    });
  });

  it('takes its labels from the template when it has none (SetDefaults_ReplicationController)', () => {
    expect(rc.metadata.labels).toEqual({ app: 'nginx' });
    expect(rc.spec.selector).toEqual({ app: 'nginx' });
  });

  it('prints as kubectl get rc and describe rc do', () => {
    expect(printTable('ReplicationController', [rc], { now: run.end.time, namespace: 'default', wide: true })).toMatch(
      /^NAME {4}DESIRED {3}CURRENT {3}READY {3}AGE {3}CONTAINERS {3}IMAGES {3}SELECTOR\nnginx {3}3 {9}3 {9}3 {7}\d+s {3}nginx {8}nginx {4}app=nginx$/,
    );
    const text = describeObject(rc, { now: run.end.time, events: world.events, objects })!;
    expect(text.split('\n').slice(0, 8).join('\n')).toBe(
      [
        'Name:         nginx',
        'Namespace:    default',
        'Selector:     app=nginx',
        'Labels:       app=nginx',
        'Annotations:  <none>',
        'Replicas:     3 current / 3 desired',
        'Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed',
        'Pod Template:',
      ].join('\n'),
    );
    expect(text).toMatch(/Normal {2}SuccessfulCreate {2}\d+s {3}replication-controller {2}Created pod: nginx-/);
  });
});

describe('ReplicationController validation (ValidateReplicationControllerSpec)', () => {
  it('rejects a selector the template’s labels do not match', () => {
    const run = simulate({ yaml: NGINX_RC.replace('  selector:\n    app: nginx', '  selector:\n    app: web') });
    expect(run.output.map((o) => o.line)).toEqual([
      'The ReplicationController "nginx" is invalid: spec.template.metadata.labels: Invalid value: {"app":"nginx"}: `selector` does not match template `labels`',
    ]);
  });
});
