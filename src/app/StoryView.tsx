/**
 * `view=story`: the whole run as an ordered text transcript (the steps the current filter shows), the current
 * step marked with aria-current. Also the printable handout (theme.css @media print).
 *
 * Paged (a 45,858-step run did not answer for minutes, a 200k-step one reached 1.9 GB with every step a
 * list item): one page of STORY_PAGE steps is in the document, the one holding the cursor unless the reader
 * turned pages; a run that fits on one page prints whole, as before.
 */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { narrate, stepHeadline } from '../playback/narrate';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';

const STORY_PAGE = 500;

/** Index of the first entry of `sorted` that is ≥ `seq` (the cursor's place among the steps shown). */
function placeOf(sorted: readonly number[], seq: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

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
  const pages = Math.max(1, Math.ceil(navigable.length / STORY_PAGE));
  const cursorPage = Math.min(pages - 1, Math.floor(placeOf(navigable, cursor) / STORY_PAGE));
  // The page follows the cursor; the reader may turn pages until the cursor moves again.
  const [turned, setTurned] = useState<{ page: number; cursor: number } | null>(null);
  const page = turned && turned.cursor === cursor ? Math.min(turned.page, pages - 1) : cursorPage;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    el?.scrollIntoView?.({ block: 'nearest', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [cursor, reducedMotion]);
  const from = page * STORY_PAGE;
  const to = Math.min(navigable.length, from + STORY_PAGE);
  const steps = session ? navigable.slice(from, to).map((seq) => session.run.steps[seq]) : [];
  const pager =
    session && pages > 1 ? (
      <nav className="story__pager" aria-label={t('story.title')}>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={page === 0}
          data-testid="story-prev-page"
          onClick={() => setTurned({ page: page - 1, cursor })}
        >
          {t('story.prevPage')}
        </button>
        <span data-testid="story-page">
          {t('story.page', {
            from: (session.run.steps[navigable[from]]?.seq ?? 0) + 1,
            to: (session.run.steps[navigable[to - 1]]?.seq ?? 0) + 1,
            total: session.run.steps.length,
          })}
        </span>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={page >= pages - 1}
          data-testid="story-next-page"
          onClick={() => setTurned({ page: page + 1, cursor })}
        >
          {t('story.nextPage')}
        </button>
      </nav>
    ) : null;
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
        <>
          {pager}
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
          {pager}
        </>
      )}
    </section>
  );
}
