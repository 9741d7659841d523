/**
 * Nodes inspector: per node, requests vs allocatable (cpu, memory, pods), labels, taints, conditions and
 * the age of its Lease — the heartbeat whose staleness makes the node controller mark it NotReady.
 */
import { useMemo } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useApp } from '../ui/store/useApp';
import { useCurrent } from '../ui/store/useCurrent';
import { formatWait } from '../playback/clockJumps';
import { formatMiB, formatMillicores, nodeSummaries, type NodeSummary } from '../playback/nodeSummary';
import './troubleshoot.css';

export function NodesPanel() {
  const t = useT();
  const { world } = useCurrent();
  const shown = useApp((s) => s.inspector === 'nodes');
  const nodes = useMemo(() => (shown && world ? nodeSummaries(world) : []), [shown, world]);
  if (!world) return <p className="panel-empty">{t('panel.noRun')}</p>;
  return (
    <div data-testid="nodes" className="nodes">
      {nodes.map((n) => (
        <NodeCard key={n.name} node={n} />
      ))}
    </div>
  );
}

function NodeCard({ node: n }: { node: NodeSummary }) {
  const t = useT();
  const status = n.ready === 'True' ? 'Ready' : 'NotReady';
  const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) : 0);
  const rows: Array<[string, string, string, number]> = [
    [
      'cpu',
      formatMillicores(n.cpu.requested),
      formatMillicores(n.cpu.allocatable),
      pct(n.cpu.requested, n.cpu.allocatable),
    ],
    [
      'memory',
      formatMiB(n.memory.requested),
      formatMiB(n.memory.allocatable),
      pct(n.memory.requested, n.memory.allocatable),
    ],
    ['pods', String(n.pods.requested), String(n.pods.allocatable), pct(n.pods.requested, n.pods.allocatable)],
  ];
  return (
    <article
      className={`node-card${n.ready === 'True' ? '' : ' is-notready'}`}
      data-node={n.name}
      data-ready={n.ready}
      aria-label={n.name}
    >
      <header className="node-card__head">
        <strong>{n.name}</strong>
        <span className={`node-card__status node-card__status--${n.ready === 'True' ? 'ok' : 'bad'}`}>
          <span aria-hidden="true">{n.ready === 'True' ? '✓' : '✗'}</span> {status}
          {n.unschedulable ? ',SchedulingDisabled' : ''}
        </span>
        <span className="node-card__lease">
          {n.leaseAgeMs === undefined ? t('nodes.noLease') : t('nodes.lease', { age: formatWait(n.leaseAgeMs) })}
        </span>
      </header>
      <table className="table node-card__alloc">
        <thead>
          <tr>
            <th scope="col">{t('nodes.resource')}</th>
            <th scope="col" className="num">
              {t('nodes.requested')}
            </th>
            <th scope="col" className="num">
              {t('nodes.allocatable')}
            </th>
            <th scope="col" className="num">
              %
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, req, alloc, p]) => (
            <tr key={name} data-resource={name}>
              <th scope="row">{name}</th>
              <td className="num">{req}</td>
              <td className="num">{alloc}</td>
              <td className="num">
                <span className="node-card__bar" style={{ '--pct': `${Math.min(100, p)}%` } as React.CSSProperties}>
                  {p}%
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="node-card__facts">
        <dt>{t('nodes.conditions')}</dt>
        <dd>
          {n.conditions.map((c) => (
            <span
              key={c.type}
              className={`node-card__cond${isBad(c.type, c.status) ? ' is-bad' : ''}`}
              title={c.reason}
            >
              {c.type}={c.status}
            </span>
          ))}
        </dd>
        <dt>{t('nodes.taints')}</dt>
        <dd>{n.taints.length ? n.taints.map((x) => <code key={x}>{x}</code>) : <span>{t('nodes.none')}</span>}</dd>
        <dt>{t('nodes.labels')}</dt>
        <dd className="node-card__labels">
          {n.labels.map(([k, v]) => (
            <code key={k}>
              {k}={v}
            </code>
          ))}
        </dd>
      </dl>
    </article>
  );
}

/** Ready should be True; the pressure conditions should be False. */
function isBad(type: string, status: string): boolean {
  return type === 'Ready' ? status !== 'True' : status === 'True';
}
