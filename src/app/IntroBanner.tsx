import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';

/** First-visit explanation; dismissal is remembered in localStorage (see usePersistence). */
export function IntroBanner() {
  const t = useT();
  const api = useAppApi();
  const open = useApp((s) => s.introOpen);
  if (!open) return null;
  return (
    <aside className="intro" aria-labelledby="intro-title">
      <div className="intro__body">
        <h2 id="intro-title">{t('app.intro.title')}</h2>
        <p>{t('app.intro.body')}</p>
      </div>
      <button type="button" className="btn btn--primary btn--small" onClick={() => api.getState().setIntroOpen(false)}>
        {t('app.intro.dismiss')}
      </button>
    </aside>
  );
}
