/**
 * The run's branches: the original and each fork an intervention made. Switching is instant (every branch keeps
 * its own trace); the cursor stays on the same step number.
 */
import { useShallow } from 'zustand/react/shallow';
import { actionLabel } from '../playback/actionLabel';
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import './troubleshoot.css';

export function BranchBar() {
  const t = useT();
  const api = useAppApi();
  const { branches, branchId } = useApp(useShallow((s) => ({ branches: s.branches, branchId: s.branchId })));
  if (branches.length < 2) return null;
  return (
    <div className="branches" role="group" aria-label={t('branch.label')} data-testid="branches">
      <span className="branches__title">{t('branch.label')}</span>
      {branches.map((b) => {
        const last = b.actions.at(-1);
        const name =
          b.forkStep === null || !last
            ? t('branch.original')
            : t('branch.fork', { n: b.forkStep + 1, action: actionLabel(last.action) });
        return (
          <button
            key={b.id}
            type="button"
            className={`branches__btn${b.id === branchId ? ' is-current' : ''}`}
            aria-pressed={b.id === branchId}
            data-testid={b.forkStep === null ? 'branch-original' : `branch-${b.id}`}
            onClick={() => api.getState().switchBranch(b.id)}
            title={name}
          >
            {b.id === branchId && <span aria-hidden="true">● </span>}
            {name}
          </button>
        );
      })}
    </div>
  );
}
