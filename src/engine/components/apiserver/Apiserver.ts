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
import type { ApiRequest, Message, StatusError } from '../../messages';
import { etcdKey, qualifiedResource, resourceForKind, type ResourceInfo } from '../../objects/resources';
import type { Endpoint, KObject, Phase } from '../../types';
import { mutate, validateAdmission } from './admission';
import { admitNamespaceDeletion, admitNamespaceLifecycle } from './admission/namespaceLifecycle';
import { admitResourceQuota, quotaUsedText } from './admission/resourceQuota';
import { admitPodSecurity, namespaceEnforceWarnings, namespaceLabelsError } from './admission/podSecurity';
import { POD_SPEC_KINDS } from './admission/podSecurityChecks';
import { holdsFinalizer } from './finalizers';
import { authorize, forbiddenMessage, isSystemComponent } from './authorize';
import { applyDefaults } from '../../apiserver/defaults';
import { decodeNulls } from '../../apiserver/decodeNulls';
import { prepareForCreate, prepareForUpdate } from './registryStrategy';
import { formatBadRequest, strictDecode } from '../../apiserver/strictDecode';
import { validateObject } from '../../apiserver/validate';
import { toStorageVersion } from '../../apiserver/storageVersion';
import { answerNonStored } from './nonStoredResources';
import type { WatchRegistrations } from './watchRouting';
import { k8sSchema } from './schema';
import { listFilter } from '../../apiserver/listFilter';
import { strategicMergePatch } from '../../apiserver/strategicMergePatch';
import { APISERVER, refOf, type ApiserverState } from './ApiserverStorage';
import { ApiextensionsControllers } from './ApiextensionsControllers';
import { prepareCustomForCreate, prepareCustomForUpdate } from './customResourceStrategy';
import { markForDeletion } from './crdControllers';
import { CRD_PREFIX, crdVersions, customResourceInfos, versionSchema } from '../../objects/customResources';
import { applySchemaDefaults, prune, unknownFields, validateAgainstSchema } from '../../apiserver/customResourceSchema';
import { planEviction, withDisruptionTarget } from './evictionREST';
import { NO_ROUTE, notFound } from '../../apiserver/statusErrors';
import { mergePatch } from '../../apiserver/mergePatch';
import { applyJsonPatch } from '../../apiserver/jsonPatch';
import { recordUpdate } from '../../apiserver/managedFields';
import { serverSideApply } from '../../apiserver/serverSideApply';
import { canonicalEqual } from '../../objects/canonicalEqual';
import { servedResource } from './requestLabel';
import { answerMetrics } from './aggregatedMetrics';

export { APISERVER, refOf, type ApiserverState };

type Schema = Record<string, unknown>;

/** Draws one stage of the request pipeline (authn, authz, admission, validation) as a step of its own. */
type Stage = (
  part: string,
  verb: string,
  summary: string,
  key: string,
  params?: Record<string, string | number>,
) => void;

export class Apiserver extends ApiextensionsControllers implements Component<ApiserverState> {
  readonly address = APISERVER;

  constructor(
    private cluster: ClusterSpec,
    routes: WatchRegistrations,
  ) {
    super(routes);
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    if (msg.kind === 'api-request') this.onRequest(msg, env.from, sim);
    else if (msg.kind === 'etcd-result') this.onEtcdResult(msg, sim);
    else this.onCRDTimer(msg, sim);
  }

  // ---- request pipeline -------------------------------------------------------------------------------------

  private onRequest(req: ApiRequest, client: Endpoint, sim: Simulation): void {
    const info = servedResource(req);
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

    // A custom resource is served only while its CRD is Established and serves the version (the custom resource
    // handler answers any other path with the NotFound of a path no route serves).
    const schema = info.crd ? this.customSchema(info, sim) : undefined;
    if (info.crd && !schema) return this.respond(sim, client, req, phase, NO_ROUTE);
    // customresource_handler.go: a terminating CRD still serves reads and deletes, never a create.
    if (info.crd && req.verb === 'create' && sim.store.get(`${CRD_PREFIX}${info.crd}`)?.metadata.deletionTimestamp)
      return this.respond(sim, client, req, phase, {
        code: 405,
        reason: 'MethodNotAllowed',
        message: 'create not allowed while custom resource definition is terminating',
        details: { group: info.group, kind: info.resource },
      });
    if (info.rest === 'create' || info.rest === 'read') return this.answerWithoutStorage(req, client, phase, info, sim);
    if (info.rest === 'metrics') return this.answerMetricsApi(req, client, phase, sim);
    if (info.rest === 'binding' && req.verb !== 'create') return this.respond(sim, client, req, phase, NO_ROUTE);
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
        if (req.subresource === 'eviction') return this.evict(req, client, phase, sim);
        // The legacy `bindings` resource (BindingREST): binds the Pod the Binding is named after.
        if (info.rest === 'binding') return this.bind({ ...req, name: req.body?.metadata?.name }, client, phase, sim);
        return this.create(req, client, phase, info, stage, sim, schema);
      case 'update':
      case 'patch':
        return this.update(req, client, phase, info, stage, sim, schema);
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
    schema?: Schema,
  ): void {
    // The body itself is left as it is (controllers send bodies that share their frozen templates): applyDefaults
    // below makes the deep copy that admission then changes, so only the namespace is set here, on a shallow copy.
    // Explicit nulls become Go zero values first, as the typed decode does, so later stages see only real shapes.
    let body = decodeNulls(req.body!, k8sSchema());
    if (info.namespaced && !body.metadata.namespace)
      body = withFields(body, {
        metadata: withFields(body.metadata, { namespace: req.namespace ?? 'default' }),
      }) as KObject;
    // rest.BeforeCreate (EnsureObjectNamespaceMatchesRequestNamespace): a cluster-scoped object has no namespace.
    if (!info.namespaced && body.metadata?.namespace !== undefined) {
      const metadata = { ...body.metadata };
      delete metadata.namespace;
      body = withFields(body, { metadata }) as KObject;
    }
    // NamespaceLifecycle runs first among the admission plugins, but the handler checks decoding before admission.
    const decodeErr =
      req.fieldValidation === 'Strict'
        ? schema
          ? this.decodeCustom(body, info, schema)
          : this.decode(body, info)
        : undefined;
    if (decodeErr) {
      stage?.(
        'validation',
        'decode',
        'Strict decoding failed: the object has fields this API version does not define',
        'apiserver.decodeFailed',
      );
      return this.respond(sim, client, req, phase, decodeErr);
    }
    if (schema) body = this.pruneAndDefault(body, schema, stage);
    // What admission errors name the object until the registry generates its name (admission.NewForbidden).
    const requestName = body.metadata.name || body.metadata.generateName || '';
    let obj = applyDefaults(toStorageVersion(body));
    const lifecycle = admitNamespaceLifecycle(obj, info, requestName, sim.store);
    if (lifecycle) {
      const ns = obj.metadata.namespace ?? '';
      stage?.(
        'mutating-admission',
        'admit',
        lifecycle.why === 'missing'
          ? `NamespaceLifecycle: namespace "${ns}" does not exist`
          : `NamespaceLifecycle: namespace "${ns}" is being terminated`,
        lifecycle.why === 'missing' ? 'apiserver.nsMissing' : 'apiserver.nsTerminating',
        { ns },
      );
      return this.respond(sim, client, req, phase, lifecycle.error);
    }
    obj = prepareForCreate(obj, {
      now: sim.now,
      names: sim.rng('names'),
      uids: sim.rng('uids'),
      ips: sim.rng('ips'),
      // Only Services allocate ClusterIPs and NodePorts: listing them for every other create was wasted work.
      usedIPs: obj.kind === 'Service' ? this.usedClusterIPs(sim) : new Set(),
      usedNodePorts: obj.kind === 'Service' ? this.usedNodePorts(sim) : new Set(),
      user: req.user,
    });
    if (info.crd) obj = prepareCustomForCreate(obj, this.customStatusEnabled(info, sim));
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
    const errs = schema
      ? [...validateObject(obj, { namespaced: info.namespaced }), ...validateAgainstSchema(obj, schema)]
      : validateObject(obj);
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
    const warnings: string[] = [];
    const vap = validateAdmission(obj, info.resource, {
      store: sim.store,
      rng: sim.rng('names'),
      cluster: this.cluster,
      warnings,
    });
    if (vap?.plugin === 'PodSecurity') {
      this.drawPodSecurity(sim, obj, vap.error.message, []);
      return this.respond(sim, client, req, phase, vap.error);
    }
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
    if (warnings.length) this.warn(sim, req, obj, warnings);
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
    // managedFields of a create by a named manager (an apply's were set from its configuration).
    if (req.fieldManager && req.patchType !== 'apply') obj = recordUpdate(undefined, obj, req.fieldManager, sim.now);
    const ops = [{ type: 'put' as const, key, value: obj, expectModRevision: 0 }];
    if (quota?.charged.length && !req.dryRun)
      return this.charge(sim, req, client, phase, { quotas: quota.charged, info, ops });
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

  private update(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    stage: Stage | undefined,
    sim: Simulation,
    schema?: Schema,
  ): void {
    const key = etcdKey(info, req.namespace, req.name!);
    const existing = sim.store.get(key);
    if (!existing && req.patchType === 'apply' && req.subresource === undefined)
      return this.applyCreate(req, client, phase, info, stage, sim);
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
    if (req.patchType === 'apply' && req.patch) {
      const applied = serverSideApply(existing, req.patch as KObject, req.fieldManager ?? '', !!req.force, sim.now);
      if (applied.error) return this.respond(sim, client, req, phase, applied.error);
      // The merged object is decoded, so defaulted again (a field the configuration dropped comes back defaulted).
      const merged = applyDefaults(toStorageVersion(decodeNulls(applied.object!, k8sSchema())));
      next = prepareForUpdate(existing, merged, req.subresource);
    } else if (req.patchType === 'json') {
      // handlers/patch.go applyJSPatch: a malformed patch is a 400; one that does not apply, a 422 built by
      // NewGenericServerResponse, which keeps the json-patch library's error out of the Status (kubectl prints
      // `The request is invalid: the server rejected our request …`); the diagram's step keeps it.
      const patched = applyJsonPatch(existing, req.jsonPatch);
      if ('badRequest' in patched)
        return this.respond(sim, client, req, phase, { code: 400, reason: 'BadRequest', message: patched.badRequest });
      if ('error' in patched) {
        stage?.('validation', 'patch', `The JSON patch does not apply: ${patched.error}`, 'apiserver.jsonPatchFailed', {
          error: patched.error,
        });
        return this.respond(sim, client, req, phase, {
          code: 422,
          reason: 'Invalid',
          message: 'the server rejected our request due to an error in our request',
        });
      }
      next = applyDefaults(toStorageVersion(decodeNulls(patched.doc as KObject, k8sSchema())));
      next = prepareForUpdate(existing, next, req.subresource === 'status' ? 'status' : undefined);
    } else if (req.patch) {
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
        req.fieldValidation === 'Strict'
          ? schema
            ? this.decodeCustom(req.appliedConfig ?? body, info, schema)
            : this.decode(deepClone(req.appliedConfig ?? body), info)
          : undefined;
      if (decodeErr) {
        stage?.('validation', 'decode', 'Strict decoding failed', 'apiserver.decodeFailed');
        return this.respond(sim, client, req, phase, decodeErr);
      }
      next = prepareForUpdate(existing, applyDefaults(toStorageVersion(body)), req.subresource);
    }
    stage?.(
      'mutating-admission',
      'admit',
      'Mutating admission: nothing to change on update',
      'apiserver.mutatedNothing',
      { plugins: '', changes: '' },
    );
    if (schema && req.subresource !== 'status')
      next = prepareCustomForUpdate(
        this.pruneAndDefault(next, schema, stage),
        existing,
        this.customStatusEnabled(info, sim),
      );
    if (req.fieldManager && req.patchType !== 'apply' && req.subresource !== 'status')
      next = recordUpdate(existing, next, req.fieldManager, sim.now, req.subresource);
    // GuaranteedUpdate stores nothing when the new object is the old one (a repeated apply); only for the
    // requests of named managers, which come from live clients, so the engine's own runs are not changed.
    if ((req.fieldManager || req.patchType === 'json') && canonicalEqual(existing, next))
      return this.respond(sim, client, req, phase, undefined, existing, 200);
    if (req.subresource !== 'status') {
      const errs = schema
        ? [...validateObject(next, { existing, namespaced: info.namespaced }), ...validateAgainstSchema(next, schema)]
        : validateObject(next, { existing });
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
    // PodSecurity on update: a Pod whose images change, a pod controller's template, and a namespace whose new
    // enforce level is checked against the Pods already there (ValidateNamespace). Subresources are skipped.
    const warnings: string[] = [];
    if (req.subresource === undefined && POD_SPEC_KINDS.has(info.kind)) {
      const podSecurity = admitPodSecurity(next, 'update', next.metadata.name, sim.store, existing);
      if (podSecurity.error) {
        this.drawPodSecurity(sim, next, podSecurity.error.message, []);
        return this.respond(sim, client, req, phase, podSecurity.error);
      }
      warnings.push(...podSecurity.warnings);
    }
    if (info.kind === 'Namespace' && req.subresource === undefined) {
      const labelsError = namespaceLabelsError(next, existing);
      if (labelsError) {
        this.drawPodSecurity(sim, next, labelsError.message, []);
        return this.respond(sim, client, req, phase, labelsError);
      }
      warnings.push(...namespaceEnforceWarnings(next, existing, sim.store));
    }
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
    if (warnings.length) this.warn(sim, req, next, warnings);
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

  /** Server-side apply of an object that does not exist yet: the configuration is created, its fields owned. */
  private applyCreate(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    info: ResourceInfo,
    stage: Stage | undefined,
    sim: Simulation,
  ): void {
    const config = req.patch as KObject;
    const applied = serverSideApply(undefined, config, req.fieldManager ?? '', !!req.force, sim.now);
    const body = applied.object!;
    if (!body.metadata?.name) body.metadata = { ...body.metadata, name: req.name! };
    this.create({ ...req, verb: 'create', body }, client, phase, info, stage, sim);
  }

  /** A review answered or a component status read (nonStoredResources.ts): nothing is written to etcd. */
  private answerWithoutStorage(req: ApiRequest, client: Endpoint, phase: Phase, info: ResourceInfo, sim: Simulation) {
    const answer = answerNonStored(req, info, this.rbacObjects(sim), sim.now, [...sim.down]);
    if (answer.object && info.rest === 'create')
      sim.decide(APISERVER, {
        phase: 'persist',
        verb: 'note',
        label: `${info.kind}: answered, not stored`,
        summary: `${info.kind} is not stored: the API server answers the review in the returned object's status and keeps nothing`,
        narration: { key: 'apiserver.reviewAnswered', params: { kind: info.kind } },
        // The review as it was sent: a SelfSubjectReview's answer is a new object without a name.
        object: refOf(req.body ?? answer.object),
      });
    this.respond(sim, client, req, phase, answer.error, answer.object, answer.status ?? 200, answer.items);
  }

  /** metrics.k8s.io, proxied by the aggregator to metrics-server when it is installed (aggregatedMetrics.ts). */
  private answerMetricsApi(req: ApiRequest, client: Endpoint, phase: Phase, sim: Simulation) {
    const objects = [
      ...sim.store.list('/registry/apiregistration.k8s.io/apiservices/'),
      ...sim.store.list('/registry/pods/'),
      ...sim.store.list('/registry/services/specs/'),
      ...(req.resourceKind === 'NodeMetrics' ? sim.store.list('/registry/minions/') : []),
    ];
    const answer = answerMetrics(req, objects, sim.now);
    this.respond(sim, client, req, phase, answer.error, answer.object, 200, answer.items);
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
      spec: { ...pod.spec, nodeName: req.body?.target?.name },
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

  /**
   * pods/NAME/eviction (EvictionREST.Create, evictionREST.ts): checks the Pod's PodDisruptionBudget, then writes in
   * turn the budget's spent disruption, the Pod's DisruptionTarget condition and its graceful deletion; each write
   * is stored and fanned out before the next (continueEviction), and the client is answered after the last.
   */
  private evict(req: ApiRequest, client: Endpoint, phase: Phase, sim: Simulation): void {
    const info = resourceForKind('Pod');
    const key = etcdKey(info, req.namespace, req.name!);
    const pod = sim.store.get(key);
    if (!pod) return this.respond(sim, client, req, phase, notFound(info, req.name!));
    if (req.body?.metadata?.name !== undefined && req.body.metadata.name !== req.name)
      return this.respond(sim, client, req, phase, {
        code: 400,
        reason: 'BadRequest',
        message: 'name in URL does not match name in Eviction object',
      });
    const pdbs = sim.store.list(`/registry/poddisruptionbudgets/${pod.metadata.namespace}/`);
    const plan = planEviction(pod, pdbs, sim.now);
    const refused = plan.type === 'refuse';
    sim.decide(APISERVER, {
      phase: 'admission',
      verb: 'evict',
      label: refused ? `eviction refused: ${plan.error.code}` : 'eviction allowed',
      summary: refused
        ? `Eviction of pod ${req.name}: ${plan.why}, so the request fails with ${plan.error.code} ${plan.error.reason}: ${plan.error.message}`
        : `Eviction of pod ${req.name} allowed: ${plan.why}`,
      narration: {
        key: refused
          ? plan.error.code === 429
            ? 'apiserver.evictionRefused'
            : 'apiserver.evictionFailed'
          : 'apiserver.evictionAllowed',
        params: {
          pod: req.name!,
          why: plan.why,
          code: refused ? plan.error.code : 201,
          pdb: (refused && plan.pdb) || '',
        },
      },
      object: refOf(pod),
    });
    if (plan.type === 'refuse') return this.respond(sim, client, req, phase, plan.error);
    if (plan.pdb) {
      const pdbInfo = resourceForKind('PodDisruptionBudget');
      const pdbKey = etcdKey(pdbInfo, plan.pdb.metadata.namespace, plan.pdb.metadata.name);
      const old = sim.store.get(pdbKey)!;
      return this.write(
        sim,
        req,
        client,
        phase,
        pdbInfo,
        'update',
        [{ type: 'put', key: pdbKey, value: plan.pdb, expectModRevision: sim.store.modRevision(pdbKey) }],
        old,
        undefined,
        undefined,
        'condition',
      );
    }
    this.continueEviction(req, client, phase, 'condition', sim);
  }

  /** The next write of an eviction (addConditionAndDeletePod), or the answer once the Pod's deletion is stored. */
  protected continueEviction(
    req: ApiRequest,
    client: Endpoint,
    phase: Phase,
    next: 'condition' | 'delete' | 'done',
    sim: Simulation,
  ): void {
    const info = resourceForKind('Pod');
    const key = etcdKey(info, req.namespace, req.name!);
    const pod = sim.store.get(key);
    if (next === 'done') return this.respond(sim, client, req, phase, undefined, undefined, 201);
    if (!pod) return this.respond(sim, client, req, phase, notFound(info, req.name!));
    if (next === 'condition') {
      const value = withDisruptionTarget(pod, sim.now);
      const ops = [{ type: 'put' as const, key, value, expectModRevision: sim.store.modRevision(key) }];
      return this.write(sim, req, client, phase, info, 'update', ops, pod, undefined, undefined, 'delete');
    }
    const op = this.deletion(req, info, key, pod, sim);
    if (!op) return this.respond(sim, client, req, phase, undefined, undefined, 201);
    this.write(
      sim,
      req,
      client,
      phase,
      info,
      op.type === 'put' ? 'update' : 'delete',
      [op],
      pod,
      undefined,
      undefined,
      'done',
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
    const immortal = info.kind === 'Namespace' ? admitNamespaceDeletion(obj.metadata.name) : undefined;
    if (immortal) {
      stage?.(
        'validating-admission',
        'admit',
        `NamespaceLifecycle: namespace ${obj.metadata.name} may not be deleted`,
        'apiserver.nsImmortal',
        { ns: obj.metadata.name },
      );
      return this.respond(sim, client, req, phase, immortal);
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
    if (info.kind === 'CustomResourceDefinition') {
      if (obj.metadata.deletionTimestamp !== undefined) return undefined;
      return { type: 'put', key, value: markForDeletion(obj, sim.now) };
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
    // A dry run answers once for the whole collection, having written nothing.
    if (ops.length === 0 || req.dryRun) return this.respond(sim, client, req, phase, undefined, undefined, 200);
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

  // ---- helpers ----------------------------------------------------------------------------------------------

  /** The PodSecurity plugin refuses a Pod: drawn for every Pod, as quota refusals are (the ReplicaSet's too). */
  private drawPodSecurity(sim: Simulation, obj: KObject, message: string, warnings: string[]): void {
    sim.decide(partOf(APISERVER, 'validating-admission'), {
      phase: 'admission',
      verb: 'admit',
      label: warnings.length ? 'PodSecurity: warning' : 'PodSecurity: denied',
      summary: warnings.length
        ? `PodSecurity admission lets ${obj.kind} ${obj.metadata.name} in with ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}: ${warnings.join('; ')}`
        : `The PodSecurity admission plugin denies the request: ${message}`,
      // A Namespace is checked for its labels and, with a new enforce level, for the Pods it already holds.
      narration: warnings.length
        ? {
            key: obj.kind === 'Namespace' ? 'apiserver.podSecurityExistingPods' : 'apiserver.podSecurityWarned',
            params: { kind: obj.kind, name: obj.metadata.name, warning: warnings.join('; ') },
          }
        : {
            key: obj.kind === 'Namespace' ? 'apiserver.podSecurityLabels' : 'apiserver.podSecurityDenied',
            params: { message },
          },
      object: refOf(obj),
    });
  }

  /**
   * Response warnings (the `Warning:` header): kept until the response is sent. Drawn only for the user's own
   * requests; a controller's client logs them and nobody reads them.
   */
  private warn(sim: Simulation, req: ApiRequest, obj: KObject, warnings: string[]): void {
    this.s.warnings.set(req.reqId, warnings);
    if (req.showPipeline) this.drawPodSecurity(sim, obj, '', warnings);
  }

  private decode(body: KObject, info: ResourceInfo): StatusError | undefined {
    // managedFields arrive with their times already read as virtual ms (the server's fromWire): not checked here.
    if (body.metadata?.managedFields) body = { ...body, metadata: { ...body.metadata, managedFields: undefined } };
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

  /** The schema of the version a custom resource request addresses, while its CRD serves it. */
  private customSchema(info: ResourceInfo, sim: Simulation): Schema | undefined {
    const crd = sim.store.get(`${CRD_PREFIX}${info.crd}`);
    if (!crd || !customResourceInfos(crd).some((r) => r.version === info.version && r.kind === info.kind))
      return undefined;
    return versionSchema(crd, info.version) ?? {};
  }

  /** spec.versions[].subresources.status of the version a custom resource request addresses. */
  private customStatusEnabled(info: ResourceInfo, sim: Simulation): boolean {
    const crd = sim.store.get(`${CRD_PREFIX}${info.crd}`);
    return crdVersions(crd ?? ({} as KObject)).some((v) => v.name === info.version && !!v.subresources?.status);
  }

  /** Strict field validation of a custom resource: the fields its schema would prune are errors. */
  private decodeCustom(body: KObject, info: ResourceInfo, schema: Schema): StatusError | undefined {
    const unknown = unknownFields(body, schema);
    if (!unknown.length) return undefined;
    const detail = `strict decoding error: ${unknown.map((f) => `unknown field "${f}"`).join(', ')}`;
    return {
      code: 400,
      reason: 'BadRequest',
      message: formatBadRequest(info.kind, info.version, detail),
      details: {
        kind: info.kind,
        causes: unknown.map((f) => ({ type: 'Invalid value' as const, field: f, detail: `unknown field "${f}"` })),
      },
    };
  }

  /** Pruning, then defaulting, as the custom resource's decoder does (customResourceSchema.ts). */
  private pruneAndDefault(body: KObject, schema: Schema, stage: Stage | undefined): KObject {
    const dropped = unknownFields(body, schema);
    if (dropped.length)
      stage?.(
        'validation',
        'prune',
        `Pruned the fields the schema does not define: ${dropped.join(', ')}`,
        'apiserver.crPruned',
        { fields: dropped.join(', ') },
      );
    return applySchemaDefaults(prune(body, schema), schema);
  }

  private rbacObjects(sim: Simulation): KObject[] {
    return [
      ...sim.store.list('/registry/clusterroles/'),
      ...sim.store.list('/registry/clusterrolebindings/'),
      ...sim.store.list('/registry/roles/'),
      ...sim.store.list('/registry/rolebindings/'),
    ];
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

/** The parts of an object a status update reads. */
function statusPart(o: KObject): KObject {
  return { apiVersion: o.apiVersion, kind: o.kind, metadata: o.metadata, status: o.status } as KObject;
}
