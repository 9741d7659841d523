/**
 * Starts a trace import in a worker of its own (one per import: cancelling terminates it, which is the only way
 * to stop a JSON.parse in progress) and resolves with the run put back together.
 */
import { TraceAssembler, type ImportedTrace } from './TraceAssembler';
import { checkTraceSize, TraceFileError } from '../../playback/traceFile';
import type { TraceImportMessage, TraceImportProgress, TraceImportRequest } from '../../ui/workers/traceImportProtocol';
import TraceImportWorker from './traceImport.worker?worker';

/** The rejection of a cancelled import. */
export class TraceImportCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface TraceImport {
  done: Promise<ImportedTrace>;
  cancel(): void;
}

export function startTraceImport(
  file: Blob,
  onProgress: (progress: TraceImportProgress) => void,
  createWorker: () => Worker = () => new TraceImportWorker(),
): TraceImport {
  let worker: Worker | undefined;
  let settle: { reject(err: Error): void } | undefined;
  const stop = () => {
    worker?.terminate();
    worker = undefined;
    settle = undefined;
  };
  const done = new Promise<ImportedTrace>((resolve, reject) => {
    settle = { reject };
    // Too large: refused before a worker starts or a byte is read.
    checkTraceSize(file.size);
    const assembler = new TraceAssembler(onProgress);
    worker = createWorker();
    worker.onmessage = (event: MessageEvent<TraceImportMessage>) => {
      try {
        const msg = event.data;
        const trace = assembler.receive(msg);
        if (trace) {
          stop();
          resolve(trace);
        } else if (msg.kind === 'head' || msg.kind === 'steps') {
          worker?.postMessage({ kind: 'more' } satisfies TraceImportRequest);
        }
      } catch (err) {
        stop();
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      stop();
      // An out-of-memory worker ends here, without a message of its own.
      reject(new TraceFileError('crashed', event.message || 'the import worker stopped'));
    };
    worker.postMessage({ kind: 'start', file } satisfies TraceImportRequest);
  });
  return {
    done,
    cancel() {
      const s = settle;
      stop();
      s?.reject(new TraceImportCancelled());
    },
  };
}
