/**
 * ReplicaSet controller (pkg/controller/replicaset): keeps `spec.replicas` active pods. Creates in slow-start
 * batches (1, 2, 4, … at most 500 per sync) with expectations so it never double-creates while its cache catches
 * up; deletes by ranking; reports status. Events: SuccessfulCreate / FailedCreate / SuccessfulDelete.
 *
 * The same controller runs for ReplicationControllers (pkg/controller/replication wraps it, converting each RC to a
 * ReplicaSet and recording its Events as `replication-controller`): `replicaSetLikeController` takes the kind.
 */
import { defineController, type ReconcileContext } from '../../../client/defineController';
import { withFields } from '../../../kernel/withFields';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import type { KObject } from '../../../types';
import type { Controller } from '../Controller';
import { cacheKey, controllerOf } from '../objectKeys';
import { isPodAvailable, podFacts, podsToDelete } from './podHelpers';
import { podTally, type PodCounts } from './podTally';
import type { Pod, ReplicaSet } from '../../../objects/typed';

const BURST = 500;

/** The kind a ReplicaSet-shaped controller manages, and the names it goes by. */
interface ReplicaSetKind {
  /** The part of kube-controller-manager (and key of its state). */
  name: string;
  /** The Events' source. */
  source: string;
  kind: 'ReplicaSet' | 'ReplicationController';
  apiVersion: string;
  /** Narration keys are `<narration>.createPod` … */
  narration: string;
}

const REPLICA_SET: ReplicaSetKind = {
  name: 'replicaset',
  source: 'replicaset-controller',
  kind: 'ReplicaSet',
  apiVersion: 'apps/v1',
  narration: 'replicaset',
};

interface Batch {
  remaining: number;
  size: number;
  outstanding: number;
}

interface RsState {
  expectAdd: Map<string, number>;
  expectDel: Map<string, number>;
  batches: Map<string, Batch>;
  /** Keys whose last pod create failed: their status carries ReplicaFailure (manageReplicasErr). */
  failedCreate: Set<string>;
}

type Ctx = ReconcileContext<RsState>;

export const replicaSetController: Controller = replicaSetLikeController(REPLICA_SET);

/**
 * On the controller harness, a key is not synced again while its writes are in flight: like syncReplicaSet, whose
 * slowStartBatch waits for each batch before the next, a sync spans its whole slow start, and pod events meanwhile
 * mark the key dirty for one more sync afterwards.
 */
export function replicaSetLikeController(k: ReplicaSetKind): Controller {
  const { name: NAME, source: SOURCE, kind: KIND } = k;
  const ref = (rs: ReplicaSet) => ({
    apiVersion: k.apiVersion,
    kind: KIND,
    namespace: rs.metadata.namespace,
    name: rs.metadata.name,
    uid: rs.metadata.uid,
  });
  return defineController<RsState>({
    name: NAME,
    eventSource: SOURCE,
    watches: [KIND, 'Pod'],
    initialState: () => ({ expectAdd: new Map(), expectDel: new Map(), batches: new Map(), failedCreate: new Set() }),

    keysFor(ev, { state: s }) {
      const o = ev.object;
      if (o.kind === KIND) return [cacheKey(o.metadata.namespace, o.metadata.name)];
      if (o.kind === 'Pod') {
        const ref = controllerOf(o);
        if (ref?.kind !== KIND) return [];
        const key = cacheKey(o.metadata.namespace, ref.name);
        // Expectations are lowered when the informer observes the change (CreationObserved / DeletionObserved).
        if (ev.type === 'ADDED') lower(s.expectAdd, key);
        if (
          ev.type === 'DELETED' ||
          (ev.type === 'MODIFIED' &&
            o.metadata.deletionTimestamp !== undefined &&
            ev.old?.metadata.deletionTimestamp === undefined)
        )
          lower(s.expectDel, key);
        return [key];
      }
      return [];
    },

    hasPendingWork({ state: s }) {
      for (const n of s.expectAdd.values()) if (n > 0) return true;
      return false;
    },

    reconcile(ctx) {
      const { kcm, key, state: s } = ctx;
      const [ns, name] = key.split('/');
      // A ReplicationController is read through the ReplicaSet type: the fields this sync uses (replicas, the pod
      // template, the status counts) have the same shape in both; only the selector differs, and it is not read here.
      const rs = kcm.get(KIND, ns, name) as ReplicaSet | undefined;
      if (!rs) return;
      const counts = kcm.ownedTally('Pod', ns, rs.metadata.uid!, podTally);
      // The pods themselves (in informer order) only when the counts are not enough.
      const active = () => kcm.ownedBy('Pod', ns, rs.metadata.uid!).filter((p) => podFacts(p).active);
      const satisfied = !(s.expectAdd.get(key) ?? 0) && !(s.expectDel.get(key) ?? 0) && !s.batches.has(key);
      if (satisfied && rs.metadata.deletionTimestamp === undefined) {
        const diff = counts.active - (rs.spec.replicas ?? 0);
        if (diff < 0) return startCreates(k, ctx, rs, Math.min(-diff, BURST));
        if (diff > 0) return deletePods(k, ctx, rs, podsToDelete(active(), Math.min(diff, BURST)));
      }
      syncStatus(k, ctx, rs, counts, active);
    },

    onResponse(resp, ctx) {
      const { kcm, key, state: s } = ctx;
      const [ns, name] = key.split('/');
      const rs = kcm.get(KIND, ns, name) as ReplicaSet | undefined;
      const involved = rs ? ref(rs) : { apiVersion: k.apiVersion, kind: KIND, namespace: ns, name };
      const action = resp.ctx!.action;
      if (action === 'status') return;
      if (action === 'delete') {
        if (resp.error || resp.unreachable) {
          lower(s.expectDel, key);
          const message = resp.error?.message ?? 'the server is currently unable to handle the request';
          ctx.event({
            type: 'Warning',
            reason: 'FailedDelete',
            message: `Error deleting: ${message}`,
            involvedObject: involved,
          });
          return { requeue: true };
        }
        ctx.event({
          type: 'Normal',
          reason: 'SuccessfulDelete',
          message: `Deleted pod: ${resp.ctx!.pod}`,
          involvedObject: involved,
        });
        return;
      }
      // create
      const b = s.batches.get(key);
      if (resp.error || resp.unreachable) {
        lower(s.expectAdd, key);
        const message = resp.error
          ? `Error creating: ${resp.error.message}`
          : 'Error creating: the server is currently unable to handle the request';
        ctx.event({ type: 'Warning', reason: 'FailedCreate', message, involvedObject: involved });
        if (b) {
          // A failed batch aborts the rest of the slow start; expectations for unsent pods are dropped.
          b.outstanding--;
          if (b.outstanding <= 0) {
            s.batches.delete(key);
            s.expectAdd.set(key, 0);
          }
        }
        s.failedCreate.add(key);
        // syncReplicaSet writes the status whatever manageReplicas returned: once the slow start has ended, the
        // failed sync reports the Pods that do exist and the ReplicaFailure condition (a quota, a LimitRange).
        if (rs && !s.batches.has(key)) {
          const uid = rs.metadata.uid!;
          syncStatus(k, ctx, rs, kcm.ownedTally('Pod', ns, uid, podTally), () =>
            kcm.ownedBy('Pod', ns, uid).filter((p) => podFacts(p).active),
          );
        }
        // The sync fails: the harness retries it with the per-item back-off (ItemExponentialFailureRateLimiter).
        return { requeue: true };
      }
      s.failedCreate.delete(key);
      ctx.event({
        type: 'Normal',
        reason: 'SuccessfulCreate',
        message: `Created pod: ${resp.object!.metadata.name}`,
        involvedObject: involved,
      });
      if (!b) return;
      b.outstanding--;
      if (b.outstanding === 0) {
        if (b.remaining > 0 && rs) {
          b.size = Math.min(b.size * 2, b.remaining);
          sendBatch(k, ctx, rs, b);
        } else {
          s.batches.delete(key);
          // The end of manageReplicas: the sync goes on to write the status.
          ctx.enqueue(key);
        }
      }
    },
  });
}

function lower(m: Map<string, number>, key: string): void {
  const n = m.get(key) ?? 0;
  if (n > 0) m.set(key, n - 1);
}

function startCreates(k: ReplicaSetKind, ctx: Ctx, rs: ReplicaSet, count: number): void {
  const s = ctx.state;
  s.expectAdd.set(ctx.key, count);
  const b: Batch = { remaining: count, size: 1, outstanding: 0 };
  s.batches.set(ctx.key, b);
  sendBatch(k, ctx, rs, b);
}

/** slowStartBatch: send `size` creates; the next batch (double) starts when all of them have answered. */
function sendBatch(k: ReplicaSetKind, ctx: Ctx, rs: ReplicaSet, b: Batch): void {
  const n = Math.min(b.size, b.remaining);
  b.remaining -= n;
  b.outstanding = n;
  const total = rs.spec.replicas ?? 0;
  for (let i = 0; i < n; i++) {
    ctx.request(
      { verb: 'create', resourceKind: 'Pod', namespace: rs.metadata.namespace, body: podFromTemplate(rs, k) },
      { action: 'create' },
      {
        summary: `${k.kind} controller: ${rs.metadata.name} wants ${total} pods; creating one from its template (slow-start batch of ${n})`,
        narration: { key: `${k.narration}.createPod`, params: { rs: rs.metadata.name, replicas: total, batch: n } },
      },
    );
  }
}

/**
 * GetPodFromTemplate: generateName `<rs>-`, template labels and annotations, controller ownerReference. The spec is
 * the template's own (frozen, stored) one: the apiserver copies a create's body before defaulting it.
 */
function podFromTemplate(rs: ReplicaSet, k: ReplicaSetKind = REPLICA_SET): KObject {
  const t = rs.spec.template ?? {};
  const meta: any = {
    generateName: `${rs.metadata.name}-`,
    namespace: rs.metadata.namespace,
    labels: { ...(t.metadata?.labels ?? {}) },
    ownerReferences: [
      {
        apiVersion: k.apiVersion,
        kind: k.kind,
        name: rs.metadata.name,
        uid: rs.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  };
  if (t.metadata?.annotations) meta.annotations = { ...t.metadata.annotations };
  return { apiVersion: 'v1', kind: 'Pod', metadata: meta, spec: t.spec };
}

function deletePods(k: ReplicaSetKind, ctx: Ctx, rs: ReplicaSet, pods: Pod[]): void {
  ctx.state.expectDel.set(ctx.key, pods.length);
  for (const p of pods) {
    ctx.request(
      { verb: 'delete', resourceKind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name },
      { action: 'delete', pod: p.metadata.name },
      {
        summary: `${k.kind} controller: ${rs.metadata.name} has more pods than its ${rs.spec.replicas} replicas; deleting ${p.metadata.name}`,
        narration: {
          key: `${k.narration}.deletePod`,
          params: { rs: rs.metadata.name, replicas: rs.spec.replicas ?? 0, pod: p.metadata.name },
        },
      },
    );
  }
}

/** The pod carries every template label (a matchLabels selector of them matches). */
function hasLabels(labels: Record<string, string> | undefined, want: Array<[string, unknown]>): boolean {
  const l = labels ?? {};
  for (const [k, v] of want) if (l[k] !== v) return false;
  return true;
}

function syncStatus(k: ReplicaSetKind, ctx: Ctx, rs: ReplicaSet, counts: PodCounts, active: () => KObject[]): void {
  const { sim, state: s } = ctx;
  const minReady = rs.spec.minReadySeconds ?? 0;
  const templateLabels = Object.entries(rs.spec.template?.metadata?.labels ?? {});
  let fullyLabeled = 0;
  for (const set of counts.labelSets.values()) if (hasLabels(set.labels, templateLabels)) fullyLabeled += set.count;
  // Ready pods are available at once unless minReadySeconds asks them to stay ready for a while.
  const available =
    minReady === 0 ? counts.ready : active().filter((p) => isPodAvailable(p as Pod, minReady, sim.now)).length;
  const status: any = {
    replicas: counts.active,
    fullyLabeledReplicas: fullyLabeled,
    readyReplicas: counts.ready,
    availableReplicas: available,
    observedGeneration: rs.metadata.generation,
  };
  if (s.failedCreate.has(ctx.key))
    status.conditions = [
      {
        type: 'ReplicaFailure',
        status: 'True',
        reason: 'FailedCreate',
        message: 'pods could not be created',
        lastTransitionTime: sim.now,
      },
    ];
  for (const k of ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas'])
    if (!status[k] && k !== 'replicas') delete status[k];
  const cur = rs.status ?? {};
  // withFields, not a spread: the fresh status often has no conditions yet, and a field added to a spread copy of
  // an unfrozen object takes V8 11's slow path (microseconds a call), on every ReplicaSet sync.
  const strip = (x: any) =>
    withFields(x, { conditions: (x.conditions ?? []).map((c: any) => withFields(c, { lastTransitionTime: 0 })) });
  if (canonicalEqual(strip(status), strip(cur))) return;
  // The body shares the (frozen) stored object: the apiserver copies what it keeps of a status update.
  const next = { ...rs, status };
  ctx.request(
    {
      verb: 'update',
      resourceKind: k.kind,
      namespace: rs.metadata.namespace,
      name: rs.metadata.name,
      subresource: 'status',
      body: next,
    },
    { action: 'status' },
    {
      phase: 'status',
      summary: `${k.kind} controller: ${rs.metadata.name} status replicas ${status.replicas}, ready ${status.readyReplicas ?? 0}, available ${status.availableReplicas ?? 0}`,
      narration: {
        key: `${k.narration}.status`,
        params: {
          rs: rs.metadata.name,
          replicas: status.replicas,
          ready: status.readyReplicas ?? 0,
          available: status.availableReplicas ?? 0,
        },
      },
    },
  );
}
