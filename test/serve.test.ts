/** npm run serve's HTTP surface without kubectl (test/oracle.test.ts drives it with the real one). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/createServer';
import { parseResourcePath } from '../server/routes';
import { apiGroupList, apiResourceList } from '../server/discovery';
import { customResourcesOf } from '../src/engine/objects/customResources';
import type { KObject } from '../src/engine/types';

describe('npm run serve', () => {
  let server: RunningServer;
  const get = (path: string, accept = 'application/json') =>
    fetch(`${server.url}${path}`, { headers: { accept } }).then(async (r) => ({
      status: r.status,
      body: await r.text(),
    }));

  beforeAll(async () => {
    server = await startServer({ port: 0, speed: 50 });
  });
  afterAll(() => server?.close());

  it('answers health checks and /version', async () => {
    for (const p of ['/readyz', '/livez', '/healthz']) expect(await get(p)).toEqual({ status: 200, body: 'ok' });
    expect(JSON.parse((await get('/version')).body)).toMatchObject({ major: '1', minor: '34', gitVersion: 'v1.34.1' });
  });

  it('serves discovery from the resource table', async () => {
    const apps = JSON.parse((await get('/apis/apps/v1')).body);
    expect(apps.resources.find((r: any) => r.name === 'deployments')).toMatchObject({
      kind: 'Deployment',
      namespaced: true,
      shortNames: ['deploy'],
      categories: ['all'],
      singularName: 'deployment',
    });
    expect(apps.resources.some((r: any) => r.name === 'deployments/scale')).toBe(true);
    // The order of a v1.34 kind cluster's APIGroupList: apiregistration.k8s.io first, then apps.
    const groups = JSON.parse((await get('/apis')).body).groups;
    expect(groups.slice(0, 2).map((g: any) => g.name)).toEqual(['apiregistration.k8s.io', 'apps']);
    // autoscaling serves v2 (preferred, the storage version) and v1.
    expect(groups.find((g: any) => g.name === 'autoscaling')).toEqual({
      name: 'autoscaling',
      versions: [
        { groupVersion: 'autoscaling/v2', version: 'v2' },
        { groupVersion: 'autoscaling/v1', version: 'v1' },
      ],
      preferredVersion: { groupVersion: 'autoscaling/v2', version: 'v2' },
    });
    // The reviews implement create only; componentstatuses get and list.
    const authz = JSON.parse((await get('/apis/authorization.k8s.io/v1')).body);
    expect(authz.resources.find((r: any) => r.name === 'selfsubjectaccessreviews').verbs).toEqual(['create']);
    const core = JSON.parse((await get('/api/v1')).body);
    expect(core.resources.find((r: any) => r.name === 'componentstatuses').verbs).toEqual(['get', 'list']);
  });

  it('errors are metav1.Status with the apiserver texts', async () => {
    const missing = await get('/api/v1/namespaces/default/pods/x');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'NotFound',
      message: 'pods "x" not found',
      details: { name: 'x', kind: 'pods' },
      code: 404,
    });
    const bad = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'Bad_Name' } }),
    });
    const status = await bad.json();
    expect(bad.status).toBe(422);
    expect(status.reason).toBe('Invalid');
    expect(status.message).toMatch(/^ConfigMap "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name"/);
    expect(status.details.causes[0]).toMatchObject({ reason: 'FieldValueInvalid', field: 'metadata.name' });
  });

  it('prints Tables from the engine printers and streams watch events', async () => {
    const table = JSON.parse((await get('/api/v1/nodes', 'application/json;as=Table;v=v1;g=meta.k8s.io')).body);
    expect(table.kind).toBe('Table');
    expect(table.columnDefinitions.map((c: any) => c.name)).toEqual(expect.arrayContaining(['Name', 'Status', 'Age']));
    expect(table.rows[0].object.kind).toBe('PartialObjectMetadata');
    const ctl = new AbortController();
    const watch = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=1`, { signal: ctl.signal });
    const reader = watch.body!.getReader();
    await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'watched' } }),
    });
    let text = '';
    while (!text.includes('"watched"')) text += new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(text.trim().split('\n').at(-1)!)).toMatchObject({ type: 'ADDED', object: { kind: 'ConfigMap' } });
    ctl.abort();
  });

  it('sends admission warnings as Warning headers (PodSecurity warns about a pod template)', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ns = await post('/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: 'psa', labels: { 'pod-security.kubernetes.io/warn': 'baseline' } },
    });
    expect(ns.status).toBe(201);
    const created = await post('/apis/apps/v1/namespaces/psa/deployments', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'c', image: 'nginx:1.27', securityContext: { privileged: true } }] },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('warning')).toBe(
      '299 - "would violate PodSecurity \\"baseline:latest\\": privileged (container \\"c\\" must not set securityContext.privileged=true)"',
    );
  });

  it('server-side apply needs a field manager, takes YAML, and records managedFields times on the wall clock', async () => {
    const path = '/api/v1/namespaces/default/configmaps/cm';
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  a: "1"\n';
    const patch = (query: string, body: string, type = 'application/apply-patch+yaml') =>
      fetch(`${server.url}${path}${query}`, { method: 'PATCH', headers: { 'content-type': type }, body }).then(
        async (r) => ({ status: r.status, body: JSON.parse(await r.text()) }),
      );
    const anonymous = await patch('', yaml);
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.message).toBe('fieldManager is required for apply requests');
    const created = await patch('?fieldManager=me', yaml);
    expect(created.status).toBe(201);
    expect(created.body.metadata.managedFields).toEqual([
      {
        manager: 'me',
        operation: 'Apply',
        apiVersion: 'v1',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { 'f:a': {} } },
      },
    ]);
    // A JSON patch's dry run answers the patched object and stores nothing.
    const dry = await patch(
      '?dryRun=All',
      '[{"op":"add","path":"/data/b","value":"2"}]',
      'application/json-patch+json',
    );
    expect(dry.body.data).toEqual({ a: '1', b: '2' });
    expect(JSON.parse((await get(path)).body).data).toEqual({ a: '1' });
  });

  it('splits resource paths as the apiserver does', () => {
    expect(parseResourcePath('/api/v1/namespaces/default/pods/web/log')).toMatchObject({
      namespace: 'default',
      name: 'web',
      subresource: 'log',
    });
    expect(parseResourcePath('/api/v1/namespaces/default')).toMatchObject({ name: 'default', namespace: undefined });
    expect(parseResourcePath('/apis/apps/v1/deployments')?.info.kind).toBe('Deployment');
    expect(parseResourcePath('/apis/nope/v1/things')).toBeUndefined();
  });

  it('serves the resources of Established CRDs in discovery and routes, with their status subresource', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'things.nope' },
      spec: {
        group: 'nope',
        scope: 'Namespaced',
        names: { plural: 'things', singular: 'thing', kind: 'Thing', shortNames: ['th'] },
        versions: [{ name: 'v1', served: true, storage: true, subresources: { status: {} } }],
      },
      status: { conditions: [{ type: 'Established', status: 'True' }] },
    } as unknown as KObject;
    const custom = customResourcesOf([crd]);
    expect(parseResourcePath('/apis/nope/v1/namespaces/default/things/a', custom)?.info.kind).toBe('Thing');
    expect(apiGroupList(custom).groups.map((g) => g.name)).toContain('nope');
    expect(apiResourceList('nope', 'v1', custom).resources.map((r) => r.name)).toEqual(['things', 'things/status']);
  });
});
