/**
 * One self-contained app instance: its own store, simulation worker and translations. The page (and later each
 * embed) mounts one of these.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App } from './App';
import { bootState, type Boot } from './bootstrap';
import { TranslationProvider } from '../ui/i18n/TranslationProvider';
import { createWorkerSimulator, type WorkerSimulator } from './simulation/workerSimulator';
import { AppStoreProvider } from '../ui/store/AppStoreProvider';
import { useAppApi } from '../ui/store/useApp';
import { usePersistence } from './usePersistence';
import { LinkStartup } from './share/LinkStartup';
import { parseUrlOptions } from './urlOptions';

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function PodysseyApp({
  search,
  hash = '',
  embed = false,
  children,
}: {
  search: string;
  hash?: string;
  /** embed.html, or the app inside a frame: compact chrome, no drafts, the host protocol (`children`). */
  embed?: boolean;
  /** Instance-scoped extras rendered inside the providers (the embed's host bridge). */
  children?: ReactNode;
}) {
  const [url] = useState(() => parseUrlOptions(search));
  const [boot] = useState<Boot>(() =>
    bootState(url, {
      storage: safeStorage(),
      prefersReducedMotion: !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
      languages: typeof navigator !== 'undefined' ? navigator.languages : undefined,
      embed,
      hash,
    }),
  );
  const [simulator] = useState<WorkerSimulator>(() => createWorkerSimulator());
  useEffect(() => () => simulator.dispose(), [simulator]);
  return (
    <AppStoreProvider deps={{ runSimulation: simulator.run, forkSimulation: simulator.fork }} initial={boot.initial}>
      <TranslationProvider>
        <Startup boot={boot} />
        {children}
        <App />
      </TranslationProvider>
    </AppStoreProvider>
  );
}

/** Side effects that belong to the instance: autosave, and the run a share link asks for. */
function Startup({ boot }: { boot: Boot }) {
  const api = useAppApi();
  // An embed keeps no draft (docs/CONTRACTS.md §9).
  usePersistence(api, boot.initial.embed ? null : safeStorage());
  return <LinkStartup boot={boot} />;
}
