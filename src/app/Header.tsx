import { useShallow } from 'zustand/react/shallow';
import { KUBERNETES_VERSION } from '../engine/api';
import { HeaderExtras } from './HeaderExtras';
import { Icon } from '../ui/Icon';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import type { CenterView } from '../ui/store/createAppStore';

const VIEWS: CenterView[] = ['diagram', 'sequence'];

export function Header() {
  const t = useT();
  const api = useAppApi();
  const { centerView, introOpen } = useApp(useShallow((s) => ({ centerView: s.centerView, introOpen: s.introOpen })));
  return (
    <header className="header">
      <div className="brand">
        <Logo />
        <h1 className="brand__name">{t('app.name')}</h1>
        <span className="brand__version">{t('app.version', { version: KUBERNETES_VERSION })}</span>
        <span className="brand__tagline">{t('app.tagline')}</span>
      </div>
      <nav className="header__actions" aria-label={t('app.name')}>
        <div className="segmented" role="radiogroup" aria-label={t('app.centerView')}>
          {VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={centerView === v}
              className={centerView === v ? 'is-selected' : ''}
              onClick={() => api.getState().setCenterView(v)}
            >
              {v === 'diagram' ? t('app.viewDiagram') : t('app.viewSequence')}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn--ghost" onClick={() => api.getState().setDialog('gallery')}>
          <Icon name="grid" size={16} /> {t('app.examples')}
        </button>
        <HeaderExtras />
        {!introOpen && (
          <button
            type="button"
            className="icon-btn icon-btn--quiet"
            aria-label={t('app.intro.show')}
            title={t('app.intro.show')}
            onClick={() => api.getState().setIntroOpen(true)}
          >
            <Icon name="info" />
          </button>
        )}
        <button
          type="button"
          className="icon-btn icon-btn--quiet"
          aria-label={t('app.help')}
          title={`${t('app.help')} (?)`}
          onClick={() => api.getState().setDialog('help')}
        >
          <Icon name="help" />
        </button>
      </nav>
    </header>
  );
}

/** A Pod (rounded square) on its journey (an arc with a dot). */
function Logo() {
  return (
    <svg className="brand__logo" width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
      <rect x="2" y="2" width="28" height="28" rx="8" fill="var(--c-kube-apiserver)" />
      <path
        d="M8 21c3-8 13-8 16 0"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeDasharray="0.1 4.2"
      />
      <circle cx="24" cy="21" r="3.2" fill="#fff" />
      <rect x="6" y="18" width="6" height="6" rx="1.6" fill="#bfd3ff" />
    </svg>
  );
}
