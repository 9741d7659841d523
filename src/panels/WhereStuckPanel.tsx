/**
 * "Where is it stuck?": the run's diagnosis, from the world at its last step whatever step is on screen — the first
 * link of the journey that has not progressed (component, reason, evidence, the kubectl command that shows it on a
 * real cluster) and a jump to the step where it went wrong; below it, the whole chain as a checklist (text + icon,
 * never colour alone). When the step on screen tells another story (a fault not yet repaired, a Pod not yet
 * scheduled), that step's own state is shown too, labelled as the step's.
 */
import { useMemo } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { diagnoseAt, type ChainFinding } from '../playback/diagnosis';
import './troubleshoot.css';

export function WhereStuckPanel() {
  const t = useT();
  const api = useAppApi();
  const { session, world, cursor } = useCurrent();
  // Only walk the chain while the tab is shown: playback moves the cursor many times a second.
  const shown = useApp((s) => s.inspector === 'stuck');
  const last = session ? session.run.steps.length - 1 : -1;
  const diagnosis = useMemo(
    () => (shown && session ? diagnoseAt(session.run, session.worlds.at(last), last) : undefined),
    [shown, session, last],
  );
  const here = useMemo(
    () => (shown && session && world && cursor !== last ? diagnoseAt(session.run, world, cursor) : undefined),
    [shown, session, world, cursor, last],
  );
  if (!session || !world) {
    const inputError = session?.run.inputErrors[0];
    return (
      <div data-testid="where-stuck" className="stuck">
        <p className="panel-empty">
          {inputError ? t('stuck.inputError', { message: inputError.message }) : t('panel.noRun')}
        </p>
      </div>
    );
  }
  if (!diagnosis) return <div data-testid="where-stuck" className="stuck" />;
  const first = diagnosis.stuck;
  const runCommand = (command: string) => {
    api.getState().setKubectlCommand(command);
    api.getState().setInspector('kubectl');
  };
  return (
    <div data-testid="where-stuck" className="stuck" data-stuck={first ? first.link : 'none'}>
      <p className="stuck__scope">{t('stuck.scope.run', { n: last + 1 })}</p>
      {first ? (
        <FindingCard finding={first} ids={RUN_IDS} onRun={runCommand} onJump={(n) => api.getState().goTo(n)} />
      ) : (
        <p className="stuck__title" data-testid="stuck-first" data-link="none">
          <span className="stuck__mark stuck__mark--ok" aria-hidden="true">
            ✓
          </span>{' '}
          {diagnosis.chain.length ? t('stuck.none') : t('stuck.nothingYet')}
        </p>
      )}
      {here && (here.stuck?.link ?? 'none') !== (first?.link ?? 'none') && (
        <div className="stuck__here">
          <p className="stuck__scope">{t('stuck.scope.step', { n: cursor + 1 })}</p>
          {here.stuck ? (
            <FindingCard
              finding={here.stuck}
              ids={STEP_IDS}
              onRun={runCommand}
              onJump={(n) => api.getState().goTo(n)}
            />
          ) : (
            <p className="stuck__title" data-testid="stuck-here" data-link="none">
              <span className="stuck__mark stuck__mark--ok" aria-hidden="true">
                ✓
              </span>{' '}
              {t('stuck.none')}
            </p>
          )}
        </div>
      )}
      {diagnosis.chain.length > 0 && (
        <>
          <h3 className="stuck__chainTitle">{t('stuck.chain')}</h3>
          <ol className="stuck__chain" data-testid="stuck-chain">
            {diagnosis.chain.map((f, i) => (
              <ChainItem key={i} finding={f} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

const RUN_IDS = { card: 'stuck-first', command: 'stuck-command', jump: 'stuck-jump' };
const STEP_IDS = { card: 'stuck-here', command: 'stuck-here-command', jump: 'stuck-here-jump' };

/** One finding in full: what is stuck, where, why, the evidence, the command, and the step it went wrong at. */
function FindingCard({
  finding: f,
  ids,
  onRun,
  onJump,
}: {
  finding: ChainFinding;
  ids: typeof RUN_IDS;
  onRun: (command: string) => void;
  onJump: (seq: number) => void;
}) {
  const t = useT();
  return (
    <section
      className="stuck__first"
      data-testid={ids.card}
      data-link={f.link}
      data-component={f.component}
      aria-label={t('stuck.firstLabel')}
    >
      <p className="stuck__title">
        <span className="stuck__mark stuck__mark--bad" aria-hidden="true">
          ✗
        </span>{' '}
        {t('stuck.title', { link: t(`stuck.link.${f.link}`) })}
      </p>
      <dl className="stuck__facts">
        <dt>{t('stuck.component')}</dt>
        <dd>
          <code>{f.component}</code> · <code>{f.object}</code>
        </dd>
        <dt>{t('stuck.why')}</dt>
        <dd>
          <strong>{t(`stuck.key.${f.key}`)}</strong> {t(`diag.${f.reasonKey}`, f.params)}
        </dd>
        {f.evidence && (
          <>
            <dt>{t('stuck.evidence')}</dt>
            <dd>
              <code className="stuck__evidence">{f.evidence}</code>
            </dd>
          </>
        )}
        <dt>{t('stuck.command')}</dt>
        <dd>
          <code className="stuck__command" data-testid={ids.command}>
            $ {f.command}
          </code>
          {f.command.startsWith('kubectl ') && (
            <button type="button" className="link-btn" onClick={() => onRun(f.command)}>
              {t('stuck.runIt')}
            </button>
          )}
        </dd>
      </dl>
      {f.step !== undefined && (
        <button type="button" className="btn btn--small" data-testid={ids.jump} onClick={() => onJump(f.step!)}>
          {t('stuck.jump', { n: f.step + 1 })}
        </button>
      )}
    </section>
  );
}

function ChainItem({ finding: f }: { finding: ChainFinding }) {
  const t = useT();
  return (
    <li className={`stuck__item${f.ok ? '' : ' is-stuck'}`} data-ok={f.ok} data-link={f.link}>
      <span className={`stuck__mark stuck__mark--${f.ok ? 'ok' : 'bad'}`} aria-hidden="true">
        {f.ok ? '✓' : '✗'}
      </span>
      <span className="stuck__status">{f.ok ? t('stuck.ok') : t('stuck.stuck')}</span>
      <span className="stuck__link">{t(`stuck.link.${f.link}`)}</span>
      <code className="stuck__object">{f.object}</code>
      <span className="stuck__reason">{f.ok ? t(`diag.${f.reasonKey}`, f.params) : t(`stuck.key.${f.key}`)}</span>
    </li>
  );
}
