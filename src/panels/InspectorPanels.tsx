/**
 * The inspector panels' bodies: a chunk of their own (with kubectl's printers, describe and -o yaml), requested once
 * the first diagram is painted (Inspectors.tsx), so they are not part of the page's start-up.
 */
import type { InspectorTab } from '../app/store/createAppStore';
import { EtcdPanel } from './EtcdPanel';
import { EventsPanel } from './EventsPanel';
import { KubectlPanel } from './KubectlPanel';
import { ObjectsPanel } from './ObjectsPanel';
import { SchedulerPanel } from './SchedulerPanel';
import { TroubleshootPanel } from './TroubleshootPanel';

/** `step`: the 1-based step they show (`data-step`, which tests wait on). */
export function InspectorPanels({ tab, step }: { tab: InspectorTab; step: number }) {
  return (
    <div className="tabpanels" data-step={step}>
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
  );
}
