/**
 * One vanilla zustand store per app instance (created by AppStoreProvider), so two embeds on a page never share
 * state. It holds inputs (manifest, scenario), the current run as a `Session` with its derived indexes, and the
 * playback cursor. Every view is a pure function of (session, cursor, view options): stepping back is only a
 * cursor move.
 */
import { createStore } from 'zustand/vanilla';
import type { SimulationInput, TimedAction, UserAction } from '../../engine/api';
import { findScenario } from '../../scenarios';
import {
  NO_FILTER,
  clampSeq,
  groupsRepeats,
  navigableSteps,
  nextIn,
  prevIn,
  snapForward,
  type StepFilter,
} from '../../playback/navigation';
import { collapseGroups, groupAt, messageGroups, type MessageGroup } from '../../playback/messageGroups';
import { DEFAULT_SPEED, faster, normaliseSpeed, slower } from '../../playback/speed';
import { nextMark, phaseMarks, prevMark, type PhaseMark, type StripBucket } from '../../playback/timeline';
import type { ClockJump } from '../../playback/clockJumps';
import { WorldCache } from '../../playback/WorldCache';
import {
  DEFAULT_KUBECTL_COMMAND,
  defaultKubectlCommandFor,
  isDefaultKubectlCommand,
} from '../../playback/defaultKubectlCommand';
import type { RunInfo } from '../../playback/runInfo';
import { forkedActions } from '../simulation/BranchEngines';
import {
  Superseded,
  type ForkSimulation,
  type RunSimulation,
  type SimProgress,
  type SimulationResult,
} from '../simulation/protocol';
import type { LayoutView, Theme } from '../urlOptions';
import type { Run } from '../../engine/api';
import type { Step } from '../../engine/types';
import type { Draft } from '../bootstrap';
import type { TraceErrorCode } from '../share/traceFile';
import type { TraceImportProgress } from '../share/traceImportProtocol';
import { draftSlice, type DraftActions, type DraftState } from './draftSlice';

export type InspectorTab =
  'objects' | 'etcd' | 'events' | 'kubectl' | 'scheduler' | 'stuck' | 'nodes' | 'intervene' | 'summary';
export type CenterView = 'diagram' | 'sequence';
export type Dialog = 'help' | 'gallery' | 'share' | 'embed' | null;

export interface Session {
  id: number;
  run: Run;
  info: RunInfo;
  worlds: WorldCache;
  marks: PhaseMark[];
  /** User Pods named in the trace, for the "follow one Pod" picker. */
  pods: string[];
  /** Runs of repeated messages (fan-outs to every node), which navigation may step over as one. */
  groups: MessageGroup[];
  /** The manifest text this run applied (the editor may have moved on). */
  yaml: string;
  ms: number;
  /**
   * The timeline's strip and clock jumps when computed ahead (an imported trace: in its worker), so that a run of
   * 200,000 steps does not walk every step on the main thread once more.
   */
  strip?: StripBucket[];
  jumps?: ClockJump[];
}

/** One timeline of a run: the original, or a fork made by an intervention (DESIGN.md §1). */
export interface Branch {
  id: number;
  session: Session;
  /** The full input that reproduces this branch (scenario actions kept by the fork + the user's). */
  input: SimulationInput;
  /** The step the intervention was inserted before (its first `forkStep` steps equal the parent's). */
  forkStep: number | null;
  parentId: number | null;
  /** The user's interventions on this branch, in order (what a share link serializes). */
  actions: TimedAction[];
}

/** How the last trace import ended (the Share dialog says so). */
export type TraceImportResult =
  | { kind: 'imported'; steps: number }
  | { kind: 'failed'; code: TraceErrorCode; params: Readonly<Record<string, number>> }
  | { kind: 'cancelled' };

export interface AppState extends DraftState {
  yaml: string;
  scenarioId: string | null;
  nodes?: number;
  seed?: number;

  status: 'idle' | 'simulating' | 'ready' | 'error';
  error: string | null;
  simStartedAt: number;
  /** How far the simulation in progress got (long runs report a few times a second). */
  progress: SimProgress | null;
  session: Session | null;
  /** The original run and its forks; `session` is the current branch's. Switching is a pointer move. */
  branches: Branch[];
  branchId: number;
  /** The current branch's interventions `{ atStep, action }` (for share links). */
  actions: TimedAction[];
  forking: boolean;

  cursor: number;
  /** Steps manual navigation may land on under the current filter. */
  navigable: number[];
  /** Steps playback lands on: like `navigable` but background steps are always skipped while playing. */
  playable: number[];
  playing: boolean;
  speed: number;
  filter: StepFilter;

  centerView: CenterView;
  layoutView: LayoutView;
  inspector: InspectorTab;
  selectedKey: string | null;
  kubectlCommand: string;
  reducedMotion: boolean;
  lang: string;
  /** Issue 5: colour theme, playback-controls density, projector mode, and whether this instance is an embed. */
  theme: Theme;
  controls: 'full' | 'min' | 'none';
  present: boolean;
  embed: boolean;
  dialog: Dialog;
  introOpen: boolean;
  compactTab: 'editor' | 'inspect';
  /** Ask the editor to scroll a line into view (a clicked problem, the first error after Apply). */
  reveal: { line: number; nonce: number } | null;
  /** A trace import in progress (it reads and parses in a worker), and how the last one ended. */
  traceImport: TraceImportProgress | null;
  traceImportResult: TraceImportResult | null;
}

export interface AppActions extends DraftActions {
  setYaml(yaml: string): void;
  loadScenario(id: string, opts?: { apply?: boolean; step?: number }): Promise<void>;
  resetToScenario(): void;
  apply(opts?: { step?: number }): Promise<void>;
  /** Fork the current branch just after the current step with `action` inserted; the fork becomes current. */
  intervene(action: UserAction): Promise<void>;
  switchBranch(id: number): void;
  goTo(seq: number): void;
  next(): void;
  prev(): void;
  first(): void;
  last(): void;
  nextPhase(): void;
  prevPhase(): void;
  /** One playback tick: the next playable step, or stop at the end. */
  advance(): void;
  play(): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(speed: number): void;
  faster(): void;
  slower(): void;
  setHideBackground(hide: boolean): void;
  setFollowPod(pod: string | null): void;
  /** Step over runs of repeated messages as one (true), one by one (false), or automatically (undefined). */
  setGroupRepeats(on: boolean | undefined): void;
  /** Show each message of the group under the cursor: grouping off, cursor on the group's first step. */
  expandGroup(): void;
  setCenterView(view: CenterView): void;
  setInspector(tab: InspectorTab): void;
  select(key: string | null): void;
  setKubectlCommand(command: string): void;
  setDialog(dialog: Dialog): void;
  setLang(lang: string): void;
  setTheme(theme: Theme): void;
  setControls(controls: 'full' | 'min' | 'none'): void;
  setPresent(present: boolean): void;
  setIntroOpen(open: boolean): void;
  setCompactTab(tab: 'editor' | 'inspect'): void;
  setReducedMotion(reduced: boolean): void;
  revealLine(line: number): void;
}

export type AppStore = AppState & AppActions;

export interface StoreDeps {
  runSimulation: RunSimulation;
  /** Fork in the worker from a checkpoint; without it a fork is re-simulated from scratch (same result). */
  forkSimulation?: ForkSimulation;
  now?: () => number;
}

export type InitialState = Partial<
  Pick<
    AppState,
    | 'yaml'
    | 'scenarioId'
    | 'nodes'
    | 'seed'
    | 'speed'
    | 'centerView'
    | 'layoutView'
    | 'reducedMotion'
    | 'lang'
    | 'introOpen'
    | 'theme'
    | 'controls'
    | 'present'
    | 'embed'
    | 'previousDraft'
  >
>;

export type { Draft };

export function createAppStore(deps: StoreDeps, initial: InitialState = {}) {
  const now = deps.now ?? (() => Date.now());
  let sessionCounter = 0;
  let branchCounter = 0;
  const makeSession = (result: SimulationResult, yaml: string): Session => ({
    id: ++sessionCounter,
    run: result.run,
    info: result.info,
    worlds: new WorldCache(result.run),
    marks: phaseMarks(result.run.steps),
    pods: podNames(result.run),
    groups: messageGroups(result.run.steps),
    yaml,
    ms: result.ms,
  });

  return createStore<AppStore>()((set, get) => {
    const lists = (session: Session | null, filter: StepFilter) => {
      if (!session) return { navigable: [], playable: [] };
      const steps = session.run.steps;
      const collapse = (list: number[]) =>
        groupsRepeats(filter, steps.length) ? collapseGroups(list, session.groups) : list;
      return {
        navigable: collapse(navigableSteps(steps, filter)),
        playable: collapse(navigableSteps(steps, { ...filter, hideBackground: true })),
      };
    };

    const moveTo = (seq: number | undefined) => {
      const s = get().session;
      if (!s || seq === undefined) return;
      set({ cursor: clampSeq(seq, s.run.steps.length) });
    };

    return {
      yaml: initial.yaml ?? '',
      scenarioId: initial.scenarioId ?? null,
      nodes: initial.nodes,
      seed: initial.seed,
      status: 'idle',
      error: null,
      simStartedAt: 0,
      progress: null,
      session: null,
      branches: [],
      branchId: 0,
      actions: [],
      forking: false,
      cursor: -1,
      navigable: [],
      playable: [],
      playing: false,
      speed: normaliseSpeed(initial.speed ?? DEFAULT_SPEED),
      filter: NO_FILTER,
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
      traceImport: null,
      traceImportResult: null,
      ...draftSlice(set, get, initial.previousDraft ?? null),

      setYaml: (yaml) => set({ yaml }),

      loadScenario: async (id, opts) => {
        const scenario = findScenario(id);
        if (!scenario) return;
        set({ yaml: scenario.input.yaml, scenarioId: id, dialog: null });
        if (opts?.apply !== false) await get().apply({ step: opts?.step });
      },

      resetToScenario: () => {
        const scenario = findScenario(get().scenarioId ?? '');
        if (!scenario) return;
        // The learner asked for it, so no question: the edits become the previous draft, one click from coming back.
        const { yaml } = get();
        if (yaml.trim() && yaml !== scenario.input.yaml) get().stashDraft();
        set({ yaml: scenario.input.yaml });
      },

      apply: async (opts) => {
        const { yaml, scenarioId, nodes, seed } = get();
        const scenario = scenarioId ? findScenario(scenarioId) : undefined;
        // A scenario brings its cluster, faults and actions; the manifest is whatever the editor holds now.
        const input: SimulationInput = scenario ? { ...scenario.input, yaml } : { yaml };
        if (nodes !== undefined) input.cluster = { ...input.cluster, nodeCount: nodes };
        if (seed !== undefined) input.seed = seed;
        set({ status: 'simulating', error: null, simStartedAt: now(), progress: null, playing: false });
        try {
          const result = await deps.runSimulation(input, (progress) => set({ progress }));
          const run = result.run;
          const session = makeSession(result, yaml);
          const branch: Branch = { id: 0, session, input, forkStep: null, parentId: null, actions: [] };
          branchCounter = 0;
          const filter = { ...get().filter, pod: null };
          const start = opts?.step !== undefined ? opts.step - 1 : 0;
          set({
            status: 'ready',
            session,
            branches: [branch],
            branchId: 0,
            actions: [],
            forking: false,
            filter,
            ...lists(session, filter),
            cursor: run.steps.length ? clampSeq(start, run.steps.length) : -1,
            selectedKey: null,
            // The kubectl panel looks where the manifest's objects are, unless the learner typed a command.
            ...(isDefaultKubectlCommand(get().kubectlCommand)
              ? { kubectlCommand: defaultKubectlCommandFor(manifestNamespaces(run)) }
              : {}),
          });
          // Show the learner what went wrong first: the first rejected field, where they typed it.
          const firstError = result.info.markers.find((m) => m.severity === 'error');
          if (firstError) get().revealLine(firstError.line);
        } catch (err) {
          if (err instanceof Superseded) return;
          set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
        }
      },

      intervene: async (action) => {
        const { session, cursor, branches, branchId, status } = get();
        const parent = branches.find((b) => b.id === branchId);
        if (!session || !parent || status !== 'ready' || cursor < 0) return;
        // Inserted after the step on screen: the fork shares steps 0..cursor and its next step is the action. On the
        // run's closing `end` step, insert before it instead: that step only says the run stopped there.
        const atStep = session.run.steps[cursor]?.detail?.type === 'end' ? cursor : cursor + 1;
        const id = ++branchCounter;
        set({ forking: true, playing: false, error: null, progress: null });
        try {
          const result = deps.forkSimulation
            ? await deps.forkSimulation(
                { parent: parent.id, parentInput: parent.input, branch: id, atStep, action },
                (progress) => set({ progress }),
              )
            : await deps.runSimulation(forkInput(parent.input, atStep, action));
          // The worker says which of the parent's actions had landed before the fork (a time-placed one may not have).
          const input = result.input ?? forkInput(parent.input, atStep, action);
          const branch: Branch = {
            id,
            session: makeSession(result, session.yaml),
            input,
            forkStep: atStep,
            parentId: parent.id,
            actions: [...parent.actions.filter((a) => (a.atStep ?? 0) < atStep), { atStep, action }],
          };
          set({ forking: false, branches: [...get().branches, branch] });
          get().switchBranch(id);
          moveTo(atStep);
        } catch (err) {
          if (err instanceof Superseded) return;
          set({ forking: false, error: err instanceof Error ? err.message : String(err) });
        }
      },

      switchBranch: (id) => {
        const branch = get().branches.find((b) => b.id === id);
        if (!branch) return;
        const filter = get().filter;
        const cursor = clampSeq(get().cursor, branch.session.run.steps.length);
        set({
          branchId: id,
          session: branch.session,
          actions: branch.actions,
          ...lists(branch.session, filter),
          cursor,
          playing: false,
        });
      },

      goTo: (seq) => moveTo(seq),
      next: () => moveTo(nextIn(get().navigable, get().cursor)),
      prev: () => moveTo(prevIn(get().navigable, get().cursor)),
      first: () => moveTo(get().navigable[0]),
      last: () => moveTo(get().navigable[get().navigable.length - 1]),
      nextPhase: () => {
        const { session, cursor, navigable } = get();
        const mark = session && nextMark(session.marks, cursor);
        if (mark) moveTo(snapForward(navigable, mark.seq));
        else get().last();
      },
      prevPhase: () => {
        const { session, cursor, navigable } = get();
        const mark = session && prevMark(session.marks, cursor);
        if (mark) moveTo(snapForward(navigable, mark.seq));
        else get().first();
      },

      advance: () => {
        const { playable, cursor } = get();
        const next = nextIn(playable, cursor);
        if (next === undefined) set({ playing: false });
        else moveTo(next);
      },
      play: () => {
        const { session, cursor, playable } = get();
        if (!session) return;
        // Pressing play at the end starts over, as media players do.
        if (nextIn(playable, cursor) === undefined) moveTo(playable[0] ?? 0);
        set({ playing: true });
      },
      pause: () => set({ playing: false }),
      togglePlay: () => (get().playing ? get().pause() : get().play()),
      setSpeed: (speed) => set({ speed: normaliseSpeed(speed) }),
      faster: () => set({ speed: faster(get().speed) }),
      slower: () => set({ speed: slower(get().speed) }),

      setHideBackground: (hide) => {
        const filter = { ...get().filter, hideBackground: hide };
        set({ filter, ...lists(get().session, filter) });
      },
      setGroupRepeats: (groupRepeats) => {
        const filter = { ...get().filter, groupRepeats };
        set({ filter, ...lists(get().session, filter) });
      },
      expandGroup: () => {
        const { session, cursor } = get();
        const group = session ? groupAt(session.groups, cursor) : undefined;
        get().setGroupRepeats(false);
        if (group) moveTo(group.start);
      },
      setFollowPod: (pod) => {
        const filter = { ...get().filter, pod };
        const l = lists(get().session, filter);
        set({ filter, ...l });
        // Land on the Pod's first step at or after the cursor, so the view shows something about it.
        if (pod) moveTo(snapForward(l.navigable, get().cursor));
      },

      setCenterView: (centerView) => set({ centerView }),
      setInspector: (inspector) => set({ inspector }),
      select: (selectedKey) => set({ selectedKey }),
      setKubectlCommand: (kubectlCommand) => set({ kubectlCommand }),
      setDialog: (dialog) => set({ dialog }),
      setLang: (lang) => set({ lang }),
      setTheme: (theme) => set({ theme }),
      setControls: (controls) => set({ controls }),
      setPresent: (present) => set({ present }),
      setIntroOpen: (introOpen) => set({ introOpen }),
      setCompactTab: (compactTab) => set({ compactTab }),
      setReducedMotion: (reducedMotion) => set({ reducedMotion, playing: reducedMotion ? false : get().playing }),
      revealLine: (line) => set({ reveal: { line, nonce: (get().reveal?.nonce ?? 0) + 1 } }),
    };
  });
}

export type AppStoreApi = ReturnType<typeof createAppStore>;

/** The input of a fork: as `Engine.fork`, the step-timed actions before the fork point, then the new one. */
function forkInput(parent: SimulationInput, atStep: number, action: UserAction): SimulationInput {
  return { ...parent, actions: forkedActions(parent, atStep, action) };
}

/** Pods named in the trace, in order of first appearance (only the learner's: not kube-system). */
function podNames(run: Run): string[] {
  const seen = new Set<string>();
  for (const s of run.steps) {
    if (
      s.object?.kind === 'Pod' &&
      s.object.namespace !== 'kube-system' &&
      s.object.name &&
      !s.object.name.endsWith('…')
    ) {
      seen.add(s.object.name);
    }
  }
  return [...seen];
}

/** The namespaces kubectl sent the manifest's namespaced objects to (its apply requests, the first steps). */
function manifestNamespaces(run: { steps: readonly Step[] }): string[] {
  const out: string[] = [];
  for (const s of run.steps) {
    if (s.from.component !== 'kubectl' || s.to.component !== 'kube-apiserver') continue;
    if (s.object?.namespace) out.push(s.object.namespace);
  }
  return out;
}
