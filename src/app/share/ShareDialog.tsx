/**
 * Share and export: the link to what the learner sees (and to this step), its length with a warning above
 * LONG_LINK characters and the YAML download as the fallback; the trace as JSON (and importing one to replay it
 * without re-simulating), the current step's diagram as SVG and PNG, and the manifest.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { buildRunInfo } from '../../playback/runInfo';
import { navigableSteps } from '../../playback/navigation';
import { phaseMarks } from '../../playback/timeline';
import { messageGroups } from '../../playback/messageGroups';
import { WorldCache } from '../../playback/WorldCache';
import { useT } from '../i18n/translateContext';
import { Modal } from '../Modal';
import type { AppStoreApi, Session } from '../store/createAppStore';
import { useApp, useAppApi } from '../store/useApp';
import { LONG_LINK, copyText, downloadBlob, downloadText, shareUrl } from './links';
import { diagramPng, diagramSvg } from './diagramImage';
import { parseTraceFile, traceFile } from './traceFile';

export function ShareDialog() {
  const t = useT();
  const api = useAppApi();
  const state = useApp(
    useShallow((s) => ({
      yaml: s.yaml,
      scenarioId: s.scenarioId,
      cursor: s.cursor,
      session: s.session,
      lang: s.lang,
      theme: s.theme,
      layoutView: s.layoutView,
      nodes: s.nodes,
      seed: s.seed,
      actions: s.actions,
      present: s.present,
    })),
  );
  const [links, setLinks] = useState<{ plain: string; step: string } | null>(null);
  const [note, setNote] = useState<string>('');
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([shareUrl(state, { step: false }), shareUrl(state, { step: true })]).then(
      ([plain, step]) => live && setLinks({ plain, step }),
    );
    return () => {
      live = false;
    };
  }, [state]);

  const long = (links?.step.length ?? 0) > LONG_LINK;
  const copy = async (text: string | undefined) => {
    if (!text) return;
    setNote((await copyText(text)) ? t('share.copied') : t('share.copyFailed'));
  };
  const close = () => api.getState().setDialog(null);

  return (
    <Modal title={t('share.title')} onClose={close} wide>
      <section className="share-section">
        <h3>{t('share.link')}</h3>
        <textarea
          className="share-url"
          readOnly
          rows={3}
          aria-label={t('share.link')}
          data-testid="share-url"
          value={links?.step ?? ''}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="share-row">
          <button type="button" className="btn" data-testid="copy-link" onClick={() => void copy(links?.plain)}>
            {t('share.copy')}
          </button>
          <button type="button" className="btn" data-testid="copy-step-link" onClick={() => void copy(links?.step)}>
            {t('share.copyStep')}
          </button>
          <span data-testid="share-length" className={long ? 'share-len--warn' : undefined}>
            {t('share.length', { count: links?.step.length ?? 0 })}
            {long ? ' ⚠' : ''}
          </span>
        </div>
        {long && (
          <p className="share-len--warn" role="note">
            {t('share.tooLong', { max: LONG_LINK })}
          </p>
        )}
        <div className="share-row">
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="download-yaml"
            onClick={() => downloadText('manifest.yaml', state.yaml, 'application/yaml')}
          >
            {t('share.downloadYaml')}
          </button>
        </div>
        <p role="status" aria-live="polite">
          {note}
        </p>
      </section>
      <section className="share-section">
        <h3>{t('share.export')}</h3>
        <div className="share-row">
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="export-trace"
            disabled={!state.session}
            onClick={() =>
              state.session &&
              downloadText(
                'podyssey-trace.json',
                JSON.stringify(traceFile(state.session.run, state.session.yaml)),
                'application/json',
              )
            }
          >
            {t('share.exportTrace')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="import-trace"
            onClick={() => file.current?.click()}
          >
            {t('share.importTrace')}
          </button>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="import-trace-file"
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (!f) return;
              void f.text().then((text) => {
                try {
                  const { run, yaml } = parseTraceFile(text);
                  importRun(api, run, yaml);
                  setNote(t('share.imported', { count: run.steps.length }));
                } catch (err) {
                  setNote(t('share.importFailed', { message: err instanceof Error ? err.message : String(err) }));
                }
              });
            }}
          />
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="export-svg"
            onClick={() => void exportDiagram('svg')}
          >
            {t('share.exportSvg')}
          </button>
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="export-png"
            onClick={() => void exportDiagram('png')}
          >
            {t('share.exportPng')}
          </button>
        </div>
      </section>
    </Modal>
  );
}

let importCounter = 1_000_000;

/** Replay an imported run: it becomes the current (only) branch, nothing is re-simulated. */
function importRun(api: AppStoreApi, run: Session['run'], yaml: string): void {
  const session: Session = {
    id: ++importCounter,
    run,
    info: buildRunInfo(yaml, run),
    worlds: new WorldCache(run),
    marks: phaseMarks(run.steps),
    pods: [],
    groups: messageGroups(run.steps),
    yaml,
    ms: 0,
  };
  const filter = { ...api.getState().filter, pod: null };
  api.setState({
    yaml,
    scenarioId: null,
    status: 'ready',
    error: null,
    session,
    branches: [{ id: 0, session, input: { yaml }, forkStep: null, parentId: null, actions: [] }],
    branchId: 0,
    actions: [],
    filter,
    navigable: navigableSteps(run.steps, filter),
    playable: navigableSteps(run.steps, { ...filter, hideBackground: true }),
    cursor: run.steps.length ? 0 : -1,
    playing: false,
    selectedKey: null,
  });
}

async function exportDiagram(kind: 'svg' | 'png'): Promise<void> {
  const el = document.querySelector<HTMLElement>('[data-testid="diagram"]');
  if (!el) return;
  if (kind === 'svg') {
    downloadBlob('podyssey-diagram.svg', new Blob([diagramSvg(el).svg], { type: 'image/svg+xml' }));
  } else {
    downloadBlob('podyssey-diagram.png', await diagramPng(el));
  }
}
