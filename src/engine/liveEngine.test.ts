import { describe, expect, it } from 'vitest';
import { Engine } from './simulate';
import type { ApiResponse } from './messages';
import type { KObject } from './types';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] },
    },
  },
} as unknown as KObject;

function live() {
  const engine = new Engine({ yaml: '' });
  const ask = (r: Parameters<Engine['submit']>[0]) => {
    let got: ApiResponse | undefined;
    engine.submit(r, (resp) => (got = resp));
    return () => got;
  };
  return { engine, ask };
}

describe('Engine live mode', () => {
  it('advances the clock to a virtual time and no further', () => {
    const { engine } = live();
    engine.advanceTo(5_000);
    expect(engine.now).toBe(5_000);
    const steps = engine.runSoFar().steps;
    expect(steps.every((s) => s.time <= 5_000)).toBe(true);
    engine.advanceTo(1_000);
    expect(engine.now).toBe(5_000);
  });

  it('sends a request as a drawn kubectl step through the pipeline and hands back its response', () => {
    const { engine, ask } = live();
    engine.advanceTo(1_000);
    const created = ask({ verb: 'create', resourceKind: 'Deployment', namespace: 'default', body: deployment });
    expect(created()).toBeUndefined();
    engine.advanceTo(1_100);
    expect(created()?.status).toBe(201);
    expect(created()?.object?.metadata.uid).toBeTruthy();
    const steps = engine.runSoFar().steps.filter((s) => s.time > 1_000);
    expect(steps[0]).toMatchObject({ from: { component: 'kubectl' }, to: { component: 'kube-apiserver' } });
    expect(steps[0].label).toBe('POST /apis/apps/v1/namespaces/default/deployments');
    const parts = steps.map((s) => s.to.part).filter(Boolean);
    expect(parts).toEqual(expect.arrayContaining(['authn', 'authz', 'mutating-admission', 'validation']));
    expect(steps.some((s) => s.to.component === 'etcd')).toBe(true);
    expect(steps.some((s) => s.from.component === 'kube-apiserver' && s.to.component === 'kubectl')).toBe(true);
  });

  it('lets the cluster run: the Deployment gets its Pods, listed with a label selector', () => {
    const { engine, ask } = live();
    ask({ verb: 'create', resourceKind: 'Deployment', namespace: 'default', body: deployment });
    engine.advanceTo(60_000);
    const pods = ask({ verb: 'list', resourceKind: 'Pod', namespace: 'default', labelSelector: 'app=web' });
    const none = ask({ verb: 'list', resourceKind: 'Pod', namespace: 'default', labelSelector: 'app notin (web)' });
    const byField = ask({ verb: 'list', resourceKind: 'Pod', fieldSelector: 'metadata.namespace=kube-system' });
    engine.advanceTo(60_100);
    expect(pods()?.items?.length).toBe(2);
    expect(pods()?.items?.every((p) => p.status.phase === 'Running')).toBe(true);
    expect(none()?.items?.length).toBe(0);
    expect(byField()?.items?.length).toBeGreaterThan(0);
    expect(engine.currentWorld().etcd.has('/registry/deployments/default/web')).toBe(true);
  });

  it('answers errors with the apiserver texts', () => {
    const { engine, ask } = live();
    const missing = ask({ verb: 'get', resourceKind: 'Pod', namespace: 'default', name: 'x' });
    const bad = ask({ verb: 'list', resourceKind: 'Pod', labelSelector: 'a in (' });
    engine.advanceTo(100);
    expect(missing()?.error).toMatchObject({ code: 404, reason: 'NotFound', message: 'pods "x" not found' });
    expect(bad()?.error?.code).toBe(400);
  });

  it('applies a strategic merge patch: containers merge by name', () => {
    const { engine, ask } = live();
    ask({ verb: 'create', resourceKind: 'Deployment', namespace: 'default', body: deployment });
    engine.advanceTo(100);
    const patched = ask({
      verb: 'patch',
      resourceKind: 'Deployment',
      namespace: 'default',
      name: 'web',
      patchType: 'strategic',
      patch: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.28' }] } } } },
    });
    engine.advanceTo(200);
    const c = patched()?.object?.spec.template.spec.containers;
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ name: 'nginx', image: 'nginx:1.28', ports: [{ containerPort: 80 }] });
  });
});
