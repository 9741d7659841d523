/**
 * docs/CONTRACTS.md §10 shortcuts, active when the focus is not in the editor or a text field: →/PageDown next,
 * ←/PageUp previous, Space play/pause, Home/End first/last, Shift+→/← next/previous phase, < > speed, ? help.
 * Added for troubleshooting (letters, so none of the frozen keys changes meaning): i opens the interventions panel,
 * b switches to the next branch (wrapping round to the original), Shift+B back to the original branch.
 */
import { useEffect } from 'react';
import type { AppStoreApi } from '../ui/store/createAppStore';

function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('.monaco-editor, [contenteditable="true"]')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

export function shortcutFor(e: Pick<KeyboardEvent, 'key' | 'shiftKey'>): keyof ShortcutActions | undefined {
  switch (e.key) {
    case 'ArrowRight':
      return e.shiftKey ? 'nextPhase' : 'next';
    case 'ArrowLeft':
      return e.shiftKey ? 'prevPhase' : 'prev';
    case 'PageDown':
      return 'next';
    case 'PageUp':
      return 'prev';
    case ' ':
      return 'togglePlay';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case '<':
    case ',':
      return 'slower';
    case '>':
    case '.':
      return 'faster';
    case '?':
      return 'help';
    case 'i':
      return 'interventions';
    case 'b':
      return 'nextBranch';
    case 'B':
      return 'originalBranch';
    default:
      return undefined;
  }
}

interface ShortcutActions {
  next: unknown;
  prev: unknown;
  nextPhase: unknown;
  prevPhase: unknown;
  togglePlay: unknown;
  first: unknown;
  last: unknown;
  slower: unknown;
  faster: unknown;
  help: unknown;
  interventions: unknown;
  nextBranch: unknown;
  originalBranch: unknown;
}

/** The branch `b` switches to: the next one in creation order, wrapping round; none while there is only one. */
export function nextBranchId(branches: ReadonlyArray<{ id: number }>, current: number): number | undefined {
  if (branches.length < 2) return undefined;
  const i = branches.findIndex((b) => b.id === current);
  return branches[(i + 1) % branches.length].id;
}

export function useKeyboardShortcuts(store: AppStoreApi, target: Window | HTMLElement = window): void {
  useEffect(() => {
    const onKeyDown = (event: Event) => {
      const e = event as KeyboardEvent;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingTarget(e.target)) return;
      // Space on a focused button presses that button (native behaviour); everywhere else it plays/pauses.
      if (e.key === ' ' && e.target instanceof Element && e.target.closest('button, a, [role="tab"], [role="slider"]'))
        return;
      const action = shortcutFor(e);
      if (!action) return;
      const s = store.getState();
      if (s.dialog && action !== 'help') return;
      if (action === 'interventions') {
        // The panel lives in the side column, which only the split layout shows.
        if (s.layoutView !== 'split') return;
        e.preventDefault();
        s.setCompactTab('inspect');
        s.setInspector('intervene');
        const root = target instanceof HTMLElement ? target : document;
        root.querySelector<HTMLElement>('#tab-intervene')?.focus();
        return;
      }
      if (action === 'nextBranch' || action === 'originalBranch') {
        const id =
          action === 'nextBranch'
            ? nextBranchId(s.branches, s.branchId)
            : s.branches.find((b) => b.forkStep === null)?.id;
        if (id === undefined || id === s.branchId) return;
        e.preventDefault();
        s.switchBranch(id);
        return;
      }
      e.preventDefault();
      if (action === 'help') s.setDialog(s.dialog === 'help' ? null : 'help');
      else s[action]();
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  }, [store, target]);
}
