/**
 * "Nothing typed is lost": the question before an import or an example replaces unsaved edits ("Keep
 * my edits" is the default), the undo notice after a replacement, the notice when another tab saved a different
 * draft, and the warning when the browser refused to save the draft.
 */
import { useShallow } from 'zustand/react/shallow';
import { Modal } from './Modal';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';

export function DraftNotices() {
  const t = useT();
  const api = useAppApi();
  const { pending, replaced, conflict, saveError, hasPrevious } = useApp(
    useShallow((s) => ({
      pending: s.pendingReplace?.reason ?? null,
      replaced: s.draftReplaced,
      conflict: !!s.draftConflict,
      saveError: s.draftSaveError,
      hasPrevious: !!s.previousDraft,
    })),
  );
  const s = () => api.getState();
  return (
    <>
      {pending && (
        <Modal title={t('draft.replace.title')} onClose={() => s().answerReplace(false)}>
          <p>{t(`draft.replace.body.${pending}`)}</p>
          <p>{t('draft.replace.after')}</p>
          <div className="notice__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="replace-keep"
              data-autofocus
              onClick={() => s().answerReplace(false)}
            >
              {t('draft.replace.keep')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              data-testid="replace-confirm"
              onClick={() => s().answerReplace(true)}
            >
              {t('draft.replace.confirm')}
            </button>
          </div>
        </Modal>
      )}
      {replaced && hasPrevious && (
        <div className="notice" role="status" data-testid="draft-replaced">
          {t('draft.replaced')}
          <div className="notice__actions">
            <button
              type="button"
              className="btn btn--primary btn--small"
              data-testid="draft-undo"
              onClick={() => s().restorePreviousDraft()}
            >
              {t('draft.restore')}
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => s().dismissDraftReplaced()}>
              {t('app.close')}
            </button>
          </div>
        </div>
      )}
      {conflict && (
        <div className="notice" role="status" data-testid="draft-conflict">
          {t('draft.conflict')}
          <div className="notice__actions">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="draft-conflict-load"
              onClick={() => s().resolveDraftConflict('load')}
            >
              {t('draft.conflict.load')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="draft-conflict-keep"
              onClick={() => s().resolveDraftConflict('keep')}
            >
              {t('draft.conflict.keep')}
            </button>
          </div>
        </div>
      )}
      {saveError && (
        <div className="notice" role="status" aria-live="polite" data-testid="draft-save-error">
          {saveError.quota ? t('draft.saveFailed.quota', { size: saveError.mb.toFixed(1) }) : t('draft.saveFailed')}
        </div>
      )}
    </>
  );
}
