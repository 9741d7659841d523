/**
 * The app's trace import: one at a time per app instance, its progress and outcome in the store (the Share dialog
 * may be closed while a large file loads), and the run replayed only after the learner agreed to replace unsaved
 * editor work.
 */
import { WorldCache } from '../../playback/WorldCache';
import { manifestNamespaces } from '../../playback/defaultKubectlCommand';
import type { AppStoreApi, Session } from '../../ui/store/createAppStore';
import type { ImportedTrace } from './TraceAssembler';
import { TraceFileError } from '../../playback/traceFile';
import { startTraceImport, TraceImportCancelled, type TraceImport } from './traceImporter';

const running = new WeakMap<AppStoreApi, TraceImport>();

export function importTraceFile(api: AppStoreApi, file: Blob): void {
  running.get(api)?.cancel();
  let shownAt = 0;
  const job = startTraceImport(file, (progress) => {
    if (running.get(api) !== job) return;
    // A few updates a second are enough to see it move; each one re-renders the status.
    const now = performance.now();
    if (progress.phase === api.getState().traceImport?.phase && now - shownAt < 100) return;
    shownAt = now;
    api.setState({ traceImport: progress });
  });
  running.set(api, job);
  api.setState({ traceImport: { phase: 'reading', done: 0, total: file.size }, traceImportResult: null });
  job.done.then(
    (trace) => {
      if (running.get(api) !== job) return;
      running.delete(api);
      api.setState({ traceImport: null });
      api.getState().replaceWork('import', () => {
        replayTrace(api, trace);
        api.setState({ traceImportResult: { kind: 'imported', steps: trace.run.steps.length } });
      });
    },
    (err: unknown) => {
      if (running.get(api) !== job) return;
      running.delete(api);
      api.setState({
        traceImport: null,
        traceImportResult:
          err instanceof TraceImportCancelled
            ? { kind: 'cancelled' }
            : err instanceof TraceFileError
              ? { kind: 'failed', code: err.code, params: err.params }
              : { kind: 'failed', code: 'crashed', params: {} },
      });
    },
  );
}

export function cancelTraceImport(api: AppStoreApi): void {
  const job = running.get(api);
  if (!job) return;
  job.cancel();
}

let importCounter = 1_000_000;

/**
 * Replay an imported run: it becomes the current (only) branch, nothing is re-simulated. What walks every step was
 * done in the worker; the editor gets the run's manifest in a task of its own, as the views and the editor each
 * take a while to take in a new run of 200,000 steps.
 */
function replayTrace(
  api: AppStoreApi,
  { run, yaml, info, marks, groups, foreground, keySteps, strip, jumps }: ImportedTrace,
): void {
  const session: Session = {
    id: ++importCounter,
    run,
    info,
    worlds: new WorldCache(run),
    marks,
    pods: [],
    groups,
    yaml,
    ms: 0,
    strip,
    jumps,
    foreground,
    keySteps,
    namespaces: manifestNamespaces(run),
  };
  api.getState().showImported(session);
  setTimeout(() => {
    if (api.getState().session === session) api.setState({ yaml });
  }, 0);
}
