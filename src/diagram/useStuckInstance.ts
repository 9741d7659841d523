/**
 * On a run's last step, the diagram instance where the journey stopped (the run's diagnosis, the one the verdict
 * states), so the diagram marks it; on every other step nothing, so the diagram never gives away the ending.
 */
import { useMemo } from 'react';
import { diagnoseAtCached, stuckInstance } from '../playback/diagnosis';
import { useCurrent } from '../ui/store/useCurrent';

export function useStuckInstance(): string | undefined {
  const { session, world, cursor } = useCurrent();
  const last = session ? session.run.steps.length - 1 : -2;
  return useMemo(() => {
    if (!session || !world || cursor !== last) return undefined;
    const stuck = diagnoseAtCached(session.run, world, cursor).stuck;
    return stuck ? stuckInstance(stuck, world) : undefined;
  }, [session, world, cursor, last]);
}
