/**
 * The languages the UI can show. English is bundled; every other catalog is a file in ./locales named after its
 * BCP 47 tag (`zh-TW.ts`, default export) and is picked up here without further registration, loaded on demand.
 */
import { en } from './locales/en';
import type { Catalog } from './translate';

const loaders = import.meta.glob<{ default: Catalog }>(['./locales/*.ts', '!./locales/en.ts']);

const tagOf = (path: string) => path.replace(/^.*\/(.+)\.ts$/, '$1');

export const LANGUAGES: readonly string[] = ['en', ...Object.keys(loaders).map(tagOf)];

export function isLanguage(tag: string): boolean {
  return LANGUAGES.includes(tag);
}

export async function loadCatalog(lang: string): Promise<Catalog> {
  if (lang === 'en') return en;
  const entry = Object.entries(loaders).find(([path]) => tagOf(path) === lang);
  return entry ? (await entry[1]()).default : en;
}
