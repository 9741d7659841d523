import { scenarioLessonKey, scenarioTitleKey } from '../i18n/scenarioText';
import { SCENARIOS } from '../scenarios';
import { Modal } from './Modal';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';

/**
 * Every built-in scenario (title + lesson); loading one replaces the editor text and runs it, after asking when
 * the editor holds unsaved edits (DraftNotices).
 */
export function GalleryDialog() {
  const t = useT();
  const api = useAppApi();
  const current = useApp((s) => s.scenarioId);
  const families = [...new Set(SCENARIOS.map((s) => s.family))];
  return (
    <Modal title={t('app.gallery.title')} onClose={() => api.getState().setDialog(null)} wide>
      <p className="hint">{t('app.gallery.intro')}</p>
      {families.map((f) => (
        <section key={f} className="gallery__family">
          <h3>{t(`app.gallery.family.${f}`)}</h3>
          <ul className="gallery">
            {SCENARIOS.filter((s) => s.family === f).map((s) => (
              <li key={s.id} className={`gallery__card${s.id === current ? ' is-current' : ''}`}>
                <h4>{t(scenarioTitleKey(s.id))}</h4>
                <p>{t(scenarioLessonKey(s.id))}</p>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => api.getState().replaceWork('example', () => void api.getState().loadScenario(s.id))}
                  aria-label={`${t('app.gallery.load')}: ${t(scenarioTitleKey(s.id))}`}
                >
                  {t('app.gallery.load')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Modal>
  );
}
