/**
 * Playback controls (docs/CONTRACTS.md §7 hooks: step-first, step-prev, play, step-next, step-last, step-counter), the
 * scrubber, the virtual clock and speed. The counter always uses the trace's own numbering (1-based).
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon, type IconName } from '../ui/Icon';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { SPEEDS, clockSeconds } from '../playback/speed';
import { Scrubber } from './Scrubber';
import { StepFilters } from './StepFilters';

export function PlaybackBar() {
  const t = useT();
  const api = useAppApi();
  const { session, cursor, playing, speed } = useApp(
    useShallow((s) => ({ session: s.session, cursor: s.cursor, playing: s.playing, speed: s.speed })),
  );
  const total = session?.run.steps.length ?? 0;
  const step = session && cursor >= 0 ? session.run.steps[cursor] : undefined;
  const lastTime = session?.run.steps.at(-1)?.time ?? 0;
  const widths = useMemo(
    () => ({
      counter: textWidthCh(t('ctl.counter', { n: total, total })),
      clock: textWidthCh(t('ctl.clock', { seconds: clockSeconds(lastTime) })),
    }),
    [t, total, lastTime],
  );
  const disabled = !session || total === 0;
  const a = api.getState();
  const button = (testId: string | undefined, icon: IconName, label: string, onClick: () => void, extra = '') => (
    <button
      type="button"
      className={`icon-btn ${extra}`}
      data-testid={testId}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      <Icon name={icon} />
    </button>
  );
  return (
    <div className="playback" role="group" aria-label={t('ctl.timeline')} id="playback">
      <div className="playback__row">
        <div className="playback__buttons">
          {button('step-first', 'first', t('ctl.first'), a.first)}
          {button(undefined, 'prevPhase', t('ctl.prevPhase'), a.prevPhase, 'icon-btn--quiet')}
          {button('step-prev', 'prev', t('ctl.prev'), a.prev)}
          {button(
            'play',
            playing ? 'pause' : 'play',
            playing ? t('ctl.pause') : t('ctl.play'),
            a.togglePlay,
            'icon-btn--primary',
          )}
          {button('step-next', 'next', t('ctl.next'), a.next)}
          {button(undefined, 'nextPhase', t('ctl.nextPhase'), a.nextPhase, 'icon-btn--quiet')}
          {button('step-last', 'last', t('ctl.last'), a.last)}
        </div>
        <Scrubber />
        <div className="playback__readout">
          {/* Each text in a box of its run's widest size, not a flex item: a flex item is never a relayout root, so
              the new number of every step laid out the whole page (~0.4 ms) instead of its own box. */}
          <span className="playback__slot">
            <span
              className="counter"
              data-testid="step-counter"
              aria-label={t('ctl.counterLabel', { n: cursor + 1, total })}
              style={{ width: `${widths.counter}ch` }}
            >
              {t('ctl.counter', { n: total ? cursor + 1 : 0, total })}
            </span>
          </span>
          <span className="playback__slot">
            <span className="clock" title={t('ctl.clockLabel')} style={{ width: `${widths.clock}ch` }}>
              {t('ctl.clock', { seconds: clockSeconds(step?.time ?? 0) })}
            </span>
          </span>
          <label className="speed">
            <span className="visually-hidden">{t('ctl.speed')}</span>
            <select value={speed} onChange={(e) => a.setSpeed(Number(e.target.value))} aria-label={t('ctl.speed')}>
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {t('ctl.speedValue', { speed: s })}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <StepFilters />
    </div>
  );
}

/**
 * Width of a text in `ch` of a monospaced font: one per character, two for the wide ones (CJK, which the fallback
 * font draws about twice as wide), plus one to spare.
 */
function textWidthCh(text: string): number {
  let width = 1;
  for (const c of text) width += c.codePointAt(0)! >= 0x2e80 ? 2 : 1;
  return width;
}
