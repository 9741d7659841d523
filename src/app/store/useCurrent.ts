/** The current step and the world after it: what every synchronized view renders. */
import { useMemo } from 'react';
import type { WorldState } from '../../engine/api';
import type { Step } from '../../engine/types';
import type { Session } from './createAppStore';
import { useApp } from './useApp';

export interface Current {
  session: Session | null;
  cursor: number;
  step: Step | undefined;
  world: WorldState | undefined;
}

export function useCurrent(): Current {
  const session = useApp((s) => s.session);
  const cursor = useApp((s) => s.cursor);
  return useMemo(() => {
    if (!session || cursor < 0) return { session, cursor, step: undefined, world: undefined };
    return { session, cursor, step: session.run.steps[cursor], world: session.worlds.at(cursor) };
  }, [session, cursor]);
}
