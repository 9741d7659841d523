/**
 * Share and export: the link to what the learner sees (and to this step), its length with a warning above
 * LONG_LINK characters and the YAML download as the fallback; the trace as JSON (and importing one to replay it
 * without re-simulating: read and parsed in a worker, see importTrace.ts), the current step's diagram as SVG and PNG,
 * and the manifest.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../ui/i18n/translateContext';
import { Modal } from '../Modal';
import { useApp, useAppApi } from '../../ui/store/useApp';
import { LONG_LINK, copyText, downloadBlob, downloadText, shareUrl } from './links';
import { diagramPng, diagramSvg } from './diagramImage';
import { traceFile } from '../../playback/traceFile';
import { importTraceFile } from './importTrace';
import { TraceImportStatus } from './TraceImportStatus';

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
      metricsServer: s.metricsServer,
      actions: s.actions,
      present: s.present,
      filter: s.filter,
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
              if (f) importTraceFile(api, f);
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
        <TraceImportStatus inDialog />
      </section>
    </Modal>
  );
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
