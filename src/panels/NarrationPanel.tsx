/**
 * The current step told in words (docs/CONTRACTS.md §7: `narration`, the aria-live region): who talks to whom, what the
 * component received, decided and handed on, the manifest field behind it, and the Events it recorded.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../ui/i18n/translateContext';
import { Icon } from '../ui/Icon';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { diagnoseAtCached } from '../playback/diagnosis';
import { narrate, stepHeadline } from '../playback/narrate';
import { formatWait, jumpAfter } from '../playback/clockJumps';
import { groupAt } from '../playback/messageGroups';
import { groupsRepeats } from '../playback/navigation';
import { verdictOf, type Verdict } from '../playback/verdict';

export function NarrationPanel() {
  const t = useT();
  const api = useAppApi();
  const { step, session } = useCurrent();
  const { status, error } = useApp(useShallow((s) => ({ status: s.status, error: s.error })));
  const content =
    status === 'simulating' ? (
      <SimulatingNote />
    ) : status === 'error' ? (
      <p className="narration__text narration__text--error">{t('sim.failed', { message: error ?? '' })}</p>
    ) : !step ? (
      <div className="narration__idle">
        <p className="narration__text narration__text--muted">
          {session && session.run.inputErrors.length ? t('sim.inputError') : t('sim.idle')}
        </p>
        {!session && (
          <button type="button" className="btn btn--primary" onClick={() => void api.getState().apply()}>
            <Icon name="apply" size={16} /> {t('sim.applyNow')}
          </button>
        )}
      </div>
    ) : (
      <>
        <div className="narration__meta">
          <span className="phase-chip" style={{ '--pc': `var(--p-${step.phase})` } as React.CSSProperties}>
            {t(`phase.${step.phase}`)}
          </span>
          <span className="narration__headline">{stepHeadline(step, t)}</span>
          {step.background && <span className="tag">{t('narr.background')}</span>}
          {step.detail?.type === 'end' ? (
            <code className="narration__label">{t(`end.label.${step.detail.reason}`)}</code>
          ) : (
            <code className="narration__label" title={step.label}>
              {step.label}
            </code>
          )}
          <ClockJumpChip />
        </div>
        {step.detail?.type === 'end' ? (
          <EndVerdict text={narrate(step, t)} />
        ) : (
          <p className={`narration__text${step.background ? ' narration__text--muted' : ''}`}>{narrate(step, t)}</p>
        )}
        <GroupNote />
        {(step.source?.path || step.events.length > 0) && (
          <div className="narration__extra">
            {step.source?.path && (
              <span className="narration__source">{t('narr.source', { path: step.source.path })}</span>
            )}
            {step.events.map((e, i) => (
              <span key={i} className={`event-pill event-pill--${e.type.toLowerCase()}`} title={e.message}>
                {e.type} · {e.reason}
              </span>
            ))}
          </div>
        )}
      </>
    );
  // The body, not the section, is the box whose size never changes with its text: the section is a flex item, and a
  // flex item is never a relayout root, so a step's new text laid out the whole page (~0.5 ms) instead of this box.
  return (
    <section className="narration" data-testid="narration" aria-live="polite" aria-label={t('narr.label')}>
      <div className="narration__body">{content}</div>
    </section>
  );
}

/**
 * The last step says how the journey ended. A run that stops because nothing more will happen is not a success when
 * the journey is stuck (Pending, ImagePullBackOff, no endpoints): then the verdict names the link, the component and
 * the command that shows it, instead of "current state equals desired state".
 */
function EndVerdict({ text }: { text: string }) {
  const t = useT();
  const api = useAppApi();
  const { session, world, cursor, step } = useCurrent();
  // The inspectors live beside the stage, which neither an embed nor the diagram-only layout shows.
  const inspectors = useApp((s) => !s.embed && !s.present && s.layoutView === 'split');
  const diagnosis = useMemo(
    () => (session && world ? diagnoseAtCached(session.run, world, cursor) : undefined),
    [session, world, cursor],
  );
  const stuck = diagnosis?.stuck;
  const verdict = diagnosis && verdictOf(diagnosis);
  if (!stuck || !step)
    return (
      <>
        {verdict && <VerdictSentence verdict={verdict} />}
        <p className="narration__text">{text}</p>
      </>
    );
  const reason = step.detail?.type === 'end' ? step.detail.reason : 'quiescent';
  const time = (step.time / 1000).toFixed(1);
  return (
    <div className="narration__verdict" data-testid="end-verdict" data-link={stuck.link}>
      {verdict && <VerdictSentence verdict={verdict} />}
      <p className="narration__text">
        <strong>
          {t(reason === 'quiescent' ? 'end.verdict.quiescent' : 'end.verdict.stopped', {
            time,
            link: t(`stuck.link.${stuck.link}`),
          })}
        </strong>{' '}
        {t('end.verdict.why', { component: stuck.component, what: t(`stuck.key.${stuck.key}`) })}
      </p>
      <p className="narration__verdict-command">
        {t('end.verdict.check')} <code>$ {stuck.command}</code>{' '}
        {inspectors && (
          <button
            type="button"
            className="link-btn"
            onClick={() => {
              // On a narrow screen the inspectors share a tab strip with the editor.
              api.getState().setCompactTab('inspect');
              api.getState().setInspector('stuck');
            }}
          >
            {t('end.verdict.open')}
          </button>
        )}
      </p>
    </div>
  );
}

/** The outcome in one sentence: "Stuck: <object> — <reason>" or "Done: 3/3 Pods Ready, Service web has 3 …". */
function VerdictSentence({ verdict: v }: { verdict: Verdict }) {
  const t = useT();
  const ref = useRef<HTMLParagraphElement>(null);
  const { embed, reducedMotion } = useApp(useShallow((s) => ({ embed: s.embed, reducedMotion: s.reducedMotion })));
  // On a phone the narration is below the diagram: arriving at the end brings the outcome into view (above the
  // sticky controls, .narration's scroll-margin). Never in an embed, where scrolling would move the course page.
  useEffect(() => {
    const el = ref.current;
    if (!el || embed || !window.matchMedia?.('(max-width: 900px)').matches) return;
    const r = el.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight - 180) return;
    el.closest('.narration')?.scrollIntoView({ block: 'end', behavior: reducedMotion ? 'auto' : 'smooth' });
  }, [embed, reducedMotion]);
  const text =
    v.kind === 'stuck'
      ? t('verdict.stuck', { object: v.object, reason: t(`diag.${v.reasonKey}`, v.params) })
      : [
          t('verdict.done', { ready: v.ready, want: v.want }),
          ...v.services.map((s) => t('verdict.doneService', { service: s.name, count: s.count })),
        ].join(t('verdict.join'));
  return (
    <p
      ref={ref}
      className={`narration__outcome narration__outcome--${v.kind}`}
      data-testid="verdict"
      data-outcome={v.kind}
    >
      <strong>{text}</strong>
    </p>
  );
}

/** The current step ends a run of repeated messages that navigation steps over as one: say so, offer each. */
function GroupNote() {
  const t = useT();
  const api = useAppApi();
  const { session, cursor, filter } = useApp(
    useShallow((s) => ({ session: s.session, cursor: s.cursor, filter: s.filter })),
  );
  if (!session || !groupsRepeats(filter, session.run.steps.length)) return null;
  const group = groupAt(session.groups, cursor);
  if (!group) return null;
  const params = {
    count: group.end - group.start + 1,
    nodes: group.nodes.length,
    first: group.start + 1,
    last: group.end + 1,
  };
  return (
    <p className="narration__group" data-testid="message-group">
      <span>{t(group.nodes.length > 1 ? 'group.summary' : 'group.summaryNoNodes', params)}</span>
      <button type="button" className="btn btn--small" onClick={() => api.getState().expandGroup()}>
        {t('group.expand')}
      </button>
    </p>
  );
}

/** When the next step that matters is far ahead (a back-off, a grace period), say how far the clock jumps. */
function ClockJumpChip() {
  const t = useT();
  const steps = useApp((s) => s.session?.run.steps);
  const cursor = useApp((s) => s.cursor);
  const jump = steps ? jumpAfter(steps, cursor) : undefined;
  if (!jump) return null;
  const wait = formatWait(jump.ms);
  return (
    <span className="clock-jump" data-testid="clock-jump" title={t('time.jumpLabel', { wait })}>
      {t('time.jump', { wait })}
    </span>
  );
}

function SimulatingNote() {
  const t = useT();
  const started = useApp((s) => s.simStartedAt);
  const progress = useApp((s) => s.progress);
  const lang = useApp((s) => s.lang);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 200);
    return () => window.clearInterval(id);
  }, []);
  return (
    <p className="narration__text narration__text--muted">
      <span className="spinner" aria-hidden="true" />{' '}
      {t('sim.running', { seconds: ((now - started) / 1000).toFixed(1) })}
      {progress && (
        <span className="narration__progress" data-testid="sim-progress">
          {' '}
          {t('sim.progress', {
            steps: new Intl.NumberFormat(lang).format(progress.steps),
            clock: (progress.timeMs / 1000).toFixed(1),
          })}
        </span>
      )}
    </p>
  );
}
