/**
 * Shell runtime and coreutils for the container-command interpreter.
 *
 * Models the three shells found in common images — busybox `ash` (busybox, Alpine), Debian's `dash` (`sh` on
 * Debian/Ubuntu) and `bash` — with their own error texts (`sh: foo: not found`, `sh: 1: foo: not found`,
 * `bash: line 1: foo: command not found`, all exit 127), and busybox vs GNU coreutils messages
 * (`cat: can't open 'f': No such file or directory` vs `cat: f: No such file or directory`). Commands that only
 * print or touch files take no virtual time; `sleep` advances the clock; programs that never return
 * (`sleep infinity`, `tail -f`, servers) stop the simulation of that process with Halt('forever').
 */
import {
  Halt,
  LoopSignal,
  Proc,
  ReturnSignal,
  DEFAULT_SHM_BYTES,
  STD_BIN_DIRS,
  MONTHS,
  WEEKDAYS,
  pad,
  type FdTarget,
  type ShellKind,
} from '../proc';
import {
  parseShell,
  type Command,
  type List,
  type Pipeline,
  type Redirect,
  type ShellSyntaxError,
  type Word,
} from './parse';
import { PROGRAMS, assumedServer } from '../programs/registry';

export type Resolved = { kind: 'program'; name: string; path: string } | { kind: 'script'; path: string };

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** execve's view: find argv[0] on $PATH or at its path. */
export function resolveExecutable(name: string, p: Proc): Resolved | null {
  if (!name) return null;
  if (name.includes('/')) {
    const abs = p.abs(name);
    if (p.img.paths.has(abs)) return { kind: 'program', name: basename(abs), path: abs };
    if (STD_BIN_DIRS.includes(dirname(abs)) && p.img.programs.has(basename(abs)))
      return { kind: 'program', name: basename(abs), path: abs };
    if (p.isFile(abs)) return { kind: 'script', path: abs };
    if (p.img.assumed) return { kind: 'program', name: basename(abs), path: abs };
    return null;
  }
  if (p.img.programs.has(name)) return { kind: 'program', name, path: `/usr/bin/${name}` };
  for (const path of p.img.paths)
    if (basename(path) === name && STD_BIN_DIRS.includes(dirname(path))) return { kind: 'program', name, path };
  for (const dir of STD_BIN_DIRS) if (p.fs.has(`${dir}/${name}`)) return { kind: 'script', path: `${dir}/${name}` };
  // An image we do not know: whatever it is asked to run, assume the image has it (runResolved runs it as a server).
  if (p.img.assumed) return { kind: 'program', name, path: `/usr/local/bin/${name}` };
  return null;
}

// ---- messages that differ by shell ---------------------------------------------------------------------------

function shellPrefix(p: Proc): string {
  if (p.shell === 'dash') return `${p.arg0}: ${p.lineNo}: `;
  if (p.shell === 'bash') return `${p.arg0}: line ${p.lineNo}: `;
  return `${p.arg0}: `;
}

export function notFoundMessage(p: Proc, cmd: string): string {
  if (p.shell === 'bash')
    return cmd.includes('/')
      ? `${shellPrefix(p)}${cmd}: No such file or directory`
      : `${shellPrefix(p)}${cmd}: command not found`;
  return `${shellPrefix(p)}${cmd}: not found`;
}

function syntaxErrorMessage(kind: ShellKind, arg0: string, e: ShellSyntaxError): string {
  if (kind === 'dash') {
    if (e.kind === 'unterminated-quote') return `${arg0}: ${e.line}: Syntax error: Unterminated quoted string`;
    if (e.kind === 'unexpected-eof')
      return `${arg0}: ${e.line}: Syntax error: end of file unexpected (expecting "${e.token}")`;
    return `${arg0}: ${e.line}: Syntax error: "${e.token}" unexpected`;
  }
  if (kind === 'bash') {
    if (e.kind === 'unterminated-quote')
      return `${arg0}: -c: line ${e.line}: unexpected EOF while looking for matching \`${e.token}'`;
    if (e.kind === 'unexpected-eof') return `${arg0}: -c: line ${e.line}: syntax error: unexpected end of file`;
    return `${arg0}: -c: line ${e.line}: syntax error near unexpected token \`${e.token}'`;
  }
  if (e.kind === 'unterminated-quote') return `${arg0}: syntax error: unterminated quoted string`;
  if (e.kind === 'unexpected-eof') return `${arg0}: syntax error: unexpected end of file (expecting "${e.token}")`;
  return `${arg0}: syntax error: unexpected "${e.token}"`;
}

// ---- expansion -----------------------------------------------------------------------------------------------

function lookupVar(name: string, p: Proc): string | undefined {
  if (name === '?') return String(p.status);
  if (name === '$') return '1';
  if (name === '!') return p.bgEnds.length ? String(6 + p.bgEnds.length) : '';
  if (name === '#') return String(p.positional.length);
  if (name === '0') return p.arg0;
  if (name === '@' || name === '*') return p.positional.join(' ');
  if (name === '-') return `${p.errexit ? 'e' : ''}${p.xtrace ? 'x' : ''}`;
  if (/^[0-9]+$/.test(name)) return p.positional[Number(name) - 1];
  return p.env.get(name);
}

function expandPart(part: Word[number], p: Proc): string {
  switch (part.t) {
    case 'lit':
      return part.v;
    case 'var': {
      const value = lookupVar(part.name, p);
      switch (part.op) {
        case '#len':
          return String((value ?? '').length);
        case ':-':
          return value ? value : expandJoined(part.arg ?? [], p);
        case '-':
          return value !== undefined ? value : expandJoined(part.arg ?? [], p);
        case ':=':
        case '=': {
          if (part.op === ':=' ? !value : value === undefined) {
            const v = expandJoined(part.arg ?? [], p);
            p.env.set(part.name, v);
            return v;
          }
          return value ?? '';
        }
        case ':+':
          return value ? expandJoined(part.arg ?? [], p) : '';
        case '+':
          return value !== undefined ? expandJoined(part.arg ?? [], p) : '';
        case ':?':
        case '?':
          if (!value) {
            p.log(`${shellPrefix(p)}${part.name}: ${expandJoined(part.arg ?? [], p) || 'parameter not set'}`, 'stderr');
            throw new Halt('exit', 2);
          }
          return value;
        default:
          return value ?? '';
      }
    }
    case 'cmd':
      return commandSubstitution(part.src, p);
    case 'arith':
      return String(arith(part.expr, p));
  }
}

function expandJoined(word: Word, p: Proc): string {
  return word.map((part) => expandPart(part, p)).join('');
}

/** Word expansion with field splitting of unquoted expansions (no globbing). */
export function expandWord(word: Word, p: Proc): string[] {
  if (word.length === 1 && word[0]!.t === 'var' && word[0]!.q && word[0]!.name === '@' && !word[0]!.op)
    return [...p.positional];
  const fields: string[] = [];
  let cur = '';
  let real = false;
  const end = () => {
    if (cur !== '' || real) fields.push(cur);
    cur = '';
    real = false;
  };
  for (const part of word) {
    if (part.t === 'lit') {
      cur += part.v;
      if (part.q || part.v !== '') real = true;
      continue;
    }
    const value = expandPart(part, p);
    if (part.q) {
      cur += value;
      real = true;
      continue;
    }
    const pieces = value.split(/[ \t\n]+/);
    pieces.forEach((piece, k) => {
      if (k > 0) end();
      cur += piece;
      if (piece !== '') real = true;
    });
  }
  end();
  return fields;
}

function commandSubstitution(src: string, p: Proc): string {
  const sub = p.fork();
  sub.capture = [];
  sub.fds = [{ kind: 'null' }, { kind: 'capture' }, p.fds[2] ?? { kind: 'null' }];
  try {
    runScript(src, sub);
  } catch (e) {
    if (!(e instanceof Halt) || e.kind !== 'exit') {
      p.t = Math.max(p.t, sub.t);
      throw e;
    }
  }
  p.t = Math.max(p.t, sub.t);
  return sub.capture.join('\n').replace(/\n+$/, '');
}

/** $(( … )): + - * / % comparisons && || ! and parentheses over integers; names are variables. */
export function arith(expr: string, p: Proc): number {
  const src = expr.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, n: string) => p.env.get(n) ?? '0');
  const toks = src.match(/\d+|[A-Za-z_][A-Za-z0-9_]*|&&|\|\||==|!=|<=|>=|[-+*/%()<>!]/g) ?? [];
  let i = 0;
  const num = (v: string | undefined) => Number(v ?? 0) || 0;
  const primary = (): number => {
    const t = toks[i++];
    if (t === '(') {
      const v = or();
      i++;
      return v;
    }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    if (t === '!') return primary() ? 0 : 1;
    if (t && /^[A-Za-z_]/.test(t)) return num(p.env.get(t));
    return num(t);
  };
  const mul = (): number => {
    let v = primary();
    while (toks[i] === '*' || toks[i] === '/' || toks[i] === '%') {
      const op = toks[i++];
      const r = primary();
      v = op === '*' ? v * r : r === 0 ? 0 : op === '/' ? Math.trunc(v / r) : v % r;
    }
    return v;
  };
  const add = (): number => {
    let v = mul();
    while (toks[i] === '+' || toks[i] === '-') v = toks[i++] === '+' ? v + mul() : v - mul();
    return v;
  };
  const cmp = (): number => {
    let v = add();
    while (toks[i] && ['<', '>', '<=', '>=', '==', '!='].includes(toks[i]!)) {
      const op = toks[i++];
      const r = add();
      v = Number(
        op === '<'
          ? v < r
          : op === '>'
            ? v > r
            : op === '<='
              ? v <= r
              : op === '>='
                ? v >= r
                : op === '=='
                  ? v === r
                  : v !== r,
      );
    }
    return v;
  };
  const and = (): number => {
    let v = cmp();
    while (toks[i] === '&&') {
      i++;
      const r = cmp();
      v = Number(!!v && !!r);
    }
    return v;
  };
  const or = (): number => {
    let v = and();
    while (toks[i] === '||') {
      i++;
      const r = and();
      v = Number(!!v || !!r);
    }
    return v;
  };
  const v = or();
  return Number.isFinite(v) ? Math.trunc(v) : 0;
}

// ---- execution -----------------------------------------------------------------------------------------------

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
      p.stdinData = p.read(target).split('\n');
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
          try {
            status = execList(cmd.body, p);
          } catch (e) {
            if (e instanceof LoopSignal) {
              if (e.n > 1) {
                e.n--;
                throw e;
              }
              if (e.kind === 'break') break;
              continue;
            }
            throw e;
          }
        }
        return status;
      }
      case 'for': {
        const items = cmd.items === null ? [...p.positional] : cmd.items.flatMap((w) => expandWord(w, p));
        let status = 0;
        for (const item of items) {
          p.env.set(cmd.name, item);
          try {
            status = execList(cmd.body, p);
          } catch (e) {
            if (e instanceof LoopSignal) {
              if (e.n > 1) {
                e.n--;
                throw e;
              }
              if (e.kind === 'break') break;
              continue;
            }
            throw e;
          }
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

// ---- the shells as programs ----------------------------------------------------------------------------------

type Handler = (argv: string[], p: Proc, run: (argv: string[], p: Proc) => number) => number;

/** dd's size operands (coreutils `parse_integer`, busybox `xatoul_sfx`): c, w, b, kB/K, MB/M, GB/G. */
function ddSize(text: string): number | undefined {
  const m = /^([0-9]+)(c|w|b|kB|[kK]|MB|M|GB|G)?$/.exec(text);
  if (!m) return undefined;
  const unit: Record<string, number> = {
    c: 1,
    w: 2,
    b: 512,
    kB: 1000,
    k: 1024,
    K: 1024,
    MB: 1e6,
    M: 1024 ** 2,
    GB: 1e9,
    G: 1024 ** 3,
  };
  return Number(m[1]) * (m[2] ? unit[m[2]]! : 1);
}

/**
 * dd from /dev/zero (or /dev/urandom) into a file. Writing into /dev/shm fills a tmpfs whose pages the memory
 * cgroup charges to the container, up to the 64 MiB containerd gives /dev/shm (`No space left on device` past it).
 * The summary is GNU's (`… bytes (105 MB, 100 MiB) copied, 0.05 s, 2.1 GB/s`) or busybox's.
 */
function dd(argv: string[], p: Proc): number {
  const ops = new Map<string, string>();
  for (const a of argv.slice(1)) {
    const eq = a.indexOf('=');
    if (eq < 0) {
      p.log(p.img.coreutils === 'gnu' ? `dd: unrecognized operand '${a}'` : `dd: invalid argument '${a}'`, 'stderr');
      return 1;
    }
    ops.set(a.slice(0, eq), a.slice(eq + 1));
  }
  const bs = ddSize(ops.get('bs') ?? '512');
  const count = ops.has('count') ? ddSize(ops.get('count')!) : undefined;
  if (bs === undefined || bs === 0 || (ops.has('count') && count === undefined)) {
    const bad = bs === undefined || bs === 0 ? ops.get('bs') : ops.get('count');
    p.log(p.img.coreutils === 'gnu' ? `dd: invalid number: '${bad}'` : `dd: invalid number '${bad}'`, 'stderr');
    return 1;
  }
  const input = ops.get('if');
  if (input !== undefined && !['/dev/zero', '/dev/urandom', '/dev/random'].includes(input) && !p.exists(input)) {
    p.log(`dd: failed to open '${input}': No such file or directory`, 'stderr');
    return 1;
  }
  // Without count, reading /dev/zero never ends: a disk or tmpfs fills up first, so stop at the tmpfs size.
  const wanted = count !== undefined ? count * bs : input === undefined ? 0 : Number.POSITIVE_INFINITY;
  const out = ops.get('of');
  let written = wanted;
  let full = false;
  if (out !== undefined) {
    const path = p.abs(out);
    if (!p.parentExists(path)) {
      p.log(`dd: failed to open '${out}': No such file or directory`, 'stderr');
      return 1;
    }
    if (path.startsWith('/dev/shm/')) {
      const room = Math.max(0, DEFAULT_SHM_BYTES - (p.out.shm ?? 0));
      if (wanted > room) {
        written = Math.floor(room / bs) * bs;
        full = true;
      }
      p.chargeShm(written);
    } else if (!Number.isFinite(wanted)) {
      written = 0;
      full = true;
    }
    if (path !== '/dev/null') p.writeFile(path, '');
  } else if (!Number.isFinite(wanted)) throw new Halt('forever');
  const rate = input === '/dev/urandom' || input === '/dev/random' ? 250e6 : 2e9;
  const seconds = written / rate;
  p.advance(Math.round(seconds * 1000));
  const records = Math.floor(written / bs);
  if (full) p.log(`dd: error writing '${out}': No space left on device`, 'stderr');
  p.log(`${records + (full ? 1 : 0)}+0 records in`, 'stderr');
  p.log(`${records}+0 records out`, 'stderr');
  const secs = Math.max(seconds, 0.000_5);
  const human = (v: number, unit: string) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ${unit}`;
  if (p.img.coreutils === 'gnu') {
    const size = written < 1000 ? '' : ` (${human(written / 1e6, 'MB')}, ${human(written / 1024 ** 2, 'MiB')})`;
    p.log(`${written} bytes${size} copied, ${secs.toPrecision(6)} s, ${human(written / secs / 1e9, 'GB/s')}`, 'stderr');
  } else
    p.log(
      `${written} bytes (${(written / 1024 ** 2).toFixed(1)}MB) copied, ${secs.toFixed(6)} seconds, ${(written / secs / 1024 ** 3).toFixed(1)}GB/s`,
      'stderr',
    );
  return full ? 1 : 0;
}

function shellProgram(kindOf: (p: Proc) => ShellKind): Handler {
  return (argv, p) => {
    const sub = p.fork();
    sub.shell = kindOf(p);
    sub.arg0 = argv[0] ?? 'sh';
    sub.inShell = true;
    let i = 1;
    let script: string | undefined;
    let readStdin = false;
    while (i < argv.length) {
      const a = argv[i]!;
      if (a === '-c' || (/^-[a-zA-Z]+$/.test(a) && a.includes('c'))) {
        for (const f of a.slice(1)) applyShellFlag(f, true, sub);
        script = argv[i + 1] ?? '';
        if (argv[i + 1] === undefined) {
          sub.log(
            sub.shell === 'bash'
              ? `${sub.arg0}: -c: option requires an argument`
              : sub.shell === 'dash'
                ? `${sub.arg0}: 0: -c requires an argument`
                : `${sub.arg0}: -c requires an argument`,
            'stderr',
          );
          p.t = sub.t;
          return 2;
        }
        i += 2;
        break;
      }
      if (a === '-o' || a === '+o') {
        if (argv[i + 1] === 'pipefail') sub.pipefail = a === '-o';
        if (argv[i + 1] === 'errexit') sub.errexit = a === '-o';
        i += 2;
        continue;
      }
      if (a === '-s') {
        readStdin = true;
        i++;
        continue;
      }
      if (/^[-+][a-zA-Z]+$/.test(a)) {
        for (const f of a.slice(1)) applyShellFlag(f, a.startsWith('-'), sub);
        i++;
        continue;
      }
      if (a === '--' || a === '-') {
        i++;
        break;
      }
      break;
    }
    let status: number;
    try {
      if (script !== undefined) {
        if (argv[i] !== undefined) sub.arg0 = argv[i]!;
        sub.positional = argv.slice(i + 1);
        status = runScript(script, sub);
      } else if (!readStdin && argv[i] !== undefined) {
        const file = argv[i]!;
        sub.positional = argv.slice(i + 1);
        if (!sub.isFile(file)) {
          const msg =
            sub.shell === 'dash'
              ? `${sub.arg0}: 0: cannot open ${file}: No such file`
              : sub.shell === 'bash'
                ? `${sub.arg0}: ${file}: No such file or directory`
                : `${sub.arg0}: can't open '${file}': No such file or directory`;
          sub.log(msg, 'stderr');
          status = sub.shell === 'bash' ? 127 : 2;
        } else {
          const content = sub.read(file);
          if (!content && !sub.fs.has(sub.abs(file))) throw new Halt('forever'); // opaque mounted script
          sub.arg0 = file;
          status = runScript(content, sub);
        }
      } else if (p.stdinData) {
        status = runScript(p.stdinData.join('\n'), sub);
      } else if (p.opts.stdinOpen) {
        throw new Halt('forever'); // an interactive shell waiting on an open stdin
      } else status = 0; // no TTY, stdin at EOF: the shell reads nothing and exits 0
    } catch (e) {
      p.t = Math.max(p.t, sub.t);
      if (e instanceof Halt && e.kind === 'exit') return e.code;
      if (e instanceof LoopSignal) return 0;
      throw e;
    }
    // The shell waits for nothing else: background jobs are orphaned when it exits.
    p.t = Math.max(p.t, sub.t);
    return status;
  };
}

function applyShellFlag(flag: string, on: boolean, p: Proc): void {
  if (flag === 'e') p.errexit = on;
  else if (flag === 'x') p.xtrace = on;
}

const SHELLS: Record<string, Handler> = {
  sh: shellProgram((p) => p.img.sh ?? 'ash'),
  ash: shellProgram(() => 'ash'),
  dash: shellProgram(() => 'dash'),
  bash: shellProgram(() => 'bash'),
  busybox: (argv, p, run) => {
    if (argv.length < 2) {
      p.log('BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', 'stderr');
      return 0;
    }
    return run(argv.slice(1), p);
  },
};

// ---- builtins ------------------------------------------------------------------------------------------------

function unescape(s: string): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) {
      out += c;
      continue;
    }
    const n = s[++i]!;
    if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else if (n === '\\') out += '\\';
    else if (n === 'c') return { text: out, stop: true };
    else if (n === 'e') out += '\x1b';
    else out += `\\${n}`;
  }
  return { text: out, stop: false };
}

function echo(argv: string[], p: Proc, dashStyle: boolean): number {
  let args = argv.slice(1);
  let newline = true;
  let escapes = dashStyle;
  if (!dashStyle) {
    while (args.length && /^-[neE]+$/.test(args[0]!)) {
      for (const f of args[0]!.slice(1)) {
        if (f === 'n') newline = false;
        if (f === 'e') escapes = true;
        if (f === 'E') escapes = false;
      }
      args = args.slice(1);
    }
  } else if (args[0] === '-n') {
    newline = false;
    args = args.slice(1);
  }
  let text = args.join(' ');
  if (escapes) text = unescape(text).text;
  // `echo -n` output without a newline still shows up as a (partial) log line.
  void newline;
  p.emit(1, text);
  return 0;
}

function printf(argv: string[], p: Proc): number {
  const fmt = argv[1];
  if (fmt === undefined) {
    p.log(
      p.shell === 'bash'
        ? `${shellPrefix(p)}printf: usage: printf [-v var] format [arguments]`
        : 'printf: usage: printf format [arguments]',
      'stderr',
    );
    return p.shell === 'bash' ? 2 : 1;
  }
  const args = argv.slice(2);
  let out = '';
  let k = 0;
  do {
    out += fmt.replace(/%([-0-9.]*)([sdbci%])/g, (_, __: string, conv: string) => {
      if (conv === '%') return '%';
      const a = args[k++] ?? '';
      if (conv === 'd' || conv === 'i') return String(Math.trunc(Number(a) || 0));
      if (conv === 'b') return unescape(a).text;
      return a;
    });
  } while (k < args.length && /%[-0-9.]*[sdbci]/.test(fmt));
  const text = unescape(out).text;
  const lines = text.replace(/\n$/, '').split('\n');
  if (text !== '') for (const line of lines) p.emit(1, line);
  return 0;
}

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

/** test / [ … ]: the usual file, string and integer tests. Returns 0, 1, or 2 on error. */
export function evalTest(args: string[], p: Proc, name = 'test'): number {
  const bad = (msg: string) => {
    p.log(`${p.inShell ? shellPrefix(p) : ''}${name}: ${msg}`, 'stderr');
    return 2;
  };
  const int = (v: string): number | null => (/^\s*-?[0-9]+\s*$/.test(v) ? Number(v) : null);
  const unary = (op: string, v: string): number | null => {
    switch (op) {
      case '-e':
      case '-r':
      case '-w':
        return p.exists(v) ? 0 : 1;
      case '-f':
        return p.isFile(v) ? 0 : 1;
      case '-d':
        return p.isDir(v) ? 0 : 1;
      case '-s':
        return p.isFile(v) && p.read(v) !== '' ? 0 : p.isFile(v) && !p.fs.has(p.abs(v)) ? 0 : 1;
      case '-x':
        return resolveExecutable(v.includes('/') ? v : `/${v}`, p) || p.isDir(v) ? 0 : 1;
      case '-L':
      case '-h':
      case '-p':
      case '-S':
      case '-b':
      case '-c':
      case '-t':
        return 1;
      case '-z':
        return v === '' ? 0 : 1;
      case '-n':
        return v !== '' ? 0 : 1;
      default:
        return null;
    }
  };
  const binary = (a: string, op: string, b: string): number | null => {
    switch (op) {
      case '=':
      case '==':
        return a === b ? 0 : 1;
      case '!=':
        return a !== b ? 0 : 1;
      case '-eq':
      case '-ne':
      case '-lt':
      case '-le':
      case '-gt':
      case '-ge': {
        const x = int(a);
        const y = int(b);
        if (x === null || y === null) {
          const badv = x === null ? a : b;
          return bad(
            p.shell === 'bash'
              ? `${badv}: integer expression expected`
              : p.shell === 'dash'
                ? `Illegal number: ${badv}`
                : `${badv}: bad number`,
          );
        }
        const r =
          op === '-eq'
            ? x === y
            : op === '-ne'
              ? x !== y
              : op === '-lt'
                ? x < y
                : op === '-le'
                  ? x <= y
                  : op === '-gt'
                    ? x > y
                    : x >= y;
        return r ? 0 : 1;
      }
      case '-nt':
      case '-ot':
        return 1;
      default:
        return null;
    }
  };
  const evalExpr = (a: string[]): number => {
    const oi = a.indexOf('-o');
    if (oi > 0) {
      const l = evalExpr(a.slice(0, oi));
      return l === 0 ? 0 : evalExpr(a.slice(oi + 1));
    }
    const ai = a.indexOf('-a');
    if (ai > 0) {
      const l = evalExpr(a.slice(0, ai));
      return l !== 0 ? l : evalExpr(a.slice(ai + 1));
    }
    if (a.length === 0) return 1;
    if (a[0] === '!') {
      const r = evalExpr(a.slice(1));
      return r === 2 ? 2 : r === 0 ? 1 : 0;
    }
    if (a.length === 1) return a[0] !== '' ? 0 : 1;
    if (a.length === 2) {
      const r = unary(a[0]!, a[1]!);
      return r ?? bad(`${a[0]}: unary operator expected`);
    }
    if (a.length === 3) {
      const r = binary(a[0]!, a[1]!, a[2]!);
      if (r !== null) return r;
      if (a[0] === '(' && a[2] === ')') return a[1] !== '' ? 0 : 1;
      return bad(`${a[1]}: binary operator expected`);
    }
    return bad('too many arguments');
  };
  return evalExpr(args);
}

type Builtin = (argv: string[], p: Proc) => number;

const BUILTINS: Record<string, Builtin> = {
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

// ---- coreutils (busybox applets or GNU coreutils, depending on the image) ------------------------------------

const gnu = (p: Proc) => p.img.coreutils === 'gnu';

function opts(argv: string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  let endOfOpts = false;
  for (const a of argv.slice(1)) {
    if (!endOfOpts && a === '--') endOfOpts = true;
    else if (!endOfOpts && /^-[A-Za-z]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else if (!endOfOpts && /^--[a-z-]+$/.test(a)) flags.add(a);
    else operands.push(a);
  }
  return { flags, operands };
}

/** sleep: GNU and busybox both accept fractions and s/m/h/d suffixes, and `infinity`. */
export function parseSleepSeconds(arg: string): number | null {
  if (/^inf(inity)?$/i.test(arg)) return Infinity;
  const m = /^([0-9]*\.?[0-9]+)([smhd]?)$/.exec(arg);
  if (!m) return null;
  const mult = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * mult;
}

function sleep(argv: string[], p: Proc): number {
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

function cat(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  if (operands.length === 0 || (operands.length === 1 && operands[0] === '-')) {
    if (p.stdinData) {
      for (const l of p.stdinData) p.emit(1, l);
      return 0;
    }
    if (p.opts.stdinOpen) throw new Halt('forever');
    return 0;
  }
  let status = 0;
  for (const f of operands) {
    if (p.isDir(f)) {
      p.log(gnu(p) ? `cat: ${f}: Is a directory` : 'cat: read error: Is a directory', 'stderr');
      status = 1;
    } else if (!p.isFile(f)) {
      p.log(
        gnu(p) ? `cat: ${f}: No such file or directory` : `cat: can't open '${f}': No such file or directory`,
        'stderr',
      );
      status = 1;
    } else {
      const text = p.read(f).replace(/\n$/, '');
      if (text !== '') p.emit(1, text);
    }
  }
  return status;
}

function touch(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  let status = 0;
  for (const f of operands) {
    if (p.exists(f)) {
      if (p.isFile(f)) p.touch(f);
      continue;
    }
    if (!p.parentExists(f)) {
      p.log(
        gnu(p) ? `touch: cannot touch '${f}': No such file or directory` : `touch: ${f}: No such file or directory`,
        'stderr',
      );
      status = 1;
      continue;
    }
    p.touch(f);
  }
  return status;
}

function rm(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const force = flags.has('f') || flags.has('--force');
  const recursive = flags.has('r') || flags.has('R') || flags.has('--recursive');
  let status = 0;
  for (const f of operands) {
    if (!p.exists(f)) {
      if (!force) {
        p.log(
          gnu(p)
            ? `rm: cannot remove '${f}': No such file or directory`
            : `rm: can't remove '${f}': No such file or directory`,
          'stderr',
        );
        status = 1;
      }
      continue;
    }
    if (p.isDir(f) && !recursive) {
      p.log(gnu(p) ? `rm: cannot remove '${f}': Is a directory` : `rm: '${f}' is a directory`, 'stderr');
      status = 1;
      continue;
    }
    p.remove(f);
  }
  return status;
}

function mkdir(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const parents = flags.has('p') || flags.has('--parents');
  let status = 0;
  for (const d of operands) {
    const abs = p.abs(d);
    if (p.exists(abs)) {
      if (!parents || !p.isDir(abs)) {
        p.log(
          gnu(p)
            ? `mkdir: cannot create directory '${d}': File exists`
            : `mkdir: can't create directory '${d}': File exists`,
          'stderr',
        );
        status = 1;
      }
      continue;
    }
    if (parents) {
      const segs = abs.split('/').filter(Boolean);
      for (let i = 1; i <= segs.length; i++) p.mkdir(`/${segs.slice(0, i).join('/')}`);
    } else if (!p.parentExists(abs)) {
      p.log(
        gnu(p)
          ? `mkdir: cannot create directory '${d}': No such file or directory`
          : `mkdir: can't create directory '${d}': No such file or directory`,
        'stderr',
      );
      status = 1;
    } else p.mkdir(abs);
  }
  return status;
}

function ls(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  const targets = operands.length ? operands : [p.cwd];
  let status = 0;
  for (const t of targets) {
    if (!p.exists(t)) {
      p.log(
        gnu(p) ? `ls: cannot access '${t}': No such file or directory` : `ls: ${t}: No such file or directory`,
        'stderr',
      );
      status = gnu(p) ? 2 : 1;
      continue;
    }
    if (p.isFile(t)) {
      p.emit(1, t);
      continue;
    }
    const dir = p.abs(t).replace(/\/$/, '');
    const names = new Set<string>();
    for (const key of p.fs.keys()) {
      if (!key.startsWith(`${dir}/`) || key === `${dir}/`) continue;
      const rest = key.slice(dir.length + 1);
      const name = rest.split('/')[0]!;
      if (name) names.add(name);
    }
    const sorted = [...names].sort();
    if (sorted.length) p.emit(1, sorted.join('\n'));
  }
  return status;
}

function tail(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const follow = flags.has('f') || flags.has('F') || flags.has('--follow');
  const files = operands.filter((o) => !/^[+-]?[0-9]+$/.test(o));
  for (const f of files) {
    if (f !== '/dev/null' && !p.exists(f) && !flags.has('F')) {
      p.log(
        gnu(p)
          ? `tail: cannot open '${f}' for reading: No such file or directory`
          : `tail: can't open '${f}': No such file or directory`,
        'stderr',
      );
      if (files.length === 1) {
        if (gnu(p) && follow) p.log('tail: no files remaining', 'stderr');
        return 1;
      }
    }
  }
  if (!follow) {
    for (const f of files) {
      const lines = p.read(f).replace(/\n$/, '').split('\n').slice(-10);
      if (lines.join('') !== '') p.emit(1, lines.join('\n'));
    }
    if (files.length === 0 && p.stdinData) for (const l of p.stdinData.slice(-10)) p.emit(1, l);
    return 0;
  }
  throw new Halt('forever');
}

function head(argv: string[], p: Proc): number {
  const { operands } = opts(argv);
  const n = Number((argv.find((a) => /^-n?[0-9]+$/.test(a)) ?? '-10').replace(/^-n?/, '')) || 10;
  const files = operands.filter((o) => !/^[0-9]+$/.test(o));
  if (files.length === 0 && p.stdinData) {
    for (const l of p.stdinData.slice(0, n)) p.emit(1, l);
    return 0;
  }
  for (const f of files) {
    if (!p.isFile(f)) {
      p.log(
        gnu(p)
          ? `head: cannot open '${f}' for reading: No such file or directory`
          : `head: can't open '${f}': No such file or directory`,
        'stderr',
      );
      return 1;
    }
    const text = p.read(f).split('\n').slice(0, n).join('\n').replace(/\n$/, '');
    if (text) p.emit(1, text);
  }
  return 0;
}

function grep(argv: string[], p: Proc): number {
  const { flags, operands } = opts(argv);
  const [pattern, ...files] = operands;
  if (pattern === undefined) return 2;
  const lines = files.length ? files.flatMap((f) => (p.isFile(f) ? p.read(f).split('\n') : [])) : (p.stdinData ?? []);
  const ci = flags.has('i');
  let re: RegExp | null = null;
  try {
    re = flags.has('F') ? null : new RegExp(pattern.slice(0, 200), ci ? 'i' : '');
  } catch {
    re = null;
  }
  const hit = (l: string) =>
    re ? re.test(l) : ci ? l.toLowerCase().includes(pattern.toLowerCase()) : l.includes(pattern);
  const matched = lines.filter((l) => (flags.has('v') ? !hit(l) : hit(l)));
  if (!flags.has('q')) {
    if (flags.has('c')) p.emit(1, String(matched.length));
    else for (const l of matched) p.emit(1, l);
  }
  return matched.length ? 0 : 1;
}

function envCmd(argv: string[], p: Proc, run: (a: string[], q: Proc) => number): number {
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

function dateCmd(_argv: string[], p: Proc): number {
  const c = p.now();
  p.emit(
    1,
    `${WEEKDAYS[c.weekday]} ${MONTHS[c.month - 1]} ${String(c.day).padStart(gnu(p) ? 2 : 2, ' ')} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)} UTC ${c.year}`,
  );
  return 0;
}

function timeoutCmd(argv: string[], p: Proc, run: (a: string[], q: Proc) => number): number {
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

export const COREUTILS: Record<string, Handler> = {
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
  printenv: (a, p) => {
    if (a[1]) {
      const v = p.env.get(a[1]);
      if (v === undefined) return 1;
      p.emit(1, v);
      return 0;
    }
    for (const [k, v] of [...p.env.entries()].sort()) p.emit(1, `${k}=${v}`);
    return 0;
  },
  date: (a, p) => dateCmd(a, p),
  hostname: (_a, p) => {
    p.emit(1, p.opts.hostname);
    return 0;
  },
  whoami: (_a, p) => {
    p.emit(1, 'root');
    return 0;
  },
  id: (_a, p) => {
    p.emit(1, gnu(p) ? 'uid=0(root) gid=0(root) groups=0(root)' : 'uid=0(root) gid=0(root) groups=0(root),10(wheel)');
    return 0;
  },
  uname: (a, p) => {
    p.emit(
      1,
      a.includes('-a')
        ? `Linux ${p.opts.hostname} 6.8.0-51-generic #52-Ubuntu SMP PREEMPT_DYNAMIC x86_64 ${gnu(p) ? 'GNU/Linux' : 'Linux'}`
        : 'Linux',
    );
    return 0;
  },
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
  ping: () => {
    throw new Halt('forever');
  },
  timeout: timeoutCmd,
  nohup: (a, p, run) => run(a.slice(1), p),
  nice: (a, p, run) => run(a.slice(a[1] === '-n' ? 3 : 1), p),
  time: (a, p, run) => run(a.slice(1), p),
  xargs: () => 0,
  wc: (a, p) => {
    const lines = p.stdinData ?? [];
    p.emit(
      1,
      a.includes('-l')
        ? String(lines.length)
        : `${lines.length} ${lines.join(' ').split(/\s+/).filter(Boolean).length} ${lines.join('\n').length + 1}`,
    );
    return 0;
  },
  dd: (a, p) => dd(a, p),
  tee: (a, p) => {
    const { flags, operands } = opts(a);
    const text = (p.stdinData ?? []).join('\n');
    for (const f of operands) {
      if (flags.has('a')) p.appendFile(f, `${text}\n`);
      else p.writeFile(f, `${text}\n`);
    }
    for (const l of p.stdinData ?? []) p.emit(1, l);
    return 0;
  },
  cp: (a, p) => {
    const { operands } = opts(a);
    const [src, dst] = operands;
    if (!src || !dst) return 1;
    if (!p.exists(src)) {
      p.log(
        gnu(p)
          ? `cp: cannot stat '${src}': No such file or directory`
          : `cp: can't stat '${src}': No such file or directory`,
        'stderr',
      );
      return 1;
    }
    p.writeFile(p.isDir(dst) ? `${dst}/${basename(src)}` : dst, p.read(src));
    return 0;
  },
  mv: (a, p) => {
    const { operands } = opts(a);
    const [src, dst] = operands;
    if (!src || !dst) return 1;
    if (!p.exists(src)) {
      p.log(
        gnu(p)
          ? `mv: cannot stat '${src}': No such file or directory`
          : `mv: can't rename '${src}': No such file or directory`,
        'stderr',
      );
      return 1;
    }
    const content = p.read(src);
    p.remove(src);
    p.writeFile(p.isDir(dst) ? `${dst}/${basename(src)}` : dst, content);
    return 0;
  },
  ps: (_a, p) => {
    p.emit(1, gnu(p) ? '    PID TTY          TIME CMD' : 'PID   USER     TIME  COMMAND');
    return 0;
  },
  mktemp: (a, p) => {
    const dir = a.includes('-d');
    const path = `/tmp/tmp.${(p.out.steps % 1_000_000).toString(36).padStart(6, 'a').slice(-6)}`;
    if (dir) p.mkdir(path);
    else p.touch(path);
    p.emit(1, path);
    return 0;
  },
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
  seq: (a, p) => {
    const nums = a.slice(1).map(Number);
    const [from, to] = nums.length >= 2 ? [nums[0]!, nums[nums.length - 1]!] : [1, nums[0] ?? 0];
    const out: string[] = [];
    for (let i = from; i <= to && out.length < 1000; i++) out.push(String(i));
    if (out.length) p.emit(1, out.join('\n'));
    return 0;
  },
  expr: (a, p) => {
    const v = arith(a.slice(1).join(' '), p);
    p.emit(1, String(v));
    return v === 0 ? 1 : 0;
  },
};
