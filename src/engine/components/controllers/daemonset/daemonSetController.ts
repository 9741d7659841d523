/**
 * DaemonSet controller (pkg/controller/daemon/daemon_controller.go, update.go): one Pod per eligible node.
 * A sync finds the current ControllerRevision by its data (constructHistory), then — once its expectations are met —
 * `manage` creates Pods for nodes that should run one and have none (slow-start batches, 1, 2, 4 …) and deletes
 * Pods on nodes that may no longer keep them, `rollingUpdate` replaces old Pods within maxUnavailable/maxSurge,
 * old revisions are cleaned up, and the status is written. The scheduler binds each Pod: the controller pins it to
 * its node with a `matchFields metadata.name` node affinity.
 */
import { defineController, type ControllerDefinition, type ReconcileContext } from '../../../client/defineController';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import type { KObject } from '../../../types';
import type { ControllerManager } from '../ControllerManager';
import {
  findEqualRevisions,
  maxRevision,
  newHashedControllerRevision,
  REVISION_HASH_LABEL,
  revisionHash,
  revisionOf,
  sortControllerRevisions,
  templatePatch,
} from '../history/controllerHistory';
import { refOf } from '../../apiserver/Apiserver';
import { cacheKey, controllerOf } from '../objectKeys';
import { isPodAvailable, isPodReady } from '../replicaset/podHelpers';
import { daemonPod, isPodUpdated, nodeShouldRunDaemonPod, targetNodeName, templateGeneration } from './daemonPods';
import type { ControllerRevision, DaemonSet, DaemonSetStatus, Node, Pod } from '../../../objects/typed';

/** dsc.burstReplicas */
const BURST = 250;

interface Batch {
  hash: string;
  /** Nodes still waiting for a create. */
  nodes: string[];
  size: number;
  outstanding: number;
  /** Sent once every create has answered (syncNodes deletes after its create batches). */
  deletes: Array<{ pod: string; node: string; why: DeleteWhy }>;
}

type DeleteWhy = 'notEligible' | 'update' | 'failed' | 'extra' | 'orphaned';

export interface DsState {
  expectAdd: Map<string, number>;
  expectDel: Map<string, number>;
  batches: Map<string, Batch>;
}

type Ctx = ReconcileContext<DsState>;

/** The definition itself, for tests that drive `reconcile` against a hand-made cache. */
export const daemonSetDefinition: ControllerDefinition<DsState> = {
  name: 'daemonset',
  eventSource: 'daemonset-controller',
  watches: ['DaemonSet', 'Pod', 'Node', 'ControllerRevision'],
  initialState: () => ({ expectAdd: new Map(), expectDel: new Map(), batches: new Map() }),

  keysFor(ev, { kcm, state }) {
    const o = ev.object;
    switch (o.kind) {
      case 'DaemonSet':
        return [cacheKey(o.metadata.namespace, o.metadata.name)];
      case 'Pod':
      case 'ControllerRevision': {
        const ds = ownerDaemonSet(kcm, o);
        if (!ds) return [];
        const key = cacheKey(o.metadata.namespace, ds.metadata.name);
        if (o.kind === 'Pod') {
          // CreationObserved / DeletionObserved.
          if (ev.type === 'ADDED') lower(state.expectAdd, key);
          const deleting =
            o.metadata.deletionTimestamp !== undefined && ev.old?.metadata.deletionTimestamp === undefined;
          if (ev.type === 'DELETED' ? ev.object.metadata.deletionTimestamp === undefined : deleting)
            lower(state.expectDel, key);
        }
        return [key];
      }
      case 'Node': {
        if (ev.type === 'DELETED') return [];
        // addNode / updateNode: the DaemonSets whose decision for this node changed.
        const keys: string[] = [];
        for (const ds of kcm.list('DaemonSet')) {
          const now = nodeShouldRunDaemonPod(o as Node, ds);
          if (ev.type === 'ADDED' || !ev.old) {
            if (now.shouldRun) keys.push(cacheKey(ds.metadata.namespace, ds.metadata.name));
            continue;
          }
          const before = nodeShouldRunDaemonPod(ev.old as Node, ds);
          if (before.shouldRun !== now.shouldRun || before.shouldContinueRunning !== now.shouldContinueRunning)
            keys.push(cacheKey(ds.metadata.namespace, ds.metadata.name));
        }
        return keys;
      }
    }
    return [];
  },

  reconcile(ctx) {
    const [ns, name] = ctx.key.split('/');
    const ds = ctx.kcm.get('DaemonSet', ns, name);
    if (!ds || ds.metadata.deletionTimestamp !== undefined) return;
    const sel = ds.spec?.selector ?? {};
    if (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0) {
      ctx.event({
        type: 'Warning',
        reason: 'SelectingAll',
        message: 'This daemon set is selecting all pods. A non-empty selector is required.',
        involvedObject: refOf(ds),
      });
      return;
    }
    const hash = currentRevision(ctx, ds);
    if (hash === undefined) return;
    const podsByNode = nodeToDaemonPods(ctx.kcm, ds);
    if (!satisfied(ctx.state, ctx.key)) {
      // Only the status: observedGeneration stays, as this sync did not act on the generation.
      writeStatus(ctx, ds, hash, podsByNode, false);
      return;
    }

    let plan = manage(ctx, ds, podsByNode);
    if (plan.create.length === 0 && plan.remove.length === 0 && ds.spec.updateStrategy?.type === 'RollingUpdate')
      plan = rollingUpdate(ctx, ds, hash, podsByNode);
    if (plan.create.length > 0 || plan.remove.length > 0) {
      // syncNodes waits for its creates and deletes before the status is written; here the status follows in the
      // sync after them (their watch events queue it again).
      syncNodes(ctx, ds, hash, plan.create, plan.remove);
      return;
    }
    cleanupHistory(ctx, ds, podsByNode);
    const status = writeStatus(ctx, ds, hash, podsByNode, true);
    // A Pod that is ready but not yet available for minReadySeconds is checked again then.
    const minReady = ds.spec.minReadySeconds ?? 0;
    if (minReady > 0 && status.numberReady !== (status.numberAvailable ?? 0)) return { requeueAfter: minReady * 1000 };
  },

  onResponse(resp, ctx) {
    const data = resp.ctx ?? {};
    const [ns, name] = ctx.key.split('/');
    const ds = ctx.kcm.get('DaemonSet', ns, name);
    const involved = ds ? refOf(ds) : { apiVersion: 'apps/v1', kind: 'DaemonSet', namespace: ns, name };
    switch (data.action) {
      case 'revision':
        // The sync continues with the revision it wrote (constructHistory is synchronous in Kubernetes).
        if (resp.object) {
          ctx.kcm.remember(resp.object);
          ctx.enqueue(ctx.key);
        }
        return;
      case 'create': {
        const b = ctx.state.batches.get(ctx.key);
        if (resp.error || resp.unreachable) {
          lower(ctx.state.expectAdd, ctx.key);
          ctx.event({
            type: 'Warning',
            reason: 'FailedCreate',
            message: `Error creating: ${resp.error?.message ?? 'the server is currently unable to handle the request'}`,
            involvedObject: involved,
          });
          if (b) {
            // A failed batch skips the rest of the slow start; their expectations are lowered.
            for (let i = 0; i < b.nodes.length; i++) lower(ctx.state.expectAdd, ctx.key);
            b.nodes = [];
          }
        } else
          ctx.event({
            type: 'Normal',
            reason: 'SuccessfulCreate',
            message: `Created pod: ${resp.object!.metadata.name}`,
            involvedObject: involved,
          });
        if (!b) return;
        b.outstanding--;
        if (b.outstanding > 0) return;
        if (b.nodes.length > 0 && ds) {
          b.size *= 2;
          sendCreates(ctx, ds, b);
        } else {
          ctx.state.batches.delete(ctx.key);
          sendDeletes(ctx, name, b.deletes);
        }
        return;
      }
      case 'delete':
        if (resp.error) {
          lower(ctx.state.expectDel, ctx.key);
          ctx.event({
            type: 'Warning',
            reason: 'FailedDelete',
            message: `Error deleting: ${resp.error.message}`,
            involvedObject: involved,
          });
        } else
          ctx.event({
            type: 'Normal',
            reason: 'SuccessfulDelete',
            message: `Deleted pod: ${String(data.pod)}`,
            involvedObject: involved,
          });
        return;
    }
  },

  hasPendingWork({ state }) {
    return state.batches.size > 0;
  },
};

export const daemonSetController = defineController(daemonSetDefinition);

function ownerDaemonSet(kcm: ControllerManager, o: KObject): KObject | undefined {
  const owner = controllerOf(o);
  if (owner?.kind !== 'DaemonSet') return undefined;
  // resolveControllerRef: only the DaemonSet with that name *and* uid.
  const ds = kcm.get('DaemonSet', o.metadata.namespace, owner.name);
  return ds?.metadata.uid === owner.uid ? ds : undefined;
}

function lower(m: Map<string, number>, key: string): void {
  const n = m.get(key) ?? 0;
  if (n > 1) m.set(key, n - 1);
  else m.delete(key);
}

function satisfied(s: DsState, key: string): boolean {
  return !s.expectAdd.has(key) && !s.expectDel.has(key) && !s.batches.has(key);
}

/**
 * constructHistory: the revision whose data equals the current template is current (its hash label is the hash
 * Pods are compared with); none → a new one, numbered after the highest; an older equal one (a rollback) is
 * renumbered. Returns undefined while that write is on its way.
 */
function currentRevision(ctx: Ctx, ds: DaemonSet): string | undefined {
  const revisions = ctx.kcm.ownedBy('ControllerRevision', ds.metadata.namespace, ds.metadata.uid!);
  const data = templatePatch(ds.spec.template);
  const equal = findEqualRevisions(revisions, { data });
  const max = maxRevision(revisions);
  if (equal.length === 0) {
    const hash = revisionHash(ds.spec.template, ds.status?.collisionCount ?? 0);
    const cr = newHashedControllerRevision(ds, ds.spec.template?.metadata?.labels, data, max + 1, hash);
    ctx.request(
      { verb: 'create', resourceKind: 'ControllerRevision', namespace: ds.metadata.namespace, body: cr },
      { action: 'revision' },
      {
        summary: `DaemonSet controller: no ControllerRevision of ${ds.metadata.name} holds its current Pod template; recording revision ${max + 1} as ${cr.metadata.name}`,
        narration: {
          key: 'daemonset.createRevision',
          params: { ds: ds.metadata.name, revision: max + 1, name: cr.metadata.name },
        },
      },
    );
    return undefined;
  }
  const cur = sortControllerRevisions(equal as ControllerRevision[]).at(-1)!;
  if (revisionOf(cur) < max) {
    ctx.request(
      {
        verb: 'update',
        resourceKind: 'ControllerRevision',
        namespace: ds.metadata.namespace,
        name: cur.metadata.name,
        body: { ...cur, revision: max + 1 },
      },
      { action: 'revision' },
      {
        summary: `DaemonSet controller: ${ds.metadata.name}'s template is back to ${cur.metadata.name}; it becomes revision ${max + 1}`,
        narration: {
          key: 'daemonset.renumberRevision',
          params: { ds: ds.metadata.name, revision: max + 1, name: cur.metadata.name },
        },
      },
    );
    return undefined;
  }
  return cur.metadata.labels?.[REVISION_HASH_LABEL] ?? '';
}

/** getNodesToDaemonPods: the DaemonSet's Pods by the node they run on (or are pinned to); deleted terminal ones left out. */
function nodeToDaemonPods(kcm: ControllerManager, ds: DaemonSet): Map<string, KObject[]> {
  const out = new Map<string, KObject[]>();
  for (const p of kcm.ownedBy('Pod', ds.metadata.namespace, ds.metadata.uid!)) {
    const terminal = p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
    if (terminal && p.metadata.deletionTimestamp !== undefined) continue;
    const node = targetNodeName(p);
    if (node === undefined) continue;
    const list = out.get(node) ?? [];
    list.push(p);
    out.set(node, list);
  }
  return out;
}

/** podByCreationTimestampAndPhase: running Pods before pending ones, then the oldest first. */
function byCreationAndPhase(a: KObject, b: KObject): number {
  const ra = a.spec?.nodeName ? 0 : 1;
  const rb = b.spec?.nodeName ? 0 : 1;
  if (ra !== rb) return ra - rb;
  const ta = a.metadata.creationTimestamp ?? 0;
  const tb = b.metadata.creationTimestamp ?? 0;
  return ta !== tb ? ta - tb : a.metadata.name < b.metadata.name ? -1 : 1;
}

interface Plan {
  create: string[];
  remove: Array<{ pod: string; node: string; why: DeleteWhy }>;
}

/** manage + podsShouldBeOnNode: which nodes need a Pod and which Pods must go. */
function manage(ctx: Ctx, ds: DaemonSet, podsByNode: Map<string, KObject[]>): Plan {
  const plan: Plan = { create: [], remove: [] };
  const surge = allowsSurge(ds);
  const nodes = new Set<string>();
  for (const node of ctx.kcm.list('Node')) {
    const nodeName = node.metadata.name;
    nodes.add(nodeName);
    const { shouldRun, shouldContinueRunning } = nodeShouldRunDaemonPod(node, ds);
    const pods = podsByNode.get(nodeName) ?? [];
    if (shouldRun && pods.length === 0) {
      plan.create.push(nodeName);
      continue;
    }
    if (!shouldContinueRunning) {
      for (const p of pods)
        if (p.metadata.deletionTimestamp === undefined)
          plan.remove.push({ pod: p.metadata.name, node: nodeName, why: 'notEligible' });
      continue;
    }
    if (!shouldRun && pods.length === 0) continue;
    const running: Pod[] = [];
    for (const p of pods) {
      if (p.metadata.deletionTimestamp !== undefined) continue;
      if (p.status?.phase === 'Failed') {
        ctx.event({
          type: 'Warning',
          reason: 'FailedDaemonPod',
          message: `Found failed daemon pod ${p.metadata.namespace}/${p.metadata.name} on node ${nodeName}, will try to kill it`,
          involvedObject: refOf(ds),
        });
        plan.remove.push({ pod: p.metadata.name, node: nodeName, why: 'failed' });
      } else if (p.status?.phase !== 'Succeeded') running.push(p as Pod);
    }
    // A failed Pod is replaced by the next sync (after its deletion is observed).
    if (running.length <= (surge ? 2 : 1)) continue;
    // More Pods than the node should have: keep the oldest (with surge, an updated one and an old one).
    running.sort(byCreationAndPhase);
    for (const p of running.slice(1)) plan.remove.push({ pod: p.metadata.name, node: nodeName, why: 'extra' });
  }
  // Pods not yet bound to a node that no longer exists.
  for (const [nodeName, pods] of podsByNode)
    if (!nodes.has(nodeName))
      for (const p of pods)
        if (!p.spec?.nodeName && p.metadata.deletionTimestamp === undefined)
          plan.remove.push({ pod: p.metadata.name, node: nodeName, why: 'orphaned' });
  return plan;
}

function allowsSurge(ds: DaemonSet): boolean {
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  return ds.spec.updateStrategy?.type === 'RollingUpdate' && scaled(ru?.maxSurge ?? 0, 1) > 0;
}

/** intstr.GetScaledValueFromIntOrPercent(v, total, roundUp=true), as SurgeCount and UnavailableCount call it. */
function scaled(v: unknown, total: number): number {
  if (typeof v === 'string' && v.endsWith('%')) return Math.ceil((Number(v.slice(0, -1)) * total) / 100);
  return Number(v ?? 0);
}

/** findUpdatedPodsOnNode: at most one new and one old live Pod, or not ok. */
function updatedPodsOnNode(
  pods: Pod[],
  hash: string,
  generation: string | undefined,
): { newPod?: Pod; oldPod?: Pod; ok: boolean } {
  let newPod: Pod | undefined;
  let oldPod: Pod | undefined;
  for (const p of pods) {
    if (p.metadata.deletionTimestamp !== undefined) continue;
    if (isPodUpdated(p, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = p;
    } else {
      if (oldPod) return { ok: false };
      oldPod = p;
    }
  }
  return { newPod, oldPod, ok: true };
}

/**
 * rollingUpdate (update.go). maxSurge 0: delete old Pods while fewer than maxUnavailable daemon Pods are
 * unavailable (an unavailable old Pod is replaced at once); the manage loop then creates the new ones. maxSurge > 0:
 * create the new Pod beside the old one on up to maxSurge nodes, and delete the old one once the new is available.
 */
function rollingUpdate(ctx: Ctx, ds: DaemonSet, hash: string, podsByNode: Map<string, KObject[]>): Plan {
  const plan: Plan = { create: [], remove: [] };
  const generation = templateGeneration(ds);
  const now = ctx.sim.now;
  const minReady = ds.spec.minReadySeconds ?? 0;
  // updatedDesiredNodeCounts: a node that should run the Pod and has none counts too (as unavailable).
  let desired = 0;
  podsByNode = new Map(podsByNode);
  for (const node of ctx.kcm.list('Node'))
    if (nodeShouldRunDaemonPod(node, ds).shouldRun) {
      desired++;
      if (!podsByNode.has(node.metadata.name)) podsByNode.set(node.metadata.name, []);
    }
  const ru = ds.spec.updateStrategy?.rollingUpdate ?? {};
  const maxSurge = scaled(ru.maxSurge ?? 0, desired);
  let maxUnavailable = scaled(ru.maxUnavailable ?? 1, desired);
  if (desired > 0 && maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  const nodeNames = [...podsByNode.keys()].sort();
  if (maxSurge === 0) {
    let numUnavailable = 0;
    const allowed: Pod[] = [];
    const candidates: Pod[] = [];
    for (const nodeName of nodeNames) {
      const { newPod, oldPod, ok } = updatedPodsOnNode(podsByNode.get(nodeName)! as Pod[], hash, generation);
      if (!ok || (!oldPod && !newPod) || (oldPod && newPod)) numUnavailable++;
      else if (newPod) {
        if (!isPodAvailable(newPod, minReady, now)) numUnavailable++;
      } else if (oldPod) {
        if (!isPodAvailable(oldPod, minReady, now)) allowed.push(oldPod);
        else if (numUnavailable < maxUnavailable) candidates.push(oldPod);
      }
    }
    const remaining = Math.min(Math.max(0, maxUnavailable - numUnavailable), candidates.length);
    for (const p of [...allowed, ...candidates.slice(0, remaining)])
      plan.remove.push({ pod: p.metadata.name, node: targetNodeName(p) ?? '', why: 'update' });
    return plan;
  }
  let numSurge = 0;
  const allowedNodes: string[] = [];
  const candidateNodes: string[] = [];
  for (const nodeName of nodeNames) {
    const { newPod, oldPod, ok } = updatedPodsOnNode(podsByNode.get(nodeName)! as Pod[], hash, generation);
    if (!ok || !oldPod) continue;
    if (!newPod) {
      if (!isPodAvailable(oldPod, minReady, now)) allowedNodes.push(nodeName);
      else if (numSurge < maxSurge) candidateNodes.push(nodeName);
    } else if (!isPodAvailable(newPod, minReady, now)) numSurge++;
    else plan.remove.push({ pod: oldPod.metadata.name, node: nodeName, why: 'update' });
  }
  const remaining = Math.min(Math.max(0, maxSurge - numSurge), candidateNodes.length);
  plan.create = [...allowedNodes, ...candidateNodes.slice(0, remaining)];
  return plan;
}

/** syncNodes: expectations for everything, creates in slow-start batches, then the deletes. */
function syncNodes(ctx: Ctx, ds: DaemonSet, hash: string, create: string[], remove: Plan['remove']): void {
  const nodes = create.slice(0, BURST);
  const deletes = remove.slice(0, BURST);
  if (nodes.length > 0) ctx.state.expectAdd.set(ctx.key, nodes.length);
  if (deletes.length > 0) ctx.state.expectDel.set(ctx.key, deletes.length);
  if (nodes.length === 0) return sendDeletes(ctx, ds.metadata.name, deletes);
  const b: Batch = { hash, nodes, size: 1, outstanding: 0, deletes };
  ctx.state.batches.set(ctx.key, b);
  sendCreates(ctx, ds, b);
}

function sendCreates(ctx: Ctx, ds: DaemonSet, b: Batch): void {
  const batch = b.nodes.splice(0, b.size);
  b.outstanding = batch.length;
  for (const node of batch)
    ctx.request(
      { verb: 'create', resourceKind: 'Pod', namespace: ds.metadata.namespace, body: daemonPod(ds, node, b.hash) },
      { action: 'create', node },
      {
        summary: `DaemonSet controller: ${node} should run a ${ds.metadata.name} Pod and has none; creating one pinned to it by node affinity (slow-start batch of ${batch.length})`,
        narration: { key: 'daemonset.createPod', params: { ds: ds.metadata.name, node, batch: batch.length } },
      },
    );
}

function sendDeletes(ctx: Ctx, dsName: string, deletes: Plan['remove']): void {
  for (const d of deletes)
    ctx.request(
      { verb: 'delete', resourceKind: 'Pod', namespace: ctx.key.split('/')[0], name: d.pod },
      { action: 'delete', pod: d.pod },
      {
        summary: `DaemonSet controller: deleting ${d.pod} on ${d.node} (${DELETE_REASONS[d.why]})`,
        narration: { key: `daemonset.deletePod.${d.why}`, params: { ds: dsName, pod: d.pod, node: d.node } },
      },
    );
}

const DELETE_REASONS: Record<DeleteWhy, string> = {
  notEligible: 'the node no longer tolerates or selects it',
  update: 'rolling update: an old revision',
  failed: 'it failed',
  extra: 'more than one daemon Pod on the node',
  orphaned: 'its node is gone',
};

/** cleanupHistory: revisions beyond revisionHistoryLimit that no live Pod uses, oldest first. */
function cleanupHistory(ctx: Ctx, ds: DaemonSet, podsByNode: Map<string, KObject[]>): void {
  const limit = ds.spec.revisionHistoryLimit ?? 10;
  const revisions = ctx.kcm.ownedBy('ControllerRevision', ds.metadata.namespace, ds.metadata.uid!);
  const current = findEqualRevisions(revisions, { data: templatePatch(ds.spec.template) });
  const live = new Set<string>();
  for (const pods of podsByNode.values())
    for (const p of pods) {
      const h = p.metadata.labels?.[REVISION_HASH_LABEL];
      if (h) live.add(h);
    }
  const old = sortControllerRevisions(revisions).filter(
    (r) => !current.includes(r) && !live.has(r.metadata.labels?.[REVISION_HASH_LABEL] ?? ''),
  );
  for (const r of old.slice(0, Math.max(0, old.length - limit)))
    ctx.request(
      { verb: 'delete', resourceKind: 'ControllerRevision', namespace: ds.metadata.namespace, name: r.metadata.name },
      { action: 'deleteRevision' },
      {
        summary: `DaemonSet controller: ${ds.metadata.name} keeps ${limit} old revisions; deleting ${r.metadata.name}`,
        narration: { key: 'daemonset.deleteRevision', params: { ds: ds.metadata.name, name: r.metadata.name } },
      },
    );
}

/** updateDaemonSetStatus: counted per node that should run the Pod (the oldest Pod on it stands for the node). */
function writeStatus(
  ctx: Ctx,
  ds: DaemonSet,
  hash: string,
  podsByNode: Map<string, KObject[]>,
  updateObservedGen: boolean,
): Record<string, number> {
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let available = 0;
  let updated = 0;
  const generation = templateGeneration(ds);
  const minReady = ds.spec.minReadySeconds ?? 0;
  for (const node of ctx.kcm.list('Node')) {
    const { shouldRun } = nodeShouldRunDaemonPod(node, ds);
    const pods = podsByNode.get(node.metadata.name) ?? [];
    if (!shouldRun) {
      if (pods.length > 0) misscheduled++;
      continue;
    }
    desired++;
    if (pods.length === 0) continue;
    current++;
    const pod = [...pods].sort(byCreationAndPhase)[0];
    if (isPodReady(pod as Pod)) {
      ready++;
      if (isPodAvailable(pod as Pod, minReady, ctx.sim.now)) available++;
    }
    if (isPodUpdated(pod as Pod, hash, generation)) updated++;
  }
  const cur: Partial<DaemonSetStatus> = ds.status ?? {};
  const status: Record<string, number> = {
    currentNumberScheduled: current,
    numberMisscheduled: misscheduled,
    desiredNumberScheduled: desired,
    numberReady: ready,
  };
  const observed = updateObservedGen ? ds.metadata.generation : cur.observedGeneration;
  if (observed) status.observedGeneration = observed;
  if (updated) status.updatedNumberScheduled = updated;
  if (available) status.numberAvailable = available;
  if (desired - available) status.numberUnavailable = desired - available;
  if (cur.collisionCount) status.collisionCount = cur.collisionCount;
  if (canonicalEqual(status, cur)) return status;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'DaemonSet',
      namespace: ds.metadata.namespace,
      name: ds.metadata.name,
      subresource: 'status',
      body: { ...ds, status },
    },
    { action: 'status' },
    {
      phase: 'status',
      summary: `DaemonSet controller: ${ds.metadata.name} status desired ${desired}, current ${current}, ready ${ready}, up-to-date ${updated}, available ${available}`,
      narration: {
        key: 'daemonset.status',
        params: { ds: ds.metadata.name, desired, current, ready, updated, available },
      },
    },
  );
  return status;
}
