import { createContext } from 'react';
import type { AppStoreApi } from './createAppStore';

export const StoreContext = createContext<AppStoreApi | null>(null);
