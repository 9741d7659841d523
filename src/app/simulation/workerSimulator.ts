/**
 * Runs simulations in a dedicated Web Worker. A new request while one is still running terminates that worker
 * (the engine is synchronous, so it cannot be interrupted any other way) and starts a fresh one.
 */
import type { SimulationInput } from '../../engine/api';
import {
  Superseded,
  type ForkRequest,
  type ForkSimulation,
  type ProgressListener,
  type RunSimulation,
  type SimRequest,
  type SimResponse,
  type SimulationResult,
} from '../../ui/workers/simulationProtocol';
import SimulationWorker from './simulate.worker?worker';

export interface WorkerSimulator {
  run: RunSimulation;
  /** Fork a branch kept in the worker (see BranchEngines). */
  fork: ForkSimulation;
  dispose(): void;
}

export function createWorkerSimulator(): WorkerSimulator {
  let worker: Worker | undefined;
  let nextId = 1;
  let pending:
    | { id: number; resolve: (r: SimulationResult) => void; reject: (e: Error) => void; onProgress?: ProgressListener }
    | undefined;

  const spawn = (): Worker => {
    const w = new SimulationWorker();
    w.onmessage = (event: MessageEvent<SimResponse>) => {
      const msg = event.data;
      if (!pending || pending.id !== msg.id) return;
      if ('progress' in msg) {
        pending.onProgress?.(msg.progress);
        return;
      }
      const p = pending;
      pending = undefined;
      if (msg.ok) p.resolve({ run: msg.run, info: msg.info, keySteps: msg.keySteps, ms: msg.ms, input: msg.input });
      else p.reject(new Error(msg.error));
    };
    w.onerror = (event) => {
      event.preventDefault();
      const p = pending;
      pending = undefined;
      worker?.terminate();
      worker = undefined;
      p?.reject(new Error(event.message || 'the simulation worker crashed'));
    };
    return w;
  };

  const send = (
    request: { kind: 'run'; input: SimulationInput } | ({ kind: 'fork' } & ForkRequest),
    onProgress?: ProgressListener,
  ): Promise<SimulationResult> => {
    if (pending) {
      pending.reject(new Superseded());
      pending = undefined;
      worker?.terminate();
      worker = undefined;
    }
    worker ??= spawn();
    const id = nextId++;
    return new Promise<SimulationResult>((resolve, reject) => {
      pending = { id, resolve, reject, onProgress };
      worker!.postMessage({ ...request, id } as SimRequest);
    });
  };

  return {
    run: (input, onProgress) => send({ kind: 'run', input }, onProgress),
    fork: (req, onProgress) => send({ kind: 'fork', ...req }, onProgress),
    dispose() {
      pending?.reject(new Superseded());
      pending = undefined;
      worker?.terminate();
      worker = undefined;
    },
  };
}
