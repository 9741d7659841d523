import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../scenarios';
import { en } from './locales/en';
import zhTW from './locales/zh-TW';
import { matchLanguage, resolveLanguage } from './resolveLanguage';
import { scenarioLessonKey, scenarioTitleKey } from './scenarioText';
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

  it('every built-in scenario has its English title and lesson in en, and a translation in every language', () => {
    for (const sc of SCENARIOS) {
      expect((en as Catalog)[scenarioTitleKey(sc.id)]).toBe(sc.title);
      expect((en as Catalog)[scenarioLessonKey(sc.id)]).toBe(sc.lesson);
    }
    const untranslated = SCENARIOS.flatMap((sc) => [scenarioTitleKey(sc.id), scenarioLessonKey(sc.id)]).filter(
      (k) => !/[\u4e00-\u9fff]/.test(zhTW[k] ?? ''),
    );
    expect(untranslated, 'scenario texts zh-TW lacks (add them to locales/zh-TW.ts)').toEqual([]);
    // A translation for a scenario that no longer exists is dead text.
    const ids = new Set(SCENARIOS.map((sc) => sc.id));
    const stale = Object.keys(zhTW).filter((k) => k.startsWith('scenario.') && !ids.has(k.split('.')[1]));
    expect(stale).toEqual([]);
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
