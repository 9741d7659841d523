/**
 * `npm run bench`: how fast the engine simulates, in Node, after a warm-up. Each row is one workload; wall time is
 * the median of several runs; peak heap comes from one extra run under the GC profiler; trace memory per step is
 * shown twice: the JSON size of the steps (what a view receives) and the heap the finished run keeps (steps,
 * history, output). Targets (2-core machine):
 *   - the default example (3-replica Deployment + Service) to all Ready in < 20 ms;
 *   - 1,000 replicas on 100 nodes in < 1 s (each run from a collected heap: `isolate` in measure.ts) and < 200 MB
 *     peak heap;
 *   - cost about linear in steps: a CrashLoopBackOff run of 60 virtual minutes (~10,600 steps) costs < 1.5× as much
 *     per step as one of 15 minutes (~3,500 steps).
 * The 100-replica row has no target of its own; it shows how a Service (EndpointSlices, kube-proxy) adds up.
 * `--edges` adds the large runs at the edges, once each (minutes, so not by default): 1,000 crash-looping replicas
 * on 1,000 nodes, and a 5-replica crash loop to a 1,000-hour horizon; the report is their peak heap, kept (as the app
 * keeps a run) and streamed (as the CLI's text format writes it).
 * Run with `node --expose-gc` (the npm script does) so the heap figures start from a collected heap. Targets are
 * judged on the median wall time; CPU time is printed too because it is steadier when other work shares the machine. The
 * exit code is 0 unless `--strict` is given, so a FAIL does not stop the rest of `npm run bench`.
 */
import type { SimulationInput } from '../src/engine/api';
import { simulate } from '../src/engine/simulate';
import { deployment, NGINX_DEPLOYMENT_AND_SERVICE } from '../src/scenarios/manifests';
import { measure, measureOnce, type Measurement } from './measure';

const MB = 1024 * 1024;
const SMALL_REQUESTS = '          resources:\n            requests:\n              cpu: 10m\n';
const SERVICE = `---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
    - port: 80
      targetPort: 80
`;

function crashLoop(minutes: number): SimulationInput {
  return {
    yaml: deployment({
      replicas: 5,
      image: 'busybox:1.36',
      container: 'app',
      extraContainer: '          command: ["sh", "-c", "echo starting; exit 1"]\n',
    }),
    untilMs: minutes * 60_000,
  };
}

interface Case {
  name: string;
  nodes: number;
  replicas: number;
  input: SimulationInput;
  repeats: number;
  /** Collect the previous runs' garbage before each timed run (see `measure`). */
  isolate?: boolean;
  /** Pods that must be Ready at the end (the run must really have converged). */
  ready?: number;
  targets: Array<{ label: string; ok: (m: Measurement) => boolean }>;
}

const CASES: Case[] = [
  {
    name: 'deployment+service',
    nodes: 3,
    replicas: 3,
    input: { yaml: NGINX_DEPLOYMENT_AND_SERVICE },
    repeats: 21,
    ready: 3,
    targets: [{ label: '<20ms', ok: (m) => m.medianMs < 20 }],
  },
  {
    name: 'deployment+service',
    nodes: 10,
    replicas: 100,
    input: {
      yaml: deployment({ replicas: 100, extraContainer: SMALL_REQUESTS }) + SERVICE,
      cluster: { nodeCount: 10 },
    },
    repeats: 7,
    ready: 100,
    targets: [],
  },
  {
    name: 'deployment',
    nodes: 100,
    replicas: 1000,
    input: { yaml: deployment({ replicas: 1000, extraContainer: SMALL_REQUESTS }), cluster: { nodeCount: 100 } },
    repeats: 5,
    isolate: true,
    ready: 1000,
    targets: [
      { label: '<1s', ok: (m) => m.medianMs < 1000 },
      { label: '<200MB', ok: (m) => m.peakHeapBytes < 200 * MB },
    ],
  },
  { name: 'crashloop 15min', nodes: 3, replicas: 5, input: crashLoop(15), repeats: 5, targets: [] },
  { name: 'crashloop 60min', nodes: 3, replicas: 5, input: crashLoop(60), repeats: 3, targets: [] },
];

/**
 * Until the JIT has optimised the engine: a short run calls each hot function only a few times, so a handful of
 * runs still measures partly interpreted code (about half again as slow for the 3-replica example).
 */
function warmUp(): void {
  simulate(CASES[1].input);
  simulate(CASES[2].input);
  simulate(crashLoop(15));
  const until = performance.now() + 2_000;
  while (performance.now() < until) simulate({ yaml: NGINX_DEPLOYMENT_AND_SERVICE });
}

interface Row {
  c: Case;
  m: Measurement;
  perKStep: number;
  verdicts: string[];
}

function main(): void {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for steadier numbers)');
  const started = performance.now();
  warmUp();
  const rows: Row[] = [];
  for (const c of CASES) {
    const m = measure(c.input, c.repeats, c.isolate);
    const verdicts = c.targets.map((t) => `${t.label} ${t.ok(m) ? 'PASS' : 'FAIL'}`);
    if (c.ready !== undefined)
      verdicts.push(`ready ${m.readyPods}/${c.ready} ${m.readyPods === c.ready ? 'PASS' : 'FAIL'}`);
    rows.push({ c, m, perKStep: (m.medianMs * 1000) / m.steps, verdicts });
  }
  // Linear cost: the long CrashLoopBackOff run may not cost much more per step than the short one.
  const [short, long] = rows.slice(-2);
  const ratio = long.perKStep / short.perKStep;
  long.verdicts.push(`linear ×${ratio.toFixed(2)} ${ratio < 1.5 ? 'PASS' : 'FAIL'}`);

  const table = rows.map(({ c, m, perKStep, verdicts }) => ({
    scenario: c.name,
    nodes: c.nodes,
    replicas: c.replicas,
    steps: m.steps,
    'virtual s': (m.end.time / 1000).toFixed(1),
    'wall ms': `${m.medianMs.toFixed(1)} (min ${Math.min(...m.times).toFixed(1)}, n=${m.times.length}${c.isolate ? ', isolated' : ''})`,
    'cpu ms': m.medianCpuMs.toFixed(1),
    'ms/1k steps': perKStep.toFixed(2),
    'peak heap MB': (m.peakHeapBytes / MB).toFixed(0),
    'trace B/step': m.traceBytesPerStep.toFixed(0),
    'heap B/step': m.retainedBytesPerStep === undefined ? '-' : m.retainedBytesPerStep.toFixed(0),
    result: verdicts.join(', ') || '-',
  }));
  console.table(table);
  const failed = rows.some((r) => r.verdicts.some((v) => v.endsWith('FAIL')));
  console.log(`${failed ? 'FAIL' : 'PASS'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (failed && process.argv.includes('--strict')) process.exitCode = 1;
}

/** The large runs, measured once: how much memory the engine needs at the edges. */
function edges(): void {
  const crash = (replicas: number) =>
    deployment({
      replicas,
      image: 'busybox:1.36',
      container: 'app',
      extraContainer: '          command: ["sh", "-c", "echo starting; exit 1"]\n' + SMALL_REQUESTS,
    });
  const rows = [
    {
      name: 'crashloop 1,000 replicas, 1,000 nodes, 10 min',
      input: { yaml: crash(1000), cluster: { nodeCount: 1000 } },
    },
    { name: 'crashloop 5 replicas, 1,000 h', input: { yaml: crash(5), untilMs: 1000 * 3_600_000 } },
  ].map(({ name, input }) => {
    const m = measureOnce(input);
    const streamed = measureOnce(input, { stream: true });
    return {
      scenario: name,
      steps: m.steps,
      end: m.end.reason,
      'wall s': (m.wallMs / 1000).toFixed(1),
      'peak heap MB': (m.peakHeapBytes / MB).toFixed(0),
      'streamed peak MB': (streamed.peakHeapBytes / MB).toFixed(0),
      'trace JSON MB': (m.traceJsonBytes / MB).toFixed(0),
    };
  });
  console.table(rows);
}

if (process.argv.includes('--edges-only')) edges();
else {
  main();
  if (process.argv.includes('--edges')) edges();
}
