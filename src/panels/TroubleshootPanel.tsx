/**
 * The troubleshooting inspectors and the run's summary load on first use: they pull in the engine's diagnosis and
 * quantity code, or fold a whole run, which the first screen does not need (the initial bundle has a size budget,
 * e2e/security.spec.ts).
 */
import { lazy, Suspense, useState } from 'react';
import { useApp } from '../ui/store/useApp';

const panels = {
  stuck: lazy(() => import('./WhereStuckPanel').then((m) => ({ default: m.WhereStuckPanel }))),
  nodes: lazy(() => import('./NodesPanel').then((m) => ({ default: m.NodesPanel }))),
  intervene: lazy(() => import('./InterventionsPanel').then((m) => ({ default: m.InterventionsPanel }))),
  summary: lazy(() => import('./SummaryPanel').then((m) => ({ default: m.SummaryPanel }))),
};

export function TroubleshootPanel({ which }: { which: keyof typeof panels }) {
  const shown = useApp((s) => s.inspector === which);
  // Once its tab has been chosen, the panel stays mounted like the other inspectors (and keeps its form state).
  const [opened, setOpened] = useState(shown);
  if (shown && !opened) setOpened(true);
  if (!opened && !shown) return null;
  const Panel = panels[which];
  return (
    <Suspense fallback={<p className="panel-empty">…</p>}>
      <Panel />
    </Suspense>
  );
}
