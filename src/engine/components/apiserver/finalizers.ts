import type { KObject } from '../../types';

/**
 * The finalizers whose controllers the simulation runs, so an object carrying one waits for its removal before it
 * is deleted. Others (pv-protection, kubernetes.io/pvc-protection …) are not enforced: nothing here would remove
 * them.
 */
const ENFORCED_FINALIZERS = new Set(['batch.kubernetes.io/job-tracking']);

/** Whether deleting the object must wait for a finalizer the simulation's controllers will remove. */
export function holdsFinalizer(o: KObject): boolean {
  const f = o.metadata.finalizers;
  if (!f) return false;
  for (const x of f) if (ENFORCED_FINALIZERS.has(x)) return true;
  return false;
}
