/**
 * What kube-scheduler's informers are told about (its registration with the apiserver's watch routing): every Pod
 * add and delete, a Pod's binding and its end, Node changes the scheduler reads (not heartbeats), the storage kinds
 * the volume plugins read, ReplicaSets and Services as they come and go (the spread and affinity plugins), and every
 * change of a PodDisruptionBudget (preemption).
 * Scheduling queue hints (pkg/scheduler/eventhandlers.go, framework/types.go ClusterEvent): a status-only Node update
 * that does not change readiness wakes nothing.
 */
import type { WatchType } from '../../messages';
import { canonicalEqual } from '../../objects/canonicalEqual';
import type { KObject } from '../../types';

export interface WatchFilter {
  (type: WatchType, obj: KObject, old: KObject | undefined): boolean;
}

export const schedulerWatches: WatchFilter = (type, obj, old) => {
  switch (obj.kind) {
    case 'Pod':
      if (type === 'ADDED') return true;
      if (type === 'DELETED') return true;
      if ((old?.spec?.nodeName ?? '') !== (obj.spec?.nodeName ?? '')) return true;
      return isTerminal(obj) && !isTerminal(old);
    case 'Node':
      return type !== 'MODIFIED' || !statusOnly(obj, old) || readyChanged(obj, old);
    case 'PersistentVolumeClaim':
    case 'PersistentVolume':
    case 'StorageClass':
      return true;
    case 'ReplicaSet':
    case 'Service':
      return type !== 'MODIFIED';
    // DefaultPreemption reads the budgets' disruptionsAllowed (the scheduler's PDB informer).
    case 'PodDisruptionBudget':
      return true;
    default:
      return false;
  }
};

function isTerminal(p: KObject | undefined): boolean {
  return p?.status?.phase === 'Succeeded' || p?.status?.phase === 'Failed';
}

/** Only status changed (spec, labels and deletion are the same): what a kubelet's status write looks like. */
export function statusOnly(obj: KObject, old: KObject | undefined): boolean {
  if (!old) return false;
  if (obj.spec === old.spec && obj.metadata.labels === old.metadata.labels)
    return obj.metadata.deletionTimestamp === old.metadata.deletionTimestamp;
  return (
    canonicalEqual(obj.spec ?? null, old.spec ?? null) &&
    obj.metadata.deletionTimestamp === old.metadata.deletionTimestamp &&
    canonicalEqual(obj.metadata.labels ?? null, old.metadata.labels ?? null)
  );
}

function readyChanged(obj: KObject, old: KObject | undefined): boolean {
  const ready = (n: KObject | undefined) =>
    (n?.status?.conditions as Array<{ type: string; status: string }> | undefined)?.find((c) => c.type === 'Ready')
      ?.status;
  return ready(obj) !== ready(old);
}
