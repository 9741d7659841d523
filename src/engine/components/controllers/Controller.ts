import type { Simulation } from '../../kernel/Simulation';
import type { ApiResponse, WatchEvent } from '../../messages';
import type { ControllerManager } from './ControllerManager';

/** One controller inside kube-controller-manager: how watch events map to keys, and how a key is reconciled. */
export interface Controller {
  name: string;
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
