import { describe, expect, it } from 'vitest';
import { acceptEvent, envelope, parseHostMessage, targetFor } from './protocol';

describe('embed protocol', () => {
  it('accepts the allow-list and carries reqId', () => {
    expect(parseHostMessage({ podyssey: 1, id: 'a', type: 'goto', reqId: 7, data: { step: 3 } }, 'a')).toEqual({
      kind: 'command',
      type: 'goto',
      reqId: 7,
      data: { step: 3 },
    });
    expect(parseHostMessage({ podyssey: 1, type: 'ping' }, 'a')).toMatchObject({ kind: 'command', type: 'ping' });
  });

  it('answers anything outside the allow-list with an error', () => {
    expect(parseHostMessage({ podyssey: 1, type: 'eval', reqId: 'r1' }, 'a')).toMatchObject({
      kind: 'error',
      code: 'unknown_type',
      reqId: 'r1',
    });
    expect(parseHostMessage({ podyssey: 1, type: '__proto__' }, 'a')).toMatchObject({ kind: 'error' });
    expect(parseHostMessage({ podyssey: 1, type: 'next', data: 'x' }, 'a')).toMatchObject({ code: 'bad_request' });
  });

  it('ignores foreign messages and messages for another instance', () => {
    expect(parseHostMessage('hello', 'a').kind).toBe('ignore');
    expect(parseHostMessage({ type: 'next' }, 'a').kind).toBe('ignore');
    expect(parseHostMessage({ podyssey: 2, type: 'next' }, 'a').kind).toBe('ignore');
    expect(parseHostMessage({ podyssey: 1, id: 'b', type: 'next' }, 'a').kind).toBe('ignore');
  });

  it('accepts only the parent window and the exact configured origin', () => {
    const parent = {};
    const self = {};
    expect(acceptEvent({ source: parent, origin: 'https://a.test' }, parent, self, undefined)).toBe(true);
    expect(acceptEvent({ source: {}, origin: 'https://a.test' }, parent, self, undefined)).toBe(false);
    expect(acceptEvent({ source: parent, origin: 'https://a.test' }, parent, self, 'https://a.test')).toBe(true);
    expect(acceptEvent({ source: parent, origin: 'https://a.test.evil' }, parent, self, 'https://a.test')).toBe(false);
    expect(acceptEvent({ source: self, origin: 'x' }, self, self, undefined)).toBe(false);
  });

  it('builds envelopes and picks a safe target', () => {
    expect(envelope('e1', 'ready', { total: 3 })).toEqual({ podyssey: 1, id: 'e1', type: 'ready', data: { total: 3 } });
    expect(envelope('e1', 'ok', undefined, 'q')).toEqual({ podyssey: 1, id: 'e1', type: 'ok', reqId: 'q' });
    expect(targetFor('https://h.test')).toEqual({ target: 'https://h.test', known: true });
    expect(targetFor(undefined, 'https://h.test')).toEqual({ target: 'https://h.test', known: true });
    expect(targetFor(undefined, 'null')).toEqual({ target: '*', known: false });
    expect(targetFor(undefined)).toEqual({ target: '*', known: false });
  });
});
