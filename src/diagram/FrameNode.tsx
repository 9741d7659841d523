import type { NodeProps } from '@xyflow/react';
import { useT } from '../ui/i18n/translateContext';
import { BoxHandles } from './BoxHandles';
import { useBoxState } from './boxStates';
import type { BoxNode } from './flowModel';

/** A grouping box: the user's machine, the control plane, one node's lane, or the grid of node tiles. */
export function FrameNode({ data }: NodeProps<BoxNode>) {
  const t = useT();
  const { box } = data;
  if (box.frame === 'node') {
    return (
      <div
        className={`frame frame--node${box.controlPlaneNode ? ' frame--cp-node' : ''}`}
        title={box.controlPlaneNode ? t('diagram.controlPlaneNode') : t('diagram.workerNode')}
      />
    );
  }
  if (box.frame === 'nodes') {
    return (
      <div className="frame frame--nodes">
        <div className="frame__title">
          <span className="frame__name">{t('diagram.tiles.title', { count: box.count ?? 0 })}</span>
          <span className="frame__hint">{t('diagram.tiles.hint')}</span>
        </div>
        <BoxHandles handles={data.handles} />
      </div>
    );
  }
  return (
    <div className={`frame frame--${box.frame}`}>
      <div className="frame__title">
        <span className="frame__name">
          {box.frame === 'machine' ? t('diagram.userMachine') : t('diagram.controlPlane')}
        </span>
      </div>
    </div>
  );
}

/**
 * A node lane's name, drawn above the links that pass through the lane's top edge, with its Node's flags: NotReady
 * (or Unknown), SchedulingDisabled and its taints, as `kubectl get nodes` and `describe node` would say them.
 */
export function LaneLabelNode({ data }: NodeProps<BoxNode>) {
  const t = useT();
  const { flags } = useBoxState(data.box.id);
  const notReady = flags && flags.ready !== 'True';
  return (
    <div className={`lane-label${notReady ? ' is-notready' : ''}`} data-node-flags={data.box.node}>
      <span className="frame__icon" aria-hidden="true">
        ▣
      </span>
      <span className="frame__name">{data.box.node}</span>
      {notReady && (
        <span className="lane-flag lane-flag--bad" title={t('diagram.node.notReadyHint', { ready: flags.ready })}>
          NotReady
        </span>
      )}
      {flags?.unschedulable && <span className="lane-flag">SchedulingDisabled</span>}
      {flags && flags.taints.length > 0 && (
        <span className="lane-flag" title={flags.taints.join('\n')}>
          {t('diagram.node.taints', { count: flags.taints.length })}
        </span>
      )}
    </div>
  );
}
