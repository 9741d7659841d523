/** The store's chrome: which views, tabs and dialogs are open, and the learner's display preferences. */
import { DEFAULT_KUBECTL_COMMAND } from '../../playback/defaultKubectlCommand';
import type { LayoutView, Theme } from '../viewOptions';
import type { GetState, SetState } from './sliceTypes';

export type InspectorTab =
  'objects' | 'etcd' | 'events' | 'kubectl' | 'scheduler' | 'stuck' | 'nodes' | 'intervene' | 'summary';
export type CenterView = 'diagram' | 'sequence';
export type Dialog = 'help' | 'gallery' | 'share' | 'embed' | null;

export interface ChromeState {
  centerView: CenterView;
  layoutView: LayoutView;
  inspector: InspectorTab;
  selectedKey: string | null;
  kubectlCommand: string;
  reducedMotion: boolean;
  lang: string;
  /** Colour theme, playback-controls density, projector mode, and whether this instance is an embed. */
  theme: Theme;
  controls: 'full' | 'min' | 'none';
  present: boolean;
  embed: boolean;
  dialog: Dialog;
  introOpen: boolean;
  compactTab: 'editor' | 'inspect';
  /** Ask the editor to scroll a line into view (a clicked problem, the first error after Apply). */
  reveal: { line: number; nonce: number } | null;
}

export interface ChromeActions {
  setCenterView(view: CenterView): void;
  setInspector(tab: InspectorTab): void;
  select(key: string | null): void;
  setKubectlCommand(command: string): void;
  setDialog(dialog: Dialog): void;
  setLang(lang: string): void;
  setTheme(theme: Theme): void;
  setControls(controls: 'full' | 'min' | 'none'): void;
  setPresent(present: boolean): void;
  setLayoutView(layoutView: LayoutView): void;
  setIntroOpen(open: boolean): void;
  setCompactTab(tab: 'editor' | 'inspect'): void;
  setReducedMotion(reduced: boolean): void;
  revealLine(line: number): void;
}

export type ChromeInitial = Partial<
  Pick<
    ChromeState,
    'centerView' | 'layoutView' | 'reducedMotion' | 'lang' | 'introOpen' | 'theme' | 'controls' | 'present' | 'embed'
  >
>;

export function chromeSlice(set: SetState, get: GetState, initial: ChromeInitial): ChromeState & ChromeActions {
  return {
    centerView: initial.centerView ?? 'diagram',
    layoutView: initial.layoutView ?? 'split',
    inspector: 'objects',
    selectedKey: null,
    kubectlCommand: DEFAULT_KUBECTL_COMMAND,
    reducedMotion: initial.reducedMotion ?? false,
    lang: initial.lang ?? 'en',
    theme: initial.theme ?? 'system',
    controls: initial.controls ?? 'full',
    present: initial.present ?? false,
    embed: initial.embed ?? false,
    dialog: null,
    introOpen: initial.introOpen ?? false,
    compactTab: 'editor',
    reveal: null,

    setCenterView: (centerView) => set({ centerView }),
    setInspector: (inspector) => set({ inspector }),
    select: (selectedKey) => set({ selectedKey }),
    setKubectlCommand: (kubectlCommand) => set({ kubectlCommand }),
    setDialog: (dialog) => set({ dialog }),
    setLang: (lang) => set({ lang }),
    setTheme: (theme) => set({ theme }),
    setControls: (controls) => set({ controls }),
    setPresent: (present) => set({ present }),
    setLayoutView: (layoutView) => set({ layoutView }),
    setIntroOpen: (introOpen) => set({ introOpen }),
    setCompactTab: (compactTab) => set({ compactTab }),
    // Reduced motion stops playback: stepping is then the learner's, one key press at a time.
    setReducedMotion: (reducedMotion) => set({ reducedMotion, playing: reducedMotion ? false : get().playing }),
    revealLine: (line) => set({ reveal: { line, nonce: (get().reveal?.nonce ?? 0) + 1 } }),
  };
}
