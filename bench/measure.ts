/**
 * Measuring one engine run from the outside: wall time (median of several runs), peak heap, and how much trace a
 * step costs. The engine itself never sees a clock; everything host-specific stays in bench/.
 */
import { GCProfiler } from 'node:v8';
import type { Run, SimulationInput } from '../src/engine/api';
import type { Step } from '../src/engine/types';
import { Engine, simulate } from '../src/engine/simulate';
import { NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';

export interface Measurement {
  steps: number;
  end: Run['end'];
  /** Wall milliseconds of each timed run, in run order. */
  times: number[];
  medianMs: number;
  /** Median CPU milliseconds of the process (GC threads included): steadier than wall time on a busy machine. */
  medianCpuMs: number;
  /** Highest heap use seen during one run: the larger of the last GC's "before" size and the size at the end. */
  peakHeapBytes: number;
  /** JSON length of the steps divided by the step count: what a step costs to ship to a view. */
  traceBytesPerStep: number;
  /** Heap the finished run keeps (steps, history, output) per step; undefined without --expose-gc. */
  retainedBytesPerStep: number | undefined;
  /** Pods in the default namespace whose last recorded state is Ready=True. */
  readyPods: number;
}

const gc: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;

/** Twice: the first full collection can leave garbage that only the second one frees (weak references). */
function collect(): void {
  gc?.();
  gc?.();
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs `input` `repeats` times for timing, then once more under the GC profiler for its peak heap, then (for small
 * runs) a few more kept alive together, so that what a run retains stands out from the heap's noise.
 *
 * `isolate`: collect the garbage of the previous runs before each timed run. A 1,000-replica run leaves ~60 MB
 * behind; back to back, each run would also pay for marking its predecessors' garbage (a major GC of a heap of
 * 150–400 MB, at a point that varies from run to run: in one interleaved measurement 740–1,210 ms back to back against
 * 870–1,010 ms isolated). Isolated, a run pays for its own garbage only, as a run in the app's worker does, whose
 * previous run is the small example it keeps (`keepWarm`). One collection, not two (`collect`): the second shrinks
 * the young generation, which the run then has to regrow.
 */
export function measure(input: SimulationInput, repeats: number, isolate = false): Measurement {
  if (isolate) keepWarm();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < repeats; i++) {
    if (isolate) gc?.();
    const t = timeOnce(input);
    times.push(t.wallMs);
    cpu.push(t.cpuMs);
  }
  collect();
  const before = process.memoryUsage().heapUsed;
  const profiler = new GCProfiler();
  profiler.start();
  const run = simulate(input);
  const atEnd = process.memoryUsage().heapUsed;
  const stats = profiler.stop();
  let peak = atEnd;
  for (const s of stats?.statistics ?? []) peak = Math.max(peak, s.beforeGC.heapStatistics.usedHeapSize);
  const kept: Run[] = [run];
  while (gc && kept.length * run.steps.length < RETAINED_SAMPLE_STEPS) kept.push(simulate(input));
  collect();
  const retained = process.memoryUsage().heapUsed - before;
  return {
    steps: run.steps.length,
    end: run.end,
    times,
    medianMs: median(times),
    medianCpuMs: median(cpu),
    peakHeapBytes: peak,
    traceBytesPerStep: JSON.stringify(run.steps).length / run.steps.length,
    retainedBytesPerStep: gc ? retained / (kept.length * run.steps.length) : undefined,
    readyPods: readyPods(run),
  };
}

/**
 * One run of a workload too large to repeat (a minute or more): its wall time and peak heap under the GC profiler,
 * from a collected heap. The run's result is dropped before returning, so rows do not add up.
 */
export function measureOnce(
  input: SimulationInput,
  opts: { stream?: boolean } = {},
): {
  steps: number;
  end: Run['end'];
  wallMs: number;
  peakHeapBytes: number;
  traceJsonBytes: number;
} {
  collect();
  const profiler = new GCProfiler();
  profiler.start();
  let steps = 0;
  let traceJsonBytes = 0;
  // Streamed as the CLI's text format streams it: the steps are sized as they go by and not kept.
  const onSteps = (batch: readonly Step[]) => {
    steps += batch.length;
    for (const step of batch) traceJsonBytes += JSON.stringify(step).length + 1;
  };
  const t0 = performance.now();
  const run = opts.stream ? simulate(input, { onSteps }) : simulate(input);
  const wallMs = performance.now() - t0;
  const atEnd = process.memoryUsage().heapUsed;
  const stats = profiler.stop();
  let peak = atEnd;
  for (const s of stats?.statistics ?? []) peak = Math.max(peak, s.beforeGC.heapStatistics.usedHeapSize);
  if (!opts.stream) onSteps(run.steps);
  return { steps, end: run.end, wallMs, peakHeapBytes: peak, traceJsonBytes };
}

/**
 * An engine that has run the default example, kept for the life of the process, as the app's simulation worker keeps
 * the engine of the run it shows (to fork it). Without it, the full collection before an isolated run also drops the
 * hidden classes (maps) of every engine object, as nothing alive uses them any more, and with them the optimized code
 * of the ~100 hot functions that checked them: each run then restarted half in unoptimized code (~110 recompilations
 * and ~80 weak-map deoptimizations per 1,000-replica run, --trace-opt/--trace-deopt), which measured a JIT the app
 * does not have. 1,000-replica row, same build with and without it, alternating processes: 736–1,161 ms against
 * 463–760 ms.
 */
let warm: Engine | undefined;

function keepWarm(): void {
  if (warm) return;
  warm = new Engine({ yaml: NGINX_DEPLOYMENT_AND_SERVICE });
  warm.run();
}

/** Steps kept alive at once to measure what a run retains (a few MB, well above the heap's noise). */
const RETAINED_SAMPLE_STEPS = 5_000;

/**
 * Wall and CPU milliseconds of one run. No forced GC first: a collection just before a 20 ms run shrinks the young
 * generation and makes the run itself slower (by half, measured), which is not how the app runs the engine.
 */
function timeOnce(input: SimulationInput): { wallMs: number; cpuMs: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  simulate(input);
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000 };
}

/** Counts the user's pods whose final stored object says Ready=True (the history holds every etcd write). */
export function readyPods(run: Run): number {
  const last = new Map<string, unknown>();
  for (const h of run.history) if (h.key.startsWith('/registry/pods/default/')) last.set(h.key, h.value);
  let n = 0;
  for (const v of last.values()) {
    const conditions = (v as { status?: { conditions?: Array<{ type: string; status: string }> } } | null)?.status
      ?.conditions;
    if (conditions?.some((c) => c.type === 'Ready' && c.status === 'True')) n++;
  }
  return n;
}
