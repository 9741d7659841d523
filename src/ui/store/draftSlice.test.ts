import { describe, expect, it } from 'vitest';
import { findScenario } from '../../scenarios';
import { createAppStore } from './createAppStore';
import { hasUnsavedWork } from './unsavedWork';

const example = findScenario('happy-path')!.input.yaml;
const never = () => Promise.reject(new Error('not simulated in this test'));
const store = (yaml: string, scenarioId: string | null = 'happy-path') =>
  createAppStore({ runSimulation: never }, { yaml, scenarioId });

describe('drafts: nothing typed is lost', () => {
  it('calls text unsaved work only when it is not empty, not its example, and not the run last shown', () => {
    expect(hasUnsavedWork({ yaml: example, scenarioId: 'happy-path', session: null })).toBe(false);
    expect(hasUnsavedWork({ yaml: '  \n', scenarioId: null, session: null })).toBe(false);
    expect(hasUnsavedWork({ yaml: `${example}# mine\n`, scenarioId: 'happy-path', session: null })).toBe(true);
    const session = { yaml: 'kind: Pod # applied\n' } as never;
    expect(hasUnsavedWork({ yaml: 'kind: Pod # applied\n', scenarioId: null, session })).toBe(false);
  });

  it('replaces at once when nothing would be lost', () => {
    const s = store(example);
    let replaced = 0;
    s.getState().replaceWork('example', () => replaced++);
    expect(replaced).toBe(1);
    expect(s.getState().pendingReplace).toBeNull();
  });

  it('asks before replacing edits; keeping them runs nothing, replacing keeps them as the previous draft', () => {
    const s = store('kind: Pod # mine\n', null);
    const load = () => s.setState({ yaml: 'kind: Pod # imported\n', scenarioId: null });
    s.getState().replaceWork('import', load);
    expect(s.getState().pendingReplace?.reason).toBe('import');
    s.getState().answerReplace(false);
    expect(s.getState().yaml).toBe('kind: Pod # mine\n');
    expect(s.getState().previousDraft).toBeNull();

    s.getState().replaceWork('import', load);
    s.getState().answerReplace(true);
    expect(s.getState().yaml).toBe('kind: Pod # imported\n');
    expect(s.getState().previousDraft).toEqual({ yaml: 'kind: Pod # mine\n', scenarioId: null });
    expect(s.getState().draftReplaced).toBe(true);

    // Restoring swaps, so the restore itself can be undone.
    s.getState().restorePreviousDraft();
    expect(s.getState().yaml).toBe('kind: Pod # mine\n');
    expect(s.getState().previousDraft?.yaml).toBe('kind: Pod # imported\n');
  });

  it('keeps the edits Reset throws away as the previous draft', () => {
    const s = store(`${example}# mine\n`);
    s.getState().resetToScenario();
    expect(s.getState().yaml).toBe(example);
    expect(s.getState().previousDraft?.yaml).toBe(`${example}# mine\n`);
  });

  it('resolves a two-tab conflict either way without losing the draft not chosen', () => {
    const other = { yaml: 'kind: Pod # other tab\n', scenarioId: null };
    const a = store('kind: Pod # this tab\n', null);
    a.setState({ draftConflict: other });
    a.getState().resolveDraftConflict('load');
    expect(a.getState().yaml).toBe(other.yaml);
    expect(a.getState().previousDraft?.yaml).toBe('kind: Pod # this tab\n');
    expect(a.getState().draftConflict).toBeNull();

    const b = store('kind: Pod # this tab\n', null);
    b.setState({ draftConflict: other });
    b.getState().resolveDraftConflict('keep');
    expect(b.getState().yaml).toBe('kind: Pod # this tab\n');
    expect(b.getState().previousDraft).toEqual(other);
  });

  it('never asks in an embed, which keeps no draft', () => {
    const s = createAppStore({ runSimulation: never }, { yaml: 'kind: Pod # mine\n', embed: true });
    let replaced = 0;
    s.getState().replaceWork('example', () => replaced++);
    expect(replaced).toBe(1);
  });
});
