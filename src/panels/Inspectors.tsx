/**
 * Inspectors synchronized to the current step. Every panel stays mounted (hidden when its tab is not chosen) so
 * the DESIGN.md §7 hooks `etcd`, `events` and `kubectl` always exist and switching tabs is instant.
 */
import { useT } from '../app/i18n/translateContext';
import { useApp, useAppApi } from '../app/store/useApp';
import { useCurrent } from '../app/store/useCurrent';
import type { InspectorTab } from '../app/store/createAppStore';
import { EtcdPanel } from './EtcdPanel';
import { EventsPanel } from './EventsPanel';
import { KubectlPanel } from './KubectlPanel';
import { ObjectsPanel } from './ObjectsPanel';
import { SchedulerPanel } from './SchedulerPanel';
import { TroubleshootPanel } from './TroubleshootPanel';
import type { KeyboardEvent } from 'react';

const TABS: InspectorTab[] = ['objects', 'etcd', 'events', 'kubectl', 'scheduler', 'stuck', 'nodes', 'intervene'];

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
    <section className="inspectors" aria-label={t('panel.label')} data-step={cursor + 1}>
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
      <div className="tabpanels">
        <div
          role="tabpanel"
          id="panel-objects"
          aria-labelledby="tab-objects"
          hidden={tab !== 'objects'}
          className="tabpanel"
        >
          <ObjectsPanel />
        </div>
        <div role="tabpanel" id="panel-etcd" aria-labelledby="tab-etcd" hidden={tab !== 'etcd'} className="tabpanel">
          <EtcdPanel />
        </div>
        <div
          role="tabpanel"
          id="panel-events"
          aria-labelledby="tab-events"
          hidden={tab !== 'events'}
          className="tabpanel"
        >
          <EventsPanel />
        </div>
        <div
          role="tabpanel"
          id="panel-kubectl"
          aria-labelledby="tab-kubectl"
          hidden={tab !== 'kubectl'}
          className="tabpanel"
        >
          <KubectlPanel />
        </div>
        <div
          role="tabpanel"
          id="panel-scheduler"
          aria-labelledby="tab-scheduler"
          hidden={tab !== 'scheduler'}
          className="tabpanel"
        >
          <SchedulerPanel />
        </div>
        <div role="tabpanel" id="panel-stuck" aria-labelledby="tab-stuck" hidden={tab !== 'stuck'} className="tabpanel">
          <TroubleshootPanel which="stuck" />
        </div>
        <div role="tabpanel" id="panel-nodes" aria-labelledby="tab-nodes" hidden={tab !== 'nodes'} className="tabpanel">
          <TroubleshootPanel which="nodes" />
        </div>
        <div
          role="tabpanel"
          id="panel-intervene"
          aria-labelledby="tab-intervene"
          hidden={tab !== 'intervene'}
          className="tabpanel"
        >
          <TroubleshootPanel which="intervene" />
        </div>
      </div>
    </section>
  );
}
