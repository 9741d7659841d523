import { useT } from '../ui/i18n/translateContext';
import { useCurrent } from '../ui/store/useCurrent';

/** What `kubectl apply -f manifest.yaml` printed (created / configured / unchanged, or kubectl's error). */
export function ApplyOutput() {
  const t = useT();
  const { session, cursor } = useCurrent();
  const run = session?.run;
  return (
    <div className="apply-output" aria-label={t('editor.output')} role="log">
      <div className="apply-output__cmd">
        <span className="terminal__prompt">$</span> kubectl apply -f manifest.yaml
      </div>
      {!run || !session ? (
        <p className="apply-output__hint">{t('editor.outputEmpty')}</p>
      ) : (
        <pre className="apply-output__lines">
          {session.info.intakeLines.map((line, i) => (
            <span key={`e${i}`} className="line is-error">
              {line}
              {'\n'}
            </span>
          ))}
          {run.output.map((o, i) => (
            <span key={i} className={`line${o.ok ? '' : ' is-error'}${o.seq > cursor ? ' is-future' : ''}`}>
              {o.line}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </div>
  );
}
