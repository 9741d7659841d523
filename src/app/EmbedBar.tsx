/**
 * The embed's compact chrome: the name and, for a built-in scenario, its title with its lesson on one line (the
 * whole lesson on hover), the language, and "Open full" carrying the current state.
 */
import { useEffect, useState } from 'react';
import { LanguageSelect } from './HeaderExtras';
import { useT } from '../ui/i18n/translateContext';
import { shareUrl } from './share/links';
import { useApp, useAppApi } from '../ui/store/useApp';
import { scenarioLessonKey, scenarioTitleKey } from '../i18n/scenarioText';

export function EmbedBar() {
  const t = useT();
  const api = useAppApi();
  const scenarioId = useApp((s) => s.scenarioId);
  const [href, setHref] = useState(() => new URL('./', window.location.href).href);
  useEffect(() => {
    let timer: number | undefined;
    let live = true;
    const update = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void shareUrl(api.getState(), { step: true }).then((u) => live && setHref(u));
      }, 200);
    };
    update();
    const unsubscribe = api.subscribe((s, p) => {
      if (s.cursor !== p.cursor || s.session !== p.session || s.yaml !== p.yaml || s.lang !== p.lang) update();
    });
    return () => {
      live = false;
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [api]);
  return (
    <header className="embed-bar">
      <p className="embed-bar__title">{t('app.name')}</p>
      {scenarioId ? (
        <p className="embed-bar__lesson" title={t(scenarioLessonKey(scenarioId))} data-testid="embed-lesson">
          <strong>{t(scenarioTitleKey(scenarioId))}</strong> · {t(scenarioLessonKey(scenarioId))}
        </p>
      ) : (
        <span className="embed-bar__spacer" />
      )}
      <LanguageSelect />
      <a href={href} target="_blank" rel="noopener" title={t('embed.openFullHint')} data-testid="open-full">
        {t('embed.openFull')} ↗
      </a>
    </header>
  );
}
