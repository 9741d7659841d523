/**
 * `npm run -s serve -- [--port 6443] [--speed X] [--nodes N] [--seed S] [--kubeconfig FILE]`: the simulated
 * cluster as an HTTP server on 127.0.0.1 for a real kubectl (docs/SERVE.md). Writes the kubeconfig (default
 * `.podyssey/kubeconfig`, context `podyssey`), prints the `export KUBECONFIG=…` line once ready, and stops on
 * Ctrl-C (SIGINT) or SIGTERM. Exit 2 on bad flags or a port in use.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { kubeconfigText } from './kubeconfig';
import { startServer } from './createServer';

const USAGE = 'usage: npm run -s serve -- [--port 6443] [--speed X] [--nodes N] [--seed S] [--kubeconfig FILE]';

interface Flags {
  port: number;
  speed: number;
  nodes: number;
  seed: number;
  kubeconfig: string;
}

function parseServeArgs(argv: string[]): Flags | string {
  const f: Flags = { port: 6443, speed: 1, nodes: 3, seed: 1, kubeconfig: '.podyssey/kubeconfig' };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].includes('=') ? argv[i].split(/=(.*)/s, 2) : [argv[i], undefined];
    if (name === '--help' || name === '-h') return USAGE;
    const value = inline ?? argv[++i];
    if (value === undefined) return `error: flag needs an argument: ${name}\n${USAGE}`;
    const num = Number(value);
    switch (name) {
      case '--port':
        if (!Number.isInteger(num) || num < 0 || num > 65535) return `error: invalid --port "${value}"`;
        f.port = num;
        break;
      case '--speed':
        if (!(num > 0) || num > 1000) return `error: invalid --speed "${value}" (a number above 0, at most 1000)`;
        f.speed = num;
        break;
      case '--nodes':
        if (!Number.isInteger(num) || num < 1 || num > 100) return `error: invalid --nodes "${value}" (1 to 100)`;
        f.nodes = num;
        break;
      case '--seed':
        if (!Number.isInteger(num)) return `error: invalid --seed "${value}"`;
        f.seed = num;
        break;
      case '--kubeconfig':
        f.kubeconfig = value;
        break;
      default:
        return `error: unknown flag: ${name}\n${USAGE}`;
    }
  }
  return f;
}

async function main(): Promise<void> {
  const flags = parseServeArgs(process.argv.slice(2));
  if (typeof flags === 'string') {
    const help = flags === USAGE;
    (help ? process.stdout : process.stderr).write(`${flags}\n`);
    process.exitCode = help ? 0 : 2;
    return;
  }
  let server;
  try {
    server = await startServer({ port: flags.port, speed: flags.speed, nodes: flags.nodes, seed: flags.seed });
  } catch (e) {
    const code = (e as { code?: string }).code;
    process.stderr.write(
      code === 'EADDRINUSE' ? `error: port ${flags.port} is in use; try --port 0\n` : `error: ${String(e)}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const file = resolve(flags.kubeconfig);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, kubeconfigText(server.url));
  process.stdout.write(
    `Podyssey: a simulated Kubernetes ${server.engine.runSoFar().kubernetesVersion} cluster (${flags.nodes} workers, seed ${flags.seed}) at ${server.url}, ${flags.speed}× speed\n` +
      `export KUBECONFIG=${file}\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.stdout.write('Podyssey: stopped\n'));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
