/**
 * The run in aggregate: one line per kind of message — "The replicaset controller created 1,000 Pods" —
 * in order of first appearance, each opening onto its steps, so a 1,000-replica run on 100 nodes reads
 * as about seventy lines. Lines come from playback/runSummary.ts; the line holding the current step is marked.
 */
import { memo, useMemo, useState } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import type { Step } from '../engine/types';
import { hasKey, type Translate } from '../i18n/translate';
import { endpointLabel } from '../playback/narrate';
import { nextIn } from '../playback/navigation';
import { lineOf, runSummary, type SummaryLine } from '../playback/runSummary';
import './summary.css';

/** Steps listed when a line is opened, and added by each "more". */
const PAGE = 50;

export function SummaryPanel() {
  const t = useT();
  const { session, cursor } = useCurrent();
  const lang = useApp((s) => s.lang);
  const lines = useMemo(() => (session ? runSummary(session.run.steps) : []), [session]);
  const format = useMemo(() => new Intl.NumberFormat(lang), [lang]);
  if (!session) return <p className="panel-empty">{t('panel.noRun')}</p>;
  const current = lineOf(lines, cursor);
  return (
    <div data-testid="summary" className="summary">
      <p className="summary__intro">
        {t('summary.intro', { lines: format.format(lines.length), steps: format.format(session.run.steps.length) })}
      </p>
      <ol className="summary__lines">
        {lines.map((line) => (
          <Line
            key={line.first.seq}
            line={line}
            steps={session.run.steps}
            current={line === current}
            cursor={cursor}
            format={format}
          />
        ))}
      </ol>
    </div>
  );
}

const Line = memo(function Line({
  line,
  steps,
  current,
  cursor,
  format,
}: {
  line: SummaryLine;
  steps: readonly Step[];
  current: boolean;
  /** The step the panels show: whether "next after this step" has anywhere to go, and which step is bold. */
  cursor: number;
  format: Intl.NumberFormat;
}) {
  const t = useT();
  const api = useAppApi();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const { seqs, first } = line;
  const count = seqs.length;
  const next = nextIn(seqs, cursor);
  const go = (seq: number) => api.getState().goTo(seq);
  return (
    <li
      className={`summary__line${current ? ' is-current' : ''}`}
      aria-current={current ? 'step' : undefined}
      data-key={first.narration.key}
      data-count={count}
    >
      <button type="button" className="summary__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="summary__count">×{format.format(count)}</span>
        <span className="summary__text">{sentence(first, count, t, format)}</span>
      </button>
      <p className="summary__meta">
        {hasKey(sentenceKey(first)) && (
          // The sentence says it in words; the label says what went over the wire. A generic sentence already does.
          <>
            <code className="summary__label">
              {first.verb}
              {first.object ? ` ${first.object.kind}` : ''}
            </code>{' '}
          </>
        )}
        {count === 1
          ? t('summary.step', { n: format.format(seqs[0] + 1) })
          : t('summary.steps', { first: format.format(seqs[0] + 1), last: format.format(seqs[count - 1] + 1) })}
        {line.nodes > 0 && <> · {t('summary.nodes', { count: line.nodes, n: format.format(line.nodes) })}</>}
      </p>
      {open && (
        <div className="summary__steps">
          <div className="summary__jumps">
            <button type="button" className="btn btn--small" onClick={() => go(seqs[0])}>
              {t('summary.first')}
            </button>
            <button
              type="button"
              className="btn btn--small"
              disabled={next === undefined}
              onClick={() => {
                // From the live cursor: the panel's follows it once stepping pauses, and clicks can come faster.
                const after = nextIn(seqs, api.getState().cursor);
                if (after !== undefined) go(after);
              }}
            >
              {t('summary.next')}
            </button>
            <button type="button" className="btn btn--small" onClick={() => go(seqs[count - 1])}>
              {t('summary.last')}
            </button>
          </div>
          <ul className="summary__occurrences">
            {seqs.slice(0, shown).map((seq) => (
              <li key={seq}>
                <button type="button" className="link-btn" onClick={() => go(seq)} aria-current={seq === cursor}>
                  {occurrence(steps[seq], format)}
                </button>
              </li>
            ))}
          </ul>
          {shown < count && (
            <button type="button" className="btn btn--small" onClick={() => setShown(shown + PAGE)}>
              {t('summary.more', { n: format.format(Math.min(PAGE, count - shown)) })}
            </button>
          )}
        </div>
      )}
    </li>
  );
});

/** `#243 web-7c57db5ff7-l2kmz · node-7`: the step, the object it is about, the node it comes from or goes to. */
function occurrence(step: Step, format: Intl.NumberFormat): string {
  const node = step.from.node ?? step.to.node;
  return `#${format.format(step.seq + 1)} ${step.object?.name ?? step.label}${node ? ` · ${node}` : ''}`;
}

const sentenceKey = (first: Step) => `summary.line.${first.narration.key}`;

/**
 * What the line's messages did, in words: a sentence of its own for the journey's main messages
 * (`summary.line.<narration key>`), else who sent what to whom.
 */
function sentence(first: Step, count: number, t: Translate, format: Intl.NumberFormat): string {
  const from = endpointLabel({ component: first.from.component, part: first.from.part }, t);
  const to = endpointLabel({ component: first.to.component, part: first.to.part }, t);
  const params = { count, n: format.format(count), from, to };
  const key = sentenceKey(first);
  if (hasKey(key)) return t(key, params);
  return t('summary.line', { ...params, what: first.object ? `${first.verb} ${first.object.kind}` : first.verb });
}
