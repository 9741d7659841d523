import type { Endpoint } from '../types';
import type { Envelope } from './Envelope';
import type { Simulation } from './Simulation';

/**
 * A simulated process. Components never call each other: they receive envelopes and send new ones through the
 * kernel. All mutable state lives in `s` (plain data) so a checkpoint can copy it.
 */
export interface Component<S = unknown> {
  readonly address: Endpoint;
  s: S;
  handle(env: Envelope, sim: Simulation): void;
  /** True while the component is waiting for something that will happen without outside help (back-off, eviction). */
  hasPendingWork?(sim: Simulation): boolean;
}

export function addressKey(e: Endpoint): string {
  return e.node ? `${e.component}@${e.node}` : e.component;
}
