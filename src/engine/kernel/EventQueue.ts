/**
 * Min-heap of envelopes ordered by (virtual time, sequence): the kernel's single source of "what happens next".
 * Sequence numbers break ties in send order, which keeps runs deterministic.
 */
export interface Queued {
  time: number;
  order: number;
}

export class EventQueue<T extends Queued> {
  items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(a[i], a[p])) break;
      swap(a, i, p);
      i = p;
    }
  }

  peek(): T | undefined {
    return this.items[0];
  }

  pop(): T | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l], a[m])) m = l;
        if (r < a.length && less(a[r], a[m])) m = r;
        if (m === i) break;
        swap(a, i, m);
        i = m;
      }
    }
    return top;
  }

  /** Removes every item matching `pred` (used when a component is stopped). */
  removeWhere(pred: (item: T) => boolean): T[] {
    const removed = this.items.filter(pred);
    if (removed.length === 0) return removed;
    const kept = this.items.filter((x) => !pred(x));
    this.items = [];
    for (const k of kept) this.push(k);
    return removed;
  }
}

/** Without a destructuring swap, which allocates a temporary array on every step of every push and pop. */
function swap<T>(a: T[], i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

function less(a: Queued, b: Queued): boolean {
  return a.time < b.time || (a.time === b.time && a.order < b.order);
}
