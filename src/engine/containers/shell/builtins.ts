/** The shell builtins: what runs inside the shell's own process before $PATH is searched. */
import { Halt, LoopSignal, type Proc, ReturnSignal } from '../proc';
import { shellPrefix, notFoundMessage } from './messages';
import { echo, printf } from './printf';
import { applyShellFlag } from './shells';
import { runCommand, runScript } from './exec';
import { evalTest } from './testExpr';
import { resolveExecutable } from '../resolveExecutable';

function parseExitCode(arg: string | undefined, p: Proc): number {
  if (arg === undefined) return p.status;
  if (!/^-?[0-9]+$/.test(arg)) {
    const msg =
      p.shell === 'bash'
        ? `${shellPrefix(p)}exit: ${arg}: numeric argument required`
        : p.shell === 'dash'
          ? `${shellPrefix(p)}exit: Illegal number: ${arg}`
          : `${shellPrefix(p)}exit: Illegal number: ${arg}`;
    p.log(msg, 'stderr');
    return 2;
  }
  return ((Number(arg) % 256) + 256) % 256;
}

type Builtin = (argv: string[], p: Proc) => number;

export const BUILTINS: Record<string, Builtin> = {
  ':': () => 0,
  true: () => 0,
  false: () => 1,
  echo: (argv, p) => echo(argv, p, p.shell === 'dash'),
  printf,
  exit: (argv, p) => {
    throw new Halt('exit', parseExitCode(argv[1], p));
  },
  return: (argv, p) => {
    if (p.funcDepth > 0) throw new ReturnSignal(parseExitCode(argv[1], p));
    throw new Halt('exit', parseExitCode(argv[1], p));
  },
  cd: (argv, p) => {
    const dir = argv[1] ?? p.env.get('HOME') ?? '/root';
    if (p.isDir(dir)) {
      p.cwd = p.abs(dir);
      return 0;
    }
    p.log(
      p.shell === 'bash'
        ? `${shellPrefix(p)}cd: ${dir}: No such file or directory`
        : p.shell === 'dash'
          ? `${shellPrefix(p)}cd: can't cd to ${dir}`
          : `${shellPrefix(p)}cd: can't cd to ${dir}: No such file or directory`,
      'stderr',
    );
    return p.shell === 'bash' ? 1 : 2;
  },
  pwd: (_argv, p) => {
    p.emit(1, p.cwd);
    return 0;
  },
  export: (argv, p) => {
    for (const a of argv.slice(1)) {
      if (a.startsWith('-')) continue;
      const eq = a.indexOf('=');
      if (eq > 0) p.env.set(a.slice(0, eq), a.slice(eq + 1));
      else if (!p.env.has(a)) p.env.set(a, '');
    }
    return 0;
  },
  unset: (argv, p) => {
    for (const a of argv.slice(1)) if (!a.startsWith('-')) p.env.delete(a);
    return 0;
  },
  set: (argv, p) => {
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '--') {
        p.positional = argv.slice(i + 1);
        return 0;
      }
      if (a === '-o' || a === '+o') {
        const opt = argv[++i];
        if (opt === 'pipefail') p.pipefail = a === '-o';
        if (opt === 'errexit') p.errexit = a === '-o';
        if (opt === 'xtrace') p.xtrace = a === '-o';
        continue;
      }
      if (/^[-+][a-zA-Z]+$/.test(a)) for (const f of a.slice(1)) applyShellFlag(f, a[0] === '-', p);
      else {
        p.positional = argv.slice(i);
        return 0;
      }
    }
    return 0;
  },
  shift: (argv, p) => {
    const n = Number(argv[1] ?? 1) || 1;
    p.positional = p.positional.slice(n);
    return 0;
  },
  trap: () => 0,
  ulimit: () => 0,
  umask: () => 0,
  alias: () => 0,
  hash: () => 0,
  local: (argv, p) => BUILTINS.export!(argv, p),
  readonly: (argv, p) => BUILTINS.export!(argv, p),
  wait: (_argv, p) => {
    if (p.bgEnds.length === 0) return 0;
    const end = Math.max(...p.bgEnds);
    if (!Number.isFinite(end)) throw new Halt('forever');
    p.advance(Math.max(0, end - p.t));
    p.bgEnds = [];
    return 0;
  },
  exec: (argv, p) => {
    if (argv.length < 2) return 0;
    const status = runCommand(argv.slice(1), p, false);
    throw new Halt('exit', status);
  },
  test: (argv, p) => evalTest(argv.slice(1), p, 'test'),
  '[': (argv, p) => {
    if (argv.at(-1) !== ']') {
      p.log(p.shell === 'bash' ? `${shellPrefix(p)}[: missing \`]'` : `${shellPrefix(p)}[: missing ]`, 'stderr');
      return 2;
    }
    return evalTest(argv.slice(1, -1), p, '[');
  },
  '[[': (argv, p) => {
    if (p.shell === 'dash') {
      p.log(notFoundMessage(p, '[['), 'stderr');
      return 127;
    }
    const args = argv
      .slice(1, argv.at(-1) === ']]' ? -1 : undefined)
      .map((a) => (a === '&&' ? '-a' : a === '||' ? '-o' : a));
    return evalTest(args, p, '[[');
  },
  read: (argv, p) => {
    const line = p.stdinData?.shift();
    if (line === undefined) {
      if (p.opts.stdinOpen && p.stdinData === null) throw new Halt('forever');
      return 1;
    }
    const names = argv.slice(1).filter((a) => !a.startsWith('-'));
    const parts = line.trim().split(/\s+/);
    names.forEach((n, i) => p.env.set(n, i === names.length - 1 ? parts.slice(i).join(' ') : (parts[i] ?? '')));
    return 0;
  },
  eval: (argv, p) => runScript(argv.slice(1).join(' '), p),
  '.': (argv, p) => sourceFile(argv, p),
  source: (argv, p) => sourceFile(argv, p),
  command: (argv, p) => {
    if (argv[1] === '-v' || argv[1] === '-V') {
      const name = argv[2] ?? '';
      if (Object.prototype.hasOwnProperty.call(BUILTINS, name)) {
        p.emit(1, name);
        return 0;
      }
      const r = resolveExecutable(name, p);
      if (!r) return 1;
      p.emit(1, r.path);
      return 0;
    }
    return runCommand(argv.slice(1), p, false);
  },
  type: (argv, p) => {
    let status = 0;
    for (const name of argv.slice(1)) {
      const r = Object.prototype.hasOwnProperty.call(BUILTINS, name) ? null : resolveExecutable(name, p);
      if (Object.prototype.hasOwnProperty.call(BUILTINS, name)) p.emit(1, `${name} is a shell builtin`);
      else if (r) p.emit(1, `${name} is ${r.path}`);
      else {
        p.emit(1, `${name}: not found`);
        status = 1;
      }
    }
    return status;
  },
  break: (argv) => {
    throw new LoopSignal('break', Number(argv[1] ?? 1) || 1);
  },
  continue: (argv) => {
    throw new LoopSignal('continue', Number(argv[1] ?? 1) || 1);
  },
  kill: () => 0,
  times: () => 0,
  getopts: () => 1,
};

function sourceFile(argv: string[], p: Proc): number {
  const file = argv[1];
  if (!file || !p.isFile(file)) {
    p.log(`${shellPrefix(p)}${argv[0]}: ${file ?? ''}: not found`, 'stderr');
    return p.shell === 'bash' ? 1 : 2;
  }
  return runScript(p.read(file), p);
}
