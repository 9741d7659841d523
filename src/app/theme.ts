/**
 * Light, dark or system theme: the store holds the choice, this hook puts the effective theme on
 * <html data-theme> (CSS tokens, React Flow and Monaco follow it) and tracks the OS setting under `system`.
 */
import { useEffect, useState } from 'react';
import { THEME_KEY } from './bootstrap';
import type { AppStoreApi } from '../ui/store/createAppStore';
import { useApp } from '../ui/store/useApp';
import type { Theme } from '../ui/viewOptions';

type EffectiveTheme = 'light' | 'dark';

function systemDark(): boolean {
  return !!window.matchMedia?.('(prefers-color-scheme: dark)').matches;
}

function useEffectiveTheme(): EffectiveTheme {
  const theme = useApp((s) => s.theme);
  const [dark, setDark] = useState(systemDark);
  useEffect(() => {
    if (theme !== 'system' || !window.matchMedia) return;
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => setDark(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, [theme]);
  return theme === 'system' ? (dark ? 'dark' : 'light') : theme;
}

/** Apply the effective theme to the document (one app instance per document: the page or an iframe). */
export function useDocumentTheme(): EffectiveTheme {
  const effective = useEffectiveTheme();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = effective;
    root.style.colorScheme = effective;
  }, [effective]);
  return effective;
}

const ORDER: Theme[] = ['system', 'light', 'dark'];

/** The header toggle: system → light → dark → system; remembered in this browser (not inside an embed). */
export function cycleTheme(api: AppStoreApi): void {
  const { theme, embed } = api.getState();
  const next = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length];
  api.getState().setTheme(next);
  if (embed) return;
  try {
    window.localStorage.setItem(THEME_KEY, next);
  } catch {
    // privacy mode: not remembered
  }
}
