/**
 * Inspectors synchronized to the current step. Every panel stays mounted (hidden when its tab is not chosen) so
 * the docs/CONTRACTS.md §7 hooks `etcd`, `events` and `kubectl` always exist and switching tabs is instant.
 */
import { useT } from '../ui/i18n/translateContext';
import { useApp, useAppApi } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import type { InspectorTab } from '../ui/store/createAppStore';
import { afterFirstDiagram } from '../ui/firstDiagram';
import { lazy, Suspense, type KeyboardEvent } from 'react';

// Requested once the first diagram is painted (app/firstDiagram.ts): the start-up does not parse kubectl's printers.
const InspectorPanels = lazy(() =>
  afterFirstDiagram()
    .then(() => import('./InspectorPanels'))
    .then((m) => ({ default: m.InspectorPanels })),
);

const TABS: InspectorTab[] = [
  'objects',
  'etcd',
  'events',
  'kubectl',
  'scheduler',
  'stuck',
  'nodes',
  'intervene',
  'summary',
];

export function Inspectors() {
  const t = useT();
  const api = useAppApi();
  const tab = useApp((s) => s.inspector);
  // The step the panels show, which follows the cursor once stepping pauses (DeferredCurrent); tests wait on it.
  const { step, cursor } = useCurrent();
  const isSchedule = step?.detail?.type === 'schedule';
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    e.stopPropagation();
    const i = TABS.indexOf(tab);
    const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    api.getState().setInspector(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <section className="inspectors" aria-label={t('panel.label')}>
      <div className="tabs" role="tablist" aria-label={t('panel.label')} onKeyDown={onKeyDown}>
        {TABS.map((id) => (
          <button
            key={id}
            id={`tab-${id}`}
            type="button"
            role="tab"
            className={`tab${tab === id ? ' is-selected' : ''}${id === 'scheduler' && isSchedule ? ' has-news' : ''}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => api.getState().setInspector(id)}
          >
            {t(`panel.${id}`)}
          </button>
        ))}
      </div>
      <Suspense fallback={<div className="tabpanels" />}>
        <InspectorPanels tab={tab} step={cursor + 1} />
      </Suspense>
    </section>
  );
}
