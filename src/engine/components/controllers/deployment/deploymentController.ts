/**
 * Deployment controller (pkg/controller/deployment): owns ReplicaSets named `<deploy>-<pod-template-hash>`,
 * rolls between them within maxSurge/maxUnavailable, and reports status and conditions. One write per sync; the
 * response re-queues the key, so each scaling decision is visible as its own step.
 */
import { defineController, type ReconcileContext, type ReconcileResult } from '../../../client/defineController';
import { deepClone } from '../../../kernel/deepClone';
import type { ApiResponse } from '../../../messages';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import { podTemplateHash } from '../../../objects/names';
import type { KObject } from '../../../types';
import { cacheKey, controllerOf } from '../objectKeys';
import { newRSNewReplicas, resolveFenceposts, setCondition, type DeploymentCondition } from './rollout';
import type { Deployment, ReplicaSet } from '../../../objects/typed';

const NAME = 'deployment';
const SOURCE = 'deployment-controller';
const REVISION = 'deployment.kubernetes.io/revision';
const DESIRED = 'deployment.kubernetes.io/desired-replicas';
const MAX = 'deployment.kubernetes.io/max-replicas';

interface DeployState {
  /** key → when its progress-deadline requeue is due (AddAfter keeps one pending time per key). */
  deadlines: Map<string, number>;
  /** The revision last written to each Deployment by SetDeploymentRevision: a stale cache does not send it twice. */
  revisionSent: Map<string, number>;
}

type Ctx = ReconcileContext<DeployState>;

export const deploymentController = defineController<DeployState>({
  name: NAME,
  eventSource: SOURCE,
  watches: ['Deployment', 'ReplicaSet'],
  initialState: () => ({ deadlines: new Map(), revisionSent: new Map() }),

  keysFor(ev) {
    const o = ev.object;
    if (o.kind === 'Deployment') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    if (o.kind === 'ReplicaSet') {
      const ref = controllerOf(o);
      if (ref?.kind === 'Deployment') return [cacheKey(o.metadata.namespace, ref.name)];
    }
    return [];
  },

  reconcile(ctx) {
    const { kcm, key } = ctx;
    const [ns, name] = key.split('/');
    const d = kcm.get('Deployment', ns, name);
    if (!d || d.metadata.deletionTimestamp !== undefined) return;
    const all = kcm.ownedBy('ReplicaSet', ns, d.metadata.uid!);
    const newRS = findNewRS(d, all);
    const old = all
      .filter((rs) => rs !== newRS)
      .sort((a, b) => (a.metadata.creationTimestamp ?? 0) - (b.metadata.creationTimestamp ?? 0));
    const activeOld = old.filter((rs) => (rs.spec.replicas ?? 0) > 0);
    const replicas = d.spec.replicas ?? 1;
    const { maxSurge, maxUnavailable } = resolveFenceposts(d);
    const recreate = d.spec.strategy?.type === 'Recreate';

    if (!d.spec.paused) {
      if (recreate && activeOld.length) return scaleRS(ctx, d, activeOld[0], 0, maxSurge);
      if (recreate && old.some((rs) => (rs.status?.replicas ?? 0) > 0))
        return syncStatus(ctx, d, all, newRS as ReplicaSet | undefined);
      if (!newRS) return createRS(ctx, d, all, newRSNewReplicas(d, all, undefined), maxSurge);
      const revision = maxRevision(old) + 1;
      if (Number(newRS.metadata.annotations?.[REVISION] ?? 0) < revision && old.length) {
        // Rolling back to an older template: that ReplicaSet becomes the newest revision again.
        const annotations = newRevisionAnnotations(newRS.metadata.annotations ?? {}, revision);
        return updateRS(ctx, d, newRS as ReplicaSet, annotations, newRS.spec.replicas, 'revision');
      }
      // getNewReplicaSet → SetDeploymentRevision: the Deployment carries its new ReplicaSet's revision
      // (written with UpdateStatus before the rollout goes on).
      // Only when it lags (a rollback): on a new ReplicaSet the create's own status write carries the revision,
      // and a cache that has not seen that write yet must not send it twice.
      const rsRevision = Number(newRS.metadata.annotations?.[REVISION] ?? 0);
      const dRevision = Number(d.metadata.annotations?.[REVISION] ?? 0);
      if (dRevision > 0 && dRevision < rsRevision && ctx.state.revisionSent.get(key) !== rsRevision) {
        ctx.state.revisionSent.set(key, rsRevision);
        return writeStatus(ctx, d, d.status ?? {}, { ...d.metadata.annotations, [REVISION]: String(rsRevision) });
      }
      if (activeOld.length === 0 && newRS.spec.replicas !== replicas)
        return scaleRS(ctx, d, newRS as ReplicaSet, replicas, maxSurge);
      const target = newRSNewReplicas(d, all, newRS as ReplicaSet);
      if (target > (newRS.spec.replicas ?? 0)) return scaleRS(ctx, d, newRS as ReplicaSet, target, maxSurge);
      if (activeOld.length) {
        const minAvailable = replicas - maxUnavailable;
        const allPods = all.reduce((n, rs) => n + (rs.spec.replicas ?? 0), 0);
        const newUnavailable = (newRS.spec.replicas ?? 0) - (newRS.status?.availableReplicas ?? 0);
        const maxScaledDown = allPods - minAvailable - newUnavailable;
        if (maxScaledDown > 0) {
          for (const rs of activeOld) {
            const unhealthy = (rs.spec.replicas ?? 0) - (rs.status?.availableReplicas ?? 0);
            if (unhealthy > 0)
              return scaleRS(ctx, d, rs, (rs.spec.replicas ?? 0) - Math.min(maxScaledDown, unhealthy), maxSurge);
          }
          const available = all.reduce((n, rs) => n + (rs.status?.availableReplicas ?? 0), 0);
          if (available > minAvailable) {
            const total = available - minAvailable;
            const rs = activeOld[0];
            const current = rs.spec.replicas ?? 0;
            return scaleRS(ctx, d, rs, current - Math.min(current, total), maxSurge);
          }
        }
      }
    }
    return syncStatus(ctx, d, all, newRS as ReplicaSet | undefined);
  },

  onResponse(resp, ctx) {
    const d = ctx.kcm.get('Deployment', ...(ctx.key.split('/') as [string, string]));
    if (!resp.error && !resp.unreachable && d) onSuccess(resp, String(resp.ctx!.action), d, ctx);
  },
});

function onSuccess(resp: ApiResponse, action: string, d: Deployment, ctx: Ctx): void {
  const { kcm, sim } = ctx;
  const rsName = String(resp.ctx!.rs ?? '');
  if (action === 'create' || action === 'scale') {
    const from = Number(resp.ctx!.from ?? 0);
    const to = Number(resp.ctx!.to ?? 0);
    if (from !== to)
      ctx.event({
        type: 'Normal',
        reason: 'ScalingReplicaSet',
        message: `Scaled ${to > from ? 'up' : 'down'} replica set ${rsName} from ${from} to ${to}`,
        involvedObject: ref(d),
      });
  }
  if (action === 'create') {
    // getNewReplicaSet: revision annotation + Progressing=NewReplicaSetCreated, written with UpdateStatus.
    const next = deepClone(d);
    next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [REVISION]: String(resp.ctx!.revision) };
    // This controller writes whole conditions (every field set), so the stored ones are read back as such.
    let conds = (next.status?.conditions ?? []) as DeploymentCondition[];
    conds = setCondition(
      conds,
      cond('Progressing', 'True', 'NewReplicaSetCreated', `Created new replica set "${rsName}"`, sim.now),
    );
    const all = [...kcm.ownedBy('ReplicaSet', d.metadata.namespace, d.metadata.uid!), resp.object!];
    next.status = computeStatus(next, all as ReplicaSet[], resp.object as ReplicaSet, conds, sim.now);
    writeStatus(ctx, d, next.status, next.metadata.annotations);
  }
}

/** Longest revision-history the controller keeps (deployment_controller.go maxRevHistoryLengthInChars). */
const MAX_REV_HISTORY_LENGTH_IN_CHARS = 2000;
const REVISION_HISTORY = 'deployment.kubernetes.io/revision-history';

/**
 * SetNewReplicaSetAnnotations (pkg/controller/deployment/util/deployment_util.go) for an existing ReplicaSet that
 * becomes the new one again (a rollback): it takes the new revision, and the revision it had joins
 * `revision-history` (oldest dropped first past 2,000 characters).
 */
export function newRevisionAnnotations(annotations: Record<string, string>, revision: number): Record<string, string> {
  const out = { ...annotations };
  const oldRevision = annotations[REVISION];
  const oldInt = oldRevision === undefined || oldRevision === '' ? 0 : Number(oldRevision);
  if (!Number.isInteger(oldInt) || oldInt >= revision) return out;
  out[REVISION] = String(revision);
  if (oldRevision === undefined) return out;
  const history = annotations[REVISION_HISTORY] ?? '';
  if (history === '') {
    out[REVISION_HISTORY] = oldRevision;
    return out;
  }
  const old = history.split(',');
  let total = history.length + oldRevision.length + 1;
  let start = 0;
  while (total > MAX_REV_HISTORY_LENGTH_IN_CHARS && start < old.length) total -= old[start++]!.length + 1;
  if (total <= MAX_REV_HISTORY_LENGTH_IN_CHARS) out[REVISION_HISTORY] = [...old.slice(start), oldRevision].join(',');
  return out;
}

function findNewRS(d: Deployment, all: ReplicaSet[]): KObject | undefined {
  const want = stripHash(d.spec.template);
  const matches = all.filter((rs) => canonicalEqual(stripHash(rs.spec.template), want));
  // Several matches can only come from a hash collision; the oldest wins (FindNewReplicaSet).
  return matches.sort((a, b) => (a.metadata.creationTimestamp ?? 0) - (b.metadata.creationTimestamp ?? 0))[0];
}

/** The template without its pod-template-hash label, for comparing by content (shares everything else). */
function stripHash(template: any): any {
  const t = template ?? {};
  const labels = t.metadata?.labels;
  if (!labels || typeof labels !== 'object' || !Object.prototype.hasOwnProperty.call(labels, 'pod-template-hash'))
    return t;
  const { 'pod-template-hash': _hash, ...rest } = labels;
  void _hash;
  return { ...t, metadata: { ...t.metadata, labels: rest } };
}

function maxRevision(list: KObject[]): number {
  return list.reduce((m, rs) => Math.max(m, Number(rs.metadata.annotations?.[REVISION] ?? 0)), 0);
}

function ref(d: Deployment) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    namespace: d.metadata.namespace,
    name: d.metadata.name,
    uid: d.metadata.uid,
  };
}

function cond(
  type: string,
  status: 'True' | 'False' | 'Unknown',
  reason: string,
  message: string,
  now: number,
): DeploymentCondition {
  return { type, status, reason, message, lastUpdateTime: now, lastTransitionTime: now };
}

function createRS(ctx: Ctx, d: Deployment, all: ReplicaSet[], replicas: number, maxSurge: number): void {
  const hash = podTemplateHash(d.spec.template, d.status?.collisionCount ?? 0);
  const name = `${d.metadata.name}-${hash}`;
  const revision = maxRevision(all) + 1;
  const labels = { ...(d.spec.template.metadata?.labels ?? {}), 'pod-template-hash': hash };
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (k === 'kubectl.kubernetes.io/last-applied-configuration' || k.startsWith('deployment.kubernetes.io/')) continue;
    annotations[k] = v;
  }
  annotations[DESIRED] = String(d.spec.replicas ?? 1);
  annotations[MAX] = String((d.spec.replicas ?? 1) + maxSurge);
  annotations[REVISION] = String(revision);
  const template = deepClone(d.spec.template);
  template.metadata = { ...(template.metadata ?? {}), labels };
  const rs: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      name,
      namespace: d.metadata.namespace,
      labels,
      annotations,
      ownerReferences: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name: d.metadata.name,
          uid: d.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      replicas,
      ...(d.spec.minReadySeconds ? { minReadySeconds: d.spec.minReadySeconds } : {}),
      selector: {
        ...deepClone(d.spec.selector),
        matchLabels: { ...(d.spec.selector?.matchLabels ?? {}), 'pod-template-hash': hash },
      },
      template,
    },
  };
  ctx.request(
    { verb: 'create', resourceKind: 'ReplicaSet', namespace: d.metadata.namespace, body: rs },
    { action: 'create', rs: name, from: 0, to: replicas, revision },
    {
      summary: `Deployment controller: no ReplicaSet matches the pod template of ${d.metadata.name}; creating ${name} (pod-template-hash ${hash}) with ${replicas} replicas`,
      narration: { key: 'deployment.createRS', params: { deploy: d.metadata.name, rs: name, hash, replicas } },
    },
  );
}

function scaleRS(ctx: Ctx, d: Deployment, rs: ReplicaSet, to: number, maxSurge: number): void {
  const annotations = { [DESIRED]: String(d.spec.replicas ?? 1), [MAX]: String((d.spec.replicas ?? 1) + maxSurge) };
  updateRS(ctx, d, rs, annotations, to, 'scale');
}

function updateRS(
  ctx: Ctx,
  d: Deployment,
  rs: ReplicaSet,
  annotations: Record<string, string>,
  replicas: number,
  action: 'scale' | 'revision',
): void {
  const next = deepClone(rs);
  next.spec.replicas = replicas;
  next.metadata.annotations = { ...(next.metadata.annotations ?? {}), ...annotations };
  delete next.status;
  const from = rs.spec.replicas ?? 0;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'ReplicaSet',
      namespace: rs.metadata.namespace,
      name: rs.metadata.name,
      body: next,
    },
    { action, rs: rs.metadata.name, from, to: replicas },
    {
      summary:
        action === 'scale'
          ? `Deployment controller: scale ${rs.metadata.name} from ${from} to ${replicas}`
          : `Deployment controller: ${rs.metadata.name} becomes revision ${annotations[REVISION]}`,
      narration: {
        key: action === 'scale' ? 'deployment.scaleRS' : 'deployment.revision',
        params: { rs: rs.metadata.name, from, to: replicas, deploy: d.metadata.name },
      },
    },
  );
}

function computeStatus(
  d: Deployment,
  all: ReplicaSet[],
  newRS: ReplicaSet | undefined,
  conditions: DeploymentCondition[],
  now: number,
): any {
  const replicas = d.spec.replicas ?? 1;
  const { maxUnavailable } = resolveFenceposts(d);
  const sum = (f: (rs: ReplicaSet) => number) => all.reduce((n, rs) => n + f(rs), 0);
  const available = sum((rs) => rs.status?.availableReplicas ?? 0);
  const total = sum((rs) => rs.spec.replicas ?? 0);
  const status: any = {
    observedGeneration: d.metadata.generation,
    replicas: sum((rs) => rs.status?.replicas ?? 0),
    updatedReplicas: newRS?.status?.replicas ?? 0,
    readyReplicas: sum((rs) => rs.status?.readyReplicas ?? 0),
    availableReplicas: available,
    unavailableReplicas: Math.max(0, total - available),
  };
  let conds = conditions;
  conds =
    available >= replicas - maxUnavailable
      ? setCondition(
          conds,
          cond('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.', now),
        )
      : setCondition(
          conds,
          cond(
            'Available',
            'False',
            'MinimumReplicasUnavailable',
            'Deployment does not have minimum availability.',
            now,
          ),
        );
  const old = d.status ?? {};
  const complete =
    status.updatedReplicas === replicas &&
    status.replicas === replicas &&
    available === replicas &&
    (status.observedGeneration ?? 0) >= (d.metadata.generation ?? 0);
  const oldOld = (old.replicas ?? 0) - (old.updatedReplicas ?? 0);
  const newOld = status.replicas - status.updatedReplicas;
  const progressing =
    status.updatedReplicas > (old.updatedReplicas ?? 0) ||
    newOld < oldOld ||
    status.readyReplicas > (old.readyReplicas ?? 0) ||
    status.availableReplicas > (old.availableReplicas ?? 0);
  const rsName = newRS?.metadata.name ?? '';
  if (complete && newRS) {
    conds = setCondition(
      conds,
      cond('Progressing', 'True', 'NewReplicaSetAvailable', `ReplicaSet "${rsName}" has successfully progressed.`, now),
    );
  } else if (progressing && newRS) {
    const cur = conds.find((c) => c.type === 'Progressing');
    const c = cond('Progressing', 'True', 'ReplicaSetUpdated', `ReplicaSet "${rsName}" is progressing.`, now);
    if (cur?.status === 'True') c.lastTransitionTime = cur.lastTransitionTime;
    conds = [...conds.filter((x) => x.type !== 'Progressing'), c];
  } else if (newRS) {
    const cur = conds.find((c) => c.type === 'Progressing');
    const deadline = (d.spec.progressDeadlineSeconds ?? 600) * 1000;
    if (
      cur &&
      cur.status === 'True' &&
      cur.reason !== 'NewReplicaSetAvailable' &&
      now - cur.lastUpdateTime >= deadline
    ) {
      conds = setCondition(
        conds,
        cond(
          'Progressing',
          'False',
          'ProgressDeadlineExceeded',
          `ReplicaSet "${rsName}" has timed out progressing.`,
          now,
        ),
      );
    }
  }
  status.conditions = conds;
  for (const k of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas'])
    if (!status[k]) delete status[k];
  if (d.status?.collisionCount) status.collisionCount = d.status.collisionCount;
  return status;
}

function syncStatus(ctx: Ctx, d: Deployment, all: ReplicaSet[], newRS: ReplicaSet | undefined): ReconcileResult {
  const { sim, key, state: s } = ctx;
  const status = computeStatus(d, all, newRS, (d.status?.conditions ?? []) as DeploymentCondition[], sim.now);
  // Requeue at the progress deadline while the rollout is not complete (syncRolloutStatus requeueStuckDeployment).
  // It does not keep a run alive: a stuck rollout is already visible.
  let result: ReconcileResult = undefined;
  const prog = (status.conditions as DeploymentCondition[]).find((c) => c.type === 'Progressing');
  if (prog && prog.status === 'True' && prog.reason !== 'NewReplicaSetAvailable') {
    const due = prog.lastUpdateTime + (d.spec.progressDeadlineSeconds ?? 600) * 1000 + 1000;
    if (s.deadlines.get(key) !== due) {
      s.deadlines.set(key, due);
      result = { requeueAfter: due - sim.now, background: true };
    }
  } else s.deadlines.delete(key);
  if (!canonicalEqual(stripTimes(status), stripTimes(d.status ?? {}))) writeStatus(ctx, d, status);
  return result;
}

function stripTimes(status: any): any {
  const s = deepClone(status);
  for (const c of s.conditions ?? []) {
    delete c.lastUpdateTime;
  }
  return s;
}

function writeStatus(ctx: Ctx, d: Deployment, status: any, annotations?: Record<string, string>): void {
  // The body shares the (frozen) stored object: the apiserver copies what it keeps of a status update.
  const next = { ...d, metadata: annotations ? { ...d.metadata, annotations } : d.metadata, status };
  const ready = `${status.readyReplicas ?? 0}/${d.spec.replicas ?? 1}`;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'Deployment',
      namespace: d.metadata.namespace,
      name: d.metadata.name,
      subresource: 'status',
      body: next,
    },
    { action: 'status' },
    {
      phase: 'status',
      summary: `Deployment controller: update ${d.metadata.name} status (ready ${ready}, available ${status.availableReplicas ?? 0}, ${(status.conditions ?? []).map((c: DeploymentCondition) => `${c.type}=${c.status}`).join(', ')})`,
      narration: {
        key: 'deployment.status',
        params: { deploy: d.metadata.name, ready, available: status.availableReplicas ?? 0 },
      },
    },
  );
}
