/**
 * worldAt() for a cursor that jumps around: folding the whole history for every step would be quadratic, so
 * snapshots are kept every `interval` steps and each lookup folds only from the nearest one. Worlds are shared and
 * must be treated as immutable by views.
 *
 * Memory stays bounded on long runs (1,000 Pods give ~170,000 steps): the interval grows with the run so
 * that at most MAX_SNAPSHOTS worlds are ever kept, trading a longer fold per jump for a fixed number of worlds.
 */
import type { Run, WorldState } from '../engine/api';
import { worldAt } from '../engine/trace/worldAt';

/** Most snapshots one run keeps (plus the last world looked up). */
export const MAX_SNAPSHOTS = 64;

export class WorldCache {
  private readonly snapshots: WorldState[] = [];
  private last: WorldState | undefined;
  private readonly interval: number;

  constructor(
    private readonly run: Pick<Run, 'history' | 'steps'>,
    interval = 250,
  ) {
    this.interval = Math.max(interval, Math.ceil((run.steps.length + 1) / MAX_SNAPSHOTS));
  }

  /** The world after step `seq` (-1: before the first step). */
  at(seq: number): WorldState {
    if (this.last && this.last.seq === seq) return this.last;
    const snapshot = this.baseFor(seq);
    // Stepping forward folds on from the world just shown rather than from the snapshot up to `interval` steps back.
    const base = this.last && this.last.seq < seq && this.last.seq > (snapshot?.seq ?? -2) ? this.last : snapshot;
    const world = worldAt(this.run, seq, base);
    this.last = world;
    return world;
  }

  /** Snapshot k holds the world after step k * interval - 1 (k = 0: the bootstrap world). */
  private baseFor(seq: number): WorldState | undefined {
    const k = Math.floor((seq + 1) / this.interval);
    while (this.snapshots.length <= k) {
      const i = this.snapshots.length;
      const prev = this.snapshots[i - 1];
      this.snapshots.push(worldAt(this.run, i * this.interval - 1, prev));
    }
    return this.snapshots[k];
  }
}
