import type { AppStore } from './createAppStore';

/** What every slice is built from: the store's `set` and `get` (zustand's, narrowed to the whole store). */
export type SetState = (partial: Partial<AppStore>) => void;
export type GetState = () => AppStore;
