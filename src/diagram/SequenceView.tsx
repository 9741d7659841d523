/**
 * The sequence view, an alternative to the diagram: one lane per component instance, one arrow per step, the
 * current step highlighted and kept in view. Rows are virtualised (only those on screen are drawn), so runs of
 * any length scroll smoothly.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { sequenceModel } from '../playback/sequenceLanes';
import './sequence.css';

const ROW = 26;
/** Height of the sticky lane header above the rows. */
const HEAD = 40;
const MIN_LANE = 84;

export function SequenceView() {
  const t = useT();
  const api = useAppApi();
  const session = useApp((s) => s.session);
  const cursor = useApp((s) => s.cursor);
  const model = useMemo(() => (session ? sequenceModel(session.run) : undefined), [session]);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 400, width: 800 });

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [model]);

  // Keep the current step visible (scroll only when it left the viewport, so reading is not disturbed).
  useEffect(() => {
    const el = scroller.current;
    if (!el || cursor < 0) return;
    const y = HEAD + cursor * ROW;
    if (y < el.scrollTop + HEAD || y + ROW > el.scrollTop + el.clientHeight) el.scrollTop = y - el.clientHeight / 2;
  }, [cursor]);

  if (!session || !model) {
    return (
      <div className="sequence" data-view="sequence">
        <p className="panel-empty">{t('sim.idle')}</p>
      </div>
    );
  }
  const steps = session.run.steps;
  const laneW = Math.max(MIN_LANE, view.width / model.lanes.length);
  const width = laneW * model.lanes.length;
  const first = Math.max(0, Math.floor((view.top - HEAD) / ROW) - 5);
  const last = Math.min(steps.length, Math.ceil((view.top + view.height) / ROW) + 5);
  const x = (lane: number) => lane * laneW + laneW / 2;
  const rows = [];
  for (let i = first; i < last; i++) {
    const s = steps[i];
    const [a, b] = model.rows[i];
    const y = i * ROW;
    const current = i === cursor;
    const comp = s.from.component;
    rows.push(
      <g
        key={i}
        className={`seq-row${current ? ' is-current' : ''}${s.background ? ' is-bg' : ''}`}
        onClick={() => api.getState().goTo(i)}
        style={{ '--c': `var(--c-${comp})` } as React.CSSProperties}
      >
        <rect x={0} y={y} width={width} height={ROW} className="seq-row__bg" />
        <text x={6} y={y + 17} className="seq-row__num">
          {i + 1}
        </text>
        {a === b ? (
          <>
            <circle cx={x(a)} cy={y + ROW / 2} r={5} className="seq-row__self" />
            <text x={x(a) + 10} y={y + 17} className="seq-row__label">
              {s.label}
            </text>
          </>
        ) : (
          <>
            <line
              x1={x(a)}
              x2={x(b) + (b > a ? -6 : 6)}
              y1={y + ROW / 2 + 4}
              y2={y + ROW / 2 + 4}
              className="seq-row__arrow"
              markerEnd="url(#seq-arrow)"
            />
            <text x={(x(a) + x(b)) / 2} y={y + 13} textAnchor="middle" className="seq-row__label">
              {truncate(s.label, Math.floor((Math.abs(x(b) - x(a)) - 10) / 6.2))}
            </text>
          </>
        )}
      </g>,
    );
  }
  return (
    <div className="sequence" data-view="sequence" ref={scroller} role="region" aria-label={t('sequence.label')}>
      <div className="sequence__head" style={{ width }}>
        {model.lanes.map((l) => (
          <div
            key={l.id}
            className="seq-head"
            style={{ width: laneW, '--c': `var(--c-${l.component})` } as React.CSSProperties}
          >
            <span className="seq-head__name">{t(`comp.${l.component}`)}</span>
            {l.node && <span className="seq-head__node">{l.node}</span>}
          </div>
        ))}
      </div>
      <svg width={width} height={steps.length * ROW} className="sequence__svg">
        <defs>
          <marker
            id="seq-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
          </marker>
        </defs>
        {model.lanes.map((l, i) => (
          <line
            key={l.id}
            x1={x(i)}
            x2={x(i)}
            y1={0}
            y2={steps.length * ROW}
            className="seq-lane"
            style={{ stroke: `var(--c-${l.component})` }}
          />
        ))}
        {rows}
      </svg>
    </div>
  );
}

function truncate(s: string, max: number): string {
  if (max < 4) return '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
