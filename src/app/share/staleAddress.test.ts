import { describe, expect, it } from 'vitest';
import { consumeStaleAddress } from './staleAddress';

function memory(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return { getItem: (k: string) => m.get(k) ?? null, removeItem: (k: string) => void m.delete(k), m };
}

const at = (href: string) => {
  const u = new URL(href);
  return { href, pathname: u.pathname, search: u.search, hash: u.hash };
};

describe('a stale address', () => {
  it('starts from the draft, not the address, when this tab left that address behind the editor', () => {
    const href = 'http://x/app/?scenario=happy-path&step=1&lang=zh-TW&view=story#s=1.abc';
    const storage = memory({ 'podyssey:stale-address': href });
    expect(consumeStaleAddress(at(href), storage)).toEqual({ search: '?lang=zh-TW&view=story', hash: '' });
    // Used once: the next start-up at that address opens it.
    expect(storage.m.size).toBe(0);
    expect(consumeStaleAddress(at(href), storage)).toEqual({
      search: '?scenario=happy-path&step=1&lang=zh-TW&view=story',
      hash: '#s=1.abc',
    });
  });

  it('opens another address as it is', () => {
    const storage = memory({ 'podyssey:stale-address': 'http://x/?scenario=a' });
    expect(consumeStaleAddress(at('http://x/?scenario=b'), storage)).toEqual({ search: '?scenario=b', hash: '' });
  });
});
