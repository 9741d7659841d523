import { describe, expect, it } from 'vitest';
import { nextBranchId, shortcutFor } from './useKeyboardShortcuts';

const key = (k: string, shiftKey = false) => shortcutFor({ key: k, shiftKey });

describe('shortcutFor', () => {
  it('keeps the docs/CONTRACTS.md §10 keys', () => {
    expect(key('ArrowRight')).toBe('next');
    expect(key('ArrowRight', true)).toBe('nextPhase');
    expect(key('ArrowLeft')).toBe('prev');
    expect(key('ArrowLeft', true)).toBe('prevPhase');
    expect(key('PageDown')).toBe('next');
    expect(key('PageUp')).toBe('prev');
    expect(key(' ')).toBe('togglePlay');
    expect(key('Home')).toBe('first');
    expect(key('End')).toBe('last');
    expect(key('<')).toBe('slower');
    expect(key('>')).toBe('faster');
    expect(key('?')).toBe('help');
  });

  it('i opens the interventions, b cycles the branches, Shift+B goes back to the original', () => {
    expect(key('i')).toBe('interventions');
    expect(key('b')).toBe('nextBranch');
    expect(key('B', true)).toBe('originalBranch');
    expect(key('x')).toBeUndefined();
    expect(key('I', true)).toBeUndefined();
  });
});

describe('nextBranchId', () => {
  const branches = [{ id: 0 }, { id: 3 }, { id: 5 }];
  it('moves to the next branch and wraps round to the original', () => {
    expect(nextBranchId(branches, 0)).toBe(3);
    expect(nextBranchId(branches, 3)).toBe(5);
    expect(nextBranchId(branches, 5)).toBe(0);
  });
  it('does nothing while there is only the original', () => {
    expect(nextBranchId([{ id: 0 }], 0)).toBeUndefined();
  });
});
