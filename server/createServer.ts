/**
 * The simulated cluster as an HTTP server a real kubectl can talk to (`npm run serve`, docs/SERVE.md). Node's own
 * `node:http`: kubectl speaks plain HTTP/1.1 JSON to a `server: http://…` kubeconfig entry, so no dependency is
 * needed. Virtual time runs at `speed` virtual seconds per wall second: a wall-clock tick advances the engine
 * (`Engine.advanceTo`), and each API request becomes a drawn step from kubectl to kube-apiserver
 * (`Engine.submit`) whose response is written back when the simulation delivers it. Discovery, OpenAPI, Table
 * printing, watch streams and logs are answered here, from the engine's resource table, printers and world.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseYaml } from 'yaml';
import { KUBERNETES_VERSION, type Run } from '../src/engine/api';
import { Engine } from '../src/engine/simulate';
import type { ApiResponse, StatusError } from '../src/engine/messages';
import type { RemoteRequest } from '../src/engine/components/kubectl/Kubectl';
import { apiVersionOf, type ResourceInfo } from '../src/engine/objects/resources';
import { crdsAmong, customResourcesOf } from '../src/engine/objects/customResources';
import { listFilter } from '../src/engine/apiserver/listFilter';
import { answerLogs } from '../src/engine/kubectl/kubectlLogs';
import { ENDPOINTS_DEPRECATED } from '../src/engine/kubectl/kubectlCommand';
import { COMPONENT_STATUS_DEPRECATED } from '../src/engine/objects/componentStatuses';
import { objectsOf } from '../src/engine/trace/worldAt';
import type { KObject } from '../src/engine/types';
import {
  apiGroupList,
  apiResourceList,
  apiVersions,
  groupVersions,
  openApiV3GroupVersion,
  openApiV3Root,
  resourcesIn,
} from './discovery';
import { parseResourcePath, type ResourceRoute } from './routes';
import { asTable, type TableMode } from './table';
import { fromWire, toWire, WireClock } from './wire';

interface ServeOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Virtual seconds per wall second (default 1). */
  speed?: number;
  /** Worker nodes (default 3). */
  nodes?: number;
  seed?: number;
  /** Wall ms between clock ticks (default 20). */
  tickMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  engine: Engine;
  /** The recorded run so far (what `GET /podyssey/trace` returns). */
  trace(): Omit<Run, 'end'>;
  close(): Promise<void>;
}

/** How long a request may wait for the simulation's answer (wall ms) before a 504. */
const ANSWER_TIMEOUT_MS = 30_000;

interface Watch {
  res: http.ServerResponse;
  info: ResourceInfo;
  prefix: string;
  filter: (o: KObject) => boolean;
  table: TableMode;
  /** Next history entry to look at. */
  index: number;
  /** Keys the client currently holds (matching the selectors), with their last value. */
  known: Map<string, KObject>;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const speed = options.speed ?? 1;
  const host = options.host ?? '127.0.0.1';
  const engine = new Engine({ yaml: '', seed: options.seed, cluster: { nodeCount: options.nodes ?? 3 } });
  const wallStart = Date.now();
  const target = () => (Date.now() - wallStart) * speed;
  const clock = new WireClock(() => Date.now() - engine.now);
  const watches = new Set<Watch>();

  const tick = () => {
    engine.advanceTo(target());
    for (const w of watches) pumpWatch(w);
  };
  const timer = setInterval(tick, options.tickMs ?? 20);

  const askEngine = (request: RemoteRequest): Promise<ApiResponse> =>
    new Promise((resolve) => {
      engine.advanceTo(target());
      let done = false;
      const timeout = setTimeout(() => {
        done = true;
        resolve({
          kind: 'api-response',
          reqId: 0,
          status: 504,
          error: { code: 504, reason: 'Timeout', message: 'the simulation did not answer in time' },
        });
      }, ANSWER_TIMEOUT_MS);
      engine.submit(request, (resp) => {
        if (done) return;
        clearTimeout(timeout);
        resolve(resp);
      });
    });

  const pumpWatch = (w: Watch) => {
    const history = engine.runSoFar().history;
    for (; w.index < history.length; w.index++) {
      const h = history[w.index];
      if (!h.key.startsWith(w.prefix)) continue;
      const obj = h.value as KObject | null;
      const had = w.known.get(h.key);
      let type: 'ADDED' | 'MODIFIED' | 'DELETED' | undefined;
      let shown = obj;
      if (obj && w.filter(obj)) {
        type = had ? 'MODIFIED' : 'ADDED';
        w.known.set(h.key, obj);
      } else if (had) {
        // Deleted, or no longer selected: the watch cache sends DELETED with the last state the client saw.
        type = 'DELETED';
        shown = obj ?? had;
        w.known.delete(h.key);
      }
      if (!type || !shown) continue;
      w.res.write(JSON.stringify({ type, object: encodeItems(w.info, [shown], w.table, false) }) + '\n');
    }
  };

  const encodeItems = (info: ResourceInfo, items: readonly KObject[], table: TableMode, list: boolean) => {
    const world = engine.currentWorld();
    const rv = String(world.revision);
    if (table) return asTable(info.kind, items, { now: engine.now, objects: objectsOf(world) }, clock, rv, table);
    if (!list) return toWire(items[0], clock);
    return {
      kind: `${info.kind}List`,
      apiVersion: apiVersionOf(info),
      metadata: { resourceVersion: rv },
      items: items.map((o) => toWire(o, clock)),
    };
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendStatus(res, { code: 500, reason: 'InternalError', message: String(e) });
      else res.end();
    });
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    if (path === '/healthz' || path === '/livez' || path === '/readyz') return sendText(res, 200, 'ok');
    if (path === '/version') return sendJson(res, 200, versionInfo());
    if (path === '/api') return sendJson(res, 200, apiVersions(`${host}:${port}`));
    // Discovery follows the CRDs: the resources of those Established at this moment are served with the built-ins.
    const custom = customResourcesOf(crdsAmong(objectsOf(engine.currentWorld())));
    if (path === '/apis') return sendJson(res, 200, apiGroupList(custom));
    if (path === '/podyssey/trace') return sendJson(res, 200, engine.runSoFar());
    if (path === '/openapi/v3') return sendJson(res, 200, openApiV3Root(custom));
    // An empty OpenAPI v2 document (zero protobuf bytes: a Document with no definitions). kubectl's schema
    // validation falls back to v2 for a group version the v3 root does not list — a custom resource whose CRD is
    // in the same file — and skips kinds v2 does not define; a 404 instead failed the whole apply with "error
    // validating data" before kubectl could report the mapping error a real cluster gives.
    if (path === '/openapi/v2') {
      res.writeHead(200, { 'Content-Type': 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf' });
      return res.end();
    }
    if (path.startsWith('/openapi/v3/')) {
      const doc = openApiV3GroupVersion(path.slice('/openapi/v3/'.length), custom);
      return doc ? sendJson(res, 200, doc) : sendNotFound(res);
    }
    const gv = groupVersions(custom).find(
      (g) => path === (g.group ? `/apis/${g.group}/${g.version}` : `/api/${g.version}`),
    );
    if (gv) return sendJson(res, 200, apiResourceList(gv.group, gv.version, custom));
    if (path.startsWith('/apis/') && path.split('/').length === 3) {
      const group = path.split('/')[2];
      const versions = groupVersions(custom).filter(
        (g) => g.group === group && resourcesIn(g.group, g.version, custom).length,
      );
      if (versions.length) {
        const v = { groupVersion: `${group}/${versions[0].version}`, version: versions[0].version };
        return sendJson(res, 200, {
          kind: 'APIGroup',
          apiVersion: 'v1',
          name: group,
          versions: [v],
          preferredVersion: v,
        });
      }
    }
    const route = parseResourcePath(path, custom);
    if (!route) return sendNotFound(res);
    const body = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? await readBody(req) : '';
    return serveResource(route, method, url, req, res, body);
  };

  const serveResource = async (
    route: ResourceRoute,
    method: string,
    url: URL,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    rawBody: string,
  ) => {
    const { info, namespace, name, subresource } = route;
    // Admission's warnings (PodSecurity's `would violate …`) travel as Warning headers, one per warning.
    const ask = async (request: RemoteRequest): Promise<ApiResponse> => {
      const resp = await askEngine(request);
      for (const w of resp.warnings ?? []) res.appendHeader('Warning', `299 - ${JSON.stringify(w)}`);
      return resp;
    };
    // The apiserver's deprecation warning (RFC 7234 Warning header, code 299), which kubectl prints on stderr.
    if (info.kind === 'Endpoints') res.setHeader('Warning', `299 - "${ENDPOINTS_DEPRECATED}"`);
    if (info.kind === 'ComponentStatus') res.setHeader('Warning', `299 - "${COMPONENT_STATUS_DEPRECATED}"`);
    const q = url.searchParams;
    // `?includeObject=Object` (kubectl get --sort-by) puts the whole object in each row; metadata by default.
    const table: TableMode = /as=Table/.test(req.headers.accept ?? '')
      ? q.get('includeObject') === 'Object'
        ? 'Object'
        : 'Metadata'
      : false;
    const query = url.search;
    const patchType = method === 'PATCH' ? patchTypeOf(req.headers['content-type']) : undefined;
    // The request's field manager (handlers/rest.go managerOrUserAgent): `?fieldManager=`, else the user-agent up
    // to its first `/` (`kubectl`). Server-side apply must name one.
    const userAgent = (req.headers['user-agent'] ?? '').split('/')[0];
    const fieldManager = q.get('fieldManager') || (patchType === 'apply' ? '' : userAgent);
    if (patchType === 'apply' && !fieldManager)
      return sendStatus(res, {
        code: 400,
        reason: 'BadRequest',
        message: 'fieldManager is required for apply requests',
      });
    const deleteDryRun = method === 'DELETE' && /"dryRun":\s*\[\s*"All"/.test(rawBody);
    const dryRun = q.getAll('dryRun').includes('All') || deleteDryRun;
    const base = {
      resourceKind: info.kind,
      apiVersion: apiVersionOf(info),
      ...(info.crd ? { custom: info } : {}),
      namespace,
      query: query || undefined,
      ...(fieldManager && method !== 'GET' ? { fieldManager } : {}),
      ...(dryRun ? { dryRun: true } : {}),
    };
    // An applied configuration is YAML (kubectl sends it as JSON, which YAML includes).
    const parsed = rawBody ? (patchType === 'apply' ? parseYamlOrJson(rawBody) : parseJson(rawBody)) : undefined;
    if (parsed instanceof Error)
      return sendStatus(res, {
        code: 400,
        reason: 'BadRequest',
        message: `the body could not be read: ${parsed.message}`,
      });
    const bodyIn = parsed !== undefined ? fromWire(parsed, clock) : undefined;
    const validation = q.get('fieldValidation');
    const fieldValidation = (validation === 'Strict' || validation === 'Ignore' ? validation : 'Warn') as
      'Strict' | 'Warn' | 'Ignore';

    if (method === 'GET' && !name) {
      if (q.get('watch') === '1' || q.get('watch') === 'true') return startWatch(route, q, table, res);
      const resp = await ask({
        ...base,
        verb: 'list',
        labelSelector: q.get('labelSelector') ?? undefined,
        fieldSelector: q.get('fieldSelector') ?? undefined,
      });
      if (resp.error) return sendStatus(res, resp.error);
      return sendJson(res, 200, encodeItems(info, resp.items ?? [], table, true));
    }
    if (!name) {
      if (method === 'POST') {
        const resp = await ask({ ...base, verb: 'create', body: bodyIn as KObject, fieldValidation });
        return sendObject(res, resp, info, table);
      }
      if (method === 'DELETE') {
        const resp = await ask({ ...base, verb: 'deletecollection' });
        if (resp.error) return sendStatus(res, resp.error);
        return sendJson(res, 200, encodeItems(info, [], false, true));
      }
      return sendMethodNotAllowed(res, method);
    }
    if (subresource === 'log' && method === 'GET') return serveLogs(route, q, res);
    if (subresource === 'scale') return serveScale(route, method, bodyIn, req, res);
    if (subresource && !['status', 'binding', 'finalize', 'eviction'].includes(subresource)) return sendNotFound(res);
    const sub = subresource as RemoteRequest['subresource'];
    switch (method) {
      case 'GET':
        return sendObject(res, await ask({ ...base, verb: 'get', name }), info, table);
      case 'POST':
        if (subresource !== 'binding' && subresource !== 'eviction') return sendMethodNotAllowed(res, method);
        return sendObject(
          res,
          await ask({ ...base, verb: 'create', name, subresource: sub, body: bodyIn as KObject }),
          info,
          false,
        );
      case 'PUT':
        return sendObject(
          res,
          await ask({ ...base, verb: 'update', name, subresource: sub, body: bodyIn as KObject, fieldValidation }),
          info,
          table,
        );
      case 'PATCH': {
        const type = patchType;
        if (!type) return sendUnsupportedPatch(res, req.headers['content-type']);
        if (type === 'json')
          return sendObject(
            res,
            await ask({
              ...base,
              verb: 'patch',
              name,
              subresource: sub,
              patchType: 'json',
              jsonPatch: bodyIn as unknown[],
            }),
            info,
            table,
          );
        if (!bodyIn || typeof bodyIn !== 'object' || Array.isArray(bodyIn))
          return sendStatus(res, { code: 400, reason: 'BadRequest', message: 'the patch must be a JSON object' });
        return sendObject(
          res,
          await ask({
            ...base,
            verb: 'patch',
            name,
            subresource: sub,
            patch: bodyIn as Record<string, unknown>,
            patchType: type,
            fieldValidation,
            ...(type === 'apply' && q.get('force') === 'true' ? { force: true } : {}),
          }),
          info,
          table,
        );
      }
      case 'DELETE': {
        const opts = (bodyIn ?? {}) as { gracePeriodSeconds?: number };
        const grace = q.get('gracePeriodSeconds') ?? opts.gracePeriodSeconds;
        return sendObject(
          res,
          await ask({
            ...base,
            verb: 'delete',
            name,
            ...(grace !== undefined && grace !== null ? { gracePeriodSeconds: Number(grace) } : {}),
          }),
          info,
          false,
        );
      }
    }
    return sendMethodNotAllowed(res, method);
  };

  const sendObject = (res: http.ServerResponse, resp: ApiResponse, info: ResourceInfo, table: TableMode) => {
    if (resp.error) return sendStatus(res, resp.error);
    if (!resp.object) return sendJson(res, resp.status, successStatus());
    return sendJson(res, resp.status, encodeItems(info, [resp.object], table, false));
  };

  /** autoscaling/v1 Scale of a workload (the registries' ScaleREST): GET reads it, PUT/PATCH set spec.replicas. */
  const serveScale = async (
    route: ResourceRoute,
    method: string,
    bodyIn: unknown,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => {
    const { info, namespace, name } = route;
    const fieldManager =
      new URL(req.url ?? '/', 'http://x').searchParams.get('fieldManager') ||
      (req.headers['user-agent'] ?? '').split('/')[0];
    const base = { resourceKind: info.kind, namespace, name, ...(fieldManager ? { fieldManager } : {}) };
    let resp: ApiResponse;
    if (method === 'GET') resp = await askEngine({ ...base, verb: 'get' });
    else if (method === 'PUT' || method === 'PATCH') {
      if (method === 'PATCH' && !patchTypeOf(req.headers['content-type']))
        return sendUnsupportedPatch(res, req.headers['content-type']);
      const replicas = (bodyIn as { spec?: { replicas?: unknown } } | undefined)?.spec?.replicas;
      if (typeof replicas !== 'number')
        return sendStatus(res, { code: 400, reason: 'BadRequest', message: 'spec.replicas must be a number' });
      resp = await askEngine({ ...base, verb: 'patch', subresource: 'scale', patch: { spec: { replicas } } });
    } else return sendMethodNotAllowed(res, method);
    if (resp.error) return sendStatus(res, resp.error);
    const o = toWire(resp.object!, clock) as any;
    const selector = o.spec?.selector?.matchLabels ?? o.spec?.selector ?? {};
    return sendJson(res, 200, {
      kind: 'Scale',
      apiVersion: 'autoscaling/v1',
      metadata: {
        name: o.metadata.name,
        namespace: o.metadata.namespace,
        uid: o.metadata.uid,
        resourceVersion: o.metadata.resourceVersion,
        creationTimestamp: o.metadata.creationTimestamp,
      },
      spec: { replicas: o.spec?.replicas ?? 0 },
      status: {
        replicas: o.status?.replicas ?? 0,
        selector: Object.entries(selector)
          .map(([k, v]) => `${k}=${v}`)
          .join(','),
      },
    });
  };

  /** pods/log: the lines the runtime kept for the container (the panel's `kubectl logs`, kubectlLogs.ts). */
  const serveLogs = async (route: ResourceRoute, q: URLSearchParams, res: http.ServerResponse) => {
    // The Pod is read through the apiserver like any GET (drawn); the lines come from the node's runtime facts.
    const resp = await askEngine({ resourceKind: 'Pod', namespace: route.namespace, name: route.name, verb: 'get' });
    if (resp.error) return sendStatus(res, resp.error);
    const tokens = [route.name!, '-n', route.namespace ?? 'default'];
    if (q.get('container')) tokens.push('-c', q.get('container')!);
    if (q.get('previous') === 'true') tokens.push('-p');
    if (q.get('tailLines')) tokens.push('--tail', q.get('tailLines')!);
    if (q.get('timestamps') === 'true') tokens.push('--timestamps');
    const answer = answerLogs(tokens, engine.currentWorld());
    if (!answer.ok) {
      const m = answer.output.match(/^Error from server \((\w+)\): ([\s\S]*)$/);
      const reason = m?.[1] ?? 'BadRequest';
      return sendStatus(res, { code: reason === 'NotFound' ? 404 : 400, reason, message: m?.[2] ?? answer.output });
    }
    return sendText(res, 200, answer.output ? `${answer.output}\n` : '');
  };

  const startWatch = (route: ResourceRoute, q: URLSearchParams, table: TableMode, res: http.ServerResponse) => {
    const { info, namespace } = route;
    const filter = listFilter(q.get('labelSelector') ?? undefined, q.get('fieldSelector') ?? undefined);
    if (typeof filter === 'string') return sendStatus(res, { code: 400, reason: 'BadRequest', message: filter });
    engine.advanceTo(target());
    const history = engine.runSoFar().history;
    const prefix = `/registry/${info.etcdPrefix}/${info.namespaced && namespace ? `${namespace}/` : ''}`;
    const rv = Number(q.get('resourceVersion') ?? '0');
    // The client holds what existed at its resourceVersion; events after it follow. Without one (or "0") it
    // gets the present state as ADDED events first (the watch cache's "most recent" semantics).
    let start = history.length;
    if (rv > 0) while (start > 0 && history[start - 1].revision > rv) start--;
    const known = new Map<string, KObject>();
    for (let i = 0; i < start; i++) {
      const h = history[i];
      if (!h.key.startsWith(prefix)) continue;
      const obj = h.value as KObject | null;
      if (obj && filter(obj)) known.set(h.key, obj);
      else known.delete(h.key);
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    // Send the headers now: a watch with nothing to report yet would otherwise leave client-go waiting for the
    // response, and `kubectl rollout status` could not stop its informer once the rollout is done.
    res.flushHeaders();
    const w: Watch = { res, info, prefix, filter, table, index: start, known: rv > 0 ? known : new Map() };
    if (rv <= 0) {
      for (const [key, obj] of known) {
        w.known.set(key, obj);
        res.write(JSON.stringify({ type: 'ADDED', object: encodeItems(info, [obj], table, false) }) + '\n');
      }
    }
    watches.add(w);
    pumpWatch(w);
    const seconds = Number(q.get('timeoutSeconds') ?? 0);
    const stop = () => {
      watches.delete(w);
      res.end();
    };
    const timeout = seconds > 0 ? setTimeout(stop, seconds * 1000) : undefined;
    res.on('close', () => {
      if (timeout) clearTimeout(timeout);
      watches.delete(w);
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    engine,
    trace: () => engine.runSoFar(),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        for (const w of watches) w.res.end();
        watches.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function versionInfo() {
  const [major, minor] = KUBERNETES_VERSION.replace(/^v/, '').split('.');
  return {
    major,
    minor,
    emulationMajor: major,
    emulationMinor: minor,
    minCompatibilityMajor: major,
    minCompatibilityMinor: String(Number(minor) - 1),
    gitVersion: KUBERNETES_VERSION,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2025-09-09T00:00:00Z',
    goVersion: 'go1.24.6',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

function patchTypeOf(contentType: string | undefined): 'merge' | 'strategic' | 'json' | 'apply' | undefined {
  const t = (contentType ?? '').split(';')[0].trim();
  if (t === 'application/merge-patch+json') return 'merge';
  if (t === 'application/strategic-merge-patch+json') return 'strategic';
  if (t === 'application/json-patch+json') return 'json';
  if (t === 'application/apply-patch+yaml' || t === 'application/apply-patch+cbor') return 'apply';
  return undefined;
}

function parseYamlOrJson(text: string): unknown {
  const json = parseJson(text);
  if (!(json instanceof Error)) return json;
  try {
    return parseYaml(text) as unknown;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendText(res: http.ServerResponse, code: number, text: string) {
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function sendJson(res: http.ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function successStatus() {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' };
}

/** field.ErrorType → metav1.CauseType (apimachinery pkg/util/validation/field/errors.go). */
const CAUSE_TYPES: Record<string, string> = {
  'Required value': 'FieldValueRequired',
  'Invalid value': 'FieldValueInvalid',
  'Unsupported value': 'FieldValueNotSupported',
  'Duplicate value': 'FieldValueDuplicate',
  'Not found': 'FieldValueNotFound',
  Forbidden: 'FieldValueForbidden',
  'Too long': 'FieldValueTooLong',
  'Too many': 'FieldValueTooMany',
  'Internal error': 'InternalError',
};

/**
 * A failed request as metav1.Status. A 422's message carries its causes as the apiserver's NewInvalid writes it
 * (`Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be …`, several in brackets).
 */
function statusBody(e: StatusError) {
  const causes = e.code === 400 ? [] : (e.details?.causes ?? []);
  const bodies = causes.map((c) => {
    let text = c.type as string;
    if (c.value !== undefined) text += `: ${c.value}`;
    if (c.detail) text += `: ${c.detail}`;
    return { field: c.field, text };
  });
  let message = e.message;
  if (e.code === 422 && bodies.length) {
    const all = bodies.map((b) => `${b.field}: ${b.text}`);
    message += `: ${all.length === 1 ? all[0] : `[${all.join(', ')}]`}`;
  }
  const details = e.details
    ? {
        ...(e.details.name !== undefined ? { name: e.details.name } : {}),
        ...(e.details.group ? { group: e.details.group } : {}),
        ...(e.details.kind ? { kind: e.details.kind } : {}),
        ...(bodies.length || e.details.reasons?.length
          ? {
              causes: [
                ...causes.map((c, i) => ({
                  reason: CAUSE_TYPES[c.type] ?? c.type,
                  message: bodies[i].text,
                  field: c.field,
                })),
                ...(e.details.reasons ?? []),
              ],
            }
          : {}),
        ...(e.details.retryAfterSeconds ? { retryAfterSeconds: e.details.retryAfterSeconds } : {}),
      }
    : undefined;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: e.reason,
    ...(details ? { details } : {}),
    code: e.code,
  };
}

function sendStatus(res: http.ServerResponse, e: StatusError) {
  sendJson(res, e.code, statusBody(e));
}

function sendNotFound(res: http.ServerResponse) {
  sendStatus(res, { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' });
}

function sendMethodNotAllowed(res: http.ServerResponse, method: string) {
  sendStatus(res, {
    code: 405,
    reason: 'MethodNotAllowed',
    message: `the server does not allow this method on the requested resource (${method})`,
  });
}

function sendUnsupportedPatch(res: http.ServerResponse, contentType: string | undefined) {
  sendStatus(res, {
    code: 415,
    reason: 'UnsupportedMediaType',
    message: `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json (not ${contentType ?? 'a patch type'})`,
  });
}
