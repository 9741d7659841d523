/** Autosave the manifest draft (and which example it came from) in this browser; remember the dismissed intro. */
import { useEffect } from 'react';
import { DRAFT_KEY, INTRO_KEY } from './bootstrap';
import type { AppStoreApi } from './store/createAppStore';

export function usePersistence(store: AppStoreApi, storage: Storage | null): void {
  useEffect(() => {
    if (!storage) return;
    let timer: number | undefined;
    const save = () => {
      const { yaml, scenarioId } = store.getState();
      try {
        storage.setItem(DRAFT_KEY, JSON.stringify({ yaml, scenarioId }));
      } catch {
        // Quota or privacy mode: the draft simply is not kept.
      }
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.yaml !== prev.yaml || s.scenarioId !== prev.scenarioId) {
        window.clearTimeout(timer);
        timer = window.setTimeout(save, 300);
      }
      if (!s.introOpen && prev.introOpen) {
        try {
          storage.setItem(INTRO_KEY, '1');
        } catch {
          // ignore
        }
      }
    });
    const flush = () => {
      window.clearTimeout(timer);
      save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      window.clearTimeout(timer);
    };
  }, [store, storage]);
}
