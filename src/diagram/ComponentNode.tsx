/**
 * One component instance (docs/CONTRACTS.md §7 hook: `data-component`, `data-node`, `data-active`). Sub-parts (apiserver
 * stages, controllers, etcd members, runtime layers) light up when the step names them.
 */
import type { NodeProps } from '@xyflow/react';
import { useT } from '../ui/i18n/translateContext';
import { BoxHandles } from './BoxHandles';
import { useBoxState } from './boxStates';
import type { BoxNode } from './flowModel';
import { SchedulerQueue } from './SchedulerQueue';

const PIPELINES = new Set(['kube-apiserver', 'container-runtime']);
/** Boxes wide enough to say what the component is for next to its name (the others say it in a tooltip). */
const WITH_ROLE = new Set(['kube-apiserver']);
/** Shorter chip labels where the real name would not fit; the full name stays in the tooltip. */
const PART_LABELS: Record<string, string> = {
  'persistentvolume-binder': 'pv-binder',
  'ttl-after-finished': 'ttl',
  'root-ca-cert-publisher': 'root-ca',
  replicationcontroller: 'replication',
  'containerd-shim': 'shim',
  'mutating-admission': 'mutating',
  'validating-admission': 'validating',
};

export function ComponentNode({ data }: NodeProps<BoxNode>) {
  const t = useT();
  const { box } = data;
  const { active, activeParts, pods, revision, down, stuck } = useBoxState(box.id);
  const component = box.component!;
  const parts = box.parts ?? [];
  return (
    <div
      className={`cmp cmp--${component}${active ? ' is-active' : ''}${box.node ? ' cmp--local' : ''}${down ? ' is-down' : ''}${stuck ? ' is-stuck' : ''}`}
      style={{ '--c': `var(--c-${component})` } as React.CSSProperties}
      data-component={component}
      data-node={box.node}
      data-active={active ? 'true' : 'false'}
      data-down={down ? 'true' : undefined}
      data-stuck={stuck ? 'true' : undefined}
      data-compact={component === 'etcd' && box.h < 150 ? 'true' : undefined}
      aria-label={`${box.node ? `${t(`comp.${component}`)} (${box.node})` : t(`comp.${component}`)}${down ? `: ${t('diagram.stopped')}` : ''}${stuck ? `: ${t('diagram.stuckHere')}` : ''}`}
      aria-current={active ? 'step' : undefined}
      title={t(`comp.role.${component}`)}
    >
      <div className="cmp__head">
        <span className="cmp__swatch" aria-hidden="true" />
        <span className="cmp__name">{t(`comp.${component}`)}</span>
        {down && <span className="cmp__down">{t('diagram.stopped')}</span>}
        {stuck && !down && <span className="cmp__down cmp__stuck">{t('diagram.stuckHere')}</span>}
        {WITH_ROLE.has(component) && <span className="cmp__role">{t(`comp.role.${component}`)}</span>}
      </div>
      {parts.length > 0 && (
        <ol className={`cmp__parts${PIPELINES.has(component) ? ' cmp__parts--pipeline' : ''}`}>
          {parts.map((p) => (
            <li key={p} className={`part${activeParts.includes(p) ? ' is-active' : ''}`} title={p}>
              {PART_LABELS[p] ?? p}
            </li>
          ))}
        </ol>
      )}
      {component === 'kube-scheduler' && <SchedulerQueue pods={pods?.unscheduled ?? []} />}
      {component === 'etcd' && revision !== undefined && (
        <span className="cmp__meta">{t('panel.etcd.revision', { revision })}</span>
      )}
      <BoxHandles handles={data.handles} />
    </div>
  );
}
