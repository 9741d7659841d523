import { useT } from '../ui/i18n/translateContext';
import { useAppApi } from '../ui/store/useApp';
import { shortPodName, type PodBadge } from '../playback/podBadges';

/** A Pod (or a group of Pods) with STATUS and READY as kubectl shows them; click to inspect it. */
export function PodChip({ pod, compact }: { pod: PodBadge; compact?: boolean }) {
  const t = useT();
  const api = useAppApi();
  const name = pod.count > 1 ? t('diagram.podGroup', { name: pod.name, count: pod.count }) : pod.name;
  const shown = pod.count > 1 ? name : shortPodName(pod.name);
  const label = t('diagram.podLabel', { name, status: pod.status, ready: pod.ready || '—' });
  const open = () => {
    const first = pod.names[0];
    if (!first) return;
    const s = api.getState();
    s.select(`/registry/pods/${pod.namespace}/${first}`);
    s.setInspector('objects');
    s.setCompactTab('inspect');
  };
  return (
    <button
      type="button"
      className={`pod pod--${pod.tone}${compact ? ' pod--compact' : ''}`}
      title={pod.names.join('\n')}
      aria-label={label}
      onClick={open}
    >
      <span className="pod__name">{shown}</span>
      {!compact && (
        <span className="pod__status">
          {pod.status}
          {pod.status === 'Running' && pod.ready && <span className="pod__ready"> · {pod.ready}</span>}
        </span>
      )}
    </button>
  );
}
