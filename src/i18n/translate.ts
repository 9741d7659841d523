/**
 * Message lookup for UI strings and narration templates. Catalogs are flat `key → template` maps; templates
 * interpolate `{name}` from params. Plural forms live under `<key>_one` / `<key>_other` and are chosen by
 * Intl.PluralRules when `params.count` is a number. Missing keys fall back to English, then to the key itself,
 * so a half-finished translation never shows a blank.
 */
import { en } from './locales/en';

export type Catalog = Readonly<Record<string, string>>;
type Params = Readonly<Record<string, string | number | undefined>>;
export type Translate = (key: string, params?: Params) => string;

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
}

export function createTranslator(lang: string, catalog: Catalog, fallback: Catalog = en): Translate {
  const plural = new Intl.PluralRules(lang);
  const lookup = (key: string): string | undefined => catalog[key] ?? fallback[key];
  return (key, params) => {
    const count = params?.count;
    if (typeof count === 'number') {
      const form = lookup(`${key}_${plural.select(count)}`) ?? lookup(`${key}_other`);
      if (form !== undefined) return interpolate(form, params);
    }
    const template = lookup(key);
    return template === undefined ? key : interpolate(template, params);
  };
}

/** True when the catalog (or English) has a template for `key`, in any plural form. */
export function hasKey(key: string, catalog: Catalog = en): boolean {
  return key in catalog || `${key}_other` in catalog || key in en || `${key}_other` in en;
}
