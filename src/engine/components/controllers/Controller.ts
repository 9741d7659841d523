import type { Simulation } from '../../kernel/Simulation';
import type { ApiResponse, WatchEvent } from '../../messages';
import type { ControllerManager } from './ControllerManager';

/**
 * What a controller's informers watch: a kind, optionally only in one namespace (the node-lifecycle controller's
 * Lease informer covers `kube-node-lease` only). The first entry is the controller's primary kind — controller-
 * runtime's `For()` — whose objects are queued again when the informers re-list after a restart. `part` names the
 * drawn receiver when it is not the controller's name (the root-CA publisher shares the ServiceAccount controller's
 * folder).
 */
export type WatchSpec = string | { kind: string; namespace?: string; part?: string };

/** One controller inside kube-controller-manager: how watch events map to keys, and how a key is reconciled. */
export interface Controller {
  name: string;
  /**
   * The kinds whose watch events reach this controller. The apiserver routes watch events to kube-controller-manager
   * by the union of these (see `kcmWatchRoutes`), and each delivery is drawn to the parts that asked for it.
   * `'*'`: every event kube-controller-manager receives, without being named on the drawn part (the garbage
   * collector's metadata informers watch every resource; drawing it on every arrow would say nothing).
   */
  watches: readonly WatchSpec[] | '*';
  /** Other parts it draws its requests from, beside its name (the taint-eviction controller inside node-lifecycle). */
  parts?: readonly string[];
  keysFor?(ev: WatchEvent, kcm: ControllerManager): string[];
  reconcile(key: string, kcm: ControllerManager, sim: Simulation): void;
  onResponse?(resp: ApiResponse, kcm: ControllerManager, sim: Simulation): void;
  onWatch?(ev: WatchEvent, kcm: ControllerManager, sim: Simulation): void;
  onTimer?(name: string, data: Record<string, unknown>, kcm: ControllerManager, sim: Simulation): void;
  start?(kcm: ControllerManager, sim: Simulation): void;
  /**
   * After a restart, once the informers have listed everything again: what a controller does with the objects its
   * informers' first list hands it as additions (client-go calls OnAdd for each) beyond the keys `resyncAll` queues.
   */
  relisted?(kcm: ControllerManager, sim: Simulation): void;
  hasPendingWork?(kcm: ControllerManager, sim: Simulation): boolean;
}

/** The primary kind of a controller (its first watch), or undefined for a controller that watches everything. */
export function primaryKind(c: Controller): string | undefined {
  if (c.watches === '*' || c.watches.length === 0) return undefined;
  const w = c.watches[0];
  return typeof w === 'string' ? w : w.kind;
}
