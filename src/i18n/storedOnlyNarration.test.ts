/**
 * The narration of an object the apiserver stores but nothing in Podyssey acts on (ApiserverStorage: one key per
 * ResourceInfo.storedOnly reason) and of an answered review, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../engine/objects/resources';
import { en } from './locales/en';
import zhTW from './locales/zh-TW';
import { createTranslator, type Catalog } from './translate';

const keys = [
  ...new Set(RESOURCES.flatMap((r) => (r.storedOnly ? [`narration.apiserver.stored.${r.storedOnly}`] : []))),
  'narration.apiserver.reviewAnswered',
];

describe('stored-only narration', () => {
  it.each(keys)('%s is written in English and in Chinese', (key) => {
    expect((en as Catalog)[key]).toBeDefined();
    expect((zhTW as Catalog)[key]).toBeDefined();
    expect((zhTW as Catalog)[key]).not.toBe((en as Catalog)[key]);
  });

  it('Ingress without an ingress controller, in both languages', () => {
    const params = { kind: 'Ingress', name: 'web' };
    const key = 'narration.apiserver.stored.noIngressController';
    expect(createTranslator('en', en)(key, params)).toMatch(/^Ingress web is stored, but no ingress controller runs/);
    expect(createTranslator('zh-TW', zhTW)(key, params)).toMatch(
      /^Ingress web 已儲存，但這個叢集沒有執行任何 ingress controller/,
    );
  });
});
