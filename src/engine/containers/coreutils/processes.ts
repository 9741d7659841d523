/** Coreutils that wait or run another command: `sleep`, `timeout` and `env`. */
import { Halt, type Proc } from '../proc';
import { gnu, opts } from './opts';

/** sleep: GNU and busybox both accept fractions and s/m/h/d suffixes, and `infinity`. */
function parseSleepSeconds(arg: string): number | null {
  if (/^inf(inity)?$/i.test(arg)) return Infinity;
  const m = /^([0-9]*\.?[0-9]+)([smhd]?)$/.exec(arg);
  if (!m) return null;
  const mult = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * mult;
}

export function sleep(argv: string[], p: Proc): number {
  const args = argv.slice(1);
  if (args.length === 0) {
    if (gnu(p)) p.log("sleep: missing operand\nTry 'sleep --help' for more information.", 'stderr');
    else p.log('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: sleep [N]...', 'stderr');
    return 1;
  }
  let total = 0;
  for (const a of args) {
    const s = parseSleepSeconds(a);
    if (s === null) {
      p.log(
        gnu(p)
          ? `sleep: invalid time interval '${a}'\nTry 'sleep --help' for more information.`
          : `sleep: invalid number '${a}'`,
        'stderr',
      );
      return 1;
    }
    total += s;
  }
  if (!Number.isFinite(total)) throw new Halt('forever');
  p.advance(Math.round(total * 1000));
  return 0;
}

export function envCmd(argv: string[], p: Proc, run: (a: string[], q: Proc) => number): number {
  let i = 1;
  const sub = p.fork();
  while (i < argv.length && (argv[i]!.includes('=') || argv[i] === '-i')) {
    const a = argv[i]!;
    if (a === '-i') sub.env = new Map();
    else sub.env.set(a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1));
    i++;
  }
  if (i >= argv.length) {
    for (const [k, v] of [...sub.env.entries()].sort()) p.emit(1, `${k}=${v}`);
    return 0;
  }
  try {
    const s = run(argv.slice(i), sub);
    p.t = sub.t;
    return s;
  } catch (e) {
    p.t = Math.max(p.t, sub.t);
    throw e;
  }
}

export function timeoutCmd(argv: string[], p: Proc, run: (a: string[], q: Proc) => number): number {
  const { operands } = opts(argv);
  const secs = parseSleepSeconds(operands[0] ?? '');
  if (secs === null || operands.length < 2) return 125;
  const sub = p.fork();
  const limit = p.t + secs * 1000;
  try {
    const s = run(operands.slice(1), sub);
    if (sub.t > limit) {
      p.advance(limit - p.t);
      return 124;
    }
    p.t = sub.t;
    return s;
  } catch (e) {
    if (e instanceof Halt && e.kind !== 'exit') {
      if (!Number.isFinite(limit)) throw e;
      p.advance(Math.max(0, limit - p.t));
      return 124;
    }
    if (e instanceof Halt) {
      p.t = Math.min(sub.t, limit);
      return sub.t > limit ? 124 : e.code;
    }
    throw e;
  }
}
