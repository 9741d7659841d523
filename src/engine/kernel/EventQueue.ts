/**
 * Min-heap of envelopes ordered by (virtual time, sequence): the kernel's single source of "what happens next".
 * Sequence numbers break ties in send order, which keeps runs deterministic.
 */
export interface Queued {
  time: number;
  order: number;
}

export class EventQueue<T extends Queued> {
  private heap: T[] = [];
  /**
   * Each item's time and order, parallel to `heap`. A large cluster keeps hundreds of envelopes queued and every
   * delivery sifts through about ten levels of them: comparing these packed numbers instead of fields of envelopes
   * scattered over the heap made that several times cheaper.
   */
  private times: number[] = [];
  private orders: number[] = [];

  /** The queued items, in heap order (checkpoints copy them); assigning one replaces the queue's contents. */
  get items(): T[] {
    return this.heap;
  }

  set items(items: T[]) {
    this.heap = [];
    this.times = [];
    this.orders = [];
    for (const item of items) this.push(item);
  }

  get size(): number {
    return this.heap.length;
  }

  push(item: T): void {
    const { heap, times, orders } = this;
    const time = item.time;
    const order = item.order;
    let i = heap.length;
    heap.push(item);
    times.push(time);
    orders.push(order);
    // Sift up by moving parents down into the hole, then place the item once.
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!(time < times[p] || (time === times[p] && order < orders[p]))) break;
      heap[i] = heap[p];
      times[i] = times[p];
      orders[i] = orders[p];
      i = p;
    }
    heap[i] = item;
    times[i] = time;
    orders[i] = order;
  }

  peek(): T | undefined {
    return this.heap[0];
  }

  pop(): T | undefined {
    const { heap, times, orders } = this;
    if (heap.length === 0) return undefined;
    const top = heap[0];
    const last = heap.pop()!;
    const time = times.pop()!;
    const order = orders.pop()!;
    const n = heap.length;
    if (n > 0) {
      // Sift the last item down from the root, moving the smaller child up into the hole.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (times[r] < times[l] || (times[r] === times[l] && orders[r] < orders[l])) ? r : l;
        if (!(times[c] < time || (times[c] === time && orders[c] < order))) break;
        heap[i] = heap[c];
        times[i] = times[c];
        orders[i] = orders[c];
        i = c;
      }
      heap[i] = last;
      times[i] = time;
      orders[i] = order;
    }
    return top;
  }

  /** Removes every item matching `pred` (used when a component is stopped). */
  removeWhere(pred: (item: T) => boolean): T[] {
    const removed = this.heap.filter(pred);
    if (removed.length === 0) return removed;
    this.items = this.heap.filter((x) => !pred(x));
    return removed;
  }
}
