/**
 * kubectl panel (docs/CONTRACTS.md §7 hook `kubectl`): a terminal answering read-only commands from the world after the
 * current step, in kubectl's exact formats. The answer follows the cursor: step back and it shows the past.
 */
import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { kubeconfigUser } from '../engine/cluster/kubeconfigUser';
import { answerKubectl } from '../engine/kubectl/kubectlCommand';

export function KubectlPanel() {
  const t = useT();
  const api = useAppApi();
  const { world, cursor, session } = useCurrent();
  const command = useApp((s) => s.kubectlCommand);
  const user = session?.run.cluster.user;
  const run = session?.run;
  const seq = run?.steps[cursor]?.seq ?? -1;
  const [draft, setDraft] = useState('');
  const history = useRef<string[]>([]);
  const position = useRef(0);
  const answer = useMemo(
    () =>
      world
        ? answerKubectl(command, world, {
            user: kubeconfigUser(user),
            // `get -w` replays the run's writes up to the cursor (src/engine/kubectl/kubectlWatch.ts).
            watch: run
              ? { history: run.history, timeOf: (n: number) => run.steps[n]?.time ?? 0, upTo: seq }
              : undefined,
          })
        : undefined,
    [command, world, user, run, seq],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cmd = draft.trim();
    if (!cmd) return;
    const full = cmd.startsWith('kubectl') ? cmd : `kubectl ${cmd}`;
    history.current.push(full);
    position.current = history.current.length;
    api.getState().setKubectlCommand(full);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const h = history.current;
    if (e.key === 'ArrowUp' && h.length) {
      e.preventDefault();
      position.current = Math.max(0, position.current - 1);
      setDraft(h[position.current]);
    } else if (e.key === 'ArrowDown' && h.length) {
      e.preventDefault();
      position.current = Math.min(h.length, position.current + 1);
      setDraft(h[position.current] ?? '');
    }
  };
  return (
    <div data-testid="kubectl" className="kubectl">
      <div className="terminal" aria-live="off">
        {answer ? (
          <>
            <div className="terminal__cmd">
              <span className="terminal__prompt">$</span> {answer.command}
              <span className="terminal__asof">{t('panel.kubectl.asOf', { n: cursor + 1 })}</span>
            </div>
            <pre className={`terminal__out${answer.ok ? '' : ' is-error'}`}>{answer.output}</pre>
          </>
        ) : (
          <p className="panel-empty">{t('panel.noRun')}</p>
        )}
      </div>
      <form className="terminal__form" onSubmit={submit}>
        <span className="terminal__prompt" aria-hidden="true">
          $ kubectl
        </span>
        <input
          type="text"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('panel.kubectl.placeholder').replace(/^kubectl /, '')}
          aria-label={t('panel.kubectl.prompt')}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          disabled={!world}
        />
        <button type="submit" className="btn btn--small" disabled={!world}>
          {t('panel.kubectl.run')}
        </button>
      </form>
      <p className="hint">{t('panel.kubectl.hint')}</p>
    </div>
  );
}
