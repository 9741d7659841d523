/**
 * Host messages, worked off a slice at a time (10,000 commands posted in one go froze the embed for
 * 7.8 s, each one stepping, narrating and re-rendering on its own). Messages wait here and run in arrival order in
 * tasks of their own, each stopping once it has used its budget so that the page can paint and take input in
 * between; the app then renders once per slice, not once per command. The inbox is bounded: beyond `limit`
 * waiting messages, `offer` refuses and the caller answers `busy`.
 */

/** How many host messages may wait; more are refused with `error busy`. */
export const MAX_INBOX = 500;
/** Main-thread time one slice may spend on host messages before it yields. */
const SLICE_BUDGET_MS = 8;

export interface InboxClock {
  now(): number;
  /** Run `fn` in a later task. */
  schedule(fn: () => void): void;
}

export class HostInbox<T> {
  private readonly items: T[] = [];
  private head = 0;
  private scheduled = false;

  constructor(
    private readonly handle: (item: T) => void,
    private readonly clock: InboxClock = browserClock(),
    private readonly limit = MAX_INBOX,
    private readonly budgetMs = SLICE_BUDGET_MS,
  ) {}

  get size(): number {
    return this.items.length - this.head;
  }

  /** Queue `item`; false when the inbox is full (the item is dropped). */
  offer(item: T): boolean {
    if (this.size >= this.limit) return false;
    this.items.push(item);
    if (!this.scheduled) {
      this.scheduled = true;
      this.clock.schedule(() => this.slice());
    }
    return true;
  }

  /** Drop everything waiting (the embed is going away). */
  clear(): void {
    this.items.length = 0;
    this.head = 0;
  }

  private slice(): void {
    this.scheduled = false;
    const start = this.clock.now();
    // At least one per slice, so that a slow command cannot stall the inbox.
    do {
      const item = this.items[this.head++];
      if (this.head === this.items.length) this.clear();
      if (item !== undefined) this.handle(item);
    } while (this.size > 0 && this.clock.now() - start < this.budgetMs);
    if (this.size > 0 && !this.scheduled) {
      this.scheduled = true;
      this.clock.schedule(() => this.slice());
    }
  }
}

/** A task per slice through a MessageChannel: not clamped like nested timers, and rendering can run in between. */
function browserClock(): InboxClock {
  if (typeof MessageChannel === 'undefined')
    return { now: () => performance.now(), schedule: (fn) => void setTimeout(fn, 0) };
  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  // Node (unit tests) would otherwise keep the process alive for the open port.
  (channel.port1 as { unref?(): void }).unref?.();
  return {
    now: () => performance.now(),
    schedule: (fn) => {
      waiting.push(fn);
      channel.port2.postMessage(null);
    },
  };
}
