/**
 * One vanilla zustand store per app instance (created by AppStoreProvider), so two embeds on a page never share
 * state. It is made of slices: the inputs (manifest, scenario, cluster options), the run and its branches, the
 * playback cursor, the chrome (views, tabs, dialogs, preferences) and drafts. Every view is a pure function of
 * (session, cursor, view options): stepping back is only a cursor move.
 */
import { createStore } from 'zustand/vanilla';
import type { StepsMode } from '../../playback/navigation';
import { chromeSlice, type ChromeActions, type ChromeInitial, type ChromeState } from './chromeSlice';
import { cursorSlice, type CursorActions, type CursorState } from './cursorSlice';
import type { Draft } from './draft';
import { draftSlice, type DraftActions, type DraftState } from './draftSlice';
import { inputsSlice, type InputsActions, type InputsState } from './inputsSlice';
import { runSlice, type RunActions, type RunDeps, type RunState } from './runSlice';

export type { CenterView, Dialog, InspectorTab } from './chromeSlice';
export type { Branch, Session, TraceImportResult } from './runSlice';
export type { Draft };

export type AppState = InputsState & RunState & CursorState & ChromeState & DraftState;
type AppActions = InputsActions & RunActions & CursorActions & ChromeActions & DraftActions;
export type AppStore = AppState & AppActions;
export type StoreDeps = RunDeps;

export type InitialState = Partial<Pick<InputsState, 'yaml' | 'scenarioId' | 'nodes' | 'seed' | 'metricsServer'>> &
  ChromeInitial & { speed?: number; steps?: StepsMode; previousDraft?: Draft | null };

export function createAppStore(deps: StoreDeps, initial: InitialState = {}) {
  return createStore<AppStore>()((set, get) => ({
    ...inputsSlice(set, get, initial),
    ...runSlice(set, get, deps),
    ...cursorSlice(set, get, initial),
    ...chromeSlice(set, get, initial),
    ...draftSlice(set, get, initial.previousDraft ?? null),
  }));
}

export type AppStoreApi = ReturnType<typeof createAppStore>;
