import { describe, expect, it } from 'vitest';
import { findScenario } from '../scenarios';
import { bootState, DRAFT_KEY, PREVIOUS_DRAFT_KEY, THEME_KEY } from './bootstrap';
import { LANG_KEY } from '../i18n/resolveLanguage';
import { parseUrlOptions } from './urlOptions';

const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });
const draft = (yaml: string, scenarioId: string | null = null) => ({
  [DRAFT_KEY]: JSON.stringify({ yaml, scenarioId }),
});

describe('boot: language, theme, embeds and links', () => {
  it('resolves the language: parameter, then saved choice, then browser', () => {
    const env = (items: Record<string, string>, languages: string[]) => ({
      storage: storage(items),
      prefersReducedMotion: false,
      languages,
    });
    expect(bootState({ lang: 'en' }, env({ [LANG_KEY]: 'zh-TW' }, ['zh-TW'])).initial.lang).toBe('en');
    expect(bootState({}, env({ [LANG_KEY]: 'zh-TW' }, ['en-US'])).initial.lang).toBe('zh-TW');
    expect(bootState({}, env({}, ['zh-Hant-HK'])).initial.lang).toBe('zh-TW');
    expect(bootState({}, env({}, ['de-DE', 'zh-CN'])).initial.lang).toBe('en');
  });

  it('takes the theme from the link, else the saved choice, else system', () => {
    const env = { storage: storage({ [THEME_KEY]: 'dark' }), prefersReducedMotion: false };
    expect(bootState({ theme: 'light' }, env).initial.theme).toBe('light');
    expect(bootState({}, env).initial.theme).toBe('dark');
    expect(bootState({}, { storage: null, prefersReducedMotion: false }).initial.theme).toBe('system');
  });

  it('flags unsaved work a link would replace, but not a pristine example or inside an embed', () => {
    const mine = storage(draft('kind: Pod # mine'));
    expect(
      bootState({ scenario: 'happy-path' }, { storage: mine, prefersReducedMotion: false }).draftAtRisk?.yaml,
    ).toBe('kind: Pod # mine');
    expect(bootState({}, { storage: mine, prefersReducedMotion: false, hash: '#s=1.abc' }).share).toBe('1.abc');
    expect(bootState({}, { storage: mine, prefersReducedMotion: false }).draftAtRisk).toBeNull();
    const pristine = storage(draft(findScenario('happy-path')!.input.yaml, 'happy-path'));
    expect(
      bootState({ scenario: 'crashloop-exit-1' }, { storage: pristine, prefersReducedMotion: false }).draftAtRisk,
    ).toBeNull();
    const embed = bootState({}, { storage: mine, prefersReducedMotion: false, embed: true, hash: '#s=1.abc' });
    expect(embed.draftAtRisk).toBeNull();
    expect(embed.initial.yaml).not.toBe('kind: Pod # mine'); // an embed reads no draft
    expect(embed.initial.embed).toBe(true);
    expect(embed.applyOnStart).toBe(true);
    expect(embed.initial.layoutView).toBe('diagram');
  });

  it('parses origin, id and present; rejects what is not an origin', () => {
    expect(parseUrlOptions('?origin=https://course.example.org&id=k1&present=1')).toEqual({
      origin: 'https://course.example.org',
      id: 'k1',
      present: true,
    });
    expect(parseUrlOptions('?origin=https://a.test/path&id=<x>')).toEqual({ originError: 'https://a.test/path' });
    expect(parseUrlOptions('?origin=javascript:alert(1)')).toEqual({ originError: 'javascript:alert(1)' });
    expect(parseUrlOptions('?origin=https://a.test/').origin).toBe('https://a.test');
    expect(parseUrlOptions('?origin=http://127.0.0.1:8080').origin).toBe('http://127.0.0.1:8080');
  });

  it('fails closed on an origin that is not bare', () => {
    for (const bad of ['HTTP://a.test', 'http://a.test:80', 'https://a.test ', 'null', '', ' https://a.test']) {
      const opts = parseUrlOptions(`?origin=${encodeURIComponent(bad)}`);
      expect(opts.origin, bad).toBeUndefined();
      expect(opts.originError, bad).toBe(bad);
    }
  });

  it('brings back the previous draft after a reload, except in an embed', () => {
    const items = { [PREVIOUS_DRAFT_KEY]: JSON.stringify({ yaml: 'kind: Pod # replaced', scenarioId: null }) };
    const env = { storage: storage(items), prefersReducedMotion: false };
    expect(bootState({}, env).initial.previousDraft).toEqual({ yaml: 'kind: Pod # replaced', scenarioId: null });
    expect(bootState({}, { ...env, embed: true }).initial.previousDraft).toBeNull();
  });
});
