/**
 * The timeline: the whole trace as a strip coloured by phase, marks where each phase first happens (and every
 * fault or user action), and a thumb at the cursor. Click or drag to seek; it is also a keyboard slider. Hovering
 * previews the step under the pointer; a legend names the colours and marks.
 */
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { snapForward } from '../playback/navigation';
import { phaseStrip } from '../playback/timeline';
import { clockJumps, formatWait } from '../playback/clockJumps';
import './troubleshoot.css';

export function Scrubber() {
  const t = useT();
  const api = useAppApi();
  const { session, cursor, navigable } = useApp(
    useShallow((s) => ({ session: s.session, cursor: s.cursor, navigable: s.navigable })),
  );
  const track = useRef<HTMLDivElement>(null);
  const steps = session?.run.steps;
  const total = steps?.length ?? 0;
  const strip = useMemo(() => session?.strip ?? (steps ? phaseStrip(steps) : []), [session, steps]);
  const jumps = useMemo(() => session?.jumps ?? (steps ? clockJumps(steps) : []), [session, steps]);
  // The same elements every step, so React skips the strip's ~170 segments when only the cursor moved.
  const segments = useMemo(
    () =>
      strip.map((b) => (
        <span
          key={b.start}
          className={`scrubber__seg${b.background ? ' is-bg' : ''}`}
          style={{
            left: `${(b.start / total) * 100}%`,
            width: `${((b.end - b.start) / total) * 100}%`,
            ['--seg' as string]: `var(--p-${b.phase})`,
          }}
        />
      )),
    [strip, total],
  );
  const forkStep = useApp((s) => s.branches.find((b) => b.id === s.branchId)?.forkStep ?? null);
  const pct = (seq: number) => (total > 1 ? (seq / (total - 1)) * 100 : 0);

  const [hover, setHover] = useState<number | null>(null);
  const seqAt = (clientX: number): number | undefined => {
    const el = track.current;
    if (!el || total === 0) return undefined;
    const r = el.getBoundingClientRect();
    return Math.max(0, Math.min(total - 1, Math.round(((clientX - r.left) / r.width) * (total - 1))));
  };
  const seekTo = (clientX: number) => {
    const seq = seqAt(clientX);
    const target = seq === undefined ? undefined : snapForward(navigable, seq);
    if (target !== undefined) api.getState().goTo(target);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!total) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    seekTo(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture(e.pointerId)) seekTo(e.clientX);
    else if (e.pointerType === 'mouse') setHover(seqAt(e.clientX) ?? null);
  };
  const phases = useMemo(() => [...new Set(strip.map((b) => b.phase))], [strip]);
  const preview = hover !== null && steps ? steps[hover] : undefined;
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The slider handles its own keys; stop them reaching the global shortcuts so one press moves one step.
    const a = api.getState();
    const actions: Record<string, () => void> = {
      ArrowRight: a.next,
      ArrowUp: a.next,
      ArrowLeft: a.prev,
      ArrowDown: a.prev,
      Home: a.first,
      End: a.last,
      PageUp: a.prevPhase,
      PageDown: a.nextPhase,
    };
    const act = actions[e.key];
    if (act && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      e.stopPropagation();
      act();
    }
  };
  const step = steps && cursor >= 0 ? steps[cursor] : undefined;
  return (
    <div className="scrubber">
      <div className="scrubber__rail">
        <div
          ref={track}
          className="scrubber__track"
          role="slider"
          tabIndex={total ? 0 : -1}
          aria-label={t('ctl.timeline')}
          aria-valuemin={total ? 1 : 0}
          aria-valuemax={total}
          aria-valuenow={cursor + 1}
          aria-valuetext={
            step ? `${t('ctl.counterLabel', { n: cursor + 1, total })}, ${t(`phase.${step.phase}`)}` : undefined
          }
          aria-disabled={!total}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setHover(null)}
          onKeyDown={onKeyDown}
        >
          <div className="scrubber__strip">{segments}</div>
          {session?.marks.map((m) => (
            <span
              key={m.seq}
              className="scrubber__mark"
              style={{ left: `${pct(m.seq)}%`, background: `var(--p-${m.phase})` }}
              title={`${t(`phase.${m.phase}`)} · ${m.seq + 1}`}
            />
          ))}
          {jumps.map((j) => (
            <span
              key={`jump-${j.to}`}
              className="scrubber__jump"
              data-testid="clock-jump-mark"
              style={{ left: `${pct(j.to)}%` }}
              title={t('time.jumpMark', { wait: formatWait(j.ms) })}
            />
          ))}
          {forkStep !== null && forkStep < total && (
            <span
              className="scrubber__fork"
              data-testid="fork-mark"
              style={{ left: `${pct(forkStep)}%` }}
              title={t('branch.forkMark', { n: forkStep + 1 })}
            />
          )}
          {total > 0 && (
            // Moved by a transform of a track-wide carriage (a percentage of its width is one of the track's), not by
            // `left`: that laid the page out on every step, the track being a flex item, which is never a relayout root.
            <span className="scrubber__carriage" style={{ transform: `translateX(${pct(cursor)}%)` }}>
              <span className="scrubber__thumb" />
            </span>
          )}
        </div>
        {/* Outside the track, which clips what overhangs it. */}
        {preview && (
          <span
            className="scrubber__preview"
            data-testid="timeline-preview"
            style={{ left: `${pct(hover!)}%` }}
            aria-hidden="true"
          >
            <strong>{hover! + 1}</strong> · {t(`phase.${preview.phase}`)} · <code>{preview.label}</code>
          </span>
        )}
      </div>
      {phases.length > 0 && (
        <details className="scrubber__legend" data-testid="timeline-legend">
          <summary>{t('ctl.legend')}</summary>
          <ul>
            {phases.map((ph) => (
              <li key={ph}>
                <span className="scrubber__swatch" style={{ background: `var(--p-${ph})` }} aria-hidden="true" />
                {t(`phase.${ph}`)}
              </li>
            ))}
            <li>
              <span className="scrubber__swatch scrubber__swatch--bg" aria-hidden="true" />
              {t('ctl.legendBackground')}
            </li>
            <li>
              <span className="scrubber__swatch scrubber__swatch--jump" aria-hidden="true" />
              {t('ctl.legendJump')}
            </li>
          </ul>
        </details>
      )}
    </div>
  );
}
