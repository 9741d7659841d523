/**
 * The manifest side: toolbar (example, reset, Apply), the lazily loaded Monaco editor (docs/CONTRACTS.md §7 hook
 * `editor`), the problems kubectl and the apiserver reported, and what kubectl printed.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { afterFirstDiagram } from '../ui/firstDiagram';
import { Icon } from '../ui/Icon';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { scenarioLessonKey, scenarioTitleKey } from '../i18n/scenarioText';
import { findScenario } from '../scenarios';
import { sourceKey, type LineRange } from '../playback/sourceKey';
import { ApplyOutput } from './ApplyOutput';
import { Problems } from './Problems';

const YamlEditor = lazy(() => import('./YamlEditor'));

const NO_MARKERS: never[] = [];

export function EditorPane() {
  const t = useT();
  const api = useAppApi();
  const { yaml, scenarioId, status, reveal, previous, metricsServer } = useApp(
    useShallow((s) => ({
      metricsServer: s.metricsServer,
      yaml: s.yaml,
      scenarioId: s.scenarioId,
      status: s.status,
      reveal: s.reveal,
      previous: s.previousDraft?.yaml ?? null,
    })),
  );
  const { session, step } = useCurrent();
  const scenario = scenarioId ? findScenario(scenarioId) : undefined;
  const markers = session?.info.markers ?? NO_MARKERS;
  // Source lines belong to the text that was applied; once the learner edits, they would point at wrong lines.
  const highlight = useMemo<LineRange | null>(() => {
    if (!session || !step || session.yaml !== yaml) return null;
    const key = sourceKey(step);
    return (key && session.info.lines[key]) || null;
  }, [session, step, yaml]);
  // After a run is shown the keys step through it (docs/CONTRACTS.md §10), so the focus leaves the editor for the
  // stage, unless the apiserver rejected something: then the editor shows where, and keeps the focus.
  const apply = () =>
    void api
      .getState()
      .apply()
      .then(() => {
        const s = api.getState();
        if (s.status !== 'ready' || s.session?.info.markers.some((m) => m.severity === 'error')) return;
        document.getElementById('stage')?.focus({ preventScroll: true });
      });
  // Monaco waits for the first diagram (see app/firstDiagram.ts); the manifest shows as text until then.
  const [editorWanted, setEditorWanted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstDiagram().then(() => live && setEditorWanted(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="editor-pane" aria-label={t('editor.title')}>
      <div className="pane-toolbar">
        <h2 className="pane-title">{t('editor.title')}</h2>
        {scenario && scenario.input.yaml === yaml ? (
          <span className="scenario-chip" title={t(scenarioLessonKey(scenario.id))} data-testid="manifest-title">
            {t(scenarioTitleKey(scenario.id))}
          </span>
        ) : (
          <span className="scenario-chip" data-testid="manifest-title">
            {t('editor.yourManifest')}
          </span>
        )}
        <div className="pane-toolbar__end">
          {/* The draft an import, an example, a link or Reset replaced stays one click away. */}
          {previous !== null && previous !== yaml && (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              data-testid="restore-draft"
              onClick={() => api.getState().restorePreviousDraft()}
              title={t('draft.restoreHint')}
            >
              {t('draft.restore')}
            </button>
          )}
          {scenario && scenario.input.yaml !== yaml && (
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => api.getState().resetToScenario()}
              title={t('editor.resetHint')}
            >
              <Icon name="reset" size={14} /> {t('editor.reset')}
            </button>
          )}
          {/* A cluster option: it takes effect at the next Apply, like the manifest. */}
          <label className="cluster-option" title={t('editor.metricsServerHint')}>
            <input
              type="checkbox"
              data-testid="metrics-server"
              checked={metricsServer ?? scenario?.input.cluster?.metricsServer ?? false}
              onChange={(e) => api.getState().setMetricsServer(e.target.checked)}
            />{' '}
            {t('editor.metricsServer')}
          </label>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="apply"
            onClick={apply}
            title={t('editor.applyHint')}
            disabled={status === 'simulating'}
          >
            <Icon name="apply" size={16} /> {t('editor.apply')}
          </button>
        </div>
      </div>
      <div className="editor-host" data-testid="editor">
        <p id="editor-tab-hint" className="visually-hidden">
          {t('editor.tabHint')}
        </p>
        {editorWanted ? (
          <Suspense fallback={<EditorFallback text={yaml} />}>
            <YamlEditor
              value={yaml}
              onChange={(v) => api.getState().setYaml(v)}
              onApply={apply}
              markers={markers}
              highlight={highlight}
              reveal={reveal}
              ariaLabel={t('editor.ariaLabel')}
              describedBy="editor-tab-hint"
            />
          </Suspense>
        ) : (
          <EditorFallback text={yaml} />
        )}
      </div>
      <Problems
        markers={markers}
        stale={!!session && session.yaml !== yaml}
        onPick={(line) => api.getState().revealLine(line)}
      />
      <ApplyOutput />
    </section>
  );
}

/** What shows while the Monaco chunk loads: the manifest itself, so the page is readable at once. */
function EditorFallback({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="editor-fallback" aria-busy="true">
      <span className="visually-hidden">{t('editor.loading')}</span>
      <pre>{text}</pre>
    </div>
  );
}
