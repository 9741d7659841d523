/**
 * `view=story`: the whole run as an ordered text transcript (the steps the current filter shows), the current
 * step marked with aria-current. Also the printable handout (theme.css @media print).
 */
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { narrate, stepHeadline } from '../playback/narrate';
import { useT } from './i18n/translateContext';
import { useApp, useAppApi } from './store/useApp';

export function StoryView() {
  const t = useT();
  const api = useAppApi();
  const { session, navigable, cursor, reducedMotion } = useApp(
    useShallow((s) => ({
      session: s.session,
      navigable: s.navigable,
      cursor: s.cursor,
      reducedMotion: s.reducedMotion,
    })),
  );
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    el?.scrollIntoView?.({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [cursor, reducedMotion]);
  const steps = session ? navigable.map((seq) => session.run.steps[seq]) : [];
  return (
    <section className="story" data-testid="story" aria-labelledby="story-title">
      <h2 id="story-title">{t('story.title')}</h2>
      <p className="story__meta">
        {t('story.intro')}{' '}
        <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
          {t('story.print')}
        </button>
      </p>
      {!session ? (
        <p>{t('sim.idle')}</p>
      ) : (
        <ol ref={list}>
          {steps.map((step) => (
            <li key={step.seq} value={step.seq + 1} aria-current={step.seq === cursor ? 'step' : undefined}>
              <div className="story__meta">
                <button
                  type="button"
                  className="btn btn--ghost"
                  onClick={() => api.getState().goTo(step.seq)}
                  aria-label={t('story.step', { n: step.seq + 1 })}
                >
                  {t('story.step', { n: step.seq + 1 })}
                </button>{' '}
                <span className="story__phase">{t(`phase.${step.phase}`)}</span> · {stepHeadline(step, t)} ·{' '}
                {t('ctl.clock', { seconds: (step.time / 1000).toFixed(3) })}
              </div>
              <div>{narrate(step, t)}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
