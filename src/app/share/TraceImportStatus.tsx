/**
 * A trace import's progress (with Cancel) and outcome. The Share dialog shows it; while the dialog is closed the
 * app shows it instead, so a large file that is still loading stays visible and cancellable.
 */
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../ui/i18n/translateContext';
import { useApp, useAppApi } from '../../ui/store/useApp';
import { cancelTraceImport } from './importTrace';
import { traceImportProgressText, traceImportResultText } from './traceImportText';

export function TraceImportStatus({ inDialog }: { inDialog: boolean }) {
  const t = useT();
  const api = useAppApi();
  const { progress, result } = useApp(useShallow((s) => ({ progress: s.traceImport, result: s.traceImportResult })));
  if (progress) {
    const measured = progress.phase !== 'parsing';
    return (
      <div className={inDialog ? 'import-status' : 'notice import-status'} data-testid="import-progress">
        <p role="status" aria-live="polite">
          {traceImportProgressText(t, progress)}
        </p>
        <progress
          aria-label={t('share.importTrace')}
          {...(measured ? { max: Math.max(1, progress.total), value: progress.done } : {})}
        />
        <div className="notice__actions">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            data-testid="import-cancel"
            onClick={() => cancelTraceImport(api)}
          >
            {t('share.importCancel')}
          </button>
        </div>
      </div>
    );
  }
  // Outside the dialog only a failure needs saying: a successful import shows itself.
  if (!result || (!inDialog && result.kind !== 'failed')) return null;
  return (
    <div className={inDialog ? 'import-status' : 'notice import-status'}>
      <p role="status" aria-live="polite" data-testid="import-result">
        {traceImportResultText(t, result)}
      </p>
      {!inDialog && (
        <div className="notice__actions">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => api.setState({ traceImportResult: null })}
          >
            {t('app.close')}
          </button>
        </div>
      )}
    </div>
  );
}
