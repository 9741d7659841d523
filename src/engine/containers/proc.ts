/**
 * Process state for the container-command interpreter: virtual time, environment, a tiny filesystem, output
 * routing and the control-flow signals. Shared by shell/ and coreutils/ (the shell and its utilities) and
 * programs/ (servers, clients, runtimes).
 *
 * Time is virtual milliseconds since the container started. Nothing here reads a clock or random source.
 */
import type { ImageBase } from '../images/catalogEntry';
import { utcFields, type UtcFields } from '../util/calendar';

export type Coreutils = 'busybox' | 'gnu';
export type ShellKind = 'ash' | 'dash' | 'bash';

/** A socket the container's processes listen on, and how it answers an HTTP GET. */
export interface Listener {
  port: number;
  protocol: 'TCP';
  /** Virtual ms (since container start) from which connections are accepted. */
  fromMs: number;
  /** The program listening (for narration). */
  process: string;
  /** Path → status; `*` is the fallback. Paths not listed (and no docRoot hit) answer 404. */
  httpPaths?: Record<string, number>;
  /** Status changes over time, e.g. the liveness server's `/healthz` turning 500 after 10 s. */
  httpChanges?: Array<{ atMs: number; path: string; status: number }>;
  /** Static files served from this directory (nginx html root, `python -m http.server`, busybox httpd -h). */
  docRoot?: string;
  /** What a directory without index.html gives: a listing (200), 403 (nginx) or 404. */
  dirIndex?: 'listing' | 'forbidden' | 'notfound';
  /** httpbin: `/status/<code>` answers with that code. */
  statusFromPath?: boolean;
  /** Not an HTTP server: the Go HTTP client's error after `Get "url": ` ('timeout' = no answer at all). */
  nonHttp?: string;
  /** Response bodies by path, for a listener of another container of the Pod (its files are not in this one's). */
  bodies?: Record<string, string>;
  /** Bound to 127.0.0.1 only: reachable from inside the pod, not from the kubelet's probes on the pod IP. */
  localOnly?: boolean;
}

export interface TimelineEntry {
  atMs: number;
  op: 'touch' | 'rm' | 'write' | 'mkdir' | 'exit' | 'log' | 'mem';
  path?: string;
  /** Exit code (op `exit`). */
  code?: number;
  /** Log line (op `log`) or the file's full content after the write (op `write`). */
  text?: string;
  /** Log stream. */
  stream?: 'stdout' | 'stderr';
  /** The container's memory (op `mem`): bytes charged to its cgroup from `atMs` (anonymous memory + tmpfs). */
  bytes?: number;
  /** Op `mem`: the memory keeps growing at this many bytes per second (a loop appending to a list). */
  growth?: number;
}

/** What the interpreter knows about the image being run. */
export interface ImageCtx {
  repository: string;
  tag?: string;
  base: ImageBase;
  coreutils: Coreutils;
  /** The `sh` of the image (null: no shell at all, e.g. scratch/distroless). */
  sh: ShellKind | null;
  hasBash: boolean;
  /** Program names found on $PATH. */
  programs: Set<string>;
  /** Absolute paths of programs outside the standard bin directories (e.g. `/agnhost`, `/docker-entrypoint.sh`). */
  paths: Set<string>;
  entrypointServer?: string;
  exposedPorts: number[];
  /** The image is not in the catalog: programs we do not know are assumed to exist and to serve until stopped. */
  assumed?: boolean;
}

interface RunOptions {
  horizonMs: number;
  hostname: string;
  podIP: string;
  /** `stdin: true` on the container: interactive programs (sh, python, node REPL) wait instead of exiting. */
  stdinOpen: boolean;
  /** Virtual ms of the container start since the run began, for timestamps inside log lines. */
  startedAtMs: number;
}

export interface Output {
  timeline: TimelineEntry[];
  listens: Listener[];
  logCount: number;
  truncated: boolean;
  steps: number;
  record: boolean;
  /** Nesting of shells/eval/command substitutions, bounded so hostile scripts cannot overflow the JS stack. */
  depth?: number;
  /** Anonymous memory of the container's processes, bytes (the cgroup's charge, with `shm`). */
  rss?: number;
  /** Bytes written to tmpfs (/dev/shm): page cache the memory cgroup charges to the container. */
  shm?: number;
  /** A program of an unknown image ran as the assumed server (programs/serve.ts `assumedServer`). */
  assumed?: boolean;
}

/** Runs a command line the way the caller would (a shell passes its own lookup: builtins, functions, $PATH). */
export type Run = (argv: string[], p: Proc) => number;
/** A program, coreutil or shell by name: its exit status, or a Halt when it never returns or exits the process. */
export type ProgramHandler = (argv: string[], p: Proc, run: Run) => number;

/** Stop signals: the process exited, blocks forever, or ran past the simulation horizon / step budget. */
export class Halt {
  constructor(
    readonly kind: 'exit' | 'forever' | 'horizon',
    readonly code = 0,
  ) {}
}

export class LoopSignal {
  constructor(
    readonly kind: 'break' | 'continue',
    public n: number,
  ) {}
}

/** `return` inside a shell function. */
export class ReturnSignal {
  constructor(readonly code: number) {}
}

const MAX_LOG_ENTRIES = 1000;
/** containerd's CRI `defaultShmSize` (internal/cri/server: 64 MiB): the size of a container's /dev/shm tmpfs. */
export const DEFAULT_SHM_BYTES = 64 * 1024 * 1024;
const MAX_STEPS = 50_000;
export const MAX_DEPTH = 100;
const MAX_FILE_TEXT = 4096;
export const STD_BIN_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** 2025-06-02T10:00:00Z: the wall-clock the simulated cluster pretends the run started at (log timestamps only). */
export const VIRTUAL_EPOCH_MS = 1_748_858_400_000;

export type FdTarget =
  | { kind: 'log'; stream: 'stdout' | 'stderr' }
  | { kind: 'null' }
  | { kind: 'file'; path: string }
  | { kind: 'capture' };

/** A process started by `kubectl exec` (runc exec): it joins the container's namespaces beside its PID 1. */
export interface ExecSession {
  /** The container's processes, PID 1 first, then the exec'd one. */
  processes: Array<{ pid: number; argv: string[] }>;
  /** The other containers' sockets: a Pod's containers share one network namespace, so localhost reaches them. */
  podListens?: Listener[];
}

export class Proc {
  t = 0;
  env = new Map<string, string>();
  /** Files: path → content. Directories: `path/` → ''. */
  fs = new Map<string, string>();
  /** Mount points whose contents are unknown: any path below them exists. */
  opaque: string[] = [];
  cwd = '/';
  positional: string[] = [];
  arg0 = 'sh';
  status = 0;
  shell: ShellKind = 'ash';
  errexit = false;
  xtrace = false;
  pipefail = false;
  condDepth = 0;
  lineNo = 1;
  /** stdout (1) / stderr (2) routing. */
  fds: FdTarget[] = [{ kind: 'null' }, { kind: 'log', stream: 'stdout' }, { kind: 'log', stream: 'stderr' }];
  capture: string[] | null = null;
  stdinData: string[] | null = null;
  bgEnds: number[] = [];
  viaEntrypoint = false;
  inShell = false;
  /** Shell functions (bodies are parser Commands; typed loosely to keep this module parser-agnostic). */
  functions = new Map<string, unknown>();
  funcDepth = 0;
  /** Set for a process `kubectl exec` started beside the container's own (ps lists them; clients say what is not modelled). */
  session?: ExecSession;

  constructor(
    readonly out: Output,
    readonly img: ImageCtx,
    readonly opts: RunOptions,
  ) {}

  fork(): Proc {
    const p = new Proc(this.out, this.img, this.opts);
    p.t = this.t;
    p.env = new Map(this.env);
    p.fs = new Map(this.fs);
    p.opaque = this.opaque;
    p.cwd = this.cwd;
    p.positional = [...this.positional];
    p.arg0 = this.arg0;
    p.status = this.status;
    p.shell = this.shell;
    p.errexit = this.errexit;
    p.xtrace = this.xtrace;
    p.pipefail = this.pipefail;
    p.lineNo = this.lineNo;
    p.fds = [...this.fds];
    p.capture = this.capture;
    p.viaEntrypoint = this.viaEntrypoint;
    p.inShell = this.inShell;
    p.functions = new Map(this.functions);
    p.funcDepth = this.funcDepth;
    p.session = this.session;
    return p;
  }

  // ---- time and budget ------------------------------------------------------------------------------------

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Halt('forever');
    const next = this.t + ms;
    if (next > this.opts.horizonMs) {
      this.t = this.opts.horizonMs;
      throw new Halt('horizon');
    }
    this.t = next;
  }

  step(): void {
    if (++this.out.steps > MAX_STEPS) throw new Halt('horizon');
  }

  /** Run `fn` one nesting level deeper (sub-shells, eval, command substitution, exec'd programs). */
  nested<T>(fn: () => T): T {
    const depth = (this.out.depth ?? 0) + 1;
    if (depth > MAX_DEPTH) throw new Halt('horizon');
    this.out.depth = depth;
    try {
      return fn();
    } finally {
      this.out.depth = depth - 1;
    }
  }

  // ---- output ----------------------------------------------------------------------------------------------

  /** Write one line to fd 1 or 2, following redirections. */
  emit(fd: 1 | 2, text: string): void {
    const target = this.fds[fd] ?? { kind: 'null' };
    for (const line of text.split('\n')) this.route(target, line, fd);
  }

  private route(target: FdTarget, line: string, fd: 1 | 2): void {
    if (target.kind === 'null') return;
    if (target.kind === 'capture') this.capture?.push(line);
    else if (target.kind === 'file') this.appendFile(target.path, `${line}\n`);
    else this.rawLog(line, target.stream ?? (fd === 1 ? 'stdout' : 'stderr'));
  }

  /** Program output on stdout/stderr, following the current redirections. */
  log(text: string, stream: 'stdout' | 'stderr' = 'stdout'): void {
    this.emit(stream === 'stdout' ? 1 : 2, text);
  }

  /** A container log line (what `kubectl logs` shows). */
  rawLog(text: string, stream: 'stdout' | 'stderr'): void {
    if (!this.out.record) return;
    if (this.out.logCount >= MAX_LOG_ENTRIES) {
      this.out.truncated = true;
      return;
    }
    this.out.logCount++;
    this.out.timeline.push({ atMs: this.t, op: 'log', text, stream });
  }

  listen(l: Omit<Listener, 'protocol'>): void {
    if (!this.out.record) return;
    this.out.listens.push({ protocol: 'TCP', ...l });
  }

  // ---- memory ---------------------------------------------------------------------------------------------

  /**
   * The processes' anonymous memory changes by `bytes` (negative: freed); `growthPerSec` > 0 marks memory that
   * keeps growing from now on (the process never frees it). Recorded as the container's total charge.
   */
  allocate(bytes: number, growthPerSec = 0): void {
    this.out.rss = Math.max(0, (this.out.rss ?? 0) + (Number.isFinite(bytes) ? bytes : 0));
    this.recordMemory(growthPerSec);
  }

  /** Bytes written to (positive) or removed from (negative) tmpfs: shared memory the cgroup charges too. */
  chargeShm(bytes: number): void {
    this.out.shm = Math.max(0, (this.out.shm ?? 0) + (Number.isFinite(bytes) ? bytes : 0));
    this.recordMemory(0);
  }

  private recordMemory(growth: number): void {
    if (!this.out.record) return;
    const bytes = (this.out.rss ?? 0) + (this.out.shm ?? 0);
    this.out.timeline.push({ atMs: this.t, op: 'mem', bytes, ...(growth > 0 ? { growth } : {}) });
  }

  // ---- filesystem ------------------------------------------------------------------------------------------

  abs(path: string): string {
    const raw = path.startsWith('/') ? path : `${this.cwd.replace(/\/$/, '')}/${path}`;
    const parts: string[] = [];
    for (const seg of raw.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') parts.pop();
      else parts.push(seg);
    }
    return `/${parts.join('/')}`;
  }

  private underOpaque(p: string): boolean {
    return this.opaque.some((m) => p === m || p.startsWith(`${m}/`));
  }

  isDir(path: string): boolean {
    const p = this.abs(path);
    if (p === '/') return true;
    if (this.fs.has(`${p}/`)) return true;
    if (this.opaque.some((m) => p === m)) return true;
    return false;
  }

  isFile(path: string): boolean {
    const p = this.abs(path);
    if (this.fs.has(p)) return true;
    return this.underOpaque(p) && !this.isDir(p);
  }

  exists(path: string): boolean {
    return this.isDir(path) || this.isFile(path);
  }

  parentExists(path: string): boolean {
    const p = this.abs(path);
    const parent = p.slice(0, p.lastIndexOf('/')) || '/';
    return this.isDir(parent) || this.underOpaque(parent);
  }

  read(path: string): string {
    return this.fs.get(this.abs(path)) ?? '';
  }

  private record(entry: Omit<TimelineEntry, 'atMs'>): void {
    if (this.out.record) this.out.timeline.push({ atMs: this.t, ...entry });
  }

  writeFile(path: string, content: string): void {
    const p = this.abs(path);
    if (p === '/dev/null') return;
    const text = content.length > MAX_FILE_TEXT ? content.slice(content.length - MAX_FILE_TEXT) : content;
    this.fs.set(p, text);
    this.record({ op: 'write', path: p, text });
  }

  appendFile(path: string, content: string): void {
    const p = this.abs(path);
    if (p === '/dev/null') return;
    if (p === '/dev/stdout' || p === '/proc/1/fd/1' || p === '/dev/stderr' || p === '/proc/1/fd/2') {
      const stream = p.endsWith('1') || p === '/dev/stdout' ? 'stdout' : 'stderr';
      for (const line of content.replace(/\n$/, '').split('\n')) this.rawLog(line, stream);
      return;
    }
    this.writeFile(p, (this.fs.get(p) ?? '') + content);
  }

  touch(path: string): void {
    const p = this.abs(path);
    if (this.fs.has(p)) {
      this.record({ op: 'touch', path: p });
      return;
    }
    this.fs.set(p, '');
    this.record({ op: 'touch', path: p });
  }

  remove(path: string): void {
    const p = this.abs(path);
    for (const key of [...this.fs.keys()])
      if (key === p || key === `${p}/` || key.startsWith(`${p}/`)) this.fs.delete(key);
    this.record({ op: 'rm', path: p });
  }

  mkdir(path: string): void {
    const p = this.abs(path);
    if (p === '/' || this.fs.has(`${p}/`)) return;
    this.fs.set(`${p}/`, '');
    this.record({ op: 'mkdir', path: `${p}/` });
  }

  // ---- misc ------------------------------------------------------------------------------------------------

  getVar(name: string): string | undefined {
    return this.env.get(name);
  }

  /** Wall-clock rendering of the current virtual time. */
  now(): Civil {
    return civil(VIRTUAL_EPOCH_MS + this.opts.startedAtMs + this.t);
  }
}

/** UTC calendar fields of a virtual time (the engine's one calendar function). */
type Civil = UtcFields;
const civil = utcFields;

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** A file's lines as the line model holds them: a final newline ends the last line rather than starting one. */
export function fileLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
