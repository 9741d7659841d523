/**
 * kube-apiserver's storage side (the generic registry's Store): writing to etcd, answering the client once etcd has,
 * and fanning the change out to every watcher. The request pipeline (Apiserver.ts) decides what to write.
 */
import type { Simulation } from '../../kernel/Simulation';
import type { ApiRequest, ApiResponse, EtcdResult, StatusError, WatchEvent } from '../../messages';
import {
  apiVersionOf,
  etcdKey,
  qualifiedResource,
  resourceForKind,
  type ResourceInfo,
  type StoredOnlyReason,
} from '../../objects/resources';
import type { Endpoint, KObject, Phase, StepDetail } from '../../types';
import { withFields } from '../../kernel/withFields';
import { fromStorageVersion } from '../../apiserver/storageVersion';
import { boundedMemo } from '../../util/boundedMemo';
import { watchDeliveries, type WatchRegistrations } from './watchRouting';
import { servedResource } from './requestLabel';

export const APISERVER: Endpoint = { component: 'kube-apiserver' };

export interface Pending {
  req: ApiRequest;
  client: Endpoint;
  phase: Phase;
  op: 'create' | 'update' | 'delete';
  old?: KObject;
  info: ResourceInfo;
  /** One item's write of a DELETE on a collection: the collection answers once all its writes have. */
  collection?: number;
  /**
   * A ResourceQuota write of the ResourceQuota admission plugin: once it is stored, the next charged quota is
   * written, then the object the request creates.
   */
  charge?: QuotaCharge;
  /** One write of an eviction (Apiserver.evict): what to write once it is stored. */
  eviction?: 'condition' | 'delete' | 'done';
  /**
   * A write of the apiextensions controllers in this process (crdControllers.ts), nobody to answer: a CRD status
   * (naming, establishing), one of its custom resources deleted by the finalizer controller (cleanup), or the CRD
   * itself once they are all gone (finalized).
   */
  internal?: 'naming' | 'establishing' | 'cleanup' | 'finalized';
}

interface QuotaCharge {
  quotas: KObject[];
  /** The charged quota this write stores. */
  writing?: KObject;
  info: ResourceInfo;
  ops: Array<{ type: 'put'; key: string; value: KObject; expectModRevision: number }>;
}

export interface ApiserverState {
  pending: Map<number, Pending>;
  /** DELETE on a collection (deletecollection) → its writes still unanswered. */
  collections: Map<number, number>;
  /**
   * ResourceQuotas the ResourceQuota plugin has charged whose write is not stored yet, by etcd key: the plugin's
   * next request must see the charge (the real plugin serializes a namespace's quota updates the same way).
   */
  quotaInFlight: Map<string, KObject>;
  /** A request's response warnings (admission's `Warning:` headers) until its response is sent, by request id. */
  warnings: Map<number, string[]>;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  504: 'Gateway Timeout',
};

/** What the trace says of an object of a kind nothing in Podyssey acts on, by why (ResourceInfo.storedOnly). */
const STORED_ONLY_SUMMARY: Record<StoredOnlyReason, (kind: string, name: string) => string> = {
  noController: (kind, name) =>
    `${kind} ${name} is stored like a real apiserver stores it, but Podyssey does not simulate the ${kind} controller yet: nothing acts on it`,
  noIngressController: (kind, name) =>
    `${kind} ${name} is stored, but no ingress controller runs in this cluster (a fresh kind cluster has none): nothing reads it, no address is assigned and no traffic is routed`,
  noNetworkPolicy: (kind, name) =>
    `${kind} ${name} is stored, but Podyssey does not model a network plugin that enforces NetworkPolicy yet: traffic to and from the Pods is not filtered`,
  crd: (kind, name) =>
    `${kind} ${name} is stored as JSON; no controller for this custom resource runs in the cluster (an operator would watch it), so nothing acts on it`,
  inert: (kind, name) =>
    `${kind} ${name} is stored; nothing acts on a ${kind} by itself, in a real cluster either: it is there for other objects and clients to read`,
};

/** Where the apiserver sends its etcd transactions; shared by every write step (see kernel/partOf.ts for why). */
const ETCD_CLIENT_TARGET: Endpoint = Object.freeze({ component: 'etcd', part: 'etcd-0' });

/** The detail of a successful response, one frozen object per status code: every response step keeps one. */
const httpDetail = boundedMemo(1_000, (status: number): StepDetail =>
  Object.freeze({ type: 'http' as const, status, body: undefined }),
);

interface WatchTexts {
  type: WatchEvent['type'];
  verb: string;
  label: string;
  summary: string;
}

/** The request's resource info. */
const info = (req: ApiRequest): ResourceInfo => servedResource(req);

export function refOf(o: KObject) {
  return {
    apiVersion: o.apiVersion,
    kind: o.kind,
    namespace: o.metadata.namespace,
    name: o.metadata.name,
    uid: o.metadata.uid,
  };
}

export abstract class ApiserverStorage {
  s: ApiserverState = { pending: new Map(), collections: new Map(), quotaInFlight: new Map(), warnings: new Map() };
  /**
   * The node names for watch fan-out, kept while the store returns the same (cached) Node list: every write fans
   * out, and listing all node names per write was a good part of the apiserver's garbage in a large cluster.
   */
  private nodeNamesOf: { nodes: readonly KObject[]; names: readonly string[] } | undefined;
  private lastRef: { obj: KObject; ref: ReturnType<typeof refOf> } | undefined;

  constructor(protected readonly routes: WatchRegistrations) {}

  /** Writes the next charged quota; the create follows once the last one is stored (see onEtcdResult). */
  protected charge(sim: Simulation, req: ApiRequest, client: Endpoint, phase: Phase, c: QuotaCharge): void {
    const [quota, ...rest] = c.quotas;
    const info = resourceForKind('ResourceQuota');
    const key = etcdKey(info, quota!.metadata.namespace, quota!.metadata.name);
    this.s.quotaInFlight.set(key, quota!);
    this.write(
      sim,
      req,
      client,
      phase,
      info,
      'update',
      [{ type: 'put', key, value: quota! }],
      sim.store.get(key),
      undefined,
      {
        ...c,
        quotas: rest,
        writing: quota,
      },
    );
  }

  // ---- etcd and responses -----------------------------------------------------------------------------------

  protected write(
    sim: Simulation,
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    op: Pending['op'],
    ops: Array<{ type: 'put' | 'delete'; key: string; value?: KObject; expectModRevision?: number }>,
    old?: KObject,
    collection?: number,
    charge?: QuotaCharge,
    eviction?: Pending['eviction'],
    internal?: Pending['internal'],
  ): void {
    if (req.dryRun) return this.answerDryRun(sim, req, client, phase, info, op, ops[0].value ?? old);
    const reqId = sim.nextId('etcd');
    this.s.pending.set(reqId, {
      req,
      client,
      phase,
      op,
      old,
      info,
      ...(collection !== undefined ? { collection } : {}),
      ...(charge !== undefined ? { charge } : {}),
      ...(eviction !== undefined ? { eviction } : {}),
      ...(internal !== undefined ? { internal } : {}),
    });
    const first = ops[0];
    const name = first.value?.metadata.name ?? old?.metadata.name ?? '';
    sim.send(
      APISERVER,
      ETCD_CLIENT_TARGET,
      { kind: 'etcd-txn', reqId, ops, background: info.kind === 'Lease' },
      {
        phase: 'persist',
        verb: first.type === 'put' ? 'PUT' : 'DELETE',
        label: `${first.type === 'put' ? 'PUT' : 'DELETE'} ${first.key}`,
        summary: `Write ${info.kind} ${name} to etcd at ${first.key}`,
        narration: {
          key: first.type === 'put' ? 'etcd.put' : 'etcd.delete',
          params: { key: first.key, kind: info.kind, name },
        },
        object: {
          apiVersion: apiVersionOf(info),
          kind: info.kind,
          namespace: first.value?.metadata.namespace ?? old?.metadata.namespace,
          name,
        },
        source: req.doc !== undefined ? { doc: req.doc, path: '' } : undefined,
        background: info.kind === 'Lease',
      },
      sim.latency(APISERVER).between(1, 2),
    );
  }

  /**
   * `?dryRun=All` (the registry's dryrun.Store): everything up to storage has run; the object is answered as it
   * would have been stored and etcd is not written.
   */
  protected answerDryRun(
    sim: Simulation,
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    op: Pending['op'],
    obj: KObject | undefined,
  ): void {
    const name = obj?.metadata.name ?? req.name ?? '';
    sim.decide(APISERVER, {
      phase: 'persist',
      verb: 'note',
      label: 'dry run: not stored',
      summary: `Dry run: ${info.kind} ${name} passed admission and validation; nothing is written to etcd`,
      narration: { key: 'apiserver.dryRun', params: { kind: info.kind, name } },
      ...(obj ? { object: refOf(obj) } : {}),
    });
    this.respond(sim, client, req, phase, undefined, obj, op === 'create' ? 201 : 200);
  }

  protected onEtcdResult(res: EtcdResult, sim: Simulation): void {
    const p = this.s.pending.get(res.reqId);
    if (!p) return;
    this.s.pending.delete(res.reqId);
    if (p.collection !== undefined) return this.onCollectionItem(p, p.collection, res, sim);
    if (p.charge) return this.onCharged(p, p.charge, res, sim);
    // A controller's status write that lost a race: its informer sees the newer CRD and syncs again (afterStored).
    if (!res.ok && p.internal) return;
    if (!res.ok) {
      const err: StatusError =
        res.error === 'conflict'
          ? {
              code: 409,
              reason: 'Conflict',
              message: `Operation cannot be fulfilled on ${qualifiedResource(p.info)} "${p.req.name ?? ''}": the object has been modified; please apply your changes to the latest version and try again`,
            }
          : // ErrorToAPIStatus: a plain storage error becomes a 500 with an empty reason (StatusReasonUnknown).
            { code: 500, reason: '', message: res.error ?? 'etcd error' };
      return this.respond(sim, p.client, p.req, p.phase, err);
    }
    const stored = res.values?.[0] ?? undefined;
    const obj = stored ?? p.old!;
    if (!p.eviction && !p.internal)
      this.respond(sim, p.client, p.req, p.phase, undefined, obj, p.op === 'create' ? 201 : 200);
    if (p.op === 'create' && p.info.storedOnly) {
      const why = p.info.storedOnly;
      sim.decide(APISERVER, {
        phase: 'persist',
        verb: 'note',
        label: `${p.info.kind}: stored only`,
        summary: STORED_ONLY_SUMMARY[why](p.info.kind, obj.metadata.name),
        narration: { key: `apiserver.stored.${why}`, params: { kind: p.info.kind, name: obj.metadata.name } },
        object: refOf(obj),
      });
    }
    const type = p.op === 'create' ? 'ADDED' : p.op === 'delete' ? 'DELETED' : 'MODIFIED';
    // A DELETED event carries the last state with the revision of the delete as its resourceVersion (the etcd3
    // watcher's UpdateObject(oldObj, rev)): watchers order it after every update of the object.
    this.fanOut(sim, type, type === 'DELETED' ? deletedAt(obj, res.revision) : obj, p.old);
    if (p.eviction) this.continueEviction(p.req, p.client, p.phase, p.eviction, sim);
    this.afterStored(p, obj, sim);
  }

  /** Apiserver.ts: what runs in this process once a write is stored (the apiextensions controllers). */
  protected abstract afterStored(p: Pending, obj: KObject, sim: Simulation): void;

  /** Apiserver.ts: the eviction subresource's next write. */
  protected abstract continueEviction(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    next: NonNullable<Pending['eviction']>,
    sim: Simulation,
  ): void;

  private onCharged(p: Pending, c: QuotaCharge, res: EtcdResult, sim: Simulation): void {
    const key = c.writing ? etcdKey(p.info, c.writing.metadata.namespace, c.writing.metadata.name) : undefined;
    // A later charge of the same quota may be in flight already: only this write's own entry is done.
    if (key && this.s.quotaInFlight.get(key) === c.writing) this.s.quotaInFlight.delete(key);
    if (!res.ok)
      return this.respond(sim, p.client, p.req, p.phase, { code: 500, reason: '', message: res.error ?? 'etcd error' });
    const stored = res.values?.[0];
    if (stored) this.fanOut(sim, 'MODIFIED', stored, p.old);
    if (c.quotas.length) return this.charge(sim, p.req, p.client, p.phase, c);
    this.write(sim, p.req, p.client, p.phase, c.info, 'create', c.ops);
  }

  private onCollectionItem(p: Pending, id: number, res: EtcdResult, sim: Simulation): void {
    if (res.ok) {
      const obj = res.values?.[0] ?? p.old!;
      if (p.op === 'delete') this.fanOut(sim, 'DELETED', deletedAt(obj, res.revision), p.old);
      else this.fanOut(sim, 'MODIFIED', obj, p.old);
    }
    const left = (this.s.collections.get(id) ?? 1) - 1;
    if (left > 0) return void this.s.collections.set(id, left);
    this.s.collections.delete(id);
    this.respond(sim, p.client, p.req, p.phase, undefined, undefined, 200);
  }

  /** Sends the change to every watcher whose informer covers it. */
  fanOut(sim: Simulation, type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: KObject, old?: KObject): void {
    const nodes = this.nodeNames(sim);
    const background = obj.kind === 'Lease';
    // One reference and one set of texts for all the deliveries of the same event type: every step keeps them.
    const ref = this.refTo(obj);
    let texts: WatchTexts | undefined;
    for (const d of watchDeliveries(type, obj, old, nodes, this.routes)) {
      if (texts?.type !== d.type) texts = watchTexts(d.type, obj);
      sim.send(
        APISERVER,
        d.to,
        { kind: 'watch', type: d.type, object: obj, old },
        {
          phase: d.phase,
          verb: texts.verb,
          label: texts.label,
          summary: texts.summary,
          narration: {
            key: 'apiserver.watch',
            params: {
              type: d.type,
              kind: obj.kind,
              name: obj.metadata.name,
              rv: obj.metadata.resourceVersion ?? '',
              to: d.to.component,
            },
          },
          object: ref,
          background,
        },
        sim.latency(APISERVER).between(1, 4),
      );
    }
  }

  protected respond(
    sim: Simulation,
    client: Endpoint,
    req: ApiRequest,
    phase: Phase,
    error?: StatusError,
    object?: KObject,
    status = 200,
    items?: readonly KObject[],
  ): void {
    const code = error ? error.code : status;
    const resp: ApiResponse = { kind: 'api-response', reqId: req.reqId, status: code, ctx: req.ctx };
    if (error) resp.error = error;
    const warnings = this.s.warnings.get(req.reqId);
    if (warnings) {
      this.s.warnings.delete(req.reqId);
      resp.warnings = warnings;
    }
    // A client that addressed another served version of the kind reads the object in that version.
    const served = req.apiVersion;
    if (object) resp.object = served ? fromStorageVersion(object, served) : object;
    if (items) resp.items = served ? items.map((o) => fromStorageVersion(o, served)) : items;
    const what = object
      ? `${object.kind} ${object.metadata.name}`
      : items
        ? `${info(req).kind}List (${items.length} ${items.length === 1 ? 'item' : 'items'})`
        : (req.name ?? req.resourceKind);
    sim.send(
      APISERVER,
      client,
      resp,
      {
        phase,
        verb: String(code),
        label: `${code} ${STATUS_TEXT[code] ?? ''}`.trim(),
        summary: error ? `${code} ${error.reason}: ${error.message}` : `${code} ${STATUS_TEXT[code] ?? ''}: ${what}`,
        narration: {
          key: error ? 'apiserver.error' : 'apiserver.ok',
          params: { code, reason: error?.reason ?? STATUS_TEXT[code] ?? '', message: error?.message ?? '', what },
        },
        object: object ? this.refTo(object) : undefined,
        detail: error ? { type: 'http', status: code, body: error.message } : httpDetail(code),
        background: req.resourceKind === 'Lease',
        source: req.doc !== undefined ? { doc: req.doc, path: '' } : undefined,
      },
      1,
    );
  }

  /**
   * refOf(o), one object for the response and the watch events of the same stored version (a write's response is
   * followed at once by its fan-out): every step keeps its reference, 64 bytes each.
   */
  protected refTo(o: KObject): ReturnType<typeof refOf> {
    // Only a stored (frozen) object is sure to still say what it said when its reference was made.
    if (!Object.isFrozen(o)) return refOf(o);
    if (this.lastRef?.obj !== o) this.lastRef = { obj: o, ref: refOf(o) };
    return this.lastRef.ref;
  }

  protected nodeNames(sim: Simulation): readonly string[] {
    const nodes = sim.store.list('/registry/minions/');
    if (this.nodeNamesOf?.nodes !== nodes) this.nodeNamesOf = { nodes, names: nodes.map((n) => n.metadata.name) };
    return this.nodeNamesOf.names;
  }
}

function watchTexts(type: WatchEvent['type'], obj: KObject): WatchTexts {
  return {
    type,
    verb: `WATCH ${type}`,
    label: `WATCH ${type} ${obj.kind} ${obj.metadata.name}`,
    summary: `Watch event ${type} for ${obj.kind} ${obj.metadata.namespace ? obj.metadata.namespace + '/' : ''}${obj.metadata.name} (resourceVersion ${obj.metadata.resourceVersion})`,
  };
}

/**
 * A DELETED event carries the object's last state with the revision of the delete as its resourceVersion (the
 * etcd3 watcher's UpdateObject(oldObj, rev)), so a watcher can order it after every update of the object.
 */
function deletedAt(obj: KObject, revision: number): KObject {
  return withFields(obj, { metadata: withFields(obj.metadata, { resourceVersion: String(revision) }) }) as KObject;
}
