/// <reference lib="webworker" />
/**
 * The engine off the main thread: a run of a few thousand steps takes long enough to freeze the page. The worker
 * also parses the manifest for editor markers and source lines, which keeps the YAML parser out of the page's
 * initial bundle. It keeps the `Engine` of each branch so that an intervention forks from a checkpoint instead of
 * re-simulating the whole run.
 */
import { Engine } from '../../engine/simulate';
import { buildRunInfo } from '../../playback/runInfo';
import { keySteps } from '../../playback/keySteps';
import type { SimRequest, SimResponse } from '../../ui/workers/simulationProtocol';
import { BranchEngines } from './BranchEngines';

declare const self: DedicatedWorkerGlobalScope;

/** The request being worked on: the engine's progress reports go out under its id. */
let current = 0;
const engines = new BranchEngines((input) => {
  const engine = new Engine(input);
  engine.onProgress = (steps, timeMs) => self.postMessage({ id: current, progress: { steps, timeMs } } as SimResponse);
  return engine;
});

self.onmessage = (event: MessageEvent<SimRequest>) => {
  const req = event.data;
  current = req.id;
  const started = performance.now();
  let reply: SimResponse;
  try {
    const { run, input } =
      req.kind === 'fork' ? engines.fork(req) : { run: engines.start(req.input, req.branch ?? 0), input: req.input };
    const info = buildRunInfo(input.yaml, run);
    // Walked here, off the page: ~0.5 µs a step, 100 ms for a 200,000-step run.
    reply = { id: req.id, ok: true, run, info, keySteps: keySteps(run.steps), ms: performance.now() - started, input };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
