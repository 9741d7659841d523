/** The provider half of `useCurrent`: views inside it follow the current step once stepping pauses. */
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BURST_MS } from '../../playback/speed';
import { useApp } from './useApp';
import { currentOf, DeferredContext } from './useCurrent';

/**
 * How long the cursor rests before the views inside follow it: the end of a burst of steps (BURST_MS), so that
 * playback still updates them on every step and a held arrow key updates them once, when it is released.
 */
export const SETTLE_MS = BURST_MS;

/** Subscribes to the store once for everything inside, and hands it the current step when the cursor settles. */
export function DeferredCurrent({ children }: { children: ReactNode }) {
  const session = useApp((s) => s.session);
  const cursor = useApp((s) => s.cursor);
  const [shown, setShown] = useState({ session, cursor });
  useEffect(() => {
    if (shown.session === session && shown.cursor === cursor) return;
    const follow = () => startTransition(() => setShown({ session, cursor }));
    // A new run (apply, fork, branch switch) is shown at once; a step of the same run waits for the cursor to rest.
    if (shown.session !== session) {
      follow();
      return;
    }
    const timer = window.setTimeout(follow, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [session, cursor, shown]);
  const value = useMemo(() => currentOf(shown.session, shown.cursor), [shown]);
  return <DeferredContext.Provider value={value}>{children}</DeferredContext.Provider>;
}
