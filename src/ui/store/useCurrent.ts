/**
 * The current step and the world after it: what every synchronized view renders.
 *
 * Views that answer a key press (diagram, narration, playback bar) read it live. The inspectors and the editor
 * read it through `<DeferredCurrent>`: they follow once the cursor has rested for `SETTLE_MS`, in an interruptible
 * transition, so a step's key press is not held up by YAML dumps, tables, `kubectl` answers and Monaco re-rendering
 * its source-line highlight, nor is the next press's frame; a burst of presses updates them once, at the end.
 */
import { createContext, useContext, useMemo } from 'react';
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

export function currentOf(session: Session | null, cursor: number): Current {
  if (!session || cursor < 0) return { session, cursor, step: undefined, world: undefined };
  return { session, cursor, step: session.run.steps[cursor], world: session.worlds.at(cursor) };
}

/** What `<DeferredCurrent>` hands to the views inside it (null outside one). */
export const DeferredContext = createContext<Current | null>(null);

export function useCurrent(): Current {
  const deferred = useContext(DeferredContext);
  // Inside <DeferredCurrent> the selectors return constants, so a step re-renders nothing here until the
  // provider's deferred pass changes the context.
  const session = useApp((s) => (deferred ? null : s.session));
  const cursor = useApp((s) => (deferred ? -1 : s.cursor));
  const live = useMemo(() => currentOf(session, cursor), [session, cursor]);
  return deferred ?? live;
}
