/**
 * The address bar follows the editor 250 ms behind. Leaving the page inside that window (a reload right
 * after a keystroke) would reopen an address whose manifest is older than the draft saved on the way out, and ask
 * "Open the shared manifest?" about the learner's own previous text. The address is marked stale in this tab's
 * sessionStorage on the way out (a reload keeps the URL it started with, whatever replaceState does by then), and
 * a start-up at that same address reads the draft instead of the address's content.
 */
import { withoutContent } from './links';

const STALE_KEY = 'podyssey:stale-address';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function markStaleAddress(href: string): void {
  try {
    session()?.setItem(STALE_KEY, href);
  } catch {
    // without it a reload asks, as before
  }
}

/** The start-up address: without its content when this tab left it stale. The mark is used once. */
export function consumeStaleAddress(
  location: Pick<Location, 'href' | 'pathname' | 'search' | 'hash'>,
  storage: Pick<Storage, 'getItem' | 'removeItem'> | null = session(),
): { search: string; hash: string } {
  let stale = false;
  try {
    stale = storage?.getItem(STALE_KEY) === location.href;
    storage?.removeItem(STALE_KEY);
  } catch {
    // as if not stale
  }
  if (!stale) return { search: location.search, hash: location.hash };
  const path = withoutContent(location);
  return { search: path.slice(location.pathname.length), hash: '' };
}
