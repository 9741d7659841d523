/** The CLI as a function of its arguments and I/O, so tests can run it without spawning processes. */
import type { SimulationInput, TimedAction } from '../src/engine/api';
import { simulate } from '../src/engine/simulate';
import { traceLines } from '../src/engine/trace/formatText';
import { objectsOf, worldAt } from '../src/engine/trace/worldAt';
import { writeKubectlTranscript } from '../src/engine/kubectl/kubectlTranscript';
import { kubeconfigUser } from '../src/engine/cluster/kubeconfigUser';
import { answerKubectl } from '../src/engine/kubectl/kubectlCommand';
import { manifestTooLarge } from '../src/engine/manifest/inputBudget';
import { formatKubectlManifestError, parseManifest } from '../src/engine/manifest/parseManifest';
import { parseActionSpec } from './parseActionSpec';
import { InputTooLarge } from './readCapped';
import { findScenario, SCENARIOS } from '../src/scenarios/index';

interface CliIO {
  /** Both readers stop at the input budget and throw InputTooLarge past it (cli/readCapped.ts). */
  readFile(path: string): string;
  readStdin(): string;
  stdout(s: string): void;
  stderr(s: string): void;
}

const USAGE = `usage: npm run -s simulate -- <manifest.yaml|-> [--format json|text|kubectl] [--nodes N] [--seed S] [--until DURATION] [--metrics-server] [--scenario ID] [--action SPEC]... [--kubectl COMMAND]...`;

export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2] ?? 's';
  return Math.round(n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]!);
}

export function runCli(argv: string[], io: CliIO): number {
  try {
    return main(argv, io);
  } catch (e) {
    io.stderr(`error: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    return 2;
  }
}

function main(argv: string[], io: CliIO): number {
  let file: string | undefined;
  let format = 'text';
  let nodes: number | undefined;
  let seed: number | undefined;
  let until: number | undefined;
  let scenarioId: string | undefined;
  let metricsServer = false;
  const actions: TimedAction[] = [];
  const commands: string[] = [];
  const need = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined) throw new UsageError(`flag needs an argument: ${flag}`);
    return v;
  };
  try {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i];
      const [flag, inline] =
        a.startsWith('--') && a.includes('=')
          ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
          : [a, undefined];
      const value = () => (inline !== undefined ? inline : need(i++, flag));
      switch (flag) {
        case '--format':
          format = value();
          if (!['json', 'text', 'kubectl'].includes(format))
            throw new UsageError(`invalid --format "${format}": must be json, text or kubectl`);
          break;
        case '--nodes': {
          const v = value();
          nodes = Number(v);
          if (!Number.isInteger(nodes) || nodes < 1 || nodes > 1000)
            throw new UsageError(`invalid --nodes "${v}": must be an integer from 1 to 1000`);
          break;
        }
        case '--seed': {
          const v = value();
          seed = Number(v);
          if (!Number.isInteger(seed) || seed < 0)
            throw new UsageError(`invalid --seed "${v}": must be a non-negative integer`);
          break;
        }
        case '--until': {
          const v = value();
          until = parseDuration(v);
          if (until === undefined || until <= 0)
            throw new UsageError(`invalid --until "${v}": use a duration such as 90s, 5m or 1h`);
          break;
        }
        case '--scenario':
          scenarioId = value();
          break;
        case '--metrics-server':
          if (inline !== undefined) throw new UsageError(`--metrics-server takes no value`);
          metricsServer = true;
          break;
        case '--action': {
          const v = value();
          const parsed = parseActionSpec(v);
          if ('error' in parsed) throw new UsageError(`invalid --action "${v}": ${parsed.error}`);
          actions.push(parsed);
          break;
        }
        case '--kubectl':
          commands.push(value());
          break;
        case '-h':
        case '--help':
          io.stdout(`${USAGE}\n`);
          return 0;
        default:
          if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown flag: ${a}`);
          if (file !== undefined) throw new UsageError(`unexpected argument: ${a}`);
          file = a;
      }
    }
    if (commands.length && format !== 'kubectl')
      throw new UsageError('--kubectl prints into the kubectl transcript: use it with --format kubectl');
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`error: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
  let input: SimulationInput;
  let filename = file ?? 'manifest.yaml';
  if (scenarioId !== undefined) {
    const sc = findScenario(scenarioId);
    if (!sc) {
      io.stderr(`error: unknown scenario "${scenarioId}"; known: ${SCENARIOS.map((s) => s.id).join(', ')}\n`);
      return 2;
    }
    input = { ...sc.input };
    filename = `${sc.id}.yaml`;
  } else {
    if (file === undefined) {
      io.stderr(`error: no manifest given\n${USAGE}\n`);
      return 2;
    }
    let yaml: string;
    try {
      yaml = file === '-' ? io.readStdin() : io.readFile(file);
    } catch (e) {
      if (e instanceof InputTooLarge) {
        io.stderr(`error: ${manifestTooLarge(e.bytes)}\n`);
        return 2;
      }
      const code = (e as { code?: string }).code;
      io.stderr(
        code === 'ENOENT'
          ? `error: the path "${file}" does not exist\n`
          : `error: cannot read "${file}": ${(e as Error).message}\n`,
      );
      return 2;
    }
    input = { yaml };
    if (file === '-') filename = 'STDIN';
  }
  input = {
    ...input,
    filename: filename.split('/').pop(),
    ...(seed !== undefined ? { seed } : {}),
    ...(until !== undefined ? { untilMs: until, runToHorizon: true } : {}),
    ...(nodes !== undefined ? { cluster: { ...(input.cluster ?? {}), nodeCount: nodes, nodes: undefined } } : {}),
    ...(metricsServer
      ? {
          cluster: {
            ...(input.cluster ?? {}),
            ...(nodes !== undefined ? { nodeCount: nodes, nodes: undefined } : {}),
            metricsServer: true,
          },
        }
      : {}),
    ...(actions.length ? { actions: [...(input.actions ?? []), ...actions] } : {}),
  };
  // The text format is written as the run makes it, so a long horizon costs the cluster's memory, not the trace's.
  let batch: string[] = [];
  const writeBatch = () => {
    if (batch.length) io.stdout(batch.join('\n') + '\n');
    batch = [];
  };
  const run =
    format === 'text'
      ? simulate(input, {
          onSteps: (steps) => {
            for (const line of traceLines(steps)) {
              batch.push(line);
              if (batch.length === 2000) writeBatch();
            }
          },
        })
      : simulate(input);
  if (run.inputErrors.length) {
    // kubectl's own text for what it rejects itself (`error: error parsing web.yaml: error converting YAML to JSON:
    // yaml: line 7: …`); our limits name the line and column.
    for (const e of run.inputErrors)
      io.stderr(
        e.kind === 'yaml' || e.kind === 'validation'
          ? `${formatKubectlManifestError(e, filename)}\n`
          : `error: ${e.message}${e.line !== undefined && !e.message.includes(`line ${e.line}`) ? ` (line ${e.line}, column ${e.column ?? 1})` : ''}\n`,
      );
    return 2;
  }
  const noObjects = run.apply.length === 0 && !(input.actions ?? []).some((a) => a.action.type === 'apply');
  if (format === 'json') {
    const world = worldAt(run, run.steps.length - 1);
    io.stdout(
      JSON.stringify({
        kubernetesVersion: run.kubernetesVersion,
        seed: run.seed,
        cluster: run.cluster,
        steps: run.steps,
        apply: run.apply,
        end: run.end,
        objects: objectsOf(world),
        events: world.events,
      }) + '\n',
    );
  } else if (format === 'text') {
    writeBatch();
    // What kubectl printed for a rejected request (the trace shows only `400 Bad Request`), where kubectl prints it.
    for (const o of run.output) if (!o.ok) io.stderr(`${o.line}\n`);
  } else {
    const kinds = parseManifest(input.yaml).docs.map((d) => String((d.object as { kind?: unknown }).kind ?? ''));
    let first = true;
    writeKubectlTranscript(
      run,
      input.filename ?? 'manifest.yaml',
      kinds,
      (section) => {
        io.stdout(`${first ? '' : '\n'}${section}`);
        first = false;
      },
      noObjects ? [NO_OBJECTS] : [],
    );
    // The read-only commands the app's kubectl panel answers, against the world at the end of the run.
    const world = commands.length ? worldAt(run, run.steps.length - 1) : undefined;
    for (const command of commands) {
      const user = run.cluster.user;
      const answer = answerKubectl(command, world!, {
        user: kubeconfigUser(user),
        // `get -w` replays the whole run's watch events, as the panel does up to its cursor.
        watch: { history: run.history, timeOf: (n) => run.steps[n]?.time ?? 0, upTo: run.steps.length - 1 },
      });
      io.stdout(`\n\n$ ${/^kubectl\b/.test(answer.command) ? '' : 'kubectl '}${answer.command}\n${answer.output}`);
    }
    io.stdout('\n');
  }
  if (noObjects) {
    // kubectl apply's own check (apply.go: "no objects passed to apply"), exit 1 like every kubectl error. The idle
    // cluster is still simulated and printed.
    if (format !== 'kubectl') io.stderr(`${NO_OBJECTS}\n`);
    return 1;
  }
  return run.apply.every((a) => a.ok) ? 0 : 1;
}

class UsageError extends Error {}

const NO_OBJECTS = 'error: no objects passed to apply';
