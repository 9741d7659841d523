import { useShallow } from 'zustand/react/shallow';
import { KUBERNETES_VERSION } from '../engine/api';
import { HeaderExtras } from './HeaderExtras';
import { Icon } from '../ui/Icon';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import type { CenterView } from '../ui/store/createAppStore';

const VIEWS: Array<CenterView | 'story'> = ['diagram', 'sequence', 'story'];
const VIEW_LABELS = { diagram: 'app.viewDiagram', sequence: 'app.viewSequence', story: 'app.viewStory' } as const;

export function Header() {
  const t = useT();
  const api = useAppApi();
  const { centerView, introOpen, story } = useApp(
    useShallow((s) => ({ centerView: s.centerView, introOpen: s.introOpen, story: s.layoutView === 'story' })),
  );
  // Diagram and Sequence are views of the stage; Story (the whole run as a transcript) replaces the layout.
  const choose = (v: CenterView | 'story') => {
    const s = api.getState();
    if (v === 'story') return s.setLayoutView('story');
    s.setCenterView(v);
    if (s.layoutView === 'story') s.setLayoutView('split');
  };
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
          {VIEWS.map((v) => {
            const selected = v === 'story' ? story : !story && centerView === v;
            return (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={selected}
                className={selected ? 'is-selected' : ''}
                data-testid={`view-${v}`}
                onClick={() => choose(v)}
              >
                {t(VIEW_LABELS[v])}
              </button>
            );
          })}
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
