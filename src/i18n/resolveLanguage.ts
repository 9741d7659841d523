/**
 * Which UI language to show: the `lang` URL parameter, then the learner's saved choice, then the browser's
 * languages. zh-TW, zh-Hant*, zh-HK, zh-MO and a bare `zh` map to zh-TW; anything else is English.
 */
export const LANG_KEY = 'podyssey:lang';

type UiLanguage = 'en' | 'zh-TW';

/** Map one BCP 47 tag to a UI language, or undefined when we have no catalog for it. */
export function matchLanguage(tag: string | null | undefined): UiLanguage | undefined {
  if (!tag) return undefined;
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  if (t === 'en' || t.startsWith('en-')) return 'en';
  if (t === 'zh' || t === 'zh-tw' || t === 'zh-hk' || t === 'zh-mo' || t.startsWith('zh-hant')) return 'zh-TW';
  if (/^zh-(tw|hk|mo)-/.test(t)) return 'zh-TW';
  return undefined;
}

export function resolveLanguage(
  param: string | undefined,
  saved: string | null | undefined,
  browser: readonly string[] | undefined,
): UiLanguage {
  const fromParam = matchLanguage(param);
  if (fromParam) return fromParam;
  const fromSaved = matchLanguage(saved);
  if (fromSaved) return fromSaved;
  for (const tag of browser ?? []) {
    const m = matchLanguage(tag);
    if (m) return m;
    // A Chinese variant we do not serve (zh-CN, zh-Hans…) is not Traditional: keep looking, then English.
  }
  return 'en';
}
