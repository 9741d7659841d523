/**
 * ReplicaSet controller (pkg/controller/replicaset): keeps `spec.replicas` active pods. Creates in slow-start
 * batches (1, 2, 4, … at most 500 per sync) with expectations so it never double-creates while its cache catches
 * up; deletes by ranking; reports status. Events: SuccessfulCreate / FailedCreate / SuccessfulDelete.
 *
 * The same controller runs for ReplicationControllers (pkg/controller/replication wraps it, converting each RC to a
 * ReplicaSet and recording its Events as `replication-controller`): `replicaSetLikeController` takes the kind.
 */
import { withFields } from '../../../kernel/withFields';
import type { Simulation } from '../../../kernel/Simulation';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import type { KObject } from '../../../types';
import type { Controller } from '../Controller';
import type { ControllerManager } from '../ControllerManager';
import { cacheKey, controllerOf } from '../objectKeys';
import { isPodAvailable, podFacts, podsToDelete } from './podHelpers';
import { podTally, type PodCounts } from './podTally';

const BURST = 500;

/** The kind a ReplicaSet-shaped controller manages, and the names it goes by. */
export interface ReplicaSetKind {
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
  failures: Map<string, number>;
  inflightStatus: Set<string>;
}

function stateOf(kcm: ControllerManager, name: string): RsState {
  let s = kcm.s.ctrl.get(name) as RsState | undefined;
  if (!s) {
    s = {
      expectAdd: new Map(),
      expectDel: new Map(),
      batches: new Map(),
      failures: new Map(),
      inflightStatus: new Set(),
    };
    kcm.s.ctrl.set(name, s);
  }
  return s;
}

export const replicaSetController: Controller = replicaSetLikeController(REPLICA_SET);

export function replicaSetLikeController(k: ReplicaSetKind): Controller {
  const { name: NAME, source: SOURCE, kind: KIND } = k;
  const state = (kcm: ControllerManager) => stateOf(kcm, NAME);
  const ref = (rs: KObject) => ({
    apiVersion: k.apiVersion,
    kind: KIND,
    namespace: rs.metadata.namespace,
    name: rs.metadata.name,
    uid: rs.metadata.uid,
  });
  return {
    name: NAME,
    watches: [KIND, 'Pod'],

    keysFor(ev, kcm) {
      const o = ev.object;
      if (o.kind === KIND) return [cacheKey(o.metadata.namespace, o.metadata.name)];
      if (o.kind === 'Pod') {
        const ref = controllerOf(o);
        if (ref?.kind !== KIND) return [];
        const key = cacheKey(o.metadata.namespace, ref.name);
        const s = state(kcm);
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

    hasPendingWork(kcm) {
      const s = state(kcm);
      return s.batches.size > 0 || s.inflightStatus.size > 0 || [...s.expectAdd.values()].some((n) => n > 0);
    },

    onTimer(name, data, kcm, sim) {
      if (name === 'retry') kcm.enqueue(NAME, String(data.key), sim);
    },

    reconcile(key, kcm, sim) {
      const s = state(kcm);
      const [ns, name] = key.split('/');
      const rs = kcm.get(KIND, ns, name);
      if (!rs) return;
      const counts = kcm.ownedTally('Pod', ns, rs.metadata.uid!, podTally);
      // The pods themselves (in informer order) only when the counts are not enough.
      const active = () => kcm.ownedBy('Pod', ns, rs.metadata.uid!).filter((p) => podFacts(p).active);
      const satisfied = !(s.expectAdd.get(key) ?? 0) && !(s.expectDel.get(key) ?? 0) && !s.batches.has(key);
      if (satisfied && rs.metadata.deletionTimestamp === undefined) {
        const diff = counts.active - (rs.spec.replicas ?? 0);
        if (diff < 0) return startCreates(k, kcm, sim, rs, key, Math.min(-diff, BURST));
        if (diff > 0) return deletePods(k, kcm, sim, rs, key, podsToDelete(active(), Math.min(diff, BURST)));
      }
      syncStatus(k, kcm, sim, rs, key, counts, active);
    },

    onResponse(resp, kcm, sim) {
      const s = state(kcm);
      const key = String(resp.ctx!.key);
      const [ns, name] = key.split('/');
      const rs = kcm.get(KIND, ns, name);
      const involved = rs ? ref(rs) : { apiVersion: k.apiVersion, kind: KIND, namespace: ns, name };
      const action = resp.ctx!.action;
      if (action === 'status') {
        s.inflightStatus.delete(key);
        return;
      }
      if (action === 'delete') {
        if (resp.error) {
          lower(s.expectDel, key);
          sim.recordEvent({
            type: 'Warning',
            reason: 'FailedDelete',
            message: `Error deleting: ${resp.error.message}`,
            source: SOURCE,
            involvedObject: involved,
          });
        } else
          sim.recordEvent({
            type: 'Normal',
            reason: 'SuccessfulDelete',
            message: `Deleted pod: ${resp.ctx!.pod}`,
            source: SOURCE,
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
        sim.recordEvent({ type: 'Warning', reason: 'FailedCreate', message, source: SOURCE, involvedObject: involved });
        if (b) {
          // A failed batch aborts the rest of the slow start; expectations for unsent pods are dropped.
          b.outstanding--;
          if (b.outstanding <= 0) {
            s.batches.delete(key);
            s.expectAdd.set(key, 0);
          }
        }
        const n = (s.failures.get(key) ?? 0) + 1;
        s.failures.set(key, n);
        // ItemExponentialFailureRateLimiter(5ms, 1000s).
        sim.timer({ component: 'kube-controller-manager' }, Math.min(5 * 2 ** (n - 1), 1_000_000), 'retry', {
          controller: NAME,
          key,
        });
        return;
      }
      s.failures.delete(key);
      sim.recordEvent({
        type: 'Normal',
        reason: 'SuccessfulCreate',
        message: `Created pod: ${resp.object!.metadata.name}`,
        source: SOURCE,
        involvedObject: involved,
      });
      if (!b) return;
      b.outstanding--;
      if (b.outstanding === 0) {
        if (b.remaining > 0 && rs) {
          b.size = Math.min(b.size * 2, b.remaining);
          sendBatch(k, kcm, sim, rs, key, b);
        } else {
          s.batches.delete(key);
          kcm.enqueue(NAME, key, sim);
        }
      }
    },
  };
}

function lower(m: Map<string, number>, key: string): void {
  const n = m.get(key) ?? 0;
  if (n > 0) m.set(key, n - 1);
}

function startCreates(
  k: ReplicaSetKind,
  kcm: ControllerManager,
  sim: Simulation,
  rs: KObject,
  key: string,
  count: number,
): void {
  const s = stateOf(kcm, k.name);
  s.expectAdd.set(key, count);
  const b: Batch = { remaining: count, size: 1, outstanding: 0 };
  s.batches.set(key, b);
  sendBatch(k, kcm, sim, rs, key, b);
}

/** slowStartBatch: send `size` creates; the next batch (double) starts when all of them have answered. */
function sendBatch(
  k: ReplicaSetKind,
  kcm: ControllerManager,
  sim: Simulation,
  rs: KObject,
  key: string,
  b: Batch,
): void {
  const n = Math.min(b.size, b.remaining);
  b.remaining -= n;
  b.outstanding = n;
  const total = rs.spec.replicas ?? 0;
  for (let i = 0; i < n; i++) {
    kcm.request(
      sim,
      k.name,
      { verb: 'create', resourceKind: 'Pod', namespace: rs.metadata.namespace, body: podFromTemplate(rs, k) },
      { key, action: 'create' },
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
export function podFromTemplate(rs: KObject, k: ReplicaSetKind = REPLICA_SET): KObject {
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

function deletePods(
  k: ReplicaSetKind,
  kcm: ControllerManager,
  sim: Simulation,
  rs: KObject,
  key: string,
  pods: KObject[],
): void {
  const s = stateOf(kcm, k.name);
  s.expectDel.set(key, pods.length);
  for (const p of pods) {
    kcm.request(
      sim,
      k.name,
      { verb: 'delete', resourceKind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name },
      { key, action: 'delete', pod: p.metadata.name },
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

function syncStatus(
  k: ReplicaSetKind,
  kcm: ControllerManager,
  sim: Simulation,
  rs: KObject,
  key: string,
  counts: PodCounts,
  active: () => KObject[],
): void {
  const s = stateOf(kcm, k.name);
  if (s.inflightStatus.has(key)) return;
  const minReady = rs.spec.minReadySeconds ?? 0;
  const templateLabels = Object.entries(rs.spec.template?.metadata?.labels ?? {});
  let fullyLabeled = 0;
  for (const set of counts.labelSets.values()) if (hasLabels(set.labels, templateLabels)) fullyLabeled += set.count;
  // Ready pods are available at once unless minReadySeconds asks them to stay ready for a while.
  const available = minReady === 0 ? counts.ready : active().filter((p) => isPodAvailable(p, minReady, sim.now)).length;
  const status: any = {
    replicas: counts.active,
    fullyLabeledReplicas: fullyLabeled,
    readyReplicas: counts.ready,
    availableReplicas: available,
    observedGeneration: rs.metadata.generation,
  };
  const failures = s.failures.get(key) ?? 0;
  if (failures > 0)
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
  s.inflightStatus.add(key);
  // The body shares the (frozen) stored object: the apiserver copies what it keeps of a status update.
  const next = { ...rs, status };
  kcm.request(
    sim,
    k.name,
    {
      verb: 'update',
      resourceKind: k.kind,
      namespace: rs.metadata.namespace,
      name: rs.metadata.name,
      subresource: 'status',
      body: next,
    },
    { key, action: 'status' },
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
