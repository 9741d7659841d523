import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { en } from '../../i18n/locales/en';
import { isLanguage, loadCatalog } from '../../i18n/languages';
import { createTranslator, type Catalog } from '../../i18n/translate';
import { useApp } from '../store/useApp';
import { TranslateContext } from './translateContext';

/** Provides `t` for the store's language; non-English catalogs load on demand (English shows meanwhile). */
export function TranslationProvider({ children }: { children: ReactNode }) {
  const lang = useApp((s) => s.lang);
  const [loaded, setLoaded] = useState<{ lang: string; catalog: Catalog }>({ lang: 'en', catalog: en });
  useEffect(() => {
    if (!isLanguage(lang) || lang === 'en') return;
    let live = true;
    void loadCatalog(lang).then((catalog) => live && setLoaded({ lang, catalog }));
    return () => {
      live = false;
    };
  }, [lang]);
  const active = loaded.lang === lang ? loaded : { lang: 'en', catalog: en };
  const t = useMemo(() => createTranslator(active.lang, active.catalog), [active.lang, active.catalog]);
  useEffect(() => {
    document.documentElement.lang = active.lang;
  }, [active.lang]);
  return <TranslateContext.Provider value={t}>{children}</TranslateContext.Provider>;
}
