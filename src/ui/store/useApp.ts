/**
 * Hooks into this app instance's store. Selectors must return primitives or stable references (zustand 5 loops
 * on selectors that build new objects; see TOOLCHAIN.md §9.12) — use useShallow for small tuples.
 */
import { useContext } from 'react';
import { useStore } from 'zustand';
import type { AppStore, AppStoreApi } from './createAppStore';
import { StoreContext } from './storeContext';

export function useAppApi(): AppStoreApi {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp outside <AppStoreProvider>');
  return store;
}

export function useApp<T>(selector: (s: AppStore) => T): T {
  return useStore(useAppApi(), selector);
}
