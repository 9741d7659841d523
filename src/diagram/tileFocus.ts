/**
 * One Tab stop for the whole grid of node tiles (the roving tabindex of the WAI-ARIA grid pattern): with 100 nodes,
 * a Tab stop per tile would make the rest of the app a hundred presses away. Arrow keys move between tiles (a row
 * is the tiles sharing the first one's top edge), Home/End go to the first/last; the tile last focused keeps the
 * Tab stop. Handled keys are marked defaultPrevented, so the playback shortcuts (→ next step) leave them alone.
 */
import type { KeyboardEvent } from 'react';

const SELECTOR = '.tile__button';

function tileButtons(from: Element | null): HTMLButtonElement[] {
  const root = from?.closest('.react-flow');
  return root ? [...root.querySelectorAll<HTMLButtonElement>(SELECTOR)] : [];
}

/** Gives `button` the grid's Tab stop. */
export function makeCurrent(button: HTMLButtonElement): void {
  for (const b of tileButtons(button)) b.tabIndex = b === button ? 0 : -1;
}

/** On mount: the first tile holds the Tab stop unless another one already does. */
export function claimInitialTabStop(button: HTMLButtonElement | null): void {
  if (!button) return;
  const all = tileButtons(button);
  if (all[0] === button && !all.some((b) => b.tabIndex === 0)) button.tabIndex = 0;
}

export function onTileKeyDown(e: KeyboardEvent<HTMLButtonElement>): void {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const all = tileButtons(e.currentTarget);
  const at = all.indexOf(e.currentTarget);
  if (at < 0) return;
  const top = all[0].getBoundingClientRect().top;
  const perRow = Math.max(1, all.filter((b) => Math.abs(b.getBoundingClientRect().top - top) < 1).length);
  const target = {
    ArrowRight: at + 1,
    ArrowLeft: at - 1,
    ArrowDown: at + perRow,
    ArrowUp: at - perRow,
    Home: 0,
    End: all.length - 1,
  }[e.key];
  if (target === undefined) return;
  e.preventDefault();
  const next = all[Math.max(0, Math.min(all.length - 1, target))];
  makeCurrent(next);
  next.focus();
}
