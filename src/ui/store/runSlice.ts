/**
 * The store's run: simulating the inputs (in the worker), the current run as a `Session` with its derived
 * indexes, and its branches (forks made by interventions). Switching branches is a pointer move.
 */
import type { Run, SimulationInput, TimedAction, UserAction } from '../../engine/api';
import { findScenario } from '../../scenarios';
import { forkedActions } from '../../playback/forkedActions';
import { clampSeq } from '../../playback/navigation';
import { messageGroups, type MessageGroup } from '../../playback/messageGroups';
import { keySteps } from '../../playback/keySteps';
import { phaseMarks, type PhaseMark, type StripBucket } from '../../playback/timeline';
import type { ClockJump } from '../../playback/clockJumps';
import { WorldCache } from '../../playback/WorldCache';
import {
  defaultKubectlCommandFor,
  isDefaultKubectlCommand,
  manifestNamespaces,
} from '../../playback/defaultKubectlCommand';
import type { RunInfo } from '../../playback/runInfo';
import type { TraceErrorCode } from '../../playback/traceFile';
import {
  Superseded,
  type ForkSimulation,
  type RunSimulation,
  type SimProgress,
  type SimulationResult,
} from '../workers/simulationProtocol';
import type { TraceImportProgress } from '../workers/traceImportProtocol';
import { stepLists } from './cursorSlice';
import type { AppState } from './createAppStore';
import type { GetState, SetState } from './sliceTypes';

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
  /** The namespaces the manifest's objects went to: where the panels look first. */
  namespaces: string[];
  /** The curated path through the run (playback/keySteps.ts): where navigation lands by default. */
  keySteps: number[];
  /** The manifest text this run applied (the editor may have moved on). */
  yaml: string;
  ms: number;
  /**
   * The timeline's strip, clock jumps and foreground steps when computed ahead (an imported trace: in its worker),
   * so that a run of 200,000 steps does not walk every step on the main thread once more.
   */
  strip?: StripBucket[];
  jumps?: ClockJump[];
  foreground?: number[];
}

/** One timeline of a run: the original, or a fork made by an intervention (docs/ARCHITECTURE.md, "Branches"). */
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

export interface RunState {
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
  /** A trace import in progress (it reads and parses in a worker), and how the last one ended. */
  traceImport: TraceImportProgress | null;
  traceImportResult: TraceImportResult | null;
}

export interface RunActions {
  apply(opts?: { step?: number }): Promise<void>;
  /** Fork the current branch just after the current step with `action` inserted; the fork becomes current. */
  intervene(action: UserAction): Promise<void>;
  switchBranch(id: number): void;
  /** Show a run that arrived whole (an imported trace) as the only branch, on its first step. */
  showImported(session: Session): void;
}

export interface RunDeps {
  runSimulation: RunSimulation;
  /** Fork in the worker from a checkpoint; without it a fork is re-simulated from scratch (same result). */
  forkSimulation?: ForkSimulation;
  now?: () => number;
}

export function runSlice(set: SetState, get: GetState, deps: RunDeps): RunState & RunActions {
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
    keySteps: result.keySteps ?? keySteps(result.run.steps),
    namespaces: manifestNamespaces(result.run),
    yaml,
    ms: result.ms,
  });
  /** A new run replaces every branch; the cursor starts at `start`, and a Pod followed in the old run is dropped. */
  const showRun = (session: Session, input: SimulationInput, start: number, extra: Partial<AppState> = {}) => {
    const filter = { ...get().filter, pod: null };
    const steps = session.run.steps.length;
    branchCounter = 0;
    set({
      status: 'ready',
      error: null,
      session,
      branches: [{ id: 0, session, input, forkStep: null, parentId: null, actions: [] }],
      branchId: 0,
      actions: [],
      forking: false,
      filter,
      ...stepLists(session, filter),
      cursor: steps ? clampSeq(start, steps) : -1,
      playing: false,
      selectedKey: null,
      ...extra,
    });
  };

  return {
    status: 'idle',
    error: null,
    simStartedAt: 0,
    progress: null,
    session: null,
    branches: [],
    branchId: 0,
    actions: [],
    forking: false,
    traceImport: null,
    traceImportResult: null,

    apply: async (opts) => {
      const { yaml, scenarioId, nodes, seed, metricsServer } = get();
      const scenario = scenarioId ? findScenario(scenarioId) : undefined;
      // A scenario brings its cluster, faults and actions; the manifest is whatever the editor holds now.
      const input: SimulationInput = scenario ? { ...scenario.input, yaml } : { yaml };
      if (nodes !== undefined) input.cluster = { ...input.cluster, nodeCount: nodes };
      if (seed !== undefined) input.seed = seed;
      if (metricsServer !== undefined) input.cluster = { ...input.cluster, metricsServer };
      set({ status: 'simulating', error: null, simStartedAt: now(), progress: null, playing: false });
      try {
        const result = await deps.runSimulation(input, (progress) => set({ progress }));
        const session = makeSession(result, yaml);
        // The kubectl panel looks where the manifest's objects are, unless the learner typed a command.
        const kubectl = isDefaultKubectlCommand(get().kubectlCommand)
          ? { kubectlCommand: defaultKubectlCommandFor(session.namespaces) }
          : {};
        showRun(session, input, opts?.step !== undefined ? opts.step - 1 : 0, kubectl);
        // Show the learner what went wrong first: the first rejected field, where they typed it.
        const firstError = result.info.markers.find((m) => m.severity === 'error');
        if (firstError) get().revealLine(firstError.line);
      } catch (err) {
        if (err instanceof Superseded) return;
        set({ status: 'error', error: err instanceof Error ? err.message : String(err) });
      }
    },

    showImported: (session) => showRun(session, { yaml: session.yaml }, 0, { scenarioId: null }),

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
        get().goTo(atStep);
      } catch (err) {
        if (err instanceof Superseded) return;
        set({ forking: false, error: err instanceof Error ? err.message : String(err) });
      }
    },

    switchBranch: (id) => {
      const branch = get().branches.find((b) => b.id === id);
      if (!branch) return;
      set({
        branchId: id,
        session: branch.session,
        actions: branch.actions,
        ...stepLists(branch.session, get().filter),
        cursor: clampSeq(get().cursor, branch.session.run.steps.length),
        playing: false,
      });
    },
  };
}

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
