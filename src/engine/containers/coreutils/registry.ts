/**
 * The coreutils by name: busybox applets or GNU coreutils, depending on the image (`cat: can't open 'f': No such
 * file or directory` vs `cat: f: No such file or directory`). Which of them an image has is its userland's list
 * (interpreter.ts); the image's own programs of the same name win (shell/exec.ts).
 */
import { Halt, type ProgramHandler } from '../proc';
import { sleep, envCmd, timeoutCmd } from './processes';
import { cat, tail, head, grep, wc, tee, seq } from './text';
import { touch, rm, mkdir, ls, cp, mv, mktemp } from './files';
import { echo, printf } from '../shell/printf';
import { evalTest } from '../shell/testExpr';
import { dateCmd, printenv, id, uname, ps } from './system';
import { dd } from './dd';
import { networkNotModelled } from '../networkNotModelled';
import { basename, dirname } from '../paths';
import { resolveExecutable } from '../resolveExecutable';
import { arith } from '../shell/arith';

export const COREUTILS: Record<string, ProgramHandler> = {
  sleep: (a, p) => sleep(a, p),
  usleep: (a, p) => {
    p.advance(Math.round((Number(a[1]) || 0) / 1000));
    return 0;
  },
  cat: (a, p) => cat(a, p),
  touch: (a, p) => touch(a, p),
  rm: (a, p) => rm(a, p),
  rmdir: (a, p) => rm([a[0]!, '-r', ...a.slice(1)], p),
  mkdir: (a, p) => mkdir(a, p),
  ls: (a, p) => ls(a, p),
  tail: (a, p) => tail(a, p),
  head: (a, p) => head(a, p),
  grep: (a, p) => grep(a, p),
  egrep: (a, p) => grep(a, p),
  fgrep: (a, p) => grep([a[0]!, '-F', ...a.slice(1)], p),
  echo: (a, p) => echo(a, p, false),
  printf: (a, p) => printf(a, p),
  true: () => 0,
  false: () => 1,
  test: (a, p) => evalTest(a.slice(1), p),
  '[': (a, p) => (a.at(-1) === ']' ? evalTest(a.slice(1, -1), p, '[') : 2),
  env: envCmd,
  printenv,
  date: (a, p) => dateCmd(a, p),
  hostname: (_a, p) => {
    p.emit(1, p.opts.hostname);
    return 0;
  },
  whoami: (_a, p) => {
    p.emit(1, 'root');
    return 0;
  },
  id,
  uname,
  pwd: (_a, p) => {
    p.emit(1, p.cwd);
    return 0;
  },
  yes: () => {
    throw new Halt('forever');
  },
  top: () => {
    throw new Halt('forever');
  },
  watch: () => {
    throw new Halt('forever');
  },
  ping: (a, p) => {
    if (p.session) return networkNotModelled(p, 'ping', a.slice(1).find((x) => !x.startsWith('-')) ?? '');
    throw new Halt('forever');
  },
  timeout: timeoutCmd,
  nohup: (a, p, run) => run(a.slice(1), p),
  nice: (a, p, run) => run(a.slice(a[1] === '-n' ? 3 : 1), p),
  time: (a, p, run) => run(a.slice(1), p),
  xargs: () => 0,
  wc,
  dd: (a, p) => dd(a, p),
  tee,
  cp,
  mv,
  ps,
  mktemp,
  basename: (a, p) => {
    p.emit(1, basename((a[1] ?? '').replace(/\/+$/, '')));
    return 0;
  },
  dirname: (a, p) => {
    p.emit(1, dirname(a[1] ?? '.'));
    return 0;
  },
  which: (a, p) => {
    let status = 0;
    for (const n of a.slice(1)) {
      const r = resolveExecutable(n, p);
      if (r) p.emit(1, r.path);
      else status = 1;
    }
    return status;
  },
  seq,
  expr: (a, p) => {
    const v = arith(a.slice(1).join(' '), p);
    p.emit(1, String(v));
    return v === 0 ? 1 : 0;
  },
};
