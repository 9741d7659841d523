/** Which steps navigation lands on: background steps on/off, and "follow one Pod". */
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../app/i18n/translateContext';
import { useApp, useAppApi } from '../app/store/useApp';

export function StepFilters() {
  const t = useT();
  const api = useAppApi();
  const { filter, pods, matching, hasRun } = useApp(
    useShallow((s) => ({ filter: s.filter, pods: s.session?.pods, matching: s.navigable.length, hasRun: !!s.session })),
  );
  return (
    <div className="filters">
      <label className="check" title={t('ctl.backgroundHint')}>
        <input
          type="checkbox"
          checked={!filter.hideBackground}
          onChange={(e) => api.getState().setHideBackground(!e.target.checked)}
          disabled={!hasRun}
        />
        {t('ctl.background')}
      </label>
      <label className="follow">
        <span>{t('ctl.follow')}</span>
        <select
          value={filter.pod ?? ''}
          onChange={(e) => api.getState().setFollowPod(e.target.value || null)}
          disabled={!pods?.length}
        >
          <option value="">{t('ctl.followAll')}</option>
          {pods?.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      {filter.pod && <span className="filters__count">{t('ctl.filtered', { count: matching })}</span>}
    </div>
  );
}
