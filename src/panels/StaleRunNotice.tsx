/**
 * "Manifest changed — Apply": once the learner edits the manifest, the diagram and narration still show the run of
 * the text applied before. Said above the stage, with the Apply that runs the new text, until it is applied (or the
 * edit undone).
 */
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../ui/Icon';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';

export function StaleRunNotice() {
  const t = useT();
  const api = useAppApi();
  const { stale, busy } = useApp(
    useShallow((s) => ({
      stale: !!s.session && s.session.yaml !== s.yaml,
      busy: s.status === 'simulating',
    })),
  );
  if (!stale) return null;
  return (
    <div className="stale-run" role="status" data-testid="manifest-changed">
      <span className="stale-run__text">{t('stale.text')}</span>
      <button
        type="button"
        className="btn btn--primary btn--small"
        disabled={busy}
        onClick={() =>
          void api
            .getState()
            .apply()
            .then(() => document.getElementById('stage')?.focus({ preventScroll: true }))
        }
      >
        <Icon name="apply" size={14} /> {t('editor.apply')}
      </button>
    </div>
  );
}
