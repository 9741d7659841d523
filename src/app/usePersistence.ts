/**
 * Autosave the manifest draft (and which example it came from) in this browser; remember the dismissed intro.
 * "Nothing typed is lost": the draft is flushed whenever the page may go away (pagehide, beforeunload,
 * hidden), a refused save is said out loud, the previous draft is kept, and two tabs never silently overwrite each
 * other's draft: when DRAFT_KEY holds a different draft this tab did not write, this tab's goes to
 * CONFLICT_DRAFT_KEY and the learner chooses (DraftNotices).
 */
import { useEffect } from 'react';
import { CONFLICT_DRAFT_KEY, DRAFT_KEY, INTRO_KEY, PREVIOUS_DRAFT_KEY, parseDraft } from './bootstrap';
import { isPristine } from '../ui/store/draft';
import type { AppStoreApi } from '../ui/store/createAppStore';
import { hasUnsavedWork } from '../ui/store/unsavedWork';

export function usePersistence(store: AppStoreApi, storage: Storage | null): void {
  useEffect(() => {
    if (!storage) return;
    let timer: number | undefined;
    const read = (key: string): string | null => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    };
    /** DRAFT_KEY as this tab last read or wrote it: anything else there was written by another tab. */
    let known = read(DRAFT_KEY);

    const write = (key: string, value: string | null): boolean => {
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, value);
        return true;
      } catch (err) {
        const quota = err instanceof DOMException && (err.name === 'QuotaExceededError' || err.code === 22);
        store.getState().setDraftSaveError({ quota, mb: new Blob([value ?? '']).size / (1024 * 1024) });
        return false;
      }
    };

    const save = () => {
      window.clearTimeout(timer);
      timer = undefined;
      const s = store.getState();
      if (!s.draftConflict) {
        const stored = read(DRAFT_KEY);
        const other = stored !== known ? parseDraft(stored) : null;
        // Another tab's unsaved draft, written after this tab last looked: keep it, save this one beside it.
        if (other && other.yaml !== s.yaml && !isPristine(other)) {
          store.setState({ draftConflict: other });
        }
      }
      const { yaml, scenarioId, draftConflict } = store.getState();
      const json = JSON.stringify({ yaml, scenarioId });
      const key = draftConflict ? CONFLICT_DRAFT_KEY : DRAFT_KEY;
      if (!write(key, json)) return;
      if (key === DRAFT_KEY) known = json;
      if (store.getState().draftSaveError) store.getState().setDraftSaveError(null);
    };

    const unsubscribe = store.subscribe((s, prev) => {
      if (s.yaml !== prev.yaml || s.scenarioId !== prev.scenarioId) {
        window.clearTimeout(timer);
        timer = window.setTimeout(save, 300);
      }
      if (s.previousDraft !== prev.previousDraft)
        write(PREVIOUS_DRAFT_KEY, s.previousDraft ? JSON.stringify(s.previousDraft) : null);
      if (!s.draftConflict && prev.draftConflict) {
        // Resolved: the chosen draft takes DRAFT_KEY (the other one is the previous draft now).
        write(CONFLICT_DRAFT_KEY, null);
        known = read(DRAFT_KEY);
        save();
      }
      if (!s.introOpen && prev.introOpen) write(INTRO_KEY, '1');
    });

    const onStorage = (e: StorageEvent) => {
      if (e.storageArea !== storage || e.key !== DRAFT_KEY) return;
      const other = parseDraft(e.newValue);
      const s = store.getState();
      if (!other || other.yaml === s.yaml) {
        known = e.newValue;
        if (other && s.draftConflict) store.setState({ draftConflict: null });
        return;
      }
      if (isPristine(other)) {
        known = e.newValue;
        return;
      }
      // Without unsaved edits here there is nothing to decide yet; this tab's next save notices the other draft.
      if (!hasUnsavedWork(s)) return;
      store.setState({ draftConflict: other });
      save();
    };

    const flush = () => {
      if (timer !== undefined) save();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', onHidden);
      window.clearTimeout(timer);
    };
  }, [store, storage]);
}
