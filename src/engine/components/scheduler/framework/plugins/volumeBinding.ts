/**
 * VolumeBinding (pkg/scheduler/framework/plugins/volumebinding/volume_binding.go, binder.go).
 * PreFilter (podHasPVCs + GetPodVolumeClaims): Skip without PVC volumes; a missing claim fails with the lister's
 * error (`persistentvolumeclaim "x" not found`); an unbound claim whose binding mode is Immediate (no class, a
 * class that does not exist, or an Immediate class) fails with "pod has unbound immediate
 * PersistentVolumeClaims" — both UnschedulableAndUnresolvable, since the PV controller, not eviction, fixes them.
 * Filter (FindPodVolumes): bound claims need their PV's node affinity to match; unbound WaitForFirstConsumer
 * claims need a matching available PV on the node or a class that can provision there.
 */
import type { KObject } from '../../../../types';
import {
  labelSelectorAsSelector,
  matchesNodeSelectorTerms,
  selectorMatches,
  type LabelSelector,
} from '../../../../objects/labels';
import type { NodeInfo, Snapshot } from '../nodeInfo';
import { quantityValue } from '../resource';
import type { CycleContext, Plugin } from '../plugin';
import { newStatus } from '../status';

const ERR_REASON_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';
const ERR_REASON_NODE_CONFLICT = 'node(s) had volume node affinity conflict';
const ERR_REASON_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind";
const ERR_REASON_PV_NOT_EXIST = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';

const ANN_BIND_COMPLETED = 'pv.kubernetes.io/bind-completed';
const NO_PROVISIONER = 'kubernetes.io/no-provisioner';

interface PodVolumeClaims {
  bound: KObject[];
  unboundDelayBinding: KObject[];
}

const STATE = 'PreFilterVolumeBinding';

function findPvc(s: Snapshot, ns: string, name: string): KObject | undefined {
  return (s.objects.pvcs ?? []).find((c) => c.metadata.name === name && (c.metadata.namespace ?? 'default') === ns);
}

function findPv(s: Snapshot, name: string): KObject | undefined {
  return (s.objects.pvs ?? []).find((v) => v.metadata.name === name);
}

function findClass(s: Snapshot, name: string): KObject | undefined {
  return (s.objects.storageClasses ?? []).find((c) => c.metadata.name === name);
}

/** storagehelpers.GetPersistentVolumeClaimClass */
function claimClass(pvc: KObject): string {
  if (pvc.spec?.storageClassName != null) return pvc.spec.storageClassName;
  return pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
}

function pvClass(pv: KObject): string {
  if (pv.spec?.storageClassName != null) return pv.spec.storageClassName;
  return pv.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? '';
}

/**
 * isPVCFullyBound: volumeName set and the bind-completed annotation present. Also accepts status.phase Bound, in
 * case the simulated PV controller does not write the annotation.
 */
function isFullyBound(pvc: KObject): boolean {
  if (!pvc.spec?.volumeName) return false;
  return pvc.metadata.annotations?.[ANN_BIND_COMPLETED] !== undefined || pvc.status?.phase === 'Bound';
}

/**
 * volume.IsDelayBindingMode. A missing class counts as Immediate (the claim then waits as "unbound immediate");
 * an unset volumeBindingMode (the apiserver defaults it to Immediate) is treated as Immediate too.
 */
function isDelayBinding(s: Snapshot, pvc: KObject): boolean {
  const name = claimClass(pvc);
  if (!name) return false;
  const sc = findClass(s, name);
  return sc?.volumeBindingMode === 'WaitForFirstConsumer';
}

/** ephemeral.VolumeClaimName */
function claimNameOf(pod: KObject, vol: any): { name: string; ephemeral: boolean } | undefined {
  if (vol?.persistentVolumeClaim) return { name: vol.persistentVolumeClaim.claimName, ephemeral: false };
  if (vol?.ephemeral) return { name: `${pod.metadata.name}-${vol.name}`, ephemeral: true };
  return undefined;
}

function nodeAffinityMatches(pv: KObject, node: NodeInfo): boolean {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!pv.spec?.nodeAffinity?.required) return true;
  return matchesNodeSelectorTerms(terms ?? [], { name: node.name, labels: node.labels });
}

function requestedStorage(pvc: KObject): number {
  return quantityValue('storage', pvc.spec?.resources?.requests?.storage);
}

/** pvutil.FindMatchingVolume (the parts a simulated cluster needs). */
function findMatchingVolume(s: Snapshot, pvc: KObject, node: NodeInfo, taken: Set<string>): KObject | undefined {
  const cls = claimClass(pvc);
  const want = requestedStorage(pvc);
  const modes: string[] = pvc.spec?.accessModes ?? [];
  const volumeMode = pvc.spec?.volumeMode ?? 'Filesystem';
  const sel = pvc.spec?.selector ? labelSelectorAsSelector(pvc.spec.selector as LabelSelector) : undefined;
  let best: KObject | undefined;
  let bestSize = Infinity;
  for (const pv of s.objects.pvs ?? []) {
    if (taken.has(pv.metadata.name)) continue;
    const ref = pv.spec?.claimRef;
    if (
      ref &&
      !(ref.name === pvc.metadata.name && (ref.namespace ?? 'default') === (pvc.metadata.namespace ?? 'default'))
    )
      continue;
    if (pv.status?.phase === 'Released' || pv.status?.phase === 'Failed') continue;
    if (pvClass(pv) !== cls) continue;
    if ((pv.spec?.volumeMode ?? 'Filesystem') !== volumeMode) continue;
    const pvModes: string[] = pv.spec?.accessModes ?? [];
    if (!modes.every((m) => pvModes.includes(m))) continue;
    if (sel !== undefined && !selectorMatches(sel, pv.metadata.labels)) continue;
    const size = quantityValue('storage', pv.spec?.capacity?.storage);
    if (size < want) continue;
    if (!nodeAffinityMatches(pv, node)) continue;
    // A PV pre-bound to this claim wins; otherwise the smallest that fits.
    if (ref) return pv;
    if (size < bestSize) {
      best = pv;
      bestSize = size;
    }
  }
  return best;
}

/** v1helper.MatchTopologySelectorTerms: no terms match everything; otherwise any term whose label values all match. */
function matchTopology(terms: any[] | undefined, labels: Record<string, string>): boolean {
  if (!terms || terms.length === 0) return true;
  for (const t of terms) {
    const exprs: any[] = t?.matchLabelExpressions ?? [];
    if (exprs.every((e) => labels[e.key] !== undefined && (e.values ?? []).includes(labels[e.key]))) return true;
  }
  return false;
}

interface VolumeDecisions {
  reasons: string[];
  bind: Array<{ claim: string; volume: string }>;
  provision: string[];
}

/** FindPodVolumes for one node. */
export function findPodVolumes(ctx: CycleContext, node: NodeInfo): VolumeDecisions {
  const st = ctx.state.get(STATE) as PodVolumeClaims | undefined;
  const out: VolumeDecisions = { reasons: [], bind: [], provision: [] };
  if (!st) return out;
  let boundSatisfied = true;
  let boundPVsFound = true;
  let unboundSatisfied = true;
  for (const pvc of st.bound) {
    const pv = findPv(ctx.snapshot, pvc.spec.volumeName);
    if (!pv) {
      boundPVsFound = false;
      continue;
    }
    if (!nodeAffinityMatches(pv, node)) boundSatisfied = false;
  }
  const taken = new Set<string>();
  for (const pvc of st.unboundDelayBinding) {
    const pv = findMatchingVolume(ctx.snapshot, pvc, node, taken);
    if (pv) {
      taken.add(pv.metadata.name);
      out.bind.push({ claim: pvc.metadata.name, volume: pv.metadata.name });
      continue;
    }
    // checkVolumeProvisions
    const sc = findClass(ctx.snapshot, claimClass(pvc));
    const provisioner = sc?.provisioner ?? '';
    if (!sc || !provisioner || provisioner === NO_PROVISIONER || !matchTopology(sc.allowedTopologies, node.labels)) {
      unboundSatisfied = false;
      continue;
    }
    out.provision.push(pvc.metadata.name);
  }
  if (!boundSatisfied) out.reasons.push(ERR_REASON_NODE_CONFLICT);
  if (!unboundSatisfied) out.reasons.push(ERR_REASON_BIND_CONFLICT);
  if (!boundPVsFound) out.reasons.push(ERR_REASON_PV_NOT_EXIST);
  return out;
}

export const volumeBinding: Plugin = {
  name: 'VolumeBinding',
  preFilter(ctx) {
    const pod = ctx.pod.pod;
    const ns = ctx.pod.namespace;
    const claims: PodVolumeClaims = { bound: [], unboundDelayBinding: [] };
    let hasPVC = false;
    let unboundImmediate = false;
    for (const vol of pod.spec?.volumes ?? []) {
      const ref = claimNameOf(pod, vol);
      if (!ref) continue;
      hasPVC = true;
      // podHasPVCs: the first problem with a claim ends PreFilter with its error text.
      const pvc = findPvc(ctx.snapshot, ns, ref.name);
      if (!pvc) {
        const msg = ref.ephemeral
          ? `waiting for ephemeral volume controller to create the persistentvolumeclaim "${ref.name}"`
          : `persistentvolumeclaim "${ref.name}" not found`;
        return { status: newStatus('UnschedulableAndUnresolvable', msg) };
      }
      if (pvc.status?.phase === 'Lost') {
        const msg = `persistentvolumeclaim "${pvc.metadata.name}" bound to non-existent persistentvolume "${pvc.spec?.volumeName ?? ''}"`;
        return { status: newStatus('UnschedulableAndUnresolvable', msg) };
      }
      if (pvc.metadata.deletionTimestamp != null) {
        const msg = `persistentvolumeclaim "${pvc.metadata.name}" is being deleted`;
        return { status: newStatus('UnschedulableAndUnresolvable', msg) };
      }
      if (isFullyBound(pvc)) claims.bound.push(pvc);
      else if (isDelayBinding(ctx.snapshot, pvc) && !pvc.spec?.volumeName) claims.unboundDelayBinding.push(pvc);
      // Prebound (volumeName set, not yet complete) claims count as unbound immediate, as in GetPodVolumeClaims.
      else unboundImmediate = true;
    }
    if (!hasPVC) return { status: newStatus('Skip') };
    if (unboundImmediate) return { status: newStatus('UnschedulableAndUnresolvable', ERR_REASON_UNBOUND_IMMEDIATE) };
    ctx.state.set(STATE, claims);
    return undefined;
  },
  filter(ctx, node) {
    const d = findPodVolumes(ctx, node);
    return d.reasons.length ? newStatus('UnschedulableAndUnresolvable', ...d.reasons) : undefined;
  },
};
