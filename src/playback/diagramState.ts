/**
 * What the diagram highlights at one step: the instances at both ends (the DESIGN.md §7 `data-active` hook), the
 * sub-parts involved, and either the link the message travels on (with its direction) or, for an internal
 * decision, the component that pulses.
 */
import type { Step } from '../engine/types';
import { linkBetween, type DiagramLayout } from './diagramLayout';
import { instanceId, isInternal, partsOf } from './instances';

export interface DiagramState {
  seq: number;
  active: ReadonlySet<string>;
  activeParts: ReadonlyMap<string, readonly string[]>;
  message?: { linkId: string; reverse: boolean; label: string; from: string; to: string };
  pulse?: string;
}

export const IDLE_STATE: DiagramState = { seq: -1, active: new Set(), activeParts: new Map() };

export function diagramState(layout: DiagramLayout, step: Step | undefined): DiagramState {
  if (!step) return IDLE_STATE;
  const from = instanceId(step.from);
  const to = instanceId(step.to);
  const active = new Set([from, to]);
  const activeParts = new Map<string, string[]>();
  const addParts = (id: string, parts: string[]) => {
    if (parts.length) activeParts.set(id, [...(activeParts.get(id) ?? []), ...parts]);
  };
  addParts(from, partsOf(step.from));
  addParts(to, partsOf(step.to));
  if (isInternal(step.from, step.to)) return { seq: step.seq, active, activeParts, pulse: from };
  const found = linkBetween(layout, from, to);
  return {
    seq: step.seq,
    active,
    activeParts,
    message: found ? { linkId: found.link.id, reverse: found.reverse, label: step.label, from, to } : undefined,
  };
}
