/**
 * The disruption controller (pkg/controller/disruption/disruption.go, v1.34): keeps each PodDisruptionBudget's
 * status — how many selected Pods are healthy (Ready), how many must be (`desiredHealthy`, from minAvailable or
 * maxUnavailable, an int or a percent of the owning controllers' scale), how many disruptions the eviction API may
 * still allow, and the DisruptionAllowed condition (component-helpers/apps/poddisruptionbudget/helpers.go). It
 * watches PDBs and Pods only (its Deployment, ReplicaSet, StatefulSet and ReplicationController informers are
 * listers without handlers), so a cluster without PDBs sees no request from it. Pods the eviction API has just
 * approved (`status.disruptedPods`) do not count as healthy until they are deleted or two minutes pass
 * (DeletionTimeout). Not modelled: the stale DisruptionTarget condition cleanup (stalePodDisruptionQueue) and the
 * generic scale subresource of custom resources.
 */
import { defineController, type ReconcileContext } from '../../../client/defineController';
import { labelSelectorAsSelector, selectorMatches } from '../../../objects/labels';
import { canonicalEqual } from '../../../objects/canonicalEqual';
import type { KObject } from '../../../types';
import { cacheKey, controllerOf } from '../objectKeys';
import { isPodReady } from '../replicaset/podHelpers';
import type { Pod } from '../../../objects/typed';
import {
  conditionsUpToDate,
  setCondition,
  withDisruptionAllowedCondition,
  type PdbStatus,
} from '../../../objects/podDisruptionBudget';

export type { PdbStatus } from '../../../objects/podDisruptionBudget';

/** DeletionTimeout: how long an approved eviction keeps a Pod out of currentHealthy while it is not deleted. */
const DELETION_TIMEOUT_MS = 2 * 60_000;

/** What a sync computed: the counts, or why they could not be computed (the `failSafe` path). */
type ExpectedCount =
  | { expectedCount: number; desiredHealthy: number; unmanagedPods: string[] }
  | { error: string; unmanagedPods: string[] };

/** The owners the disruption controller reads to learn a controller's scale (its listers). */
interface ScaleLookup {
  get(kind: string, namespace: string, name: string): KObject | undefined;
}

/** intstr.GetScaledValueFromIntOrPercent(v, total, roundUp=true); a string that is not a percent is an error. */
function scaledValue(v: unknown, total: number): number | { error: string } {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    if (!v.endsWith('%') || !/^-?\d+$/.test(v.slice(0, -1)))
      return { error: `invalid value for IntOrString: invalid type: string is not a percentage` };
    return Math.ceil((Number(v.slice(0, -1)) * total) / 100);
  }
  return 0;
}

/** The scale of the controller that owns `pod` (the finders: RC, Deployment, ReplicaSet, StatefulSet, scale). */
function controllerScale(
  ref: { kind: string; name: string; uid: string },
  namespace: string,
  owners: ScaleLookup,
): { uid: string; scale: number } | { error: string } | undefined {
  const replicas = (o: KObject) => (typeof o.spec?.replicas === 'number' ? o.spec.replicas : 1);
  switch (ref.kind) {
    case 'ReplicationController':
    case 'StatefulSet': {
      const o = owners.get(ref.kind, namespace, ref.name);
      return o && o.metadata.uid === ref.uid ? { uid: ref.uid, scale: replicas(o) } : undefined;
    }
    case 'ReplicaSet': {
      const rs = owners.get('ReplicaSet', namespace, ref.name);
      if (!rs || rs.metadata.uid !== ref.uid) return undefined;
      // getPodReplicaSet skips a ReplicaSet a Deployment controls; getPodDeployment answers with the Deployment.
      const dref = controllerOf(rs);
      if (dref?.kind !== 'Deployment') return { uid: rs.metadata.uid!, scale: replicas(rs) };
      const d = owners.get('Deployment', namespace, dref.name);
      return d && d.metadata.uid === dref.uid ? { uid: dref.uid, scale: replicas(d) } : undefined;
    }
    case 'DaemonSet':
      return { error: 'daemonsets.apps does not implement the scale subresource' };
    case 'Job':
      return { error: 'jobs.batch does not implement the scale subresource' };
    default:
      return undefined;
  }
}

/** getExpectedScale: the sum of the scales of the controllers of the selected Pods. */
function expectedScale(
  pods: Pod[],
  owners: ScaleLookup,
): { expectedCount: number; unmanagedPods: string[] } | { error: string; unmanagedPods: string[] } {
  const scales = new Map<string, number>();
  const unmanagedPods: string[] = [];
  for (const pod of pods) {
    const ref = controllerOf(pod);
    if (!ref) {
      unmanagedPods.push(pod.metadata.name);
      continue;
    }
    if (scales.has(ref.uid)) continue;
    const found = controllerScale(ref, pod.metadata.namespace ?? 'default', owners);
    if (found && 'error' in found) return { error: found.error, unmanagedPods };
    if (!found) return { error: `found no controllers for pod "${pod.metadata.name}"`, unmanagedPods };
    scales.set(found.uid, found.scale);
  }
  let expectedCount = 0;
  for (const n of scales.values()) expectedCount += n;
  return { expectedCount, unmanagedPods };
}

/** getExpectedPodCount: expectedPods and desiredHealthy from maxUnavailable, or minAvailable as an int or percent. */
export function expectedPodCount(pdb: KObject, pods: Pod[], owners: ScaleLookup): ExpectedCount {
  const { minAvailable, maxUnavailable } = pdb.spec ?? {};
  if (maxUnavailable !== undefined && maxUnavailable !== null) {
    const scale = expectedScale(pods, owners);
    if ('error' in scale) return scale;
    const max = scaledValue(maxUnavailable, scale.expectedCount);
    if (typeof max !== 'number') return { ...max, unmanagedPods: scale.unmanagedPods };
    return { ...scale, desiredHealthy: Math.max(0, scale.expectedCount - max) };
  }
  if (typeof minAvailable === 'number')
    return { expectedCount: pods.length, desiredHealthy: minAvailable, unmanagedPods: [] };
  if (typeof minAvailable === 'string') {
    const scale = expectedScale(pods, owners);
    if ('error' in scale) return scale;
    const min = scaledValue(minAvailable, scale.expectedCount);
    if (typeof min !== 'number') return { ...min, unmanagedPods: scale.unmanagedPods };
    return { ...scale, desiredHealthy: min };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}

/**
 * buildDisruptedPodMap: the approved evictions still expected (Pods not yet being deleted, within DeletionTimeout),
 * and when the next one expires; `notDeleted` names the Pods whose deletion never came (a NotDeleted Event each).
 */
function disruptedPodMap(
  pods: Pod[],
  disrupted: Record<string, number> | undefined,
  now: number,
): { map: Record<string, number>; recheckAt?: number; notDeleted: string[] } {
  const map: Record<string, number> = {};
  const notDeleted: string[] = [];
  let recheckAt: number | undefined;
  if (!disrupted) return { map, notDeleted };
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp !== undefined) continue;
    const at = disrupted[pod.metadata.name];
    if (at === undefined) continue;
    const expected = at + DELETION_TIMEOUT_MS;
    if (expected < now) notDeleted.push(pod.metadata.name);
    else {
      if (recheckAt === undefined || expected < recheckAt) recheckAt = expected;
      map[pod.metadata.name] = at;
    }
  }
  return { map, recheckAt, notDeleted };
}

/** countHealthyPods: Ready Pods that are neither being deleted nor approved for eviction. */
export function countHealthyPods(pods: Pod[], disrupted: Record<string, number>, now: number): number {
  let n = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp !== undefined) continue;
    const at = disrupted[pod.metadata.name];
    if (at !== undefined && at + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) n++;
  }
  return n;
}

function sameMap(a: Record<string, number> | undefined, b: Record<string, number>): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b).length && ka.every((k) => a![k] === b[k]);
}

/** The Pods a PDB selects (getPodsForPdb: in its namespace; in policy/v1 an empty selector selects every Pod). */
function podsForPdb(pdb: KObject, podsInNamespace: Pod[]): Pod[] {
  const sel = labelSelectorAsSelector(pdb.spec?.selector);
  return podsInNamespace.filter((p) => selectorMatches(sel, p.metadata.labels));
}

/** The PDBs whose selector picks a Pod (the PDB lister's GetPodPodDisruptionBudgets); none for a Pod without labels. */
function pdbsForPod(pod: KObject, pdbs: KObject[]): KObject[] {
  const labels = pod.metadata.labels;
  if (!labels || Object.keys(labels).length === 0) return [];
  return pdbs.filter((pdb) => selectorMatches(labelSelectorAsSelector(pdb.spec?.selector), labels));
}

type Ctx = ReconcileContext<Record<string, never>>;

function writeStatus(ctx: Ctx, pdb: KObject, status: PdbStatus, why: string): void {
  const name = pdb.metadata.name;
  ctx.request(
    {
      verb: 'update',
      resourceKind: 'PodDisruptionBudget',
      namespace: pdb.metadata.namespace,
      name,
      subresource: 'status',
      body: { ...pdb, status } as KObject,
    },
    {},
    {
      summary: `Disruption controller: PodDisruptionBudget ${name} ${why}`,
      narration: {
        key: 'disruption.status',
        params: {
          pdb: name,
          healthy: status.currentHealthy,
          desired: status.desiredHealthy,
          expected: status.expectedPods,
          allowed: status.disruptionsAllowed,
        },
      },
    },
  );
}

export const disruptionController = defineController<Record<string, never>>({
  name: 'disruption',
  eventSource: 'controllermanager',
  watches: ['PodDisruptionBudget', 'Pod'],
  initialState: () => ({}),

  keysFor(ev, { kcm }) {
    const o = ev.object;
    if (o.kind === 'PodDisruptionBudget') return [cacheKey(o.metadata.namespace, o.metadata.name)];
    if (o.kind !== 'Pod') return [];
    // addPod / updatePod / deletePod: the Pod's PDB (getPdbForPod takes the first when several match), and on an
    // update whose labels changed, the old labels' PDB too.
    const pdbs = kcm.listIn('PodDisruptionBudget', o.metadata.namespace) as KObject[];
    if (pdbs.length === 0) return [];
    const keys: string[] = [];
    const first = pdbsForPod(o, pdbs)[0];
    if (first) keys.push(cacheKey(first.metadata.namespace, first.metadata.name));
    if (ev.old && ev.old.metadata.labels !== o.metadata.labels) {
      const before = pdbsForPod(ev.old, pdbs)[0];
      const key = before && cacheKey(before.metadata.namespace, before.metadata.name);
      if (key && !keys.includes(key)) keys.push(key);
    }
    return keys;
  },

  // getPdbForPod, run by every Pod handler: a Pod that several budgets select gets a Warning naming the one chosen.
  onWatch(ev, ctx) {
    const o = ev.object;
    if (o.kind !== 'Pod') return;
    const pdbs = pdbsForPod(o, ctx.kcm.listIn('PodDisruptionBudget', o.metadata.namespace) as KObject[]);
    if (pdbs.length < 2) return;
    const ns = o.metadata.namespace ?? 'default';
    ctx.event({
      type: 'Warning',
      reason: 'MultiplePodDisruptionBudgets',
      message: `Pod "${ns}"/"${o.metadata.name}" matches multiple PodDisruptionBudgets.  Chose "${pdbs[0]!.metadata.name}" arbitrarily.`,
      involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: ns, name: o.metadata.name, uid: o.metadata.uid },
    });
  },

  reconcile(ctx) {
    const { kcm, sim, key } = ctx;
    const [ns, name] = key.split('/') as [string, string];
    const pdb = kcm.get('PodDisruptionBudget', ns, name) as KObject | undefined;
    if (!pdb) return;
    const ref = {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      namespace: ns,
      name,
      uid: pdb.metadata.uid,
    };
    const pods = podsForPdb(pdb, kcm.listIn('Pod', ns) as Pod[]);
    if (pods.length === 0)
      ctx.event({ type: 'Normal', reason: 'NoPods', message: 'No matching pods found', involvedObject: ref });
    const counted = expectedPodCount(pdb, pods, { get: (k, n, o) => kcm.get(k, n, o) as KObject | undefined });
    const old = (pdb.status ?? {}) as Partial<PdbStatus>;
    if ('error' in counted) {
      // trySync failed: CalculateExpectedPodCountFailed, then failSafe — no disruption allowed, SyncFailed.
      const message = `Failed to calculate the number of expected pods: ${counted.error}`;
      ctx.event({ type: 'Warning', reason: 'CalculateExpectedPodCountFailed', message, involvedObject: ref });
      const status: PdbStatus = {
        ...(old as PdbStatus),
        disruptionsAllowed: 0,
        currentHealthy: old.currentHealthy ?? 0,
        desiredHealthy: old.desiredHealthy ?? 0,
        expectedPods: old.expectedPods ?? 0,
        conditions: setCondition(
          old.conditions ?? [],
          {
            type: 'DisruptionAllowed',
            status: 'False',
            reason: 'SyncFailed',
            message: counted.error,
            observedGeneration: old.observedGeneration,
          },
          sim.now,
        ),
      };
      // failSafe's update succeeding ends the sync without an error (no back-off); an update that changes nothing
      // is no write at all (GuaranteedUpdate short-circuits), so it does not wake this controller again.
      if (!canonicalEqual(status, old))
        writeStatus(ctx, pdb, status, `cannot be computed (${counted.error}): no disruption allowed`);
      return;
    }
    if (counted.unmanagedPods.length > 0)
      ctx.event({
        type: 'Warning',
        reason: 'UnmanagedPods',
        message: `Pods selected by this PodDisruptionBudget (selector: ${selectorText(pdb)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
        involvedObject: ref,
      });
    const disrupted = disruptedPodMap(pods, old.disruptedPods, sim.now);
    for (const pod of disrupted.notDeleted)
      ctx.event({
        type: 'Warning',
        reason: 'NotDeleted',
        // The upstream format string names the PDB's namespace twice (pdb.Namespace, pdb.Namespace).
        message: `Pod was expected by PDB ${ns}/${ns} to be deleted but it wasn't`,
        involvedObject: { apiVersion: 'v1', kind: 'Pod', namespace: ns, name: pod },
      });
    const currentHealthy = countHealthyPods(pods, disrupted.map, sim.now);
    const { expectedCount, desiredHealthy } = counted;
    // updatePdbStatus: no disruption while the PDB expects no Pods (its first Pods may not be counted yet).
    let disruptionsAllowed = currentHealthy - desiredHealthy;
    if (expectedCount <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
    const generation = pdb.metadata.generation;
    // enqueuePdbForRecheck: a background deadline, so a run does not wait two minutes for a check that finds nothing.
    const requeue =
      disrupted.recheckAt !== undefined ? { requeueAfter: disrupted.recheckAt - sim.now, background: true } : undefined;
    if (
      old.currentHealthy === currentHealthy &&
      old.desiredHealthy === desiredHealthy &&
      old.expectedPods === expectedCount &&
      old.disruptionsAllowed === disruptionsAllowed &&
      sameMap(old.disruptedPods, disrupted.map) &&
      old.observedGeneration === generation &&
      conditionsUpToDate(pdb)
    )
      return requeue;
    const status = withDisruptionAllowedCondition(
      {
        ...(Object.keys(disrupted.map).length ? { disruptedPods: disrupted.map } : {}),
        currentHealthy,
        desiredHealthy,
        expectedPods: expectedCount,
        disruptionsAllowed,
        observedGeneration: generation,
        conditions: old.conditions,
      },
      sim.now,
    );
    writeStatus(
      ctx,
      pdb,
      status,
      `has ${currentHealthy} healthy of ${expectedCount} expected Pods and needs ${desiredHealthy}: ${disruptionsAllowed} disruption(s) allowed`,
    );
    return requeue;
  },
});

/** The selector as `%v` prints a *metav1.LabelSelector: `&LabelSelector{MatchLabels:map[string]string{app: web,},…}`. */
function selectorText(pdb: KObject): string {
  const sel = pdb.spec?.selector ?? {};
  const labels = Object.keys(sel.matchLabels ?? {})
    .sort()
    .map((k) => `${k}: ${sel.matchLabels[k]},`)
    .join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labels}},MatchExpressions:[]LabelSelectorRequirement{},}`;
}
