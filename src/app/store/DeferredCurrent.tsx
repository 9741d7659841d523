/** The provider half of `useCurrent`: views inside it follow the current step once stepping pauses. */
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApp } from './useApp';
import { currentOf, DeferredContext } from './useCurrent';

/**
 * How long the cursor rests before the views inside follow it. Below the shortest dwell while playing (117 ms:
 * a background step at 4×), so playback still updates them on every step; above the interval of a held arrow
 * key (~33 ms), so a burst of presses updates them once, when it ends.
 */
export const SETTLE_MS = 90;

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
