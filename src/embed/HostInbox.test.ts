import { describe, expect, it } from 'vitest';
import { HostInbox, type InboxClock } from './HostInbox';

/** A clock the test advances: each handled item costs `cost` ms; scheduled slices run when the test says. */
function fakeClock(cost: number) {
  let now = 0;
  const tasks: Array<() => void> = [];
  const clock: InboxClock = { now: () => now, schedule: (fn) => void tasks.push(fn) };
  return { clock, tasks, spend: () => (now += cost) };
}

describe('HostInbox', () => {
  it('works a flood off in slices that stop at the budget, in arrival order', () => {
    const { clock, tasks, spend } = fakeClock(1);
    const handled: number[] = [];
    const inbox = new HostInbox<number>((n) => (handled.push(n), spend()), clock, 100, 8);
    for (let i = 0; i < 20; i++) expect(inbox.offer(i)).toBe(true);
    expect(handled).toEqual([]); // nothing runs inside the message event itself
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(handled).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    tasks.shift()!();
    tasks.shift()!();
    expect(handled).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(tasks).toHaveLength(0);
    expect(inbox.size).toBe(0);
  });

  it('refuses beyond its bound', () => {
    const { clock } = fakeClock(1);
    const inbox = new HostInbox<number>(() => undefined, clock, 3, 8);
    expect([1, 2, 3, 4].map((n) => inbox.offer(n))).toEqual([true, true, true, false]);
  });

  it('always makes progress, even when one item overruns the budget', () => {
    const { clock, tasks, spend } = fakeClock(50);
    const handled: number[] = [];
    const inbox = new HostInbox<number>((n) => (handled.push(n), spend()), clock, 10, 8);
    inbox.offer(1);
    inbox.offer(2);
    tasks.shift()!();
    expect(handled).toEqual([1]);
    tasks.shift()!();
    expect(handled).toEqual([1, 2]);
  });
});
