/**
 * The app shell. Wide screens: manifest and inspectors on the left, the diagram (or sequence view), narration and
 * playback on the right. Narrow screens (down to 480 px): one column, with the manifest and the inspectors behind
 * two tabs under the playback controls.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ClusterDiagram } from '../diagram/ClusterDiagram';
import { SequenceView } from '../diagram/SequenceView';
import { EditorPane } from '../editor/EditorPane';
import { StaleRunNotice } from '../panels/StaleRunNotice';
import { ViewBoundary } from './ViewBoundary';
import { Inspectors } from '../panels/Inspectors';
import { NarrationPanel } from '../panels/NarrationPanel';
import { PlaybackBar } from '../panels/PlaybackBar';
import { BranchBar } from '../panels/BranchBar';
import { EmbedBar } from './EmbedBar';
import { GalleryDialog } from './GalleryDialog';
import { useDocumentTheme } from './theme';
import './styles/theme.css';
import { Header } from './Header';
import { HelpDialog } from './HelpDialog';
import { IntroBanner } from './IntroBanner';
import { DraftNotices } from './DraftNotices';
import { TraceImportStatus } from './share/TraceImportStatus';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { DeferredCurrent } from '../ui/store/DeferredCurrent';
import { useKeyboardShortcuts } from './useKeyboardShortcuts';
import { usePlaybackTimer } from './usePlaybackTimer';
import './styles/app.css';

// Load on demand (the initial-JavaScript budget).
const ShareDialog = lazy(() => import('./share/ShareDialog').then((m) => ({ default: m.ShareDialog })));
const EmbedDialog = lazy(() => import('./share/EmbedDialog').then((m) => ({ default: m.EmbedDialog })));
const StoryView = lazy(() => import('./StoryView').then((m) => ({ default: m.StoryView })));

export function App() {
  const t = useT();
  const api = useAppApi();
  const { centerView, layoutView, dialog, compactTab, reducedMotion, embed, present, controls, sessionId } = useApp(
    useShallow((s) => ({
      // A new run (not a step) re-renders the shell: each view's error boundary tries again with it.
      sessionId: s.session?.id ?? 0,
      centerView: s.centerView,
      layoutView: s.layoutView,
      dialog: s.dialog,
      compactTab: s.compactTab,
      reducedMotion: s.reducedMotion,
      embed: s.embed,
      present: s.present,
      controls: s.controls,
    })),
  );
  useDocumentTheme();
  useKeyboardShortcuts(api);
  useReducedMotionPreference();

  const showSide = layoutView === 'split';
  return (
    <div
      className={`app${reducedMotion ? ' motion-reduced' : ''} layout-${layoutView}${embed ? ' is-embed' : ''}${present ? ' is-present' : ''} controls-${controls}`}
    >
      <PlaybackClock />
      <a className="skip-link" href="#playback">
        {t('app.skip')}
      </a>
      {embed ? <EmbedBar /> : <Header />}
      {!embed && <IntroBanner />}
      {!embed && dialog !== 'share' && <TraceImportStatus inDialog={false} />}
      {!embed && <DraftNotices />}
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
            <DeferredCurrent>
              <ViewBoundary view="editor" resetKey={sessionId}>
                <EditorPane />
              </ViewBoundary>
              <ViewBoundary view="inspectors" resetKey={sessionId}>
                <Inspectors />
              </ViewBoundary>
            </DeferredCurrent>
          </div>
        )}
        <div className="stage" id="stage" tabIndex={-1} aria-label={t('app.stage')}>
          <StaleRunNotice />
          <div className="stage__view">
            <ViewBoundary
              view={layoutView === 'story' ? 'story' : centerView}
              resetKey={`${sessionId}:${layoutView}:${centerView}`}
            >
              {layoutView === 'story' ? (
                <Suspense fallback={null}>
                  <StoryView />
                </Suspense>
              ) : centerView === 'diagram' ? (
                <ClusterDiagram />
              ) : (
                <SequenceView />
              )}
            </ViewBoundary>
          </div>
          <ViewBoundary view="narration" resetKey={sessionId}>
            <NarrationPanel />
          </ViewBoundary>
          <ViewBoundary view="branches" resetKey={sessionId}>
            <BranchBar />
          </ViewBoundary>
          <ViewBoundary view="playback" resetKey={sessionId}>
            <PlaybackBar />
          </ViewBoundary>
        </div>
      </main>
      {dialog === 'help' && <HelpDialog />}
      {dialog === 'gallery' && <GalleryDialog />}
      <Suspense fallback={null}>
        {dialog === 'share' && <ShareDialog />}
        {dialog === 'embed' && <EmbedDialog />}
      </Suspense>
    </div>
  );
}

/**
 * The playing clock reads the cursor, so it lives in a component of its own: in App it would re-render the whole
 * shell (editor, inspectors, header) on every step.
 */
function PlaybackClock() {
  usePlaybackTimer();
  return null;
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
