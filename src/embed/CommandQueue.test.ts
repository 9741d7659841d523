import { describe, expect, it } from 'vitest';
import { CommandQueue, MAX_QUEUED } from './CommandQueue';
import { HOST_COMMANDS, type HostCommand } from './protocol';

const cmd = (type: HostCommand, n = 0) => ({ type, n });

describe('CommandQueue', () => {
  it('runs everything at once when the run is settled and nothing waits', () => {
    const q = new CommandQueue<ReturnType<typeof cmd>>();
    for (const type of HOST_COMMANDS) expect(q.offer(cmd(type), true)).toBe('run');
    expect(q.size).toBe(0);
  });

  it('holds commands that need a run until it is settled, then releases them in order', () => {
    const q = new CommandQueue<ReturnType<typeof cmd>>();
    expect(q.offer(cmd('goto', 1), false)).toBe('queued');
    expect(q.offer(cmd('next', 2), false)).toBe('queued');
    expect(q.take(false)).toBeUndefined();
    expect(q.take(true)).toEqual(cmd('goto', 1));
    expect(q.take(true)).toEqual(cmd('next', 2));
    expect(q.take(true)).toBeUndefined();
  });

  it('answers ping and getState at once, even while commands wait', () => {
    const q = new CommandQueue<ReturnType<typeof cmd>>();
    q.offer(cmd('play'), false);
    expect(q.offer(cmd('getState'), false)).toBe('run');
    expect(q.offer(cmd('ping'), false)).toBe('run');
    expect(q.size).toBe(1);
  });

  it('lets commands that need no run through while nothing waits, but never past a waiting one', () => {
    const q = new CommandQueue<ReturnType<typeof cmd>>();
    expect(q.offer(cmd('setOptions'), false)).toBe('run');
    expect(q.offer(cmd('load'), false)).toBe('run');
    expect(q.offer(cmd('goto', 1), false)).toBe('queued');
    // A pause or load sent after the goto must not overtake it.
    expect(q.offer(cmd('pause', 2), false)).toBe('queued');
    expect(q.offer(cmd('load', 3), false)).toBe('queued');
    expect(q.offer(cmd('next', 4), true)).toBe('queued');
    expect(q.take(true)).toEqual(cmd('goto', 1));
    expect(q.take(true)).toEqual(cmd('pause', 2));
    expect(q.take(true)).toEqual(cmd('load', 3));
    // The load started a new simulation: the next step waits for that run.
    expect(q.take(false)).toBeUndefined();
    expect(q.take(true)).toEqual(cmd('next', 4));
  });

  it('hands out a head that needs no run while the run is still coming', () => {
    const q = new CommandQueue<ReturnType<typeof cmd>>();
    q.offer(cmd('goto', 1), false);
    q.offer(cmd('setOptions', 2), false);
    q.offer(cmd('last', 3), false);
    expect(q.take(true)).toEqual(cmd('goto', 1));
    expect(q.take(false)).toEqual(cmd('setOptions', 2));
    expect(q.take(false)).toBeUndefined();
  });

  it(`is bounded (${MAX_QUEUED} by default)`, () => {
    const q = new CommandQueue<ReturnType<typeof cmd>>();
    for (let i = 0; i < MAX_QUEUED; i++) expect(q.offer(cmd('next', i), false)).toBe('queued');
    expect(q.offer(cmd('next', MAX_QUEUED), false)).toBe('full');
    expect(q.offer(cmd('getState'), false)).toBe('run');
    expect(q.size).toBe(MAX_QUEUED);
    expect(q.clear()).toHaveLength(MAX_QUEUED);
    expect(q.size).toBe(0);
  });
});
