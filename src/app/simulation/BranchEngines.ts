/**
 * The engines of a run's branches, kept in the worker. `Engine.fork` returns a Run, not the engine that made it,
 * so a branch is stored with its full input and only re-run (to get checkpoints) when it is itself forked.
 */
import type { Run, SimulationInput, TimedAction, UserAction } from '../../engine/api';

interface ForkableEngine {
  readonly input: SimulationInput;
  run(): Run;
  fork(atStep: number, action: UserAction): Run;
  actionsBefore(step: number): TimedAction[];
}

interface Entry {
  engine: ForkableEngine;
  ran: boolean;
}

/** Branches kept at most; older ones are rebuilt from their input if forked again. */
const MAX_BRANCHES = 8;

export class BranchEngines {
  private entries = new Map<number, Entry>();

  constructor(private readonly create: (input: SimulationInput) => ForkableEngine) {}

  /** A fresh run: every other branch is forgotten. */
  start(input: SimulationInput, branch: number): Run {
    this.entries.clear();
    const engine = this.create(input);
    const run = engine.run();
    this.entries.set(branch, { engine, ran: true });
    return run;
  }

  fork(req: { parent: number; parentInput: SimulationInput; branch: number; atStep: number; action: UserAction }): {
    run: Run;
    input: SimulationInput;
  } {
    let parent = this.entries.get(req.parent);
    if (!parent) {
      parent = { engine: this.create(req.parentInput), ran: false };
      this.remember(req.parent, parent);
    }
    if (!parent.ran) {
      parent.engine.run();
      parent.ran = true;
    }
    const run = parent.engine.fork(req.atStep, req.action);
    // The parent's actions as they landed (time-placed ones pinned to their step): with the new one they replay
    // this fork exactly, so a fork of this fork, or a share link of it, keeps e.g. a kubelet stopped at 15 s.
    const actions = [...parent.engine.actionsBefore(req.atStep), { atStep: req.atStep, action: req.action }];
    const input = { ...parent.engine.input, actions };
    this.remember(req.branch, { engine: this.create(input), ran: false });
    return { run, input };
  }

  private remember(branch: number, entry: Entry): void {
    this.entries.delete(branch);
    this.entries.set(branch, entry);
    while (this.entries.size > MAX_BRANCHES) this.entries.delete(this.entries.keys().next().value!);
  }
}
