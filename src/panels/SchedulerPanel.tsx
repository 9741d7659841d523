/**
 * Scheduler inspector: for a scheduling decision, every node's Filter verdict and Score plugin results, so the
 * learner can answer "why node-2 and not node-1?".
 */
import { useT } from '../ui/i18n/translateContext';
import { useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { nearestScheduleStep, schedulerTable } from '../playback/schedulerTable';

export function SchedulerPanel() {
  const t = useT();
  const api = useAppApi();
  const { session, step, cursor } = useCurrent();
  const table = schedulerTable(step);
  if (!session) return <p className="panel-empty">{t('panel.noRun')}</p>;
  if (!table) {
    const near = nearestScheduleStep(session.run.steps, cursor);
    return (
      <div className="scheduler">
        <p className="panel-empty">{t('panel.scheduler.none')}</p>
        {near !== undefined && (
          <button type="button" className="btn btn--small" onClick={() => api.getState().goTo(near)}>
            {t('panel.scheduler.jump')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="scheduler">
      <p className="scheduler__title">{t('panel.scheduler.pod', { pod: table.pod })}</p>
      {table.message && <p className="scheduler__fail">{t('panel.scheduler.noFit', { message: table.message })}</p>}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('panel.scheduler.node')}</th>
              <th scope="col">{t('panel.scheduler.filter')}</th>
              {table.plugins.map((p) => (
                <th scope="col" key={p} className="num" title={p}>
                  {p}
                </th>
              ))}
              <th scope="col" className="num">
                {t('panel.scheduler.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.node} className={r.selected ? 'is-winner' : r.passed ? '' : 'is-rejected'}>
                <th scope="row">
                  {r.node}
                  {r.selected && <span className="tag tag--ok">{t('panel.scheduler.winner')}</span>}
                </th>
                <td>
                  {r.notEvaluated
                    ? t('panel.scheduler.notEvaluated')
                    : r.passed
                      ? `✓ ${t('panel.scheduler.passed')}`
                      : `✗ ${r.rejectedBy ?? ''}${r.reasons.length ? `: ${r.reasons.join('; ')}` : ''}`}
                </td>
                {table.plugins.map((p) => (
                  <td key={p} className="num">
                    {r.scores[p] ?? ''}
                  </td>
                ))}
                <td className="num">
                  <strong>{r.total ?? ''}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
