/**
 * StatefulSet controller (pkg/controller/statefulset: stateful_set.go, stateful_set_control.go,
 * stateful_pod_control.go). Each sync:
 * 1. finds or creates the ControllerRevision of the current template (`<set>-<hash>`, revision numbers, a roll back
 *    re-numbers the equal older revision) — getStatefulSetRevisions;
 * 2. walks the ordinals `[start, start+replicas)`: a failed Pod is deleted, a missing one is created after its
 *    claims `<claim>-<set>-<ordinal>`; with OrderedReady (monotonic) it stops at the first Pod that is not Running,
 *    Ready and available, with Parallel it goes on — processReplica;
 * 3. sets the claims' ownerReferences for the retention policy, then deletes Pods above the range from the highest
 *    ordinal, one at a time and waiting for termination when monotonic — processCondemned;
 * 4. RollingUpdate: deletes the highest-ordinal Pod at or above the partition that is not at the update revision,
 *    waiting for each to be healthy again (maxUnavailable 1: MaxUnavailableStatefulSet is alpha, off, in v1.34);
 *    OnDelete leaves that to the user;
 * 5. writes status when it changed (inconsistentStatus) and truncates the revision history.
 * A sync sends its writes together; the harness keeps the key busy until they answer.
 */
import type { ApiResponse } from '../../../messages';
import type { KObject } from '../../../types';
import { defineController, type ReconcileContext, type ReconcileResult } from '../../../client/defineController';
import { cacheKey, controllerOf } from '../objectKeys';
import {
  findEqualRevisions,
  goJson,
  nextRevision,
  revisionsToTruncate,
  sortControllerRevisions,
} from '../history/controllerHistory';
import {
  claimOwnerRefs,
  claimsFor,
  endOrdinal,
  inOrdinalRange,
  isClaimOwnerUpToDate,
  isCreated,
  isFailed,
  isHealthy,
  isMemberOf,
  isPending,
  isRunningAndAvailable,
  isRunningAndReady,
  isSucceeded,
  isTerminating,
  newRevision,
  newStatefulSetPod,
  ordinalOf,
  podRevision,
  replicasOf,
  revisionData,
  startOrdinal,
  templateOf,
} from './statefulSetUtils';
import type {
  ControllerRevision,
  PersistentVolumeClaim,
  Pod,
  StatefulSet,
  StatefulSetStatus,
} from '../../../objects/typed';

interface StsState {
  /** Set key → `Kind/name` of objects it created and its informers have not shown yet (expectations). */
  expect: Map<string, string[]>;
  /** Set key → the Pod waiting for its claims' creates to answer (CreateStatefulPod). */
  claimsFirst: Map<string, { pod: Pod; outstanding: number; failed: string[] }>;
  /** Set key → collision count raised by a name collision, until status carries it. */
  collisions: Map<string, number>;
}

type Ctx = ReconcileContext<StsState>;

const expectKey = (kind: string, name: string) => `${kind}/${name}`;

function expect(ctx: Ctx, kind: string, name: string): void {
  const list = ctx.state.expect.get(ctx.key) ?? [];
  list.push(expectKey(kind, name));
  ctx.state.expect.set(ctx.key, list);
}

const involved = (set: StatefulSet) => ({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  namespace: set.metadata.namespace,
  name: set.metadata.name,
  uid: set.metadata.uid,
});

export const statefulSetController = defineController<StsState>({
  name: 'statefulset',
  eventSource: 'statefulset-controller',
  // The Pod and ControllerRevision informers; claims are read from the shared PersistentVolumeClaim informer.
  watches: ['StatefulSet', 'Pod', 'ControllerRevision'],
  initialState: () => ({ expect: new Map(), claimsFirst: new Map(), collisions: new Map() }),

  keysFor(ev, { state }) {
    const o = ev.object;
    if (o.kind === 'StatefulSet') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    if (o.kind !== 'Pod' && o.kind !== 'ControllerRevision' && o.kind !== 'PersistentVolumeClaim') return [];
    // CreationObserved: an object this controller created has reached the informer.
    const seen = expectKey(o.kind, `${o.metadata.namespace}/${o.metadata.name}`);
    const keys: string[] = [];
    for (const [key, list] of state.expect) {
      const i = list.indexOf(seen);
      if (i < 0) continue;
      list.splice(i, 1);
      if (list.length === 0) state.expect.delete(key);
      keys.push(key);
    }
    const ref = controllerOf(o);
    if (o.kind !== 'PersistentVolumeClaim' && ref?.kind === 'StatefulSet') {
      const key = cacheKey(o.metadata.namespace, ref.name);
      if (!keys.includes(key)) keys.push(key);
    }
    return keys;
  },

  hasPendingWork({ state }) {
    return state.claimsFirst.size > 0;
  },

  reconcile(ctx) {
    const [ns, name] = ctx.key.split('/');
    const set = ctx.kcm.get('StatefulSet', ns, name);
    if (!set) {
      ctx.state.expect.delete(ctx.key);
      ctx.state.collisions.delete(ctx.key);
      return;
    }
    // Wait for the informers to show what the last sync created (no double creates while the cache catches up).
    if ((ctx.state.expect.get(ctx.key) ?? []).length > 0 || ctx.state.claimsFirst.has(ctx.key)) return;
    return syncStatefulSet(ctx, set);
  },

  onResponse(resp, ctx) {
    return onResponse(resp, ctx);
  },
});

function syncStatefulSet(ctx: Ctx, set: StatefulSet): ReconcileResult {
  const ns = set.metadata.namespace;
  const uid = set.metadata.uid!;
  const pods = ctx.kcm.ownedBy('Pod', ns, uid).filter((p) => isMemberOf(set, p));
  const revisions = sortControllerRevisions(ctx.kcm.ownedBy('ControllerRevision', ns, uid));

  // getStatefulSetRevisions
  const collisionCount = Math.max(set.status?.collisionCount ?? 0, ctx.state.collisions.get(ctx.key) ?? 0);
  const candidate = newRevision(set, nextRevision(revisions), collisionCount);
  const equal = findEqualRevisions(revisions as ControllerRevision[], candidate);
  let updateRevision: ControllerRevision;
  if (equal.length > 0 && equal[equal.length - 1] === revisions[revisions.length - 1]) {
    updateRevision = revisions[revisions.length - 1] as ControllerRevision;
  } else if (equal.length > 0) {
    // Rolling back to an older template: that revision is renumbered as the newest (UpdateControllerRevision).
    const old = equal[equal.length - 1];
    ctx.request(
      {
        verb: 'update',
        resourceKind: 'ControllerRevision',
        namespace: ns,
        name: old.metadata.name,
        body: { ...old, revision: candidate.revision },
      },
      { action: 'revision' },
      {
        summary: `StatefulSet controller: ${set.metadata.name}'s template equals revision ${old.metadata.name}; renumbering it ${candidate.revision}`,
        narration: {
          key: 'statefulset.renumberRevision',
          params: { sts: set.metadata.name, revision: old.metadata.name, number: candidate.revision },
        },
      },
    );
    return;
  } else {
    expect(ctx, 'ControllerRevision', `${ns}/${candidate.metadata.name}`);
    ctx.request(
      { verb: 'create', resourceKind: 'ControllerRevision', namespace: ns, body: candidate },
      { action: 'revision', name: candidate.metadata.name },
      {
        summary: `StatefulSet controller: no ControllerRevision holds ${set.metadata.name}'s pod template; creating ${candidate.metadata.name} (revision ${candidate.revision})`,
        narration: {
          key: 'statefulset.createRevision',
          params: { sts: set.metadata.name, revision: candidate.metadata.name, number: candidate.revision },
        },
      },
    );
    return;
  }
  const currentRevision = revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? updateRevision;
  const currentTemplate = templateOf(currentRevision as ControllerRevision);
  const updateTemplate = templateOf(updateRevision);
  const minReady = set.spec?.minReadySeconds ?? 0;
  const now = ctx.sim.now;

  const status: any = {
    observedGeneration: set.metadata.generation,
    currentRevision: currentRevision.metadata.name,
    updateRevision: updateRevision.metadata.name,
    collisionCount,
    ...replicaCounts(pods, minReady, now, currentRevision.metadata.name, updateRevision.metadata.name),
  };

  // Partition the pods into the replicas (by ordinal) and the condemned (out of range, highest first).
  const start = startOrdinal(set);
  const end = endOrdinal(set);
  const replicas: Array<KObject | undefined> = [];
  const condemned: Pod[] = [];
  for (const p of pods) {
    if (inOrdinalRange(p, set)) replicas[ordinalOf(p) - start] = p;
    else if (ordinalOf(p) >= 0) condemned.push(p);
  }
  condemned.sort((a, b) => ordinalOf(b) - ordinalOf(a));
  const firstUnhealthy =
    replicas.find((p, i) => i <= end - start && (!p || !isHealthy(p as Pod))) ??
    [...condemned].reverse().find((p) => !isHealthy(p));

  const finish = () => {
    writeStatus(ctx, set, status);
    truncateHistory(ctx, set, pods, revisions as ControllerRevision[], currentRevision, updateRevision);
    // Pods become available minReadySeconds after they are ready: look again then.
    if (minReady > 0 && status.availableReplicas !== replicasOf(set)) return { requeueAfter: minReady * 1000 };
    return undefined;
  };
  if (set.metadata.deletionTimestamp !== undefined) return finish();

  const monotonic = set.spec?.podManagementPolicy !== 'Parallel';
  const partition = set.spec?.updateStrategy?.rollingUpdate?.partition;
  const rolling = set.spec?.updateStrategy?.type !== 'OnDelete';

  // processReplica over every ordinal.
  for (let ord = start; ord <= end; ord++) {
    const pod = replicas[ord - start];
    if (pod && (isFailed(pod as Pod) || isSucceeded(pod as Pod))) {
      if (!isTerminating(pod as Pod)) deletePod(ctx, set, pod as Pod, 'statefulset.deleteFailedPod');
      if (monotonic) return finish();
      continue;
    }
    if (!pod) {
      // newVersionedStatefulSetPod: below the partition, a Pod is recreated at the current revision.
      const atCurrent =
        (rolling && partition === undefined && ord < start + (set.status?.currentReplicas ?? 0)) ||
        (partition !== undefined && ord < start + partition);
      const body = atCurrent
        ? newStatefulSetPod(set, currentTemplate, ord, currentRevision.metadata.name)
        : newStatefulSetPod(set, updateTemplate, ord, updateRevision.metadata.name);
      createStatefulPod(ctx, set, body as Pod, monotonic);
      if (monotonic) return finish();
      continue;
    }
    if (isPending(pod as Pod)) createMissingClaims(ctx, set, pod as Pod);
    if (monotonic && isTerminating(pod as Pod)) return finish();
    if (monotonic && !isRunningAndReady(pod as Pod)) return finish();
    if (monotonic && !isRunningAndAvailable(pod as Pod, minReady, now)) return finish();
    updateClaimOwners(ctx, set, pod as Pod);
  }

  // Condemned pods: their claims get the scale-down ownerReferences first, then they are deleted, highest first.
  for (const pod of condemned) updateClaimOwners(ctx, set, pod);
  for (const pod of condemned) {
    if (isTerminating(pod)) {
      if (monotonic) return finish();
      continue;
    }
    if (monotonic && !isRunningAndReady(pod) && pod !== firstUnhealthy) return finish();
    if (monotonic && !isRunningAndAvailable(pod, minReady, now) && pod !== firstUnhealthy) return finish();
    deletePod(ctx, set, pod, 'statefulset.deleteCondemned');
    if (monotonic) return finish();
  }

  if (!rolling) return finish();
  // RollingUpdate: from the highest ordinal down to the partition, one Pod at a time.
  const updateMin = partition ?? 0;
  for (let target = replicas.length - 1; target >= updateMin; target--) {
    const pod = replicas[target];
    if (!pod) return finish();
    if (podRevision(pod as Pod) !== updateRevision.metadata.name && !isTerminating(pod as Pod)) {
      deletePod(ctx, set, pod as Pod, 'statefulset.deleteForUpdate', updateRevision.metadata.name);
      status.currentReplicas--;
      return finish();
    }
    if (!isHealthy(pod as Pod)) return finish();
  }
  return finish();
}

/** computeReplicaStatus over the pods that exist. */
function replicaCounts(pods: Pod[], minReady: number, now: number, current: string, update: string) {
  let replicas = 0;
  let readyReplicas = 0;
  let availableReplicas = 0;
  let currentReplicas = 0;
  let updatedReplicas = 0;
  for (const p of pods) {
    if (isCreated(p)) replicas++;
    if (isRunningAndReady(p)) {
      readyReplicas++;
      if (isRunningAndAvailable(p, minReady, now)) availableReplicas++;
    }
    if (isCreated(p) && !isTerminating(p)) {
      if (podRevision(p) === current) currentReplicas++;
      if (podRevision(p) === update) updatedReplicas++;
    }
  }
  return { replicas, readyReplicas, availableReplicas, currentReplicas, updatedReplicas };
}

function dnsName(set: StatefulSet, pod: string): string {
  const svc = set.spec?.serviceName;
  return svc ? `${pod}.${svc}.${set.metadata.namespace}.svc.cluster.local` : pod;
}

/** CreateStatefulPod: the Pod's claims first (those the informer does not have), the Pod once they exist. */
function createStatefulPod(ctx: Ctx, set: StatefulSet, pod: Pod, monotonic: boolean): void {
  const missing = claimsFor(set, ordinalOf(pod)).filter(
    (c) => !ctx.kcm.get('PersistentVolumeClaim', c.metadata.namespace, c.metadata.name),
  );
  if (missing.length === 0) return sendPodCreate(ctx, set, pod, monotonic);
  ctx.state.claimsFirst.set(ctx.key, { pod, outstanding: missing.length, failed: [] });
  for (const claim of missing) sendClaimCreate(ctx, set, pod, claim as PersistentVolumeClaim, { monotonic });
}

/** createMissingPersistentVolumeClaims for a Pending pod whose claim was deleted. */
function createMissingClaims(ctx: Ctx, set: StatefulSet, pod: Pod): void {
  for (const claim of claimsFor(set, ordinalOf(pod)))
    if (!ctx.kcm.get('PersistentVolumeClaim', claim.metadata.namespace, claim.metadata.name))
      sendClaimCreate(ctx, set, pod, claim as PersistentVolumeClaim, { alone: true });
}

function sendClaimCreate(
  ctx: Ctx,
  set: StatefulSet,
  pod: Pod,
  claim: PersistentVolumeClaim,
  data: Record<string, unknown>,
): void {
  expect(ctx, 'PersistentVolumeClaim', `${claim.metadata.namespace}/${claim.metadata.name}`);
  ctx.request(
    { verb: 'create', resourceKind: 'PersistentVolumeClaim', namespace: claim.metadata.namespace, body: claim },
    { ...data, action: 'claim', claim: claim.metadata.name, pod: pod.metadata.name },
    {
      summary: `StatefulSet controller: ${pod.metadata.name} needs claim ${claim.metadata.name} (volumeClaimTemplate ${claim.metadata.name.split('-')[0]}); creating it before the Pod`,
      narration: {
        key: 'statefulset.createClaim',
        params: { sts: set.metadata.name, claim: claim.metadata.name, pod: pod.metadata.name },
      },
    },
  );
}

function sendPodCreate(ctx: Ctx, set: StatefulSet, pod: Pod, monotonic: boolean): void {
  const name = pod.metadata.name;
  expect(ctx, 'Pod', `${pod.metadata.namespace}/${name}`);
  const ord = ordinalOf(pod);
  const first = ord === startOrdinal(set);
  const key = !monotonic
    ? 'statefulset.createPodParallel'
    : first
      ? 'statefulset.createFirstPod'
      : 'statefulset.createPod';
  ctx.request(
    { verb: 'create', resourceKind: 'Pod', namespace: pod.metadata.namespace, body: pod },
    { action: 'pod', pod: name },
    {
      summary: `StatefulSet controller: creating ${name} (ordinal ${ord}) of ${set.metadata.name}; DNS name ${dnsName(set, name)}`,
      narration: {
        key,
        params: {
          sts: set.metadata.name,
          pod: name,
          prev: `${set.metadata.name}-${ord - 1}`,
          service: set.spec?.serviceName ?? '',
          dns: dnsName(set, name),
        },
      },
    },
  );
}

function deletePod(ctx: Ctx, set: StatefulSet, pod: Pod, key: string, revision = ''): void {
  ctx.request(
    { verb: 'delete', resourceKind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name },
    { action: 'delete', pod: pod.metadata.name },
    {
      summary: `StatefulSet controller: deleting ${pod.metadata.name} of ${set.metadata.name}`,
      narration: {
        key,
        params: {
          sts: set.metadata.name,
          pod: pod.metadata.name,
          replicas: replicasOf(set),
          revision,
          phase: pod.status?.phase ?? '',
        },
      },
    },
  );
}

/** ClaimsMatchRetentionPolicy / UpdatePodClaimForRetentionPolicy: no event, just the claim update. */
function updateClaimOwners(ctx: Ctx, set: StatefulSet, pod: Pod): void {
  for (const c of claimsFor(set, ordinalOf(pod))) {
    const claim = ctx.kcm.get('PersistentVolumeClaim', c.metadata.namespace, c.metadata.name);
    if (!claim || isClaimOwnerUpToDate(claim, set, pod)) continue;
    const refs = claimOwnerRefs(claim, set, pod);
    const meta: KObject['metadata'] = { ...claim.metadata, ownerReferences: refs };
    if (refs.length === 0) delete meta.ownerReferences;
    const body = { ...claim, metadata: meta };
    ctx.request(
      {
        verb: 'update',
        resourceKind: 'PersistentVolumeClaim',
        namespace: claim.metadata.namespace,
        name: claim.metadata.name,
        body,
      },
      { action: 'claim-owner' },
      {
        summary: `StatefulSet controller: claim ${claim.metadata.name} owned by ${refs.map((r) => `${r.kind} ${r.name}`).join(', ') || 'nobody'} (persistentVolumeClaimRetentionPolicy)`,
        narration: {
          key: refs.some((r) => r.kind === 'Pod') ? 'statefulset.claimOwnedByPod' : 'statefulset.claimOwnedBySet',
          params: { sts: set.metadata.name, claim: claim.metadata.name, pod: pod.metadata.name },
        },
      },
    );
  }
}

/** updateStatefulSetStatus: completeRollingUpdate, then write only when inconsistentStatus. */
function writeStatus(ctx: Ctx, set: StatefulSet, status: any): void {
  const replicas = replicasOf(set);
  if (
    set.spec?.updateStrategy?.type !== 'OnDelete' &&
    status.updatedReplicas === replicas &&
    status.readyReplicas === replicas &&
    status.replicas === replicas
  ) {
    status.currentReplicas = status.updatedReplicas;
    status.currentRevision = status.updateRevision;
  }
  const cur: Record<string, unknown> & Partial<StatefulSetStatus> = set.status ?? {};
  const fields = [
    'replicas',
    'currentReplicas',
    'readyReplicas',
    'updatedReplicas',
    'currentRevision',
    'availableReplicas',
    'updateRevision',
  ];
  const inconsistent =
    (status.observedGeneration ?? 0) > (cur.observedGeneration ?? 0) ||
    fields.some((f) => (status[f] || 0) !== (cur[f] || 0));
  if (!inconsistent) return;
  // omitempty: zero counts and empty revisions are not written, except replicas and availableReplicas.
  const body: any = {};
  for (const k of [
    'observedGeneration',
    'replicas',
    'readyReplicas',
    'currentReplicas',
    'updatedReplicas',
    'currentRevision',
    'updateRevision',
    'collisionCount',
    'availableReplicas',
  ])
    if (status[k] || k === 'replicas' || k === 'availableReplicas' || k === 'collisionCount') body[k] = status[k];
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'StatefulSet',
      namespace: set.metadata.namespace,
      name: set.metadata.name,
      subresource: 'status',
      body: { ...set, status: body },
    },
    { action: 'status' },
    {
      phase: 'status',
      summary: `StatefulSet controller: ${set.metadata.name} status replicas ${body.replicas}, ready ${body.readyReplicas ?? 0}, current ${body.currentReplicas ?? 0}, updated ${body.updatedReplicas ?? 0}`,
      narration: {
        key: 'statefulset.status',
        params: {
          sts: set.metadata.name,
          replicas: body.replicas,
          ready: body.readyReplicas ?? 0,
          current: body.currentReplicas ?? 0,
          updated: body.updatedReplicas ?? 0,
        },
      },
    },
  );
}

/** truncateHistory: revisions beyond revisionHistoryLimit that no Pod and neither status revision uses. */
function truncateHistory(
  ctx: Ctx,
  set: StatefulSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  current: KObject,
  update: KObject,
): void {
  const live = new Set([current.metadata.name, update.metadata.name, ...pods.map(podRevision)]);
  for (const r of revisionsToTruncate(revisions, live, set.spec?.revisionHistoryLimit ?? 10))
    ctx.request(
      { verb: 'delete', resourceKind: 'ControllerRevision', namespace: r.metadata.namespace, name: r.metadata.name },
      { action: 'truncate' },
      {
        summary: `StatefulSet controller: ${set.metadata.name} keeps ${set.spec?.revisionHistoryLimit ?? 10} old revisions; deleting ${r.metadata.name}`,
        narration: { key: 'statefulset.deleteRevision', params: { sts: set.metadata.name, revision: r.metadata.name } },
      },
    );
}

function onResponse(resp: ApiResponse, ctx: Ctx): void | { requeue: true } {
  const [ns, name] = ctx.key.split('/');
  const set = ctx.kcm.get('StatefulSet', ns, name);
  const setName = set?.metadata.name ?? name;
  const ref = set ? involved(set) : { apiVersion: 'apps/v1', kind: 'StatefulSet', namespace: ns, name };
  const c = resp.ctx ?? {};
  const failed = resp.error !== undefined || resp.unreachable === true;
  const errText = resp.error?.message ?? 'the server is currently unable to handle the request';
  const alreadyExists = resp.error?.reason === 'AlreadyExists';
  const unexpect = (kind: string, objName: string) => {
    const list = ctx.state.expect.get(ctx.key) ?? [];
    const i = list.indexOf(expectKey(kind, `${ns}/${objName}`));
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) ctx.state.expect.delete(ctx.key);
  };
  switch (c.action) {
    case 'revision':
      if (failed && c.name) {
        unexpect('ControllerRevision', String(c.name));
        // CreateControllerRevision: a revision of that name with other data is a hash collision.
        const existing = ctx.kcm.get('ControllerRevision', ns, String(c.name));
        const same = existing && set && goJson(existing.data) === goJson(revisionData(set));
        if (alreadyExists && !same) ctx.state.collisions.set(ctx.key, (set?.status?.collisionCount ?? 0) + 1);
      }
      return;
    case 'claim': {
      const claim = String(c.claim);
      const pod = String(c.pod);
      if (failed) {
        unexpect('PersistentVolumeClaim', claim);
        if (!alreadyExists)
          ctx.event({
            type: 'Warning',
            reason: 'FailedCreate',
            message: `create Claim ${claim} for Pod ${pod} in StatefulSet ${setName} failed error: ${errText}`,
            involvedObject: ref,
          });
      } else
        ctx.event({
          type: 'Normal',
          reason: 'SuccessfulCreate',
          message: `create Claim ${claim} Pod ${pod} in StatefulSet ${setName} success`,
          involvedObject: ref,
        });
      const batch = ctx.state.claimsFirst.get(ctx.key);
      if (!batch || c.alone) return;
      batch.outstanding--;
      if (failed) batch.failed.push(`failed to create PVC ${claim}: ${errText}`);
      if (batch.outstanding > 0) return;
      ctx.state.claimsFirst.delete(ctx.key);
      if (batch.failed.length > 0) {
        // recordPodEvent("create", …, the aggregate of the claim errors).
        const agg = batch.failed.length === 1 ? batch.failed[0] : `[${batch.failed.join(', ')}]`;
        ctx.event({
          type: 'Warning',
          reason: 'FailedCreate',
          message: `create Pod ${batch.pod.metadata.name} in StatefulSet ${setName} failed error: ${agg}`,
          involvedObject: ref,
        });
        return { requeue: true };
      }
      if (set) sendPodCreate(ctx, set, batch.pod, c.monotonic !== false);
      return;
    }
    case 'pod': {
      const pod = String(c.pod);
      if (failed) {
        unexpect('Pod', pod);
        // "sink already exists errors": no event, but the sync still failed.
        if (!alreadyExists)
          ctx.event({
            type: 'Warning',
            reason: 'FailedCreate',
            message: `create Pod ${pod} in StatefulSet ${setName} failed error: ${errText}`,
            involvedObject: ref,
          });
        return;
      }
      ctx.event({
        type: 'Normal',
        reason: 'SuccessfulCreate',
        message: `create Pod ${pod} in StatefulSet ${setName} successful`,
        involvedObject: ref,
      });
      return;
    }
    case 'delete': {
      const pod = String(c.pod);
      if (failed && resp.error?.reason === 'NotFound') return;
      ctx.event(
        failed
          ? {
              type: 'Warning',
              reason: 'FailedDelete',
              message: `delete Pod ${pod} in StatefulSet ${setName} failed error: ${errText}`,
              involvedObject: ref,
            }
          : {
              type: 'Normal',
              reason: 'SuccessfulDelete',
              message: `delete Pod ${pod} in StatefulSet ${setName} successful`,
              involvedObject: ref,
            },
      );
      return;
    }
    default:
      return;
  }
}
