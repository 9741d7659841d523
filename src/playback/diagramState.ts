/**
 * What the diagram highlights at one step: the instances at both ends (the docs/CONTRACTS.md §7 `data-active` hook), the
 * sub-parts involved, and either the link the message travels on (with its direction) or, for an internal
 * decision, the box that pulses. In the tile layout a message between two components of one node (kubelet → runtime
 * → CNI) has no link of its own: the node's tile pulses and carries the message as a note.
 */
import type { Step } from '../engine/types';
import { boxOf, linkBetween, type DiagramLayout } from './diagramLayout';
import { instanceId, partsOf } from './instances';

export interface DiagramState {
  seq: number;
  active: ReadonlySet<string>;
  activeParts: ReadonlyMap<string, readonly string[]>;
  message?: { linkId: string; reverse: boolean; label: string; from: string; to: string };
  /** The box (not instance) that pulses. */
  pulse?: string;
  /** A message between two instances drawn in the same box: shown on that box instead of on a link. */
  note?: { label: string; from: string; to: string };
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
  const box = boxOf(layout, from);
  if (box === boxOf(layout, to)) {
    const note = from !== to ? { label: step.label, from, to } : undefined;
    return { seq: step.seq, active, activeParts, pulse: box, ...(note && { note }) };
  }
  const found = linkBetween(layout, from, to);
  return {
    seq: step.seq,
    active,
    activeParts,
    message: found ? { linkId: found.link.id, reverse: found.reverse, label: step.label, from, to } : undefined,
  };
}
