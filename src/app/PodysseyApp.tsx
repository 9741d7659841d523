/**
 * One self-contained app instance: its own store, simulation worker and translations. The page (and later each
 * embed) mounts one of these.
 */
import { useEffect, useState } from 'react';
import { App } from './App';
import { bootState, type Boot } from './bootstrap';
import { TranslationProvider } from './i18n/TranslationProvider';
import { createWorkerSimulator, type WorkerSimulator } from './simulation/workerSimulator';
import { AppStoreProvider } from './store/AppStoreProvider';
import { useAppApi } from './store/useApp';
import { usePersistence } from './usePersistence';
import { parseUrlOptions } from './urlOptions';

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function PodysseyApp({ search }: { search: string }) {
  const [boot] = useState<Boot>(() =>
    bootState(parseUrlOptions(search), {
      storage: safeStorage(),
      prefersReducedMotion: !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
    }),
  );
  const [simulator] = useState<WorkerSimulator>(() => createWorkerSimulator());
  useEffect(() => () => simulator.dispose(), [simulator]);
  return (
    <AppStoreProvider deps={{ runSimulation: simulator.run }} initial={boot.initial}>
      <TranslationProvider>
        <Startup boot={boot} />
        <App />
      </TranslationProvider>
    </AppStoreProvider>
  );
}

/** Side effects that belong to the instance: autosave, and the run a share link asks for. */
function Startup({ boot }: { boot: Boot }) {
  const api = useAppApi();
  usePersistence(api, safeStorage());
  useEffect(() => {
    if (!boot.applyOnStart) return;
    void api
      .getState()
      .apply({ step: boot.startStep })
      .then(() => {
        if (boot.autoplay) api.getState().play();
      });
  }, [api, boot]);
  return null;
}
