/**
 * The "Embed" dialog: builds the iframe snippet (size, content, language, theme, start step, key or all steps,
 * controls) with a live preview.
 */
import { useEffect, useMemo, useState } from 'react';
import { SCENARIOS } from '../../scenarios';
import { LANGUAGES } from '../../i18n/languages';
import { scenarioTitleKey } from '../../i18n/scenarioText';
import { useT } from '../../ui/i18n/translateContext';
import { Modal } from '../Modal';
import { useApp, useAppApi } from '../../ui/store/useApp';
import { copyText } from './links';
import { encodeShare } from './shareCodec';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function EmbedDialog() {
  const t = useT();
  const api = useAppApi();
  const s = api.getState();
  const yaml = useApp((st) => st.yaml);
  const [width, setWidth] = useState('100%');
  const [height, setHeight] = useState(560);
  const [content, setContent] = useState<string>(s.scenarioId ?? '__current');
  const [lang, setLang] = useState(s.lang);
  const [theme, setTheme] = useState<string>(s.theme);
  // Empty unless chosen: a course page usually wants the run from its start, whatever step the author is at.
  const [step, setStep] = useState('');
  const [autoSize, setAutoSize] = useState(true);
  const [controls, setControls] = useState<'full' | 'min' | 'none'>('full');
  // As the app steps: an embed without `steps=` keeps every step (what pages written before key steps expect).
  const [steps, setSteps] = useState<'key' | 'all'>(s.filter.keySteps ? 'key' : 'all');
  const [fragment, setFragment] = useState('');
  const [note, setNote] = useState('');

  useEffect(() => {
    let live = true;
    if (content === '__current') void encodeShare({ yaml }).then((v) => live && setFragment(`#s=${v}`));
    return () => {
      live = false;
    };
  }, [content, yaml]);

  const src = useMemo(() => {
    const q = new URLSearchParams();
    if (content !== '__current') q.set('scenario', content);
    q.set('lang', lang);
    if (theme !== 'system') q.set('theme', theme);
    if (Number(step) > 1) q.set('step', step);
    if (steps === 'key') q.set('steps', 'key');
    if (controls !== 'full') q.set('controls', controls);
    q.set('id', 'podyssey-1');
    return `${new URL('./embed.html', window.location.href).href}?${q.toString()}${content === '__current' ? fragment : ''}`;
  }, [content, lang, theme, step, steps, controls, fragment]);

  const iframe = `<iframe src="${esc(src)}" title="${esc(t('embed.frameTitle'))}" width="${esc(width)}" height="${height}" loading="lazy" style="border:0;max-width:100%" allow="clipboard-write"${autoSize ? ' data-podyssey' : ''}></iframe>`;
  // The host helper (public/podyssey-embed.js) keeps a [data-podyssey] iframe as tall as its content asks.
  const helper = `<script src="${esc(new URL('./podyssey-embed.js', window.location.href).href)}"></script>`;
  const snippet = autoSize ? `${iframe}\n${helper}` : iframe;

  return (
    <Modal title={t('embed.title')} onClose={() => api.getState().setDialog(null)} wide>
      <p className="hint">{t('embed.intro')}</p>
      <div className="embed-form">
        <label>
          {t('embed.width')}
          <input value={width} onChange={(e) => setWidth(e.target.value.replace(/[^0-9a-z%.]/gi, ''))} />
        </label>
        <label>
          {t('embed.height')}
          <input
            type="number"
            min={300}
            max={2000}
            value={height}
            onChange={(e) => setHeight(Math.max(300, Math.min(2000, Number(e.target.value) || 560)))}
          />
        </label>
        <label>
          {t('embed.content')}
          <select value={content} onChange={(e) => setContent(e.target.value)}>
            <option value="__current">{t('embed.content.current')}</option>
            {SCENARIOS.map((sc) => (
              <option key={sc.id} value={sc.id}>
                {t(scenarioTitleKey(sc.id))}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('embed.lang')}
          <select value={lang} onChange={(e) => setLang(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('embed.theme')}
          <select value={theme} onChange={(e) => setTheme(e.target.value)}>
            {(['system', 'light', 'dark'] as const).map((th) => (
              <option key={th} value={th}>
                {t(`app.theme.${th}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('embed.step')}
          <input
            type="number"
            min={1}
            value={step}
            placeholder="1"
            data-testid="embed-step"
            onChange={(e) =>
              setStep(e.target.value === '' ? '' : String(Math.max(1, Math.floor(Number(e.target.value) || 1))))
            }
          />
        </label>
        <label>
          {t('embed.steps')}
          <select value={steps} onChange={(e) => setSteps(e.target.value as 'key' | 'all')} data-testid="embed-steps">
            <option value="key">{t('ctl.keySteps')}</option>
            <option value="all">{t('embed.steps.all')}</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={autoSize} onChange={(e) => setAutoSize(e.target.checked)} />
          {t('embed.autoSize')}
        </label>
        <label>
          {t('embed.controls')}
          <select value={controls} onChange={(e) => setControls(e.target.value as 'full' | 'min' | 'none')}>
            {(['full', 'min', 'none'] as const).map((c) => (
              <option key={c} value={c}>
                {t(`embed.controls.${c}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <h3>{t('embed.snippet')}</h3>
      <textarea
        className="share-url"
        readOnly
        rows={4}
        aria-label={t('embed.snippet')}
        data-testid="embed-snippet"
        value={snippet}
      />
      <div className="share-row">
        <button
          type="button"
          className="btn"
          onClick={() => void copyText(snippet).then((ok) => setNote(ok ? t('share.copied') : t('share.copyFailed')))}
        >
          {t('embed.copy')}
        </button>
        <span role="status">{note}</span>
      </div>
      <h3>{t('embed.preview')}</h3>
      <iframe
        key={src}
        className="embed-preview"
        src={src}
        title={`${t('embed.preview')}: ${t('embed.frameTitle')}`}
        style={{ height: Math.min(height, 480), width: /%$/.test(width) ? width : `${parseInt(width, 10) || 800}px` }}
      />
    </Modal>
  );
}
