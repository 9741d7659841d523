/**
 * What a link asks for at startup (a scenario, a step, a `#s=` manifest with interventions, autoplay), then the
 * URL follows the app (history.replaceState). A link never replaces unsaved editor work without asking, except in
 * an embed, which never asks and keeps no draft.
 */
import { useEffect, useRef, useState } from 'react';
import type { Boot } from '../bootstrap';
import { useT } from '../../ui/i18n/translateContext';
import { Modal } from '../Modal';
import type { AppState, AppStoreApi } from '../../ui/store/createAppStore';
import { useAppApi } from '../../ui/store/useApp';
import { linkParts, withoutContent } from './links';
import { markStaleAddress } from './staleAddress';
import { decodeShare, type SharePayload } from './shareCodec';
import type { TimedAction } from '../../engine/api';

type Phase = { kind: 'decoding' } | { kind: 'asking'; payload: SharePayload | null } | { kind: 'done' };

export function LinkStartup({ boot }: { boot: Boot }) {
  const t = useT();
  const api = useAppApi();
  const [phase, setPhase] = useState<Phase>({ kind: 'decoding' });
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice
    started.current = true;
    void (async () => {
      let payload: SharePayload | null = null;
      if (boot.share) {
        try {
          payload = await decodeShare(boot.share);
        } catch (err) {
          setError(err instanceof Error ? err.message : String(err));
        }
      }
      const risk = boot.draftAtRisk;
      const linkBringsSomething = !!payload || boot.applyOnStart;
      if (risk && linkBringsSomething && (!payload || payload.yaml !== risk.yaml)) {
        setPhase({ kind: 'asking', payload });
        return;
      }
      setPhase({ kind: 'done' });
      await openLink(api, boot, payload);
    })();
  }, [api, boot]);

  useUrlFollowsApp(api, phase.kind === 'done' && !boot.initial.embed);

  return (
    <>
      {error && (
        <div className="notice" role="alert" data-testid="link-error">
          {t('link.error', { message: error })}
          <div className="notice__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setError(null)}>
              {t('app.close')}
            </button>
          </div>
        </div>
      )}
      {phase.kind === 'asking' && (
        <Modal
          title={t('link.ask.title')}
          onClose={() => {
            keepDraft(api, boot);
            setPhase({ kind: 'done' });
          }}
        >
          <p>{t('link.ask.body')}</p>
          {/* Keeping the edits is the primary, focused choice; opening keeps them as the previous draft. */}
          <div className="notice__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="link-keep"
              data-autofocus
              onClick={() => {
                keepDraft(api, boot);
                setPhase({ kind: 'done' });
              }}
            >
              {t('link.ask.keep')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              data-testid="link-open"
              onClick={() => {
                if (boot.draftAtRisk) api.getState().stashDraft(boot.draftAtRisk);
                setPhase({ kind: 'done' });
                void openLink(api, boot, phase.payload);
              }}
            >
              {t('link.ask.open')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

function keepDraft(api: AppStoreApi, boot: Boot) {
  const d = boot.draftAtRisk;
  if (d) api.setState({ yaml: d.yaml, scenarioId: d.scenarioId });
}

async function openLink(api: AppStoreApi, boot: Boot, payload: SharePayload | null): Promise<void> {
  if (payload) api.setState({ yaml: payload.yaml });
  if (!payload && !boot.applyOnStart) return;
  const actions = (payload?.actions ?? []).filter(isTimedAction);
  // With interventions, land on the step after replaying them (each forks at its own step).
  await api.getState().apply({ step: actions.length ? undefined : boot.startStep });
  for (const a of actions) {
    const s = api.getState();
    if (s.status !== 'ready' || a.atStep === undefined) break;
    s.goTo(a.atStep - 1);
    await s.intervene(a.action);
  }
  if (actions.length && boot.startStep !== undefined) api.getState().goTo(boot.startStep - 1);
  if (boot.autoplay && !api.getState().reducedMotion) api.getState().play();
}

function isTimedAction(a: unknown): a is TimedAction {
  return (
    !!a &&
    typeof a === 'object' &&
    typeof (a as TimedAction).action === 'object' &&
    (a as TimedAction).action !== null &&
    typeof (a as TimedAction).atStep === 'number'
  );
}

/** Keep the address bar equal to a link to what the learner sees (debounced; replaceState, no history spam). */
function useUrlFollowsApp(api: AppStoreApi, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    let last = '';
    let generation = 0;
    /** The content the address shows (as of the last sync that finished). */
    let shown: Pick<AppState, 'yaml' | 'scenarioId' | 'actions'> | null = null;
    const sync = () => {
      const g = ++generation;
      const state = api.getState();
      void linkParts(state, { step: true }).then(({ search, hash }) => {
        if (g !== generation) return;
        shown = state;
        const next = `${window.location.pathname}${search}${hash}`;
        if (next === last) return;
        last = next;
        try {
          window.history.replaceState(window.history.state, '', next);
        } catch {
          // sandboxed documents may refuse: the link buttons still work
        }
      });
    };
    const unsubscribe = api.subscribe((s, p) => {
      if (
        s.yaml !== p.yaml ||
        s.scenarioId !== p.scenarioId ||
        s.cursor !== p.cursor ||
        s.session !== p.session ||
        s.lang !== p.lang ||
        s.theme !== p.theme ||
        s.layoutView !== p.layoutView ||
        s.present !== p.present ||
        s.filter.keySteps !== p.filter.keySteps ||
        s.actions !== p.actions
      ) {
        window.clearTimeout(timer);
        timer = window.setTimeout(sync, 250);
      }
    });
    // Leaving with the address bar behind the editor (an edit in the last 250 ms): reloading that address would
    // offer its older manifest over the newer draft. Drop what the address says about content (the draft, saved
    // on the way out, has it) and keep the view options.
    const leave = () => {
      const s = api.getState();
      if (!shown || (s.yaml === shown.yaml && s.scenarioId === shown.scenarioId && s.actions === shown.actions)) return;
      window.clearTimeout(timer);
      // beforeunload, then pagehide: mark the address the page was left at only once.
      shown = s;
      markStaleAddress(window.location.href);
      try {
        window.history.replaceState(window.history.state, '', withoutContent(window.location));
      } catch {
        // as above
      }
    };
    // A link pasted over an address that differs only in its `#s=` is a same-document navigation: no page load,
    // so no startup would open it. The app's own updates use replaceState, which fires no hashchange; any
    // hashchange is the learner's, so load the page again and let startup open the link (asking first when the
    // editor holds unsaved work).
    const onHashChange = () => window.location.reload();
    window.addEventListener('pagehide', leave);
    window.addEventListener('beforeunload', leave);
    window.addEventListener('hashchange', onHashChange);
    sync();
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('beforeunload', leave);
      window.removeEventListener('hashchange', onHashChange);
      window.clearTimeout(timer);
    };
  }, [api, enabled]);
}
