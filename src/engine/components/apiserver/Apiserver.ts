/**
 * kube-apiserver: authentication → authorization → decoding (strict) and defaulting → mutating admission →
 * validation → validating admission → etcd → response and watch fan-out. The user's own kubectl requests show
 * every stage as a step; requests from in-cluster components show only what teaches something (pod admission).
 * Reads are served from the watch cache (the etcd keyspace mirrored in `sim.store`), writes go through etcd.
 */
import type { ClusterSpec } from '../../api';
import type { Component } from '../../kernel/Component';
import { deepClone } from '../../kernel/deepClone';
import { withFields } from '../../kernel/withFields';
import type { Envelope } from '../../kernel/Envelope';
import { partOf } from '../../kernel/partOf';
import type { Simulation } from '../../kernel/Simulation';
import type { ApiRequest, ApiResponse, EtcdResult, Message, StatusError, WatchEvent } from '../../messages';
import {
  apiVersionOf,
  etcdKey,
  qualifiedResource,
  resourceForKind,
  restPath,
  type ResourceInfo,
} from '../../objects/resources';
import type { Endpoint, KObject, Phase, StepDetail } from '../../types';
import { mutate, validateAdmission } from './admission';
import { admitResourceQuota } from './admission/resourceQuota';
import { authorize, forbiddenMessage, isSystemComponent } from './authorize';
import { applyDefaults } from '../../apiserver/defaults';
import { decodeNulls } from '../../apiserver/decodeNulls';
import { prepareForCreate, prepareForUpdate } from './registryStrategy';
import { formatBadRequest, strictDecode } from '../../apiserver/strictDecode';
import { validateObject } from '../../apiserver/validate';
import { watchDeliveries, type WatchRegistrations } from './watchRouting';
import { k8sSchema } from './schema';
import { listFilter } from '../../apiserver/listFilter';
import { strategicMergePatch } from '../../apiserver/strategicMergePatch';
import { boundedMemo } from '../../util/boundedMemo';

export const APISERVER: Endpoint = { component: 'kube-apiserver' };

interface Pending {
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
}

/** NamespaceLifecycle (plugin/pkg/admission/namespace/lifecycle): the namespaces that may never be deleted. */
const IMMORTAL_NAMESPACES = new Set(['default', 'kube-system', 'kube-public']);

const HTTP_VERB: Record<ApiRequest['verb'], string> = {
  get: 'GET',
  list: 'GET',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  deletecollection: 'DELETE',
};

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  504: 'Gateway Timeout',
};

/** Where the apiserver sends its etcd transactions; shared by every write step (see kernel/partOf.ts for why). */
const ETCD_CLIENT_TARGET: Endpoint = Object.freeze({ component: 'etcd', part: 'etcd-0' });

/** The detail of a successful response, one frozen object per status code: every response step keeps one. */
const httpDetail = boundedMemo(1_000, (status: number): StepDetail =>
  Object.freeze({ type: 'http' as const, status, body: undefined }),
);

/** Draws one stage of the request pipeline (authn, authz, admission, validation) as a step of its own. */
type Stage = (
  part: string,
  verb: string,
  summary: string,
  key: string,
  params?: Record<string, string | number>,
) => void;

/** The HTTP method of a request: the first word of its requestLabel, without splitting the label. */
export function httpVerb(req: Pick<ApiRequest, 'verb'>): string {
  return String(HTTP_VERB[req.verb]);
}

export function requestLabel(req: ApiRequest): string {
  const info = resourceForKind(req.resourceKind);
  const name =
    (req.verb === 'create' && req.subresource !== 'binding') || req.verb === 'deletecollection' ? undefined : req.name;
  const path = restPath(info, req.namespace, name, req.subresource);
  // A reflector's first LIST (client-go tools/cache/reflector.go): served from the watch cache, in pages of 500.
  const query = req.query ?? (req.verb === 'list' ? '?limit=500&resourceVersion=0' : '');
  return `${HTTP_VERB[req.verb]} ${path}${query}`;
}

const info = (req: ApiRequest): ResourceInfo => resourceForKind(req.resourceKind);

export class Apiserver implements Component<ApiserverState> {
  readonly address = APISERVER;
  s: ApiserverState = { pending: new Map(), collections: new Map(), quotaInFlight: new Map() };
  /**
   * The node names for watch fan-out, kept while the store returns the same (cached) Node list: every write fans
   * out, and listing all node names per write was a good part of the apiserver's garbage in a large cluster.
   */
  private nodeNamesOf: { nodes: readonly KObject[]; names: readonly string[] } | undefined;
  private lastRef: { obj: KObject; ref: ReturnType<typeof refOf> } | undefined;

  constructor(
    private cluster: ClusterSpec,
    private routes: WatchRegistrations,
  ) {}

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'api-request') this.onRequest(msg, env.from, sim);
    else if (msg.kind === 'etcd-result') this.onEtcdResult(msg, sim);
  }

  // ---- request pipeline -------------------------------------------------------------------------------------

  private onRequest(req: ApiRequest, client: Endpoint, sim: Simulation): void {
    const info = resourceForKind(req.resourceKind);
    const phase = ((req.ctx?.phase as Phase) ?? 'submit') as Phase;
    // Undefined unless the pipeline is shown: calls are written `stage?.(…)`, so their texts are not even built.
    const stage: Stage | undefined = req.showPipeline
      ? (part, verb, summary, key, params) =>
          sim.decide(partOf(APISERVER, part), {
            phase: 'admission',
            verb,
            label: verb,
            summary,
            narration: { key, params },
            source: req.doc !== undefined ? { doc: req.doc, path: '' } : undefined,
          })
      : undefined;

    // Authentication (client certificate / token).
    if (req.user.credential === 'invalid') {
      stage?.(
        'authn',
        'authenticate',
        'The presented credentials are not valid: 401 Unauthorized',
        'apiserver.authnFailed',
      );
      return this.respond(sim, client, req, phase, { code: 401, reason: 'Unauthorized', message: 'Unauthorized' });
    }
    stage?.(
      'authn',
      'authenticate',
      `Authenticated as user "${req.user.name}" (groups ${req.user.groups.join(', ')})`,
      'apiserver.authn',
      {
        user: req.user.name,
        groups: req.user.groups.join(', '),
      },
    );

    // Authorization (RBAC).
    const rbacVerb = req.verb === 'patch' ? 'patch' : req.verb;
    const authzReq = {
      user: req.user,
      verb: rbacVerb,
      info,
      namespace: req.namespace,
      name: req.verb === 'create' ? undefined : req.name,
      subresource: req.subresource,
    };
    const decision = authorize(authzReq, isSystemComponent(req.user) ? [] : this.rbacObjects(sim));
    if (!decision.allowed) {
      stage?.(
        'authz',
        'authorize',
        `RBAC denies: ${req.user.name} may not ${rbacVerb} ${info.resource}`,
        'apiserver.authzDenied',
        { user: req.user.name, verb: rbacVerb, resource: info.resource },
      );
      return this.respond(sim, client, req, phase, {
        code: 403,
        reason: 'Forbidden',
        message: forbiddenMessage(authzReq),
        details: { kind: info.resource, group: info.group, name: req.name },
      });
    }
    stage?.('authz', 'authorize', `RBAC allows ${rbacVerb} ${info.resource} (${decision.via})`, 'apiserver.authz', {
      verb: rbacVerb,
      resource: info.resource,
      via: decision.via ?? '',
    });

    const key = req.name ? etcdKey(info, req.namespace, req.name) : '';
    switch (req.verb) {
      case 'get': {
        const obj = sim.store.get(key);
        if (!obj) return this.respond(sim, client, req, phase, notFound(info, req.name!));
        return this.respond(sim, client, req, phase, undefined, obj, 200);
      }
      case 'list': {
        // Served from the watch cache: a range over the resource's etcd prefix (one namespace, or all).
        const prefix = `/registry/${info.etcdPrefix}/${info.namespaced && req.namespace ? `${req.namespace}/` : ''}`;
        const items = sim.store.list(prefix);
        if (req.labelSelector === undefined && req.fieldSelector === undefined)
          return this.respond(sim, client, req, phase, undefined, undefined, 200, items);
        const filter = listFilter(req.labelSelector, req.fieldSelector);
        if (typeof filter === 'string')
          return this.respond(sim, client, req, phase, { code: 400, reason: 'BadRequest', message: filter });
        return this.respond(sim, client, req, phase, undefined, undefined, 200, items.filter(filter));
      }
      case 'create':
        if (req.subresource === 'binding') return this.bind(req, client, phase, sim);
        return this.create(req, client, phase, info, stage, sim);
      case 'update':
      case 'patch':
        return this.update(req, client, phase, info, stage, sim);
      case 'delete':
        return this.remove(req, client, phase, info, stage, sim);
      case 'deletecollection':
        return this.removeCollection(req, client, phase, info, sim);
    }
  }

  private create(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    stage: Stage | undefined,
    sim: Simulation,
  ): void {
    // The body itself is left as it is (controllers send bodies that share their frozen templates): applyDefaults
    // below makes the deep copy that admission then changes, so only the namespace is set here, on a shallow copy.
    // Explicit nulls become Go zero values first, as the typed decode does, so later stages see only real shapes.
    let body = decodeNulls(req.body!, k8sSchema());
    if (info.namespaced && !body.metadata.namespace)
      body = withFields(body, {
        metadata: withFields(body.metadata, { namespace: req.namespace ?? 'default' }),
      }) as KObject;
    // NamespaceLifecycle runs first among the admission plugins, but the handler checks decoding before admission.
    const decodeErr = req.fieldValidation === 'Strict' ? this.decode(body, info) : undefined;
    if (decodeErr) {
      stage?.(
        'validation',
        'decode',
        'Strict decoding failed: the object has fields this API version does not define',
        'apiserver.decodeFailed',
      );
      return this.respond(sim, client, req, phase, decodeErr);
    }
    // What admission errors name the object until the registry generates its name (admission.NewForbidden).
    const requestName = body.metadata.name || body.metadata.generateName || '';
    let obj = applyDefaults(body);
    if (info.namespaced && !sim.store.get(`/registry/namespaces/${obj.metadata.namespace}`)) {
      stage?.(
        'mutating-admission',
        'admit',
        `NamespaceLifecycle: namespace "${obj.metadata.namespace}" does not exist`,
        'apiserver.nsMissing',
        { ns: obj.metadata.namespace ?? '' },
      );
      return this.respond(sim, client, req, phase, {
        code: 404,
        reason: 'NotFound',
        message: `namespaces "${obj.metadata.namespace}" not found`,
        details: { kind: 'namespaces', name: obj.metadata.namespace },
      });
    }
    if (
      info.namespaced &&
      sim.store.get(`/registry/namespaces/${obj.metadata.namespace}`)?.status?.phase === 'Terminating'
    ) {
      // NamespaceLifecycle: nothing new may be created in a namespace that is being deleted (its content would
      // outlive it), so controllers recreating what the namespace controller deletes are refused too.
      stage?.(
        'mutating-admission',
        'admit',
        `NamespaceLifecycle: namespace "${obj.metadata.namespace}" is being terminated`,
        'apiserver.nsTerminating',
        { ns: obj.metadata.namespace ?? '' },
      );
      const name = obj.metadata.name || obj.metadata.generateName;
      return this.respond(sim, client, req, phase, {
        code: 403,
        reason: 'Forbidden',
        message: `${qualifiedResource(info)}${name ? ` "${name}"` : ''} is forbidden: unable to create new content in namespace ${obj.metadata.namespace} because it is being terminated`,
        details: { kind: info.resource, group: info.group, name },
      });
    }
    obj = prepareForCreate(obj, {
      now: sim.now,
      names: sim.rng('names'),
      uids: sim.rng('uids'),
      ips: sim.rng('ips'),
      // Only Services allocate ClusterIPs and NodePorts: listing them for every other create was wasted work.
      usedIPs: obj.kind === 'Service' ? this.usedClusterIPs(sim) : new Set(),
      usedNodePorts: obj.kind === 'Service' ? this.usedNodePorts(sim) : new Set(),
    });
    const mutation = mutate(obj, { store: sim.store, rng: sim.rng('names'), cluster: this.cluster, requestName });
    const showAdmission = req.showPipeline || obj.kind === 'Pod';
    if (showAdmission) {
      sim.decide(partOf(APISERVER, 'mutating-admission'), {
        phase: 'admission',
        verb: 'admit',
        label: 'mutating admission',
        summary: mutation.error
          ? `Mutating admission: the ${mutation.plugins[mutation.plugins.length - 1]} plugin denies the request: ${mutation.error.message}`
          : mutation.changes.length
            ? `Mutating admission (${mutation.plugins.join(', ')}): ${mutation.changes.join('; ')}`
            : `Mutating admission: defaults applied, nothing else to change`,
        narration: mutation.error
          ? {
              key: 'apiserver.mutatingDenied',
              params: { plugin: mutation.plugins[mutation.plugins.length - 1] ?? '', message: mutation.error.message },
            }
          : {
              key: mutation.changes.length ? 'apiserver.mutated' : 'apiserver.mutatedNothing',
              params: { plugins: mutation.plugins.join(', '), changes: mutation.changes.join('; ') },
            },
        object: refOf(obj),
        detail: { type: 'admission', plugins: mutation.plugins, changes: mutation.changes },
      });
    }
    if (mutation.error) return this.respond(sim, client, req, phase, mutation.error);
    obj = mutation.object;
    const errs = validateObject(obj);
    if (errs.length) {
      stage?.('validation', 'validate', `Validation failed: ${errs.length} field error(s)`, 'apiserver.invalid', {
        count: errs.length,
      });
      return this.respond(sim, client, req, phase, {
        code: 422,
        reason: 'Invalid',
        message: `${info.kind}${info.group ? '.' + info.group : ''} "${obj.metadata.name}" is invalid`,
        details: { kind: info.kind, group: info.group, name: obj.metadata.name, causes: errs },
      });
    }
    stage?.('validation', 'validate', `${info.kind} ${obj.metadata.name} passes validation`, 'apiserver.valid', {
      kind: info.kind,
      name: obj.metadata.name,
    });
    const vap = validateAdmission(obj, info.resource, {
      store: sim.store,
      rng: sim.rng('names'),
      cluster: this.cluster,
    });
    if (vap) {
      stage?.(
        'validating-admission',
        'admit',
        vap.plugin === 'ValidatingAdmissionPolicy'
          ? 'A ValidatingAdmissionPolicy denies the request'
          : `The ${vap.plugin} admission plugin denies the request: ${vap.error.message}`,
        'apiserver.vapDenied',
      );
      return this.respond(sim, client, req, phase, vap.error);
    }
    stage?.(
      'validating-admission',
      'admit',
      'Validating admission: no policy objects to the request',
      'apiserver.vapOk',
    );
    const quota = this.admitQuota(obj, showAdmission, sim);
    if (quota && 'error' in quota) return this.respond(sim, client, req, phase, quota.error);
    const key = etcdKey(info, obj.metadata.namespace, obj.metadata.name);
    if (sim.store.get(key)) {
      return this.respond(sim, client, req, phase, {
        code: 409,
        reason: 'AlreadyExists',
        message: `${qualifiedResource(info)} "${obj.metadata.name}" already exists`,
        details: { kind: info.resource, group: info.group, name: obj.metadata.name },
      });
    }
    const ops = [{ type: 'put' as const, key, value: obj, expectModRevision: 0 }];
    if (quota?.charged.length) return this.charge(sim, req, client, phase, { quotas: quota.charged, info, ops });
    this.write(sim, req, client, phase, info, 'create', ops);
  }

  /**
   * ResourceQuota admission for a create in a namespace with quotas, drawn when the request's admission is: the
   * refusal, or the charge the apiserver is about to write.
   */
  private admitQuota(obj: KObject, show: boolean, sim: Simulation) {
    const ns = obj.metadata.namespace;
    if (!ns) return undefined;
    const quotas = sim.store
      .list(`/registry/resourcequotas/${ns}/`)
      .map((q) => this.s.quotaInFlight.get(etcdKey(resourceForKind('ResourceQuota'), ns, q.metadata.name)) ?? q);
    if (!quotas.length) return undefined;
    const result = admitResourceQuota(obj, quotas, sim.now);
    const denied = 'error' in result;
    if (show && (denied || result.charged.length))
      sim.decide(partOf(APISERVER, 'validating-admission'), {
        phase: 'admission',
        verb: 'admit',
        label: denied ? 'ResourceQuota: denied' : 'ResourceQuota: charged',
        summary: denied
          ? `The ResourceQuota admission plugin denies the request: ${result.error.message}`
          : `ResourceQuota admission: ${result.charged.map((q) => `${q.metadata.name} now uses ${quotaUsedText(q)}`).join('; ')}`,
        narration: denied
          ? { key: 'apiserver.quotaDenied', params: { message: result.error.message } }
          : {
              key: 'apiserver.quotaCharged',
              params: {
                kind: obj.kind,
                name: obj.metadata.name,
                quotas: result.charged.map((q) => `${q.metadata.name} (${quotaUsedText(q)})`).join(', '),
              },
            },
        object: refOf(obj),
      });
    return result;
  }

  /** Writes the next charged quota; the create follows once the last one is stored (see onEtcdResult). */
  private charge(sim: Simulation, req: ApiRequest, client: Endpoint, phase: Phase, c: QuotaCharge): void {
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

  private update(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    stage: Stage | undefined,
    sim: Simulation,
  ): void {
    const key = etcdKey(info, req.namespace, req.name!);
    const existing = sim.store.get(key);
    if (!existing) return this.respond(sim, client, req, phase, notFound(info, req.name!));
    // The update's resourceVersion precondition (GuaranteedUpdate), for the resource-quota controller's status
    // writes: usage it counted from a cache older than the admission plugin's last charge must not replace it.
    const rv = req.body?.metadata?.resourceVersion;
    if (info.kind === 'ResourceQuota' && rv !== undefined && rv !== existing.metadata.resourceVersion)
      return this.respond(sim, client, req, phase, {
        code: 409,
        reason: 'Conflict',
        message: `Operation cannot be fulfilled on ${qualifiedResource(info)} "${req.name}": the object has been modified; please apply your changes to the latest version and try again`,
      });
    let next: KObject;
    if (req.subresource === 'finalize') return this.finalize(req, client, phase, info, existing, sim);
    if (req.patch) {
      next = (
        req.patchType === 'strategic' ? strategicMergePatch(existing, req.patch) : mergePatch(existing, req.patch)
      ) as KObject;
      // A patch's null deletes (RFC 7386); one left inside a replaced list is decoded like a body's. Status patches
      // come from the kubelet and controllers only, and the kubelet compares its next status with what it stored.
      if (req.subresource !== 'status') next = decodeNulls(next, k8sSchema());
      if (req.subresource === 'status') next = prepareForUpdate(existing, next, 'status');
      else next = prepareForUpdate(existing, next);
    } else {
      // A status write keeps nothing of the body but its status and annotations (prepareForUpdate), so the rest of
      // a large body (a ReplicaSet's pod template, sent with every status update) is neither copied nor defaulted.
      const statusOnly = req.subresource === 'status' && req.fieldValidation !== 'Strict';
      // Not copied here either: applyDefaults copies it (the namespace is set on a shallow copy, as in create).
      let body = statusOnly ? statusPart(req.body!) : decodeNulls(req.body!, k8sSchema());
      if (info.namespaced && !body.metadata.namespace)
        body = withFields(body, { metadata: withFields(body.metadata, { namespace: req.namespace }) }) as KObject;
      const decodeErr =
        req.fieldValidation === 'Strict' ? this.decode(deepClone(req.appliedConfig ?? body), info) : undefined;
      if (decodeErr) {
        stage?.('validation', 'decode', 'Strict decoding failed', 'apiserver.decodeFailed');
        return this.respond(sim, client, req, phase, decodeErr);
      }
      next = prepareForUpdate(existing, applyDefaults(body), req.subresource);
    }
    stage?.(
      'mutating-admission',
      'admit',
      'Mutating admission: nothing to change on update',
      'apiserver.mutatedNothing',
      { plugins: '', changes: '' },
    );
    if (req.subresource !== 'status') {
      const errs = validateObject(next, { existing });
      if (errs.length) {
        stage?.('validation', 'validate', `Validation failed: ${errs.length} field error(s)`, 'apiserver.invalid', {
          count: errs.length,
        });
        return this.respond(sim, client, req, phase, {
          code: 422,
          reason: 'Invalid',
          message: `${info.kind} "${next.metadata.name}" is invalid`,
          details: { kind: info.kind, group: info.group, name: next.metadata.name, causes: errs },
        });
      }
    }
    stage?.('validation', 'validate', `${info.kind} ${next.metadata.name} passes validation`, 'apiserver.valid', {
      kind: info.kind,
      name: next.metadata.name,
    });
    const denial =
      req.subresource === undefined && (info.kind === 'PriorityClass' || info.kind === 'PersistentVolumeClaim')
        ? validateAdmission(
            next,
            info.resource,
            { store: sim.store, rng: sim.rng('names'), cluster: this.cluster },
            'update',
          )
        : undefined;
    if (denial) {
      stage?.(
        'validating-admission',
        'admit',
        `The ${denial.plugin} admission plugin denies the request: ${denial.error.message}`,
        'apiserver.vapDenied',
      );
      return this.respond(sim, client, req, phase, denial.error);
    }
    stage?.(
      'validating-admission',
      'admit',
      'Validating admission: no policy objects to the request',
      'apiserver.vapOk',
    );
    if (holdsFinalizer(existing) && !holdsFinalizer(next) && next.metadata.deletionGracePeriodSeconds === 0)
      return this.write(sim, req, client, phase, info, 'delete', [{ type: 'delete', key }], next);
    this.write(
      sim,
      req,
      client,
      phase,
      info,
      'update',
      [{ type: 'put', key, value: next, expectModRevision: sim.store.modRevision(key) }],
      existing,
    );
  }

  /** pods/binding (pkg/registry/core/pod/storage BindingREST): sets nodeName and PodScheduled=True in one write. */
  private bind(req: ApiRequest, client: Endpoint, phase: Phase, sim: Simulation): void {
    const info = resourceForKind('Pod');
    const key = etcdKey(info, req.namespace, req.name!);
    const pod = sim.store.get(key);
    if (!pod) return this.respond(sim, client, req, phase, notFound(info, req.name!));
    if (pod.spec.nodeName) {
      return this.respond(sim, client, req, phase, {
        code: 409,
        reason: 'Conflict',
        message: `Operation cannot be fulfilled on pods/binding "${req.name}": pod ${req.name} is already assigned to node "${pod.spec.nodeName}"`,
      });
    }
    // A new version that shares the unchanged parts with the stored (frozen) one, like a status update does.
    const conds = (pod.status.conditions ?? []).filter((c: any) => c.type !== 'PodScheduled');
    conds.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: sim.now });
    const next: KObject = {
      ...pod,
      spec: { ...pod.spec, nodeName: req.body!.target.name },
      status: { ...pod.status, conditions: conds },
    };
    this.write(
      sim,
      req,
      client,
      phase,
      info,
      'update',
      [{ type: 'put', key, value: next, expectModRevision: sim.store.modRevision(key) }],
      pod,
    );
  }

  private remove(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    stage: Stage | undefined,
    sim: Simulation,
  ): void {
    const key = etcdKey(info, req.namespace, req.name!);
    const obj = sim.store.get(key);
    if (!obj) return this.respond(sim, client, req, phase, notFound(info, req.name!));
    if (info.kind === 'Namespace' && IMMORTAL_NAMESPACES.has(obj.metadata.name)) {
      stage?.(
        'validating-admission',
        'admit',
        `NamespaceLifecycle: namespace ${obj.metadata.name} may not be deleted`,
        'apiserver.nsImmortal',
        { ns: obj.metadata.name },
      );
      return this.respond(sim, client, req, phase, {
        code: 403,
        reason: 'Forbidden',
        message: `namespaces "${obj.metadata.name}" is forbidden: this namespace may not be deleted`,
        details: { kind: 'namespaces', name: obj.metadata.name },
      });
    }
    const op = this.deletion(req, info, key, obj, sim);
    if (!op) return this.respond(sim, client, req, phase, undefined, obj, 200);
    this.write(sim, req, client, phase, info, op.type === 'put' ? 'update' : 'delete', [op], obj);
  }

  /**
   * What deleting one object writes: nothing (already being deleted), an update (graceful deletion of a Pod; the
   * first DELETE of a Namespace), or the removal from etcd.
   */
  private deletion(
    req: ApiRequest,
    info: ResourceInfo,
    key: string,
    obj: KObject,
    sim: Simulation,
  ): { type: 'put' | 'delete'; key: string; value?: KObject } | undefined {
    if (info.kind === 'Namespace') {
      // pkg/registry/core/namespace/storage REST.Delete: the first DELETE only sets deletionTimestamp and phase
      // Terminating; the namespace controller empties it and calls finalize, which removes it (see finalize()).
      if (obj.metadata.deletionTimestamp === undefined) {
        const next: KObject = {
          ...obj,
          metadata: { ...obj.metadata, deletionTimestamp: sim.now },
          status: { ...obj.status, phase: 'Terminating' },
        };
        return { type: 'put', key, value: next };
      }
      if (obj.spec?.finalizers?.length || obj.metadata.finalizers?.length) return undefined;
      return { type: 'delete', key };
    }
    const grace = req.gracePeriodSeconds ?? obj.spec?.terminationGracePeriodSeconds ?? 30;
    const terminal = obj.status?.phase === 'Succeeded' || obj.status?.phase === 'Failed';
    if (info.kind === 'Pod' && obj.spec.nodeName && grace > 0 && !terminal) {
      // Graceful deletion: the kubelet stops the containers, then deletes with grace 0.
      if (obj.metadata.deletionTimestamp !== undefined) return undefined;
      const next = deepClone(obj);
      next.metadata.deletionTimestamp = sim.now + grace * 1000;
      next.metadata.deletionGracePeriodSeconds = grace;
      return { type: 'put', key, value: next };
    }
    if (holdsFinalizer(obj)) {
      // A finalizer keeps the object: the delete only marks it (deletionTimestamp, grace 0), and the update that
      // removes the last finalizer deletes it (the generic registry's deleteForEmptyFinalizers).
      if (obj.metadata.deletionTimestamp !== undefined && obj.metadata.deletionGracePeriodSeconds === 0)
        return undefined;
      const next = deepClone(obj);
      next.metadata.deletionTimestamp ??= sim.now;
      next.metadata.deletionGracePeriodSeconds = 0;
      return { type: 'put', key, value: next };
    }
    return { type: 'delete', key };
  }

  /**
   * DELETE on a collection (the generic registry's DeleteCollection): every object of the kind in the namespace is
   * deleted as a DELETE of its own would delete it, each its own etcd write; the answer comes once all are written.
   */
  private removeCollection(req: ApiRequest, client: Endpoint, phase: Phase, info: ResourceInfo, sim: Simulation) {
    const prefix = info.namespaced ? `/registry/${info.etcdPrefix}/${req.namespace}/` : `/registry/${info.etcdPrefix}/`;
    const ops: Array<{ op: { type: 'put' | 'delete'; key: string; value?: KObject }; obj: KObject }> = [];
    for (const obj of sim.store.list(prefix)) {
      const key = etcdKey(info, obj.metadata.namespace, obj.metadata.name);
      const op = this.deletion(req, info, key, obj, sim);
      if (op) ops.push({ op, obj });
    }
    if (ops.length === 0) return this.respond(sim, client, req, phase, undefined, undefined, 200);
    const id = req.reqId;
    this.s.collections.set(id, ops.length);
    for (const { op, obj } of ops)
      this.write(sim, req, client, phase, info, op.type === 'put' ? 'update' : 'delete', [op], obj, id);
  }

  /**
   * PUT namespaces/<name>/finalize (FinalizeREST, finalizeStrategy): replaces spec.finalizers and nothing else. A
   * namespace being deleted whose finalizers are all gone is removed instead of updated
   * (ShouldDeleteNamespaceDuringUpdate), which is how a namespace finally disappears.
   */
  private finalize(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    existing: KObject,
    sim: Simulation,
  ): void {
    const key = etcdKey(info, req.namespace, req.name!);
    const finalizers: string[] = req.body?.spec?.finalizers ?? [];
    const next: KObject = { ...existing, spec: { ...existing.spec, finalizers } };
    const gone =
      existing.metadata.deletionTimestamp !== undefined &&
      finalizers.length === 0 &&
      !existing.metadata.finalizers?.length;
    if (gone) return this.write(sim, req, client, phase, info, 'delete', [{ type: 'delete', key }], next);
    this.write(
      sim,
      req,
      client,
      phase,
      info,
      'update',
      [{ type: 'put', key, value: next, expectModRevision: sim.store.modRevision(key) }],
      existing,
    );
  }

  // ---- etcd and responses -----------------------------------------------------------------------------------

  private write(
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
  ): void {
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

  private onEtcdResult(res: EtcdResult, sim: Simulation): void {
    const p = this.s.pending.get(res.reqId);
    if (!p) return;
    this.s.pending.delete(res.reqId);
    if (p.collection !== undefined) return this.onCollectionItem(p, p.collection, res, sim);
    if (p.charge) return this.onCharged(p, p.charge, res, sim);
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
    this.respond(sim, p.client, p.req, p.phase, undefined, obj, p.op === 'create' ? 201 : 200);
    if (p.op === 'create' && !p.info.simulated) {
      sim.decide(APISERVER, {
        phase: 'persist',
        verb: 'note',
        label: `${p.info.kind}: stored only`,
        summary: `${p.info.kind} ${obj.metadata.name} is stored like a real apiserver stores it, but Podyssey does not simulate the ${p.info.kind} controller yet: nothing acts on it`,
        narration: { key: 'apiserver.notSimulated', params: { kind: p.info.kind, name: obj.metadata.name } },
        object: refOf(obj),
      });
    }
    const type = p.op === 'create' ? 'ADDED' : p.op === 'delete' ? 'DELETED' : 'MODIFIED';
    // A DELETED event carries the last state with the revision of the delete as its resourceVersion (the etcd3
    // watcher's UpdateObject(oldObj, rev)): watchers order it after every update of the object.
    this.fanOut(sim, type, type === 'DELETED' ? deletedAt(obj, res.revision) : obj, p.old);
  }

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

  private respond(
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
    if (object) resp.object = object;
    if (items) resp.items = items;
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

  // ---- helpers ----------------------------------------------------------------------------------------------

  private decode(body: KObject, info: ResourceInfo): StatusError | undefined {
    const res = strictDecode(body, k8sSchema());
    const problems = [...res.typeErrors, ...res.unknown.map((f) => `unknown field "${f}"`)];
    if (!problems.length) return undefined;
    const detail = res.typeErrors.length
      ? res.typeErrors.join(', ')
      : `strict decoding error: ${res.unknown.map((f) => `unknown field "${f}"`).join(', ')}`;
    // A 400 carries no field causes on the wire; these (kubectl ignores them for BadRequest) let the editor put the
    // marker on the unknown field itself.
    const causes = res.unknown.map((f) => ({
      type: 'Invalid value' as const,
      field: f,
      detail: `unknown field "${f}"`,
    }));
    return {
      code: 400,
      reason: 'BadRequest',
      message: formatBadRequest(info.kind, info.version, detail),
      details: { kind: info.kind, causes },
    };
  }

  private rbacObjects(sim: Simulation): KObject[] {
    return [
      ...sim.store.list('/registry/clusterroles/'),
      ...sim.store.list('/registry/clusterrolebindings/'),
      ...sim.store.list('/registry/roles/'),
      ...sim.store.list('/registry/rolebindings/'),
    ];
  }

  /**
   * refOf(o), one object for the response and the watch events of the same stored version (a write's response is
   * followed at once by its fan-out): every step keeps its reference, 64 bytes each.
   */
  private refTo(o: KObject): ReturnType<typeof refOf> {
    // Only a stored (frozen) object is sure to still say what it said when its reference was made.
    if (!Object.isFrozen(o)) return refOf(o);
    if (this.lastRef?.obj !== o) this.lastRef = { obj: o, ref: refOf(o) };
    return this.lastRef.ref;
  }

  private nodeNames(sim: Simulation): readonly string[] {
    const nodes = sim.store.list('/registry/minions/');
    if (this.nodeNamesOf?.nodes !== nodes) this.nodeNamesOf = { nodes, names: nodes.map((n) => n.metadata.name) };
    return this.nodeNamesOf.names;
  }

  private usedClusterIPs(sim: Simulation): Set<string> {
    return new Set(
      sim.store
        .list('/registry/services/specs/')
        .map((s) => s.spec?.clusterIP)
        .filter(Boolean),
    );
  }

  private usedNodePorts(sim: Simulation): Set<number> {
    const out = new Set<number>();
    for (const s of sim.store.list('/registry/services/specs/'))
      for (const p of s.spec?.ports ?? []) if (p.nodePort) out.add(p.nodePort);
    return out;
  }
}

interface WatchTexts {
  type: WatchEvent['type'];
  verb: string;
  label: string;
  summary: string;
}

function watchTexts(type: WatchEvent['type'], obj: KObject): WatchTexts {
  return {
    type,
    verb: `WATCH ${type}`,
    label: `WATCH ${type} ${obj.kind} ${obj.metadata.name}`,
    summary: `Watch event ${type} for ${obj.kind} ${obj.metadata.namespace ? obj.metadata.namespace + '/' : ''}${obj.metadata.name} (resourceVersion ${obj.metadata.resourceVersion})`,
  };
}

function notFound(info: ResourceInfo, name: string): StatusError {
  return {
    code: 404,
    reason: 'NotFound',
    message: `${qualifiedResource(info)} "${name}" not found`,
    details: { kind: info.resource, group: info.group, name },
  };
}

export function refOf(o: KObject) {
  return {
    apiVersion: o.apiVersion,
    kind: o.kind,
    namespace: o.metadata.namespace,
    name: o.metadata.name,
    uid: o.metadata.uid,
  };
}

/** RFC 7386 JSON merge patch (null deletes a key); arrays are replaced. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as object) } : {};
  // for-in over own keys rather than Object.entries: the same keys in the same order, without an array of
  // [key, value] pairs per level of every patch (2.6 MB of garbage in a 1,000-pod run).
  for (const k in patch) {
    if (!Object.prototype.hasOwnProperty.call(patch, k)) continue;
    const v = (patch as Record<string, unknown>)[k];
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/**
 * The finalizers whose controllers the simulation runs, so an object carrying one waits for its removal before it
 * is deleted. Others (pv-protection, kubernetes.io/pvc-protection …) are not enforced: nothing here would remove
 * them.
 */
const ENFORCED_FINALIZERS = new Set(['batch.kubernetes.io/job-tracking']);

function holdsFinalizer(o: KObject): boolean {
  const f = o.metadata.finalizers;
  if (!f) return false;
  for (const x of f) if (ENFORCED_FINALIZERS.has(x)) return true;
  return false;
}

/** The parts of an object a status update reads. */
function statusPart(o: KObject): KObject {
  return { apiVersion: o.apiVersion, kind: o.kind, metadata: o.metadata, status: o.status } as KObject;
}

/**
 * A DELETED event carries the object's last state with the revision of the delete as its resourceVersion (the
 * etcd3 watcher's UpdateObject(oldObj, rev)), so a watcher can order it after every update of the object.
 */
function deletedAt(obj: KObject, revision: number): KObject {
  return withFields(obj, { metadata: withFields(obj.metadata, { resourceVersion: String(revision) }) }) as KObject;
}

/** A quota's used/hard pairs for the trace: `pods 2/2, requests.cpu 300m/1`. */
function quotaUsedText(q: KObject): string {
  const hard: Record<string, string> = q.status?.hard ?? {};
  return Object.keys(hard)
    .sort()
    .map((k) => `${k} ${q.status?.used?.[k] ?? '0'}/${hard[k]}`)
    .join(', ');
}
