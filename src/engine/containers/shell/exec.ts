/**
 * The shell's executor: lists, and-or lists, pipelines, redirections, compound commands and functions, and the
 * dispatch of a command to a builtin, a shell, a coreutil, an image's program or a script file.
 *
 * Models the three shells found in common images — busybox `ash` (busybox, Alpine), Debian's `dash` (`sh` on
 * Debian/Ubuntu) and `bash` — with their own error texts (`sh: foo: not found`, `sh: 1: foo: not found`,
 * `bash: line 1: foo: command not found`, all exit 127). Commands that only print or touch files take no virtual
 * time; `sleep` advances the clock; programs that never return (`sleep infinity`, `tail -f`, servers) stop the
 * simulation of that process with Halt('forever').
 *
 * Expansion runs command substitutions through runScript and the builtins run commands through runCommand, so
 * exec.ts, expand.ts, builtins.ts and shells.ts import each other: they only call one another inside functions,
 * never while a module is being evaluated.
 */
import { Halt, LoopSignal, type Proc, ReturnSignal, type FdTarget, fileLines } from '../proc';
import { parseShell, type Command, type List, type Pipeline, type Redirect } from './parse';
import { PROGRAMS } from '../programs/registry';
import { assumedServer } from '../programs/serve';
import { syntaxErrorMessage, shellPrefix, notFoundMessage } from './messages';
import { expandWord, expandJoined } from './expand';
import { BUILTINS } from './builtins';
import { resolveExecutable, type Resolved } from '../resolveExecutable';
import { SHELLS } from './shells';
import { COREUTILS } from '../coreutils/registry';

/** Parse and run a script in `p` (same process). Returns the last status; syntax errors print and return 2. */
export function runScript(src: string, p: Proc): number {
  return p.nested(() => runScriptInner(src, p));
}

function runScriptInner(src: string, p: Proc): number {
  const parsed = parseShell(src);
  if (!parsed.ok) {
    p.log(syntaxErrorMessage(p.shell, p.arg0, parsed.error), 'stderr');
    p.status = 2;
    return 2;
  }
  return execList(parsed.list, p);
}

function execList(list: List, p: Proc): number {
  let status = p.status;
  for (const item of list) {
    p.step();
    if (item.background) {
      runBackground(item.andOr, p);
      status = 0;
      p.status = 0;
      continue;
    }
    status = execAndOr(item.andOr, p);
    p.status = status;
    if (p.errexit && status !== 0 && p.condDepth === 0) throw new Halt('exit', status);
  }
  return status;
}

function runBackground(andOr: List[number]['andOr'], p: Proc): void {
  const job = p.fork();
  job.errexit = false;
  let end = Infinity;
  try {
    execAndOr(andOr, job);
    end = job.t;
  } catch (e) {
    if (e instanceof Halt) end = e.kind === 'exit' ? job.t : Infinity;
    else if (!(e instanceof LoopSignal)) throw e;
  }
  p.bgEnds.push(end);
}

function execAndOr(andOr: List[number]['andOr'], p: Proc): number {
  const hasRest = andOr.rest.length > 0;
  if (hasRest) p.condDepth++;
  let status: number;
  try {
    status = execPipeline(andOr.first, p);
  } finally {
    if (hasRest) p.condDepth--;
  }
  andOr.rest.forEach(({ op, pipeline }, idx) => {
    p.status = status;
    if ((op === '&&' && status === 0) || (op === '||' && status !== 0)) {
      const last = idx === andOr.rest.length - 1;
      if (!last) p.condDepth++;
      try {
        status = execPipeline(pipeline, p);
      } finally {
        if (!last) p.condDepth--;
      }
    }
  });
  return status!;
}

function execPipeline(pl: Pipeline, p: Proc): number {
  if (pl.negate) p.condDepth++;
  let status: number;
  try {
    if (pl.commands.length === 1) status = execCommand(pl.commands[0]!, p);
    else {
      let input: string[] | null = p.stdinData;
      const statuses: number[] = [];
      pl.commands.forEach((cmd, i) => {
        const last = i === pl.commands.length - 1;
        const savedFds = p.fds;
        const savedCapture = p.capture;
        const savedStdin = p.stdinData;
        p.stdinData = input;
        if (!last) {
          p.capture = [];
          p.fds = [p.fds[0]!, { kind: 'capture' }, p.fds[2]!];
        }
        try {
          statuses.push(execCommand(cmd, p));
        } catch (e) {
          // A pipeline element that never ends (tail -f | grep) keeps the pipeline running.
          if (e instanceof Halt && e.kind === 'exit' && !last) statuses.push(e.code);
          else throw e;
        } finally {
          const captured = p.capture;
          p.fds = savedFds;
          p.capture = savedCapture;
          p.stdinData = savedStdin;
          if (!last) input = captured ?? [];
        }
      });
      status = p.pipefail ? (statuses.filter((s) => s !== 0).at(-1) ?? 0) : statuses.at(-1)!;
    }
  } finally {
    if (pl.negate) p.condDepth--;
  }
  return pl.negate ? (status === 0 ? 1 : 0) : status;
}

/** Apply redirections; returns a restore function, or a status when a target cannot be opened. */
function applyRedirects(redirects: Redirect[], p: Proc): (() => void) | number {
  if (redirects.length === 0) return () => {};
  const saved = [...p.fds];
  const savedStdin = p.stdinData;
  for (const r of redirects) {
    const target = expandWord(r.target, p).join(' ');
    if (r.op === '<<') continue; // here-document bodies are not modelled
    if (r.op === '<') {
      if (!p.exists(target)) {
        const msg =
          p.shell === 'dash'
            ? `${shellPrefix(p)}cannot open ${target}: No such file`
            : p.shell === 'bash'
              ? `${shellPrefix(p)}${target}: No such file or directory`
              : `${shellPrefix(p)}can't open '${target}': No such file or directory`;
        p.fds = saved;
        p.log(msg, 'stderr');
        return p.shell === 'bash' ? 1 : 2;
      }
      p.stdinData = fileLines(p.read(target));
      continue;
    }
    if (r.op === '>&' || r.op === '<&') {
      const dst: FdTarget | undefined =
        target === '1' ? p.fds[1] : target === '2' ? p.fds[2] : target === '-' ? { kind: 'null' } : undefined;
      if (dst) p.fds[r.fd] = dst;
      else if (r.op === '>&' && !/^[0-9]+$/.test(target)) {
        // `>& file` (bash): both streams to file.
        p.fds[1] = p.fds[2] = { kind: 'file', path: p.abs(target) };
      }
      continue;
    }
    const path = p.abs(target);
    let dst: FdTarget;
    if (path === '/dev/null') dst = { kind: 'null' };
    else if (path === '/dev/stdout' || path === '/proc/self/fd/1' || path === '/proc/1/fd/1')
      dst = { kind: 'log', stream: 'stdout' };
    else if (path === '/dev/stderr' || path === '/proc/self/fd/2' || path === '/proc/1/fd/2')
      dst = { kind: 'log', stream: 'stderr' };
    else {
      if (!p.parentExists(path) || p.isDir(path)) {
        const why = p.isDir(path) ? 'Is a directory' : null;
        const msg =
          p.shell === 'dash'
            ? `${shellPrefix(p)}cannot create ${target}: ${why ?? 'Directory nonexistent'}`
            : p.shell === 'bash'
              ? `${shellPrefix(p)}${target}: ${why ?? 'No such file or directory'}`
              : `${shellPrefix(p)}can't create ${target}: ${why ?? 'nonexistent directory'}`;
        p.fds = saved;
        p.log(msg, 'stderr');
        return p.shell === 'bash' ? 1 : 2;
      }
      if (r.op === '>' || r.op === '&>') p.writeFile(path, '');
      else if (!p.isFile(path)) p.writeFile(path, '');
      dst = { kind: 'file', path };
    }
    if (r.op === '&>') p.fds[1] = p.fds[2] = dst;
    else if (r.fd === -1) p.fds[1] = p.fds[2] = dst;
    else p.fds[r.fd] = dst;
  }
  return () => {
    p.fds = saved;
    p.stdinData = savedStdin;
  };
}

function execCommand(cmd: Command, p: Proc): number {
  p.step();
  p.lineNo = cmd.line;
  const restore = applyRedirects(cmd.redirects, p);
  if (typeof restore === 'number') return restore;
  try {
    switch (cmd.type) {
      case 'simple':
        return execSimple(cmd, p);
      case 'func':
        p.functions.set(cmd.name, cmd.body);
        return 0;
      case 'group': {
        if (!cmd.subshell) return execList(cmd.body, p);
        const sub = p.fork();
        try {
          const s = execList(cmd.body, sub);
          p.t = sub.t;
          return s;
        } catch (e) {
          p.t = Math.max(p.t, sub.t);
          if (e instanceof Halt && e.kind === 'exit') return e.code;
          throw e;
        }
      }
      case 'if': {
        for (const clause of cmd.clauses) {
          p.condDepth++;
          let c: number;
          try {
            c = execList(clause.cond, p);
          } finally {
            p.condDepth--;
          }
          if (c === 0) return execList(clause.body, p);
        }
        return cmd.otherwise ? execList(cmd.otherwise, p) : 0;
      }
      case 'loop': {
        let status = 0;
        for (;;) {
          p.step();
          p.condDepth++;
          let c: number;
          try {
            c = execList(cmd.cond, p);
          } finally {
            p.condDepth--;
          }
          if (cmd.until ? c === 0 : c !== 0) break;
          const pass = loopPass(cmd.body, p);
          if (pass === 'break') break;
          if (pass !== 'continue') status = pass;
        }
        return status;
      }
      case 'for': {
        const items = cmd.items === null ? [...p.positional] : cmd.items.flatMap((w) => expandWord(w, p));
        let status = 0;
        for (const item of items) {
          p.env.set(cmd.name, item);
          const pass = loopPass(cmd.body, p);
          if (pass === 'break') break;
          if (pass !== 'continue') status = pass;
        }
        return status;
      }
    }
  } finally {
    restore();
  }
}

function execSimple(cmd: Extract<Command, { type: 'simple' }>, p: Proc): number {
  const argv = cmd.words.flatMap((w) => expandWord(w, p));
  const assigns = cmd.assigns.map((a) => [a.name, expandJoined(a.value, p)] as const);
  if (argv.length === 0) {
    for (const [k, v] of assigns) p.env.set(k, v);
    return 0;
  }
  if (p.xtrace) p.log(`+ ${[...assigns.map(([k, v]) => `${k}=${v}`), ...argv].join(' ')}`, 'stderr');
  if (assigns.length === 0) return runCommand(argv, p, true);
  const saved = assigns.map(([k]) => [k, p.env.get(k)] as const);
  for (const [k, v] of assigns) p.env.set(k, v);
  try {
    return runCommand(argv, p, true);
  } finally {
    for (const [k, v] of saved)
      if (v === undefined) p.env.delete(k);
      else p.env.set(k, v);
  }
}

/**
 * Run argv: shell builtins first (when called from a shell), then a program found in the image.
 * Returns the exit status; throws Halt for exit/forever/horizon.
 */
export function runCommand(argv: string[], p: Proc, builtins: boolean): number {
  const name = argv[0] ?? '';
  if (builtins && p.functions.has(name)) return callFunction(p.functions.get(name) as Command, argv, p);
  if (builtins && Object.prototype.hasOwnProperty.call(BUILTINS, name)) return BUILTINS[name]!(argv, p);
  const resolved = resolveExecutable(name, p);
  if (!resolved) {
    p.log(notFoundMessage(p, name), 'stderr');
    return 127;
  }
  return runResolved(resolved, argv, p);
}

function callFunction(body: Command, argv: string[], p: Proc): number {
  return p.nested(() => {
    const saved = p.positional;
    p.positional = argv.slice(1);
    p.funcDepth++;
    try {
      return execCommand(body, p);
    } catch (e) {
      if (e instanceof ReturnSignal) return e.code;
      throw e;
    } finally {
      p.funcDepth--;
      p.positional = saved;
    }
  });
}

/** Run an already-resolved executable. */
export function runResolved(resolved: Resolved, argv: string[], p: Proc): number {
  p.step();
  return p.nested(() => runResolvedInner(resolved, argv, p));
}

function runResolvedInner(resolved: Resolved, argv: string[], p: Proc): number {
  if (resolved.kind === 'script') return runScriptFile(resolved.path, argv.slice(1), p);
  const name = resolved.name;
  // The image's own programs (e.g. traefik's /whoami) win over same-named coreutils.
  const own = p.img.paths.has(resolved.path) ? PROGRAMS[name] : undefined;
  const handler = own ?? SHELLS[name] ?? COREUTILS[name] ?? PROGRAMS[name];
  if (handler) return handler([argv[0] ?? name, ...argv.slice(1)], p, (a, q) => runCommand(a, q, false));
  // An unknown image's own program runs until stopped, serving the container's ports; in an exec probe
  // (nothing recorded) it does its check and succeeds.
  if (p.img.assumed && p.out.record) return assumedServer(argv, p);
  return 0; // a real program we do not model: it does its job and exits 0
}

/** A script file written by the container or mounted from a volume. */
function runScriptFile(path: string, args: string[], p: Proc): number {
  const abs = p.abs(path);
  // A script on a volume whose content we were not given: assume it does its job and keeps running (servers).
  if (!p.fs.has(abs)) throw new Halt('forever');
  const content = p.read(abs);
  const sh = p.img.sh;
  if (!sh) return 0;
  const sub = p.fork();
  sub.arg0 = path;
  sub.positional = args;
  sub.shell = content.startsWith('#!/bin/bash') && p.img.hasBash ? 'bash' : sh;
  sub.inShell = true;
  try {
    const status = runScript(content, sub);
    p.t = sub.t;
    return status;
  } catch (e) {
    p.t = Math.max(p.t, sub.t);
    if (e instanceof Halt && e.kind === 'exit') return e.code;
    throw e;
  }
}

/**
 * One pass of a loop's body: its status, or the `break`/`continue` that ended it early. A `break N`/`continue N`
 * with N > 1 belongs to an outer loop: it goes on up, one level spent.
 */
function loopPass(body: List, p: Proc): number | 'break' | 'continue' {
  try {
    return execList(body, p);
  } catch (e) {
    if (!(e instanceof LoopSignal)) throw e;
    if (e.n > 1) {
      e.n--;
      throw e;
    }
    return e.kind;
  }
}
