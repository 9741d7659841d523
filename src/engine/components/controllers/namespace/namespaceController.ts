/**
 * The namespace controller (pkg/controller/namespace/namespace_controller.go and deletion/
 * namespaced_resources_deleter.go): a namespace being deleted (deletionTimestamp set, phase Terminating, the
 * `kubernetes` finalizer still in spec.finalizers) is emptied resource by resource with DELETE on each collection,
 * its status conditions say what remains (deletion/status_condition_utils.go), and once nothing is left the
 * controller removes its finalizer through the `finalize` subresource, which makes the apiserver remove the namespace.
 *
 * A sync is a chain of requests, one at a time as the deleter sends them: deletecollection per resource that has
 * content, then the status write when a condition changed, then finalize (or a requeue while content remains).
 * The deleter's LIST calls (discovery, estimateGracefulTermination, the check after each deletecollection) use a
 * live metadata client, not an informer; they are read here from the apiserver's store and not drawn, and a resource
 * whose every object is already being deleted is not sent its DELETE again (a no-op on the server).
 */
import { defineController, type ReconcileContext, type ReconcileResult } from '../../../client/defineController';
import type { Simulation } from '../../../kernel/Simulation';
import type { ApiResponse } from '../../../messages';
import { apiVersionOf, STORED_RESOURCES, type ResourceInfo } from '../../../objects/resources';
import { CRD_PREFIX, customResourcesOf } from '../../../objects/customResources';
import type { KObject } from '../../../types';
import type { Namespace } from '../../../objects/typed';

const NAME = 'namespace';
/** The finalizer token this controller owns (v1.FinalizerKubernetes). */
const FINALIZER = 'kubernetes';
/**
 * namespaceDeletionGracePeriod: every watch event is processed 5 s later, giving admission caches and other
 * apiservers time to see the namespace as terminating before its content is listed.
 */
const DELETION_GRACE_MS = 5_000;
/** finalizerEstimateSeconds: the assumed wait for content held by finalizers. */
const FINALIZER_ESTIMATE_S = 15;

interface Remaining {
  /** `pods.`, `deployments.apps`: resource.group as the condition message prints it. */
  resource: string;
  gvr: string;
  count: number;
  finalizers: Record<string, number>;
}

interface Chain {
  /** Resources still to be sent their DELETE (kinds, in discovery order). */
  toDelete: string[];
  remaining: Remaining[];
}

interface NamespaceControllerState {
  /** Namespaces whose latest watch event still waits out namespaceDeletionGracePeriod. */
  delayed: Set<string>;
  chains: Map<string, Chain>;
}

/** The namespaced resources discovery reports as deletable, in discovery order. */
const NAMESPACED: readonly ResourceInfo[] = STORED_RESOURCES.filter((r) => r.namespaced);

/**
 * NAMESPACED plus the namespaced custom resources of the Established CRDs: the controller's discovery finds them
 * too (pkg/controller/namespace/deletion namespaced_resources_deleter.go deletes every deletable resource).
 */
function namespacedResources(sim: Simulation): readonly ResourceInfo[] {
  const custom = customResourcesOf(sim.store.list(CRD_PREFIX)).filter((r) => r.namespaced && !r.alternateVersion);
  return custom.length ? [...NAMESPACED, ...custom] : NAMESPACED;
}

/** The namespace's objects of one resource, as a live LIST returns them. */
function liveList(sim: Simulation, info: ResourceInfo, ns: string): readonly KObject[] {
  return sim.store.list(`/registry/${info.etcdPrefix}/${ns}/`);
}

function remainingOf(info: ResourceInfo, items: readonly KObject[]): Remaining | undefined {
  if (items.length === 0) return undefined;
  const finalizers: Record<string, number> = {};
  for (const o of items) for (const f of o.metadata.finalizers ?? []) finalizers[f] = (finalizers[f] ?? 0) + 1;
  return {
    resource: `${info.resource}.${info.group}`,
    gvr: `${info.group}/${info.version}, Resource=${info.resource}`,
    count: items.length,
    finalizers,
  };
}

const CONDITION_TYPES = [
  'NamespaceDeletionDiscoveryFailure',
  'NamespaceDeletionGroupVersionParsingFailure',
  'NamespaceDeletionContentFailure',
  'NamespaceContentRemaining',
  'NamespaceFinalizersRemaining',
] as const;

/** okReasons / okMessages of status_condition_utils.go. */
const OK: Record<(typeof CONDITION_TYPES)[number], { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: {
    reason: 'ResourcesDiscovered',
    message: 'All resources successfully discovered',
  },
  NamespaceDeletionGroupVersionParsingFailure: {
    reason: 'ParsedGroupVersions',
    message: 'All legacy kube types successfully parsed',
  },
  NamespaceDeletionContentFailure: {
    reason: 'ContentDeleted',
    message: 'All content successfully deleted, may be waiting on finalization',
  },
  NamespaceContentRemaining: { reason: 'ContentRemoved', message: 'All content successfully removed' },
  NamespaceFinalizersRemaining: {
    reason: 'ContentHasNoFinalizers',
    message: 'All content-preserving finalizers finished',
  },
};

interface Condition {
  type: string;
  status: 'True' | 'False';
  lastTransitionTime: number;
  reason: string;
  message: string;
}

/**
 * ProcessContentTotals + makeDeleteContentCondition + updateConditions: the namespace's conditions after a pass,
 * or undefined when none changed (the controller then writes nothing).
 */
export function namespaceConditions(
  old: readonly Condition[],
  remaining: readonly Remaining[],
  contentErrors: readonly string[],
  now: number,
): Condition[] | undefined {
  const fresh = new Map<string, Omit<Condition, 'lastTransitionTime'>>();
  if (remaining.length)
    fresh.set('NamespaceContentRemaining', {
      type: 'NamespaceContentRemaining',
      status: 'True',
      reason: 'SomeResourcesRemain',
      message: `Some resources are remaining: ${remaining
        .map((r) => `${r.resource} has ${r.count} resource instances`)
        .sort()
        .join(', ')}`,
    });
  const byFinalizer: Record<string, number> = {};
  for (const r of remaining)
    for (const [f, n] of Object.entries(r.finalizers)) byFinalizer[f] = (byFinalizer[f] ?? 0) + n;
  if (Object.keys(byFinalizer).length)
    fresh.set('NamespaceFinalizersRemaining', {
      type: 'NamespaceFinalizersRemaining',
      status: 'True',
      reason: 'SomeFinalizersRemain',
      message: `Some content in the namespace has finalizers remaining: ${Object.entries(byFinalizer)
        .map(([f, n]) => `${f} in ${n} resource instances`)
        .sort()
        .join(', ')}`,
    });
  if (contentErrors.length)
    fresh.set('NamespaceDeletionContentFailure', {
      type: 'NamespaceDeletionContentFailure',
      status: 'True',
      reason: 'ContentDeletionFailed',
      message: `Failed to delete all resource types, ${contentErrors.length} remaining: ${[...contentErrors].sort().join(', ')}`,
    });
  const out = old.map((c) => ({ ...c }));
  let changed = false;
  for (const type of CONDITION_TYPES) {
    const want = fresh.get(type) ?? { type, status: 'False' as const, ...OK[type] };
    const have = out.find((c) => c.type === type);
    if (!have) {
      out.push({ ...want, lastTransitionTime: now });
      changed = true;
    } else if (have.status !== want.status || have.reason !== want.reason || have.message !== want.message) {
      if (have.status !== want.status) have.lastTransitionTime = now;
      Object.assign(have, { status: want.status, reason: want.reason, message: want.message });
      changed = true;
    }
  }
  return changed ? out : undefined;
}

/** estimateGracefulTerminationForPods, cut to 0 once that long has passed since the namespace's deletion. */
function podEstimateSeconds(sim: Simulation, ns: Namespace): number {
  let estimate = 0;
  for (const p of sim.store.list(`/registry/pods/${ns.metadata.name}/`)) {
    if (p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed') continue;
    estimate = Math.max(estimate, p.spec?.terminationGracePeriodSeconds ?? 30);
  }
  return sim.now - Number(ns.metadata.deletionTimestamp) >= estimate * 1000 ? 0 : estimate;
}

function sendNext(ctx: ReconcileContext<NamespaceControllerState>, name: string, chain: Chain): ReconcileResult {
  const kind = chain.toDelete.shift();
  if (kind === undefined) return finishPass(ctx, name, chain);
  const info = namespacedResources(ctx.sim).find((r) => r.kind === kind);
  if (!info) return sendNext(ctx, name, chain);
  const n = liveList(ctx.sim, info, name).length;
  ctx.request(
    {
      verb: 'deletecollection',
      resourceKind: kind,
      namespace: name,
      ...(info.crd ? { apiVersion: apiVersionOf(info), custom: info } : {}),
    },
    { step: 'deletecollection', kind },
    {
      summary: `Namespace controller: namespace ${name} is terminating; delete all its ${info.resource} (${n})`,
      narration: { key: 'namespace.deleteCollection', params: { ns: name, resource: info.resource, count: n } },
    },
  );
  return undefined;
}

/** After the DELETEs: what remains decides the conditions, then either a requeue or the finalize call. */
function finishPass(ctx: ReconcileContext<NamespaceControllerState>, name: string, chain: Chain): ReconcileResult {
  const ns = ctx.sim.store.get(`/registry/namespaces/${name}`);
  if (!ns) return done(ctx, name);
  const podEstimate = podEstimateSeconds(ctx.sim, ns as Namespace);
  let estimate = 0;
  const errors: string[] = [];
  for (const r of chain.remaining) {
    // deleteAllContentForGroupVersionResource: pods get the pods' estimate; content held by finalizers the default
    // finalizer estimate; anything else still there is an error.
    const own = r.gvr === '/v1, Resource=pods' ? podEstimate : 0;
    if (own > 0) estimate = Math.max(estimate, own);
    else if (Object.keys(r.finalizers).length) estimate = Math.max(estimate, FINALIZER_ESTIMATE_S);
    else errors.push(`unexpected items still remain in namespace: ${name} for gvr: ${r.gvr}`);
  }
  const conditions = namespaceConditions(ns.status?.conditions ?? [], chain.remaining, errors, ctx.sim.now);
  const outcome = { estimate, failed: errors.length > 0 };
  if (conditions) {
    const detail = chain.remaining.length
      ? chain.remaining.map((r) => `${r.resource} ${r.count}`).join(', ')
      : 'nothing';
    ctx.request(
      {
        verb: 'update',
        resourceKind: 'Namespace',
        name,
        subresource: 'status',
        body: { ...ns, status: { ...ns.status, conditions } },
      },
      { step: 'status', ...outcome },
      {
        summary: `Namespace controller: update namespace ${name}'s conditions (remaining: ${detail})`,
        narration: {
          key: chain.remaining.length ? 'namespace.statusRemaining' : 'namespace.statusEmpty',
          params: { ns: name, remaining: detail },
        },
      },
    );
    return undefined;
  }
  return afterStatus(ctx, name, outcome);
}

function afterStatus(
  ctx: ReconcileContext<NamespaceControllerState>,
  name: string,
  outcome: { estimate: number; failed: boolean },
): ReconcileResult {
  if (outcome.failed) {
    done(ctx, name);
    return { requeue: true };
  }
  if (outcome.estimate > 0) {
    done(ctx, name);
    // ResourcesRemainingError: the worker re-queues the namespace after estimate/2 + 1 seconds.
    return { requeueAfter: (Math.floor(outcome.estimate / 2) + 1) * 1000 };
  }
  const ns = ctx.sim.store.get(`/registry/namespaces/${name}`);
  if (!ns) return done(ctx, name);
  const finalizers = [...new Set((ns.spec?.finalizers ?? []) as string[])].filter((f) => f !== FINALIZER).sort();
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'Namespace',
      name,
      subresource: 'finalize',
      body: { apiVersion: 'v1', kind: 'Namespace', metadata: ns.metadata, spec: { ...ns.spec, finalizers } },
    },
    { step: 'finalize' },
    {
      summary: `Namespace controller: namespace ${name} is empty; remove the "${FINALIZER}" finalizer (finalize)`,
      narration: { key: 'namespace.finalize', params: { ns: name } },
    },
  );
  return undefined;
}

function done(ctx: ReconcileContext<NamespaceControllerState>, name: string): void {
  ctx.state.chains.delete(name);
}

export const namespaceController = defineController<NamespaceControllerState>({
  name: NAME,
  eventSource: 'namespace-controller',
  watches: ['Namespace'],
  initialState: () => ({ delayed: new Set(), chains: new Map() }),
  keysFor(ev, { state }) {
    // enqueueNamespace (Add and Update only): a namespace matters once it has a deletionTimestamp.
    if (ev.object.kind !== 'Namespace' || ev.type === 'DELETED') return [];
    if (ev.object.metadata.deletionTimestamp === undefined) return [];
    state.delayed.add(ev.object.metadata.name);
    return [ev.object.metadata.name];
  },
  reconcile(ctx) {
    const name = ctx.key;
    if (ctx.state.delayed.delete(name)) return { requeueAfter: DELETION_GRACE_MS };
    const ns = ctx.kcm.get('Namespace', undefined, name);
    if (!ns || ns.metadata.deletionTimestamp === undefined) return;
    // finalized(): nothing left for this controller once its finalizer is gone.
    if (!(ns.spec?.finalizers ?? []).includes(FINALIZER)) return;
    const chain: Chain = { toDelete: [], remaining: [] };
    for (const info of namespacedResources(ctx.sim)) {
      const items = liveList(ctx.sim, info, name);
      if (items.some((o) => o.metadata.deletionTimestamp === undefined)) chain.toDelete.push(info.kind);
      else {
        const r = remainingOf(info, items);
        if (r) chain.remaining.push(r);
      }
    }
    ctx.state.chains.set(name, chain);
    return sendNext(ctx, name, chain);
  },
  onResponse(resp: ApiResponse, ctx) {
    const name = ctx.key;
    const chain = ctx.state.chains.get(name);
    const step = resp.ctx?.step;
    if (step === 'deletecollection' && chain) {
      // The LIST after each DELETE: what is still there (Pods terminating gracefully, objects with finalizers).
      // A custom resource whose CRD went away meanwhile has nothing left to list.
      const info = namespacedResources(ctx.sim).find((r) => r.kind === resp.ctx?.kind);
      const r = info && remainingOf(info, liveList(ctx.sim, info, name));
      if (r) chain.remaining.push(r);
      if (resp.error || resp.unreachable) {
        done(ctx, name);
        return { requeue: true };
      }
      return sendNext(ctx, name, chain);
    }
    if (step === 'status') {
      if (resp.error || resp.unreachable) {
        done(ctx, name);
        return { requeue: true };
      }
      return afterStatus(ctx, name, { estimate: Number(resp.ctx?.estimate), failed: resp.ctx?.failed === true });
    }
    done(ctx, name);
    return resp.error && resp.error.code !== 404 ? { requeue: true } : undefined;
  },
});
