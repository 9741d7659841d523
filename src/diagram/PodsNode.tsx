import type { NodeProps } from '@xyflow/react';
import { useT } from '../ui/i18n/translateContext';
import { useBoxState } from './boxStates';
import type { BoxNode } from './flowModel';
import { PodChip } from './PodChip';

/** The Pods running on one node, in space reserved by the layout. */
export function PodsNode({ data }: NodeProps<BoxNode>) {
  const t = useT();
  const node = data.box.node!;
  const view = useBoxState(data.box.id).pods?.byNode[node];
  return (
    <div className="pods" data-pods-node={node} role="group" aria-label={`${t('diagram.pods')} · ${node}`}>
      <div className="pods__grid">
        {view && view.badges.length > 0 ? (
          view.badges.map((p) => <PodChip key={p.key} pod={p} />)
        ) : (
          <span className="pods__empty">
            {t('diagram.noPods')}
            {view && view.system > 0 && (
              <span className="pods__system">{t('diagram.systemPods', { count: view.system })}</span>
            )}
          </span>
        )}
      </div>
    </div>
  );
}
