import { createContext, useContext } from 'react';
import { createTranslator, type Translate } from '../../i18n/translate';
import { en } from '../../i18n/locales/en';

export const TranslateContext = createContext<Translate>(createTranslator('en', en));

/** `t(key, params)` for the app's current language. */
export function useT(): Translate {
  return useContext(TranslateContext);
}
