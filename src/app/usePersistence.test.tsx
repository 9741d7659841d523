// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFLICT_DRAFT_KEY, DRAFT_KEY, PREVIOUS_DRAFT_KEY } from './bootstrap';
import { createAppStore, type AppStoreApi } from '../ui/store/createAppStore';
import { usePersistence } from './usePersistence';

const never = () => Promise.reject(new Error('not simulated in this test'));

function Persist({ store, storage }: { store: AppStoreApi; storage: Storage }) {
  usePersistence(store, storage);
  return null;
}

function mount(storage: Storage, yaml = 'kind: Pod # mine\n') {
  const store = createAppStore({ runSimulation: never }, { yaml, scenarioId: null });
  const view = render(<Persist store={store} storage={storage} />);
  return { store, view };
}

describe('usePersistence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('flushes a pending draft when the page is hidden or unloads', () => {
    const { store } = mount(localStorage);
    act(() => store.getState().setYaml('kind: Pod # typed\n'));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    window.dispatchEvent(new Event('beforeunload'));
    expect(localStorage.getItem(DRAFT_KEY)).toContain('# typed');
  });

  it('says when the browser refuses the draft, with its size, and clears the warning once a save works', () => {
    const { store } = mount(localStorage);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    act(() => store.getState().setYaml(`kind: Pod # ${'x'.repeat(3 * 1024 * 1024)}\n`));
    act(() => vi.advanceTimersByTime(300));
    expect(store.getState().draftSaveError?.quota).toBe(true);
    expect(store.getState().draftSaveError?.mb).toBeCloseTo(3, 1);
    setItem.mockRestore();
    act(() => store.getState().setYaml('kind: Pod # small\n'));
    act(() => vi.advanceTimersByTime(300));
    expect(store.getState().draftSaveError).toBeNull();
  });

  it('keeps the previous draft in storage', () => {
    const { store } = mount(localStorage);
    act(() => store.getState().stashDraft());
    expect(localStorage.getItem(PREVIOUS_DRAFT_KEY)).toContain('# mine');
  });

  it('does not overwrite a different draft another tab saved: it saves this one beside it and says so', () => {
    const { store } = mount(localStorage);
    // Another tab writes its draft (no storage event reaches the tab that wrote, so this is what one sees).
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ yaml: 'kind: Pod # other tab\n', scenarioId: null }));
    act(() => store.getState().setYaml('kind: Pod # this tab\n'));
    act(() => vi.advanceTimersByTime(300));
    expect(store.getState().draftConflict?.yaml).toBe('kind: Pod # other tab\n');
    expect(localStorage.getItem(DRAFT_KEY)).toContain('# other tab');
    expect(localStorage.getItem(CONFLICT_DRAFT_KEY)).toContain('# this tab');

    act(() => store.getState().resolveDraftConflict('keep'));
    expect(localStorage.getItem(DRAFT_KEY)).toContain('# this tab');
    expect(localStorage.getItem(CONFLICT_DRAFT_KEY)).toBeNull();
    expect(localStorage.getItem(PREVIOUS_DRAFT_KEY)).toContain('# other tab');
  });

  it('hears another tab at once when this one has unsaved edits', () => {
    const { store } = mount(localStorage);
    const other = JSON.stringify({ yaml: 'kind: Pod # other tab\n', scenarioId: null });
    localStorage.setItem(DRAFT_KEY, other);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: DRAFT_KEY, newValue: other, storageArea: localStorage }));
    });
    expect(store.getState().draftConflict?.yaml).toBe('kind: Pod # other tab\n');
    expect(localStorage.getItem(CONFLICT_DRAFT_KEY)).toContain('# mine');
  });
});
