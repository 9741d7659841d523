/** Which steps navigation lands on: the key steps or all, background steps on/off, and "follow one Pod". */
import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { groupsRepeats } from '../playback/navigation';

/**
 * Memoised: the playback bar re-renders on every step, and a `<select>` re-rendered with its value walks all its
 * options (one per Pod: 300 in a 300-replica run) although nothing here depends on the step.
 */
export const StepFilters = memo(function StepFilters() {
  const t = useT();
  const api = useAppApi();
  const { filter, pods, matching, hasRun, total, hasGroups, keyCount } = useApp(
    useShallow((s) => ({
      keyCount: s.session?.keySteps.length ?? 0,
      filter: s.filter,
      pods: s.session?.pods,
      matching: s.navigable.length,
      hasRun: !!s.session,
      total: s.session?.run.steps.length ?? 0,
      hasGroups: !!s.session?.groups.length,
    })),
  );
  const keySteps = !!filter.keySteps && !filter.pod;
  return (
    <div className="filters">
      <label className="check" title={t('ctl.keyStepsHint')}>
        <input
          type="checkbox"
          checked={keySteps}
          onChange={(e) => api.getState().setKeySteps(e.target.checked)}
          disabled={!hasRun || !!filter.pod}
          data-testid="key-steps"
        />
        {t('ctl.keySteps')}
        {hasRun && keySteps && (
          <span className="filters__count" data-testid="key-steps-count">
            {t('ctl.keyStepsCount', { count: keyCount, total })}
          </span>
        )}
      </label>
      <label className="check" title={t('ctl.backgroundHint')}>
        <input
          type="checkbox"
          checked={!filter.hideBackground && !keySteps}
          onChange={(e) => api.getState().setHideBackground(!e.target.checked)}
          disabled={!hasRun || keySteps}
          data-testid="background-steps"
        />
        {t('ctl.background')}
      </label>
      {hasGroups && !keySteps && (
        <label className="check" title={t('ctl.groupHint')}>
          <input
            type="checkbox"
            checked={groupsRepeats(filter, total)}
            onChange={(e) => api.getState().setGroupRepeats(e.target.checked)}
            data-testid="group-repeats"
          />
          {t('ctl.group')}
        </label>
      )}
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
});
