/// <reference lib="webworker" />
/**
 * A trace is read, parsed and checked here, off the main thread (a 181 MB file froze the page for 15 s
 * when parsed there). The page gets the run in slices of STEPS_PER_MESSAGE steps, so that no single message
 * takes long to deserialise; the editor info, phase marks and message groups are computed here as well.
 */
import type { Step } from '../../engine/api';
import { buildRunInfo } from '../../playback/runInfo';
import { messageGroups } from '../../playback/messageGroups';
import { phaseMarks, phaseStrip } from '../../playback/timeline';
import { clockJumps } from '../../playback/clockJumps';
import { navigableSteps } from '../../playback/navigation';
import { keySteps } from '../../playback/keySteps';
import { readTraceText } from './readTraceText';
import { checkTraceSize, parseTraceFile, TraceFileError } from '../../playback/traceFile';
import {
  STEPS_PER_MESSAGE,
  type TraceImportMessage,
  type TraceImportRequest,
} from '../../ui/workers/traceImportProtocol';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: TraceImportMessage) => self.postMessage(message);

/** The steps still to send, a slice per `more`. */
let pending: { steps: Step[]; next: number } | undefined;

self.onmessage = (event: MessageEvent<TraceImportRequest>) => {
  const req = event.data;
  if (req.kind === 'more') {
    sendSlice();
    return;
  }
  void importTrace(req.file).catch((err: unknown) => {
    if (err instanceof TraceFileError)
      post({ kind: 'error', code: err.code, params: { ...err.params }, message: err.message });
    else
      post({ kind: 'error', code: 'crashed', params: {}, message: err instanceof Error ? err.message : String(err) });
  });
};

async function importTrace(file: Blob): Promise<void> {
  const { run, yaml } = await readAndParse(file);
  const { steps, ...rest } = run;
  post({
    kind: 'head',
    run: rest,
    yaml,
    info: buildRunInfo(yaml, run),
    marks: phaseMarks(steps),
    groups: messageGroups(steps),
    foreground: navigableSteps(steps, { hideBackground: true, pod: null }),
    keySteps: keySteps(steps),
    strip: phaseStrip(steps),
    jumps: clockJumps(steps),
    steps: steps.length,
  });
  pending = { steps, next: 0 };
  sendSlice();
}

function sendSlice(): void {
  if (!pending) return;
  const { steps, next } = pending;
  if (next >= steps.length) {
    pending = undefined;
    post({ kind: 'done' });
    return;
  }
  pending.next = next + STEPS_PER_MESSAGE;
  post({ kind: 'steps', steps: steps.slice(next, pending.next) });
}

/** The file's text lives only in here, so it can be collected while the steps are sent. */
async function readAndParse(file: Blob): Promise<ReturnType<typeof parseTraceFile>> {
  checkTraceSize(file.size);
  let text: string;
  try {
    text = await readTraceText(file, (done, total) =>
      post({ kind: 'progress', progress: { phase: 'reading', done, total } }),
    );
  } catch (err) {
    throw new TraceFileError(
      'unreadable',
      `the file could not be read (${err instanceof Error ? err.message : String(err)})`,
    );
  }
  post({ kind: 'progress', progress: { phase: 'parsing' } });
  return parseTraceFile(text);
}
