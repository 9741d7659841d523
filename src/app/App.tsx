/**
 * The app shell. Wide screens: manifest and inspectors on the left, the diagram (or sequence view), narration and
 * playback on the right. Narrow screens (down to 480 px): one column, with the manifest and the inspectors behind
 * two tabs under the playback controls.
 */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ClusterDiagram } from '../diagram/ClusterDiagram';
import { SequenceView } from '../diagram/SequenceView';
import { EditorPane } from '../editor/EditorPane';
import { Inspectors } from '../panels/Inspectors';
import { NarrationPanel } from '../panels/NarrationPanel';
import { PlaybackBar } from '../panels/PlaybackBar';
import { GalleryDialog } from './GalleryDialog';
import { Header } from './Header';
import { HelpDialog } from './HelpDialog';
import { IntroBanner } from './IntroBanner';
import { useT } from './i18n/translateContext';
import { useApp, useAppApi } from './store/useApp';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { usePlaybackTimer } from './usePlaybackTimer';
import './styles/app.css';

export function App() {
  const t = useT();
  const api = useAppApi();
  const { centerView, layoutView, dialog, compactTab, reducedMotion } = useApp(
    useShallow((s) => ({
      centerView: s.centerView,
      layoutView: s.layoutView,
      dialog: s.dialog,
      compactTab: s.compactTab,
      reducedMotion: s.reducedMotion,
    })),
  );
  useKeyboardShortcuts(api);
  usePlaybackTimer();
  useReducedMotionPreference();

  const showSide = layoutView === 'split';
  return (
    <div className={`app${reducedMotion ? ' motion-reduced' : ''} layout-${layoutView}`}>
      <a className="skip-link" href="#playback">
        {t('app.skip')}
      </a>
      <Header />
      <IntroBanner />
      <main className="workspace">
        {showSide && (
          <div className={`side side--${compactTab}`}>
            <div className="compact-tabs" role="tablist" aria-label={t('panel.label')}>
              {(['editor', 'inspect'] as const).map((tab) => (
                <button
                  key={tab}
                  type="button"
                  role="tab"
                  aria-selected={compactTab === tab}
                  className={`tab${compactTab === tab ? ' is-selected' : ''}`}
                  onClick={() => api.getState().setCompactTab(tab)}
                >
                  {tab === 'editor' ? t('app.compact.editor') : t('app.compact.inspect')}
                </button>
              ))}
            </div>
            <EditorPane />
            <Inspectors />
          </div>
        )}
        <div className="stage">
          <div className="stage__view">{centerView === 'diagram' ? <ClusterDiagram /> : <SequenceView />}</div>
          <NarrationPanel />
          <PlaybackBar />
        </div>
      </main>
      {dialog === 'help' && <HelpDialog />}
      {dialog === 'gallery' && <GalleryDialog />}
    </div>
  );
}

/** Follow the system's reduced-motion setting live, unless the URL forced `motion=full|reduced`. */
function useReducedMotionPreference() {
  const api = useAppApi();
  useEffect(() => {
    const forced = new URLSearchParams(window.location.search).get('motion');
    if (forced === 'full' || forced === 'reduced' || !window.matchMedia) return;
    const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => api.getState().setReducedMotion(mq.matches);
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, [api]);
}
