import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import zhTW from './locales/zh-TW';
import { matchLanguage, resolveLanguage } from './resolveLanguage';
import type { Catalog } from './translate';

const placeholders = (s: string) => [...s.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]).sort();

const catalogs: Record<string, Catalog> = { en, 'zh-TW': zhTW };

describe('locale catalogs', () => {
  for (const [lang, catalog] of Object.entries(catalogs)) {
    it(`${lang} has every key of every other language, with the same placeholders`, () => {
      for (const [other, otherCatalog] of Object.entries(catalogs)) {
        if (other === lang) continue;
        const missing = Object.keys(otherCatalog).filter((k) => !(k in catalog));
        expect(missing, `keys in ${other} missing from ${lang}`).toEqual([]);
      }
      for (const [key, template] of Object.entries(catalog)) {
        const ref = (en as Catalog)[key];
        if (ref === undefined) continue;
        expect(placeholders(template), `${lang} ${key}`).toEqual(placeholders(ref));
      }
    });
  }

  it('zh-TW strings are actually translated (not English left in place)', () => {
    const chrome = ['app.tagline', 'ctl.next', 'editor.apply', 'narr.empty', 'app.intro.body'];
    for (const k of chrome) expect(zhTW[k]).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('resolveLanguage', () => {
  it('maps Chinese variants to zh-TW and everything else to English', () => {
    for (const tag of ['zh-TW', 'zh-Hant', 'zh-Hant-TW', 'zh-HK', 'zh-MO', 'zh', 'ZH-tw'])
      expect(matchLanguage(tag)).toBe('zh-TW');
    for (const tag of ['zh-CN', 'zh-Hans', 'fr', 'de-DE']) expect(matchLanguage(tag)).toBeUndefined();
    expect(matchLanguage('en-GB')).toBe('en');
  });

  it('prefers the lang parameter, then the saved choice, then the browser', () => {
    expect(resolveLanguage('en', 'zh-TW', ['zh-TW'])).toBe('en');
    expect(resolveLanguage(undefined, 'zh-TW', ['en-US'])).toBe('zh-TW');
    expect(resolveLanguage(undefined, null, ['fr-FR', 'zh-HK'])).toBe('zh-TW');
    expect(resolveLanguage(undefined, null, ['zh-CN'])).toBe('en');
    expect(resolveLanguage('xx', 'garbage', undefined)).toBe('en');
  });
});
