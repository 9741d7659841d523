/** Language, theme, present mode, Share and Embed dialogs. */
import { useShallow } from 'zustand/react/shallow';
import { LANGUAGES } from '../i18n/languages';
import { LANG_KEY } from '../i18n/resolveLanguage';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { cycleTheme } from './theme';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', 'zh-TW': '繁體中文' };

export function LanguageSelect() {
  const t = useT();
  const api = useAppApi();
  const { lang, embed } = useApp(useShallow((s) => ({ lang: s.lang, embed: s.embed })));
  return (
    <label className="lang-label">
      <span className="visually-hidden">{t('app.lang')}</span>
      <select
        className="lang-select"
        data-testid="lang"
        value={lang}
        onChange={(e) => {
          api.getState().setLang(e.target.value);
          if (embed) return;
          try {
            window.localStorage.setItem(LANG_KEY, e.target.value);
          } catch {
            // not remembered
          }
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l] ?? l}
          </option>
        ))}
      </select>
    </label>
  );
}

function ThemeButton() {
  const t = useT();
  const api = useAppApi();
  const theme = useApp((s) => s.theme);
  const label = t('app.theme', { theme: t(`app.theme.${theme}`) });
  return (
    <button
      type="button"
      className="icon-btn icon-btn--quiet"
      data-testid="theme"
      aria-label={label}
      title={label}
      onClick={() => cycleTheme(api)}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
        <path d="M12 3a9 9 0 1 0 0 18V3z" fill="currentColor" />
        <circle cx="12" cy="12" r="8.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </button>
  );
}

export function HeaderExtras() {
  const t = useT();
  const api = useAppApi();
  const present = useApp((s) => s.present);
  return (
    <>
      <LanguageSelect />
      <ThemeButton />
      <button
        type="button"
        className="icon-btn icon-btn--quiet"
        data-testid="present"
        aria-pressed={present}
        aria-label={t('app.present')}
        title={t('app.present')}
        onClick={() => api.getState().setPresent(!present)}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="icon">
          <path d="M3 4h18v12H3zM5 6v8h14V6zM11 17h2v3h3v1H8v-1h3z" fill="currentColor" />
        </svg>
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        data-testid="share"
        onClick={() => api.getState().setDialog('share')}
      >
        {t('app.share')}
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        data-testid="embed-dialog"
        onClick={() => api.getState().setDialog('embed')}
      >
        {t('app.embed')}
      </button>
    </>
  );
}
