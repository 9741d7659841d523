/**
 * One node of a large cluster as a single tile (the compact layout, diagramLayoutTiles.ts): its name and role, its
 * four node components as marks that light up when the step involves them (each mark keeps the docs/CONTRACTS.md §7 hooks
 * `data-component`, `data-node`, `data-active`), and its Pods as counts with a bar. Every state is said in text; the
 * colours only repeat it. The tile is a button: it opens the Node in the Objects inspector.
 */
import type { NodeProps } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import { useT } from '../ui/i18n/translateContext';
import { useAppApi } from '../ui/store/useApp';
import type { Translate } from '../i18n/translate';
import type { NodeFlags } from '../playback/nodeSummary';
import type { NodePods, PodTone } from '../playback/podBadges';
import { BoxHandles } from './BoxHandles';
import { useBoxState } from './boxStates';
import { componentOf, type BoxNode } from './flowModel';
import { claimInitialTabStop, makeCurrent, onTileKeyDown } from './tileFocus';
import './nodeTile.css';

/** Short mark labels (the full component name is the mark's tooltip); kubelet, runtime, CNI, kube-proxy order. */
const MARKS = [
  ['kubelet', 'kubelet'],
  ['container-runtime', 'runtime'],
  ['cni', 'CNI'],
  ['kube-proxy', 'proxy'],
] as const;
const SHORT: Record<string, string> = Object.fromEntries(MARKS);

/** Bar segments in lifecycle order, so a node filling up reads left (Ready) to right (not yet, or failing). */
const BAR: readonly PodTone[] = ['ready', 'running', 'creating', 'pending', 'error', 'terminating', 'done'];

export function NodeTile({ data }: NodeProps<BoxNode>) {
  const t = useT();
  const api = useAppApi();
  const { box } = data;
  const { active, note, flags, activeMarks, pods: view, stuck } = useBoxState(box.id);
  const marks = activeMarks ?? [];
  const node = box.node!;
  const pods = view?.byNode[node];
  const podsText = podCounts(t, pods);
  const failing = pods?.tones.error ?? 0;
  const badges = flagBadges(flags);
  const summary = [
    podsText,
    failing > 0 ? t('diagram.tile.failing', { count: failing }) : '',
    stuck ? t('diagram.stuckHere') : '',
    ...badges,
    box.controlPlaneNode ? t('diagram.tile.controlPlane') : '',
    marks.length ? t('diagram.tile.active', { parts: marks.join(', ') }) : '',
  ]
    .filter(Boolean)
    .join(', ');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => claimInitialTabStop(button.current), []);
  const open = () => {
    const s = api.getState();
    s.select(`/registry/minions/${node}`);
    s.setInspector('objects');
    s.setCompactTab('inspect');
  };
  return (
    <div
      className={`tile${active ? ' is-active' : ''}${box.controlPlaneNode ? ' tile--cp' : ''}${
        flags && flags.ready !== 'True' ? ' is-notready' : ''
      }${stuck ? ' is-stuck' : ''}`}
      data-tile={node}
      data-stuck={stuck ? 'true' : undefined}
      style={{ '--c': `var(--c-${marks[0] ?? 'kubelet'})` } as React.CSSProperties}
    >
      <button
        ref={button}
        type="button"
        tabIndex={-1}
        onKeyDown={onTileKeyDown}
        onFocus={(e) => makeCurrent(e.currentTarget)}
        className="tile__button"
        aria-label={t('diagram.tile.label', { node, summary })}
        title={[node, summary, ...(flags?.taints ?? [])].join('\n')}
        onClick={open}
      >
        <span className="tile__head">
          <span className="tile__name">{node}</span>
          {badges.map((b) => (
            <span key={b} className="tile__flag">
              {b}
            </span>
          ))}
        </span>
        <span className="tile__marks">
          {MARKS.map(([c, short]) => {
            const on = marks.includes(c);
            return (
              <span
                key={c}
                className={`tile__mark${on ? ' is-active' : ''}`}
                style={{ '--c': `var(--c-${c})` } as React.CSSProperties}
                data-component={c}
                data-node={node}
                data-active={on ? 'true' : 'false'}
                title={t(`comp.${c}`)}
              >
                {short}
              </span>
            );
          })}
        </span>
        <span className="tile__pods">
          <span className="tile__count">{podsText}</span>
          {failing > 0 && (
            <span className="tile__failing">
              <span aria-hidden="true">⚠ </span>
              {t('diagram.tile.failing', { count: failing })}
            </span>
          )}
        </span>
        <span className="tile__foot">
          <PodBar pods={pods} />
          {/* Beside the bar rather than the name, which it would squeeze (`control-plane` is kind's node name). */}
          {box.controlPlaneNode && <span className="tile__role">{t('diagram.tile.controlPlane')}</span>}
        </span>
      </button>
      {note && (
        <span
          className="link-label tile__note"
          style={{ '--c': `var(--c-${componentOf(note.from)})` } as React.CSSProperties}
          title={note.label}
        >
          {SHORT[componentOf(note.from)]} → {SHORT[componentOf(note.to)]} · {note.label}
        </span>
      )}
      <BoxHandles handles={data.handles} />
    </div>
  );
}

function podCounts(t: Translate, pods: NodePods | undefined): string {
  if (!pods || pods.user === 0) return t('diagram.noPods');
  return t('diagram.tile.pods', { count: pods.user, ready: pods.tones.ready ?? 0 });
}

/** What `kubectl get nodes` would say about the node in STATUS, plus its extra taints (kubectl terms, untranslated). */
function flagBadges(flags: NodeFlags | undefined): string[] {
  if (!flags) return [];
  const out: string[] = [];
  if (flags.ready !== 'True') out.push('NotReady');
  if (flags.unschedulable) out.push('SchedulingDisabled');
  if (flags.taints.length) out.push(`taint ×${flags.taints.length}`);
  return out;
}

/** The node's Pods by state, as proportions; decorative (the counts above say the same in text). */
function PodBar({ pods }: { pods: NodePods | undefined }) {
  const total = pods?.user ?? 0;
  return (
    <span className="tile__bar" aria-hidden="true">
      {total > 0 &&
        BAR.filter((tone) => pods!.tones[tone]).map((tone) => (
          <span key={tone} className={`tile__seg pod--${tone}`} style={{ flexGrow: pods!.tones[tone], flexBasis: 0 }} />
        ))}
    </span>
  );
}
