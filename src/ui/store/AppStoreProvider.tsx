import { useState, type ReactNode } from 'react';
import { createAppStore, type InitialState, type StoreDeps } from './createAppStore';
import { StoreContext } from './storeContext';

/** Creates this instance's store once; `deps` and `initial` are read on first render only. */
export function AppStoreProvider({
  deps,
  initial,
  children,
}: {
  deps: StoreDeps;
  initial?: InitialState;
  children: ReactNode;
}) {
  const [store] = useState(() => createAppStore(deps, initial));
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}
