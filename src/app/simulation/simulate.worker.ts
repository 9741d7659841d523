/// <reference lib="webworker" />
/**
 * The engine off the main thread: a run of a few thousand steps takes long enough to freeze the page. The worker
 * also parses the manifest for editor markers and source lines, which keeps the YAML parser out of the page's
 * initial bundle.
 */
import { simulate } from '../../engine/simulate';
import { buildRunInfo } from '../../playback/runInfo';
import type { SimRequest, SimResponse } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<SimRequest>) => {
  const { id, input } = event.data;
  const started = performance.now();
  let reply: SimResponse;
  try {
    const run = simulate(input);
    const info = buildRunInfo(input.yaml, run);
    reply = { id, ok: true, run, info, ms: performance.now() - started };
  } catch (err) {
    reply = { id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
