/**
 * Host commands that arrive before the embed has a run to act on. A course page typically sends `goto` or `next`
 * as soon as its iframe loads, while the first simulation is still in the worker; rejecting those with `not_ready`
 * made every host write its own retry loop. Instead they wait here and run in arrival order once the run is there.
 */
import type { HostCommand } from './protocol';

/** Commands that move or play the cursor of a run (docs/CONTRACTS.md §9). */
const NEEDS_RUN: ReadonlySet<HostCommand> = new Set<HostCommand>(['play', 'next', 'prev', 'first', 'last', 'goto']);

/** Commands answered at once, never queued: they report state and change nothing. */
const IMMEDIATE: ReadonlySet<HostCommand> = new Set<HostCommand>(['ping', 'getState']);

/** How many commands may wait; a host that sends more before the run is there gets `not_ready` for the excess. */
export const MAX_QUEUED = 50;

type Offer = 'run' | 'queued' | 'full';

export class CommandQueue<C extends { type: HostCommand }> {
  private readonly items: C[] = [];

  constructor(private readonly limit = MAX_QUEUED) {}

  get size(): number {
    return this.items.length;
  }

  /**
   * Whether `cmd` may run now (`settled`: a run exists and no simulation is in flight). Once something waits,
   * everything but IMMEDIATE commands queues behind it, so a `pause` or `load` cannot overtake an earlier `goto`.
   */
  offer(cmd: C, settled: boolean): Offer {
    if (IMMEDIATE.has(cmd.type)) return 'run';
    if (this.items.length === 0 && (settled || !NEEDS_RUN.has(cmd.type))) return 'run';
    if (this.items.length >= this.limit) return 'full';
    this.items.push(cmd);
    return 'queued';
  }

  /**
   * The next command that may run now, removed from the queue; undefined when the queue is empty or its head needs
   * a run that is not settled. Ask again after running one: a queued `load` starts a new simulation.
   */
  take(settled: boolean): C | undefined {
    const head = this.items[0];
    if (!head || (!settled && NEEDS_RUN.has(head.type))) return undefined;
    return this.items.shift();
  }

  /** Empty the queue (the embed is going away), returning what was waiting. */
  clear(): C[] {
    return this.items.splice(0);
  }
}
