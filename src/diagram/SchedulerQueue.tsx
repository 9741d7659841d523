import { useT } from '../ui/i18n/translateContext';
import type { PodBadge } from '../playback/podBadges';
import { PodChip } from './PodChip';

/** Pods without a node yet: what the scheduler still has to place (space reserved, so nothing jumps). */
export function SchedulerQueue({ pods }: { pods: readonly PodBadge[] }) {
  const t = useT();
  return (
    <div className="sched-queue">
      <span className="sched-queue__label">{t('diagram.pending')}</span>
      <div className="sched-queue__pods">
        {pods.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          pods.map((p) => <PodChip key={p.key} pod={p} compact />)
        )}
      </div>
    </div>
  );
}
