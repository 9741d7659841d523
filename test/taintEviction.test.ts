/** `kubectl taint … :NoExecute` evicts pods that do not tolerate the taint, and tolerating ones after tolerationSeconds. */
import { describe, expect, it } from 'vitest';
import type { KObject } from '../src/engine/api';
import { simulate } from '../src/engine/simulate';
import { objectsOf, worldAt } from '../src/engine/trace/worldAt';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';

const taint = {
  atMs: 20_000,
  action: { type: 'taint' as const, node: 'node-2', key: 'dedicated', value: 'gpu', effect: 'NoExecute' as const },
};

describe('NoExecute taints added by a user', () => {
  it('evict non-tolerating pods at once; the replacement lands elsewhere', () => {
    const run = simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, actions: [taint] });
    const eviction = run.steps.find((s) => s.events.some((e) => e.reason === 'TaintManagerEviction'))!;
    expect(eviction.time - 20_000).toBeLessThan(1_000);
    const pods = objectsOf(worldAt(run, run.steps.length - 1)).filter(
      (o: KObject) => o.kind === 'Pod' && o.metadata.namespace === 'default',
    );
    const live = pods.filter((p) => p.metadata.deletionTimestamp === undefined);
    expect(live).toHaveLength(3);
    expect(live.every((p) => p.spec.nodeName !== 'node-2')).toBe(true);
  });

  it('marks the Pod DisruptionTarget=True (DeletionByTaintManager) before deleting it (tainteviction.go addConditionAndDeletePod)', () => {
    const run = simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE, actions: [taint] });
    const evicted = objectsOf(worldAt(run, run.steps.length - 1)).find(
      (o: KObject) => o.kind === 'Pod' && o.spec.nodeName === 'node-2' && o.metadata.namespace === 'default',
    );
    const key = run.history.find(
      (h) =>
        h.key.startsWith('/registry/pods/default/') && (h.value as KObject | undefined)?.spec?.nodeName === 'node-2',
    )!.key;
    expect(evicted === undefined || evicted.metadata.deletionTimestamp !== undefined).toBe(true);
    const versions = run.history.filter((h) => h.key === key && h.value).map((h) => h.value as KObject);
    const marked = versions.findIndex((p) => p.status?.conditions?.some((c: any) => c.type === 'DisruptionTarget'));
    const deleting = versions.findIndex((p) => p.metadata.deletionTimestamp !== undefined);
    expect(marked).toBeGreaterThanOrEqual(0);
    expect(marked).toBeLessThan(deleting);
    expect(versions[marked].status.conditions.find((c: any) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
    });
  });

  it('a toleration with tolerationSeconds delays the eviction', () => {
    const yaml = NGINX_DEPLOYMENT_AND_SERVICE.replace(
      '      containers:',
      '      tolerations:\n        - key: dedicated\n          operator: Exists\n          effect: NoExecute\n          tolerationSeconds: 30\n      containers:',
    );
    const run = simulate({ yaml, actions: [taint] });
    const eviction = run.steps.find((s) => s.events.some((e) => e.reason === 'TaintManagerEviction'))!;
    expect(eviction.time - 20_000).toBeGreaterThanOrEqual(30_000);
    expect(eviction.time - 20_000).toBeLessThan(31_000);
  });

  it('a taint added while the controller manager is down evicts once it is back (its informers list the Nodes again)', () => {
    const kcm = { type: 'stop' as const, component: 'kube-controller-manager' as const };
    const run = simulate({
      yaml: NGINX_DEPLOYMENT_AND_SERVICE,
      actions: [{ atMs: 15_000, action: kcm }, taint, { atMs: 40_000, action: { ...kcm, type: 'start' as const } }],
    });
    const eviction = run.steps.find((s) => s.events.some((e) => e.reason === 'TaintManagerEviction'))!;
    expect(eviction.time).toBeGreaterThanOrEqual(40_000);
    expect(eviction.time - 40_000).toBeLessThan(1_000);
    const live = objectsOf(worldAt(run, run.steps.length - 1)).filter(
      (o: KObject) =>
        o.kind === 'Pod' && o.metadata.namespace === 'default' && o.metadata.deletionTimestamp === undefined,
    );
    expect(live).toHaveLength(3);
    expect(live.every((p) => p.spec.nodeName !== 'node-2')).toBe(true);
  });
});
