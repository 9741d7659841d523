/**
 * The page's side of a trace import: puts the run back together from the worker's messages (the head, then the
 * steps in slices), reporting how many steps have arrived.
 */
import type { Run, Step } from '../../engine/api';
import { TraceFileError } from '../../playback/traceFile';
import type { TraceImportMessage, TraceImportProgress } from '../../ui/workers/traceImportProtocol';

export type ImportedTrace = Pick<
  Extract<TraceImportMessage, { kind: 'head' }>,
  'yaml' | 'info' | 'marks' | 'groups' | 'foreground' | 'keySteps' | 'strip' | 'jumps'
> & { run: Run };

export class TraceAssembler {
  private head: Extract<TraceImportMessage, { kind: 'head' }> | undefined;
  private steps: Step[] = [];

  constructor(private readonly onProgress: (progress: TraceImportProgress) => void) {}

  /** The whole trace once the last message is in; throws the worker's TraceFileError. */
  receive(msg: TraceImportMessage): ImportedTrace | undefined {
    switch (msg.kind) {
      case 'progress':
        this.onProgress(msg.progress);
        return undefined;
      case 'head':
        this.head = msg;
        this.steps = [];
        this.onProgress({ phase: 'loading', done: 0, total: msg.steps });
        return undefined;
      case 'steps':
        for (const s of msg.steps) this.steps.push(s);
        if (this.head) this.onProgress({ phase: 'loading', done: this.steps.length, total: this.head.steps });
        return undefined;
      case 'error':
        throw new TraceFileError(msg.code, msg.message, msg.params);
      case 'done': {
        const head = this.head;
        if (!head || this.steps.length !== head.steps)
          throw new TraceFileError('crashed', 'the import worker stopped before sending every step');
        const { yaml, info, marks, groups, foreground, keySteps, strip, jumps } = head;
        return {
          run: { ...head.run, steps: this.steps },
          ...{ yaml, info, marks, groups, foreground, keySteps, strip, jumps },
        };
      }
    }
  }
}
