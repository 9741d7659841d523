/**
 * What the apiserver's registry strategies do on create and update (PrepareForCreate / PrepareForUpdate):
 * server-set metadata, initial status, ClusterIP and NodePort allocation, generation bumps.
 */
import type { Rng } from '../../kernel/Rng';
import { generateName, uuid } from '../../objects/names';
import { canonicalEqual } from '../../objects/canonicalEqual';
import type { KObject } from '../../types';

interface StrategyContext {
  now: number;
  names: Rng;
  uids: Rng;
  ips: Rng;
  /** ClusterIPs and NodePorts already in use. */
  usedIPs: Set<string>;
  usedNodePorts: Set<number>;
  /** The requesting user (genericapirequest.UserFrom), for the strategies that record it. */
  user?: { name: string; groups: string[] };
}

/** apps.DeprecatedTemplateGeneration: the internal DaemonSet spec.templateGeneration as apps/v1 shows it. */
const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

const KINDS_WITH_GENERATION = new Set([
  'Deployment',
  'ReplicaSet',
  'ReplicationController',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'PersistentVolumeClaim',
  'Ingress',
  'NetworkPolicy',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
]);

export function prepareForCreate(obj: KObject, ctx: StrategyContext): KObject {
  const o = obj;
  const meta = o.metadata;
  if (!meta.name && meta.generateName) meta.name = generateName(ctx.names, meta.generateName);
  meta.uid = uuid(ctx.uids);
  meta.creationTimestamp = ctx.now;
  if (KINDS_WITH_GENERATION.has(o.kind)) meta.generation = 1;
  switch (o.kind) {
    case 'Pod':
      o.status = { phase: 'Pending', qosClass: qosClass(o.spec) };
      break;
    case 'Namespace': {
      // namespaceStrategy.PrepareForCreate: phase Active, and the `kubernetes` finalizer is always added (the
      // namespace controller removes it once the namespace is empty).
      o.status = { phase: 'Active' };
      const finalizers: string[] = o.spec?.finalizers ?? [];
      o.spec = {
        ...(o.spec ?? {}),
        finalizers: finalizers.includes('kubernetes') ? finalizers : [...finalizers, 'kubernetes'],
      };
      break;
    }
    case 'PersistentVolumeClaim':
      o.status = { phase: 'Pending' };
      break;
    case 'CertificateSigningRequest': {
      // csrStrategy.PrepareForCreate (pkg/registry/certificates/certificates/strategy.go): the requester's identity
      // replaces whatever the body claimed, and nobody may create a request already approved.
      const spec = { ...(o.spec ?? {}) };
      for (const field of ['username', 'uid', 'groups', 'extra']) delete spec[field];
      o.spec = { ...spec, ...(ctx.user ? { username: ctx.user.name, groups: ctx.user.groups } : {}) };
      o.status = {};
      break;
    }
    case 'PersistentVolume':
      o.status = { phase: 'Available' };
      break;
    case 'CustomResourceDefinition':
      prepareCRD(o);
      break;
    case 'Service':
      allocateService(o, ctx);
      o.status = { loadBalancer: {} };
      break;
    case 'Deployment':
    case 'ReplicaSet':
    case 'ReplicationController':
      o.status = {};
      break;
    case 'Job':
      o.status = {};
      if (o.spec?.manualSelector !== true) generateJobSelector(o);
      break;
    case 'DaemonSet':
      // daemonSetStrategy.PrepareForCreate: spec.templateGeneration 1, which apps/v1 carries as an annotation.
      meta.annotations = { ...(meta.annotations ?? {}), [TEMPLATE_GENERATION]: '1' };
      o.status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
      break;
  }
  return o;
}

/**
 * pkg/registry/batch/job/strategy.go generateSelector: the template gets the job-name and controller-uid labels
 * (legacy and `batch.kubernetes.io/` forms) and the selector matches the uid. A Job created without labels shows
 * its template's labels (SetDefaults_Job copies them when the object is read back), so they are copied here.
 */
function generateJobSelector(job: KObject): void {
  const uid = job.metadata.uid!;
  const template = (job.spec.template ??= {});
  const meta = (template.metadata ??= {});
  const labels: Record<string, string> = { ...(meta.labels ?? {}) };
  labels['batch.kubernetes.io/controller-uid'] ??= uid;
  labels['batch.kubernetes.io/job-name'] ??= job.metadata.name;
  labels['controller-uid'] ??= uid;
  labels['job-name'] ??= job.metadata.name;
  meta.labels = labels;
  const selector = (job.spec.selector ??= {});
  selector.matchLabels = { ...(selector.matchLabels ?? {}) };
  selector.matchLabels['batch.kubernetes.io/controller-uid'] ??= uid;
  if (!job.metadata.labels || Object.keys(job.metadata.labels).length === 0) job.metadata.labels = { ...labels };
}

/** Keeps what the server owns (metadata it set, status) and bumps generation when the spec changed. */
export function prepareForUpdate(existing: KObject, incoming: KObject, subresource?: string): KObject {
  if (subresource === 'status') {
    // Status writers may also carry annotations (the deployment controller's revision annotation).
    const annotations = incoming.metadata?.annotations ?? existing.metadata.annotations;
    // Share the unchanged (frozen) spec with the stored object: watchers can tell a status-only change by identity.
    return {
      ...existing,
      metadata: { ...existing.metadata, ...(annotations ? { annotations } : {}) },
      status: incoming.status,
    };
  }
  const next: KObject = { ...incoming, metadata: { ...incoming.metadata } };
  const m = next.metadata;
  const e = existing.metadata;
  m.uid = e.uid;
  m.creationTimestamp = e.creationTimestamp;
  if (e.deletionTimestamp !== undefined) m.deletionTimestamp = e.deletionTimestamp;
  if (e.generateName && !m.generateName) m.generateName = e.generateName;
  if (existing.status !== undefined) next.status = existing.status;
  if (e.generation !== undefined) {
    const specChanged = !canonicalEqual(existing.spec ?? null, incoming.spec ?? null);
    m.generation = specChanged ? e.generation + 1 : e.generation;
  }
  // namespaceStrategy.PrepareForUpdate: spec.finalizers changes only through the finalize subresource.
  if (existing.kind === 'Namespace') next.spec = { ...next.spec, finalizers: existing.spec?.finalizers };
  if (existing.kind === 'DaemonSet') {
    // daemonSetStrategy.PrepareForUpdate: a changed template bumps spec.templateGeneration.
    const gen = Number(e.annotations?.[TEMPLATE_GENERATION] ?? 0);
    const changed = !canonicalEqual(existing.spec?.template ?? null, incoming.spec?.template ?? null);
    m.annotations = { ...(m.annotations ?? {}), [TEMPLATE_GENERATION]: String(changed ? gen + 1 : gen) };
  }
  if (existing.kind === 'Service') {
    next.spec = { ...next.spec, clusterIP: existing.spec.clusterIP, clusterIPs: existing.spec.clusterIPs };
  }
  return next;
}

function allocateService(svc: KObject, ctx: StrategyContext): void {
  const spec = svc.spec;
  if (spec.type === 'ExternalName') return;
  if (spec.clusterIP === 'None') {
    spec.clusterIPs = ['None'];
  } else if (!spec.clusterIP) {
    let ip: string;
    do ip = randomServiceIP(ctx.ips);
    while (ctx.usedIPs.has(ip));
    ctx.usedIPs.add(ip);
    spec.clusterIP = ip;
    spec.clusterIPs = [ip];
  } else {
    spec.clusterIPs = [spec.clusterIP];
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') {
    for (const p of spec.ports ?? []) {
      if (!p.nodePort) {
        let port: number;
        do port = 30000 + ctx.ips.intn(2768);
        while (ctx.usedNodePorts.has(port));
        p.nodePort = port;
      }
      ctx.usedNodePorts.add(p.nodePort);
    }
  }
}

/**
 * kind's service subnet is 10.96.0.0/16 (kind pkg/apis/config/v1alpha4 default.go, `--service-cluster-ip-range`).
 * Dynamic allocation picks a random address of the range's upper band first: the lower 256 addresses are the static
 * band kept for Services that ask for a ClusterIP (pkg/registry/core/service/ipallocator bitmap.go,
 * calculateRangeOffset: min(max(16, size/16), 256)); the network and broadcast addresses are never handed out.
 */
export function randomServiceIP(ips: Rng): string {
  const off = 256 + ips.intn(65534 - 256 + 1);
  return `10.96.${off >> 8}.${off & 255}`;
}

/** Pod QoS class (pkg/apis/core/v1/helper/qos GetPodQOS). */
export function qosClass(spec: any): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) any = true;
    for (const r of ['cpu', 'memory']) {
      if (lim[r] === undefined) guaranteed = false;
      else if (req[r] !== undefined && String(req[r]) !== String(lim[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/**
 * The CRD on create: apiextensions v1 SetDefaults_CustomResourceDefinitionSpec (singular and listKind from the kind,
 * conversion strategy None), then the strategy's PrepareForCreate (pkg/registry/customresourcedefinition/strategy.go):
 * status cleared, generation 1, storedVersions holding the storage version. acceptedNames stays empty until the
 * naming controller accepts the names (crdControllers.ts).
 */
function prepareCRD(o: KObject): void {
  const spec = { ...(o.spec ?? {}) };
  const names = { ...(spec.names ?? {}) };
  if (!names.singular && names.kind) names.singular = String(names.kind).toLowerCase();
  if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  spec.names = names;
  spec.conversion ??= { strategy: 'None' };
  o.spec = spec;
  o.metadata.generation = 1;
  const storage = (Array.isArray(spec.versions) ? spec.versions : []).find((v: { storage?: boolean }) => v?.storage);
  o.status = { acceptedNames: { kind: '', plural: '' }, storedVersions: storage ? [storage.name] : [] };
}
