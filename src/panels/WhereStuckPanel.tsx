/**
 * "Where is it stuck?": for the world after the current step, the first link of the journey that has
 * not progressed — component, reason, evidence, the kubectl command that shows it on a real cluster — and a jump to
 * the step where it went wrong; below it, the whole chain as a checklist (text + icon, never colour alone).
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
  const diagnosis = useMemo(
    () => (shown && session && world ? diagnoseAt(session.run, world, cursor) : undefined),
    [shown, session, world, cursor],
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
      {first ? (
        <section
          className="stuck__first"
          data-testid="stuck-first"
          data-link={first.link}
          data-component={first.component}
          aria-label={t('stuck.firstLabel')}
        >
          <p className="stuck__title">
            <span className="stuck__mark stuck__mark--bad" aria-hidden="true">
              ✗
            </span>{' '}
            {t('stuck.title', { link: t(`stuck.link.${first.link}`) })}
          </p>
          <dl className="stuck__facts">
            <dt>{t('stuck.component')}</dt>
            <dd>
              <code>{first.component}</code> · <code>{first.object}</code>
            </dd>
            <dt>{t('stuck.why')}</dt>
            <dd>
              <strong>{t(`stuck.key.${first.key}`)}</strong> {t(`diag.${first.reasonKey}`, first.params)}
            </dd>
            {first.evidence && (
              <>
                <dt>{t('stuck.evidence')}</dt>
                <dd>
                  <code className="stuck__evidence">{first.evidence}</code>
                </dd>
              </>
            )}
            <dt>{t('stuck.command')}</dt>
            <dd>
              <code className="stuck__command" data-testid="stuck-command">
                $ {first.command}
              </code>
              {first.command.startsWith('kubectl ') && (
                <button type="button" className="link-btn" onClick={() => runCommand(first.command)}>
                  {t('stuck.runIt')}
                </button>
              )}
            </dd>
          </dl>
          {first.step !== undefined && (
            <button
              type="button"
              className="btn btn--small"
              data-testid="stuck-jump"
              onClick={() => api.getState().goTo(first.step!)}
            >
              {t('stuck.jump', { n: first.step + 1 })}
            </button>
          )}
        </section>
      ) : (
        <p className="stuck__title" data-testid="stuck-first" data-link="none">
          <span className="stuck__mark stuck__mark--ok" aria-hidden="true">
            ✓
          </span>{' '}
          {diagnosis.chain.length ? t('stuck.none') : t('stuck.nothingYet')}
        </p>
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
