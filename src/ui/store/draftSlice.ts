/**
 * "Nothing typed is lost": the store's side of drafts. Replacing unsaved editor work (an import, an
 * example, a link) waits for the learner's answer; a replaced draft is kept as the previous draft (persisted by
 * usePersistence) and can be restored; a different draft saved by another tab is a conflict to resolve, not a
 * silent overwrite.
 */
import type { Draft } from './draft';
import { hasUnsavedWork } from './unsavedWork';
import type { GetState, SetState } from './sliceTypes';

type ReplaceReason = 'import' | 'example';

export interface DraftState {
  /** The draft replaced last, restorable (it survives a reload). */
  previousDraft: Draft | null;
  /** A replacement waiting for the learner's answer. */
  pendingReplace: { reason: ReplaceReason; proceed(): void } | null;
  /** Show the undo notice of a replacement that just happened. */
  draftReplaced: boolean;
  /** The different draft another tab saved while this one had unsaved edits. */
  draftConflict: Draft | null;
  /** The last autosave failed: `quota` when the browser's storage was full, with the draft's size. */
  draftSaveError: { quota: boolean; mb: number } | null;
}

export interface DraftActions {
  /** Run `proceed` (which replaces the editor's text) now, or after asking when there is unsaved work. */
  replaceWork(reason: ReplaceReason, proceed: () => void): void;
  /** The learner's answer: replace (the current text becomes the previous draft) or keep the edits. */
  answerReplace(replace: boolean): void;
  /** Keep `draft` (default: the editor's text) as the previous draft and offer to undo. */
  stashDraft(draft?: Draft): void;
  /** Swap the editor's text with the previous draft, so that restoring is itself undoable. */
  restorePreviousDraft(): void;
  dismissDraftReplaced(): void;
  /** Load the other tab's draft (this one becomes the previous draft) or keep this one (the other's does). */
  resolveDraftConflict(choice: 'load' | 'keep'): void;
  setDraftSaveError(error: DraftState['draftSaveError']): void;
}

type Set = SetState;
type Get = GetState;

export function draftSlice(set: Set, get: Get, previousDraft: Draft | null = null): DraftState & DraftActions {
  const current = (): Draft => ({ yaml: get().yaml, scenarioId: get().scenarioId });
  return {
    previousDraft,
    pendingReplace: null,
    draftReplaced: false,
    draftConflict: null,
    draftSaveError: null,

    replaceWork: (reason, proceed) => {
      if (get().embed || !hasUnsavedWork(get())) proceed();
      else set({ pendingReplace: { reason, proceed } });
    },
    answerReplace: (replace) => {
      const pending = get().pendingReplace;
      set({ pendingReplace: null });
      if (!pending || !replace) return;
      get().stashDraft();
      pending.proceed();
    },
    stashDraft: (draft = current()) => set({ previousDraft: draft, draftReplaced: true }),
    restorePreviousDraft: () => {
      const previous = get().previousDraft;
      if (!previous) return;
      set({ previousDraft: current(), yaml: previous.yaml, scenarioId: previous.scenarioId, draftReplaced: false });
    },
    dismissDraftReplaced: () => set({ draftReplaced: false }),
    resolveDraftConflict: (choice) => {
      const other = get().draftConflict;
      if (!other) return;
      if (choice === 'load') {
        set({ draftConflict: null, previousDraft: current(), draftReplaced: true });
        set({ yaml: other.yaml, scenarioId: other.scenarioId });
      } else {
        set({ draftConflict: null, previousDraft: other });
      }
    },
    setDraftSaveError: (draftSaveError) => set({ draftSaveError }),
  };
}
