/**
 * The inspector panels' bodies: a chunk of their own (with kubectl's printers, describe and -o yaml), requested once
 * the first diagram is painted (Inspectors.tsx), so they are not part of the page's start-up.
 */
import type { ReactNode } from 'react';
import type { InspectorTab } from '../ui/store/createAppStore';
import { EtcdPanel } from './EtcdPanel';
import { EventsPanel } from './EventsPanel';
import { KubectlPanel } from './KubectlPanel';
import { ObjectsPanel } from './ObjectsPanel';
import { SchedulerPanel } from './SchedulerPanel';
import { TroubleshootPanel } from './TroubleshootPanel';

/** Each tab's panel body, in tab order (Inspectors.tsx draws the tabs). */
const PANELS: ReadonlyArray<[InspectorTab, ReactNode]> = [
  ['objects', <ObjectsPanel />],
  ['etcd', <EtcdPanel />],
  ['events', <EventsPanel />],
  ['kubectl', <KubectlPanel />],
  ['scheduler', <SchedulerPanel />],
  ['stuck', <TroubleshootPanel which="stuck" />],
  ['nodes', <TroubleshootPanel which="nodes" />],
  ['intervene', <TroubleshootPanel which="intervene" />],
  ['summary', <TroubleshootPanel which="summary" />],
];

/** `step`: the 1-based step they show (`data-step`, which tests wait on). */
export function InspectorPanels({ tab, step }: { tab: InspectorTab; step: number }) {
  return (
    <div className="tabpanels" data-step={step}>
      {PANELS.map(([id, body]) => (
        <div
          key={id}
          role="tabpanel"
          id={`panel-${id}`}
          aria-labelledby={`tab-${id}`}
          hidden={tab !== id}
          className="tabpanel"
        >
          {body}
        </div>
      ))}
    </div>
  );
}
