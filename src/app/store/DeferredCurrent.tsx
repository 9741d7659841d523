/** The provider half of `useCurrent`: views inside it get the current step one (interruptible) render late. */
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useApp } from './useApp';
import { currentOf, DeferredContext } from './useCurrent';

/** Subscribes to the store once for everything inside, and hands it the current step one render late. */
export function DeferredCurrent({ children }: { children: ReactNode }) {
  const session = useApp((s) => s.session);
  const cursor = useApp((s) => s.cursor);
  const deferred = useDeferredValue(useMemo(() => ({ session, cursor }), [session, cursor]));
  const value = useMemo(() => currentOf(deferred.session, deferred.cursor), [deferred]);
  return <DeferredContext.Provider value={value}>{children}</DeferredContext.Provider>;
}
