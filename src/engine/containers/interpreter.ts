/**
 * What a container does, derived from its image and its manifest (docs/CONTRACTS.md §6 "Outcomes come from the manifest").
 *
 * `containerProgram` runs the container's argv through a small model of the image's userland and returns a
 * Program: a timeline of file operations, log lines and the exit (if any), the sockets it listens on, or a start
 * error. The kubelet/runtime simulation then asks `probeHttp` / `probeTcp` / `runExecProbe` at virtual times.
 *
 * Kubernetes rules modelled (k8s.io/kubernetes pkg/kubelet/kuberuntime `generateContainerConfig`):
 * - `command` replaces the image ENTRYPOINT (and then the image CMD is ignored); `args` replaces CMD;
 *   empty lists count as unset. `$(VAR)` references in command/args expand from the container env, `$$` escapes
 *   (third_party/forked/golang/expansion); unknown references stay as written.
 * - argv[0] that does not exist in the image fails container start the way runc reports it (StartError, exit 128):
 *   `exec: "foo": executable file not found in $PATH` / `exec: "/foo": stat /foo: no such file or directory`.
 * - a process whose stdin is closed (no `stdin: true`) reads EOF: shells and REPLs with nothing to do exit 0 at
 *   once (busybox's default `sh`, python3, node), which under restartPolicy Always is Completed → CrashLoopBackOff.
 * Probe texts are the Go client errors the kubelet prints (pkg/probe/http, tcp, exec):
 * `Get "http://10.244.1.5:8080/": dial tcp 10.244.1.5:8080: connect: connection refused`,
 * `HTTP probe failed with statuscode: 500`, `dial tcp 10.244.1.5:8080: connect: connection refused`,
 * and for exec probes the command's combined output (busybox vs GNU wording picked by the image).
 */
import { sha256Hex } from '../util/sha256';
import { withFields } from '../kernel/withFields';
import type { ImageBase } from '../images/catalogEntry';
import { IMAGE_CATALOG } from '../images/imageCatalog';
import type { ImageLookupOk } from '../images/resolveImage';
import { statusFor } from './programs/serve';
import {
  Halt,
  LoopSignal,
  Proc,
  type Coreutils,
  type ExecSession,
  type ImageCtx,
  type Listener,
  type Output,
  type TimelineEntry,
} from './proc';
import { resolveExecutable } from './resolveExecutable';
import { runResolved } from './shell/exec';

export type { Listener, TimelineEntry, Coreutils } from './proc';

export interface ContainerSpec {
  name?: string;
  image: string;
  command?: string[];
  args?: string[];
  /** Resolve envFrom and valueFrom beforehand where you can; a `valueFrom` without value counts as set (opaque). */
  env?: Array<{ name: string; value?: string; valueFrom?: unknown }>;
  workingDir?: string;
  stdin?: boolean;
  tty?: boolean;
  volumeMounts?: Array<{ name?: string; mountPath: string; subPath?: string; readOnly?: boolean }>;
  /** Only read for images whose behaviour is assumed: such a server listens on the container's ports. */
  ports?: Array<{ containerPort?: number; protocol?: string }>;
}

export interface ProgramOptions {
  podIP?: string;
  /** Pod name (the container's hostname). */
  hostname?: string;
  namespace?: string;
  /** Stop simulating after this many virtual ms (the container is then considered still running). Default 2 h. */
  horizonMs?: number;
  /** Virtual ms since the run began at which the container starts (only for timestamps in log lines). */
  startedAtMs?: number;
  /** pod.spec.volumes, to know which mounts start empty (emptyDir) and which hold unknown content. */
  volumes?: Array<Record<string, any>>;
  /** Known contents of mounted files (ConfigMap/Secret keys resolved by the caller), absolute path → text. */
  mountedFiles?: Record<string, string>;
  /** Whether the service account token is mounted (default true). */
  serviceAccountToken?: boolean;
}

export interface StartError {
  /** `StartError` (runc could not exec argv[0]) or `CreateContainerError` (no command at all). */
  reason: 'StartError' | 'CreateContainerError';
  exitCode?: number;
  message: string;
}

export interface Program {
  /** Sockets and their HTTP behaviour; a listener is alive from `fromMs` until the program exits. */
  listens: Listener[];
  /** File operations, log lines and the exit, in time order (ms since container start). */
  timeline: TimelineEntry[];
  /** True when the process never exits (or was still running at the horizon). */
  runsForever: boolean;
  /** Set when the container cannot start; then timeline and listens are empty. */
  startError?: StartError;
  /** Effective argv after command/args/ENTRYPOINT/CMD resolution and $(VAR) expansion. */
  argv: string[];
  exitCode?: number;
  exitAtMs?: number;
  /** Files present at start (path → content; directories end with `/`). */
  initialFiles: Record<string, string>;
  /** Mount points with unknown content: every path below them exists. */
  opaquePaths: string[];
  image: { repository: string; tag?: string; base: ImageBase; assumed?: boolean };
  env: Record<string, string>;
  workingDir: string;
  hostname: string;
  podIP: string;
  /** The log cap or step budget was hit; later log lines are missing. */
  truncated: boolean;
  /** What the process does is Podyssey's assumption (an unknown image's program, run as a server). */
  assumedBehaviour?: boolean;
}

const BUSYBOX_APPLETS =
  'sh ash sleep echo cat touch rm mkdir rmdir ls test [ [[ true false tail head env date hostname printf cp mv ps kill id whoami pwd grep egrep fgrep sed awk tee yes seq timeout uname chmod chown ln find xargs wc sort uniq cut tr basename dirname which expr realpath readlink stat du df free top uptime sync watch nc wget nslookup ping ping6 traceroute ifconfig ip netstat vi less more gzip gunzip tar unzip base64 md5sum sha256sum sha1sum od hexdump usleep printenv nohup nice time mktemp install dd diff cmp patch busybox';
const GNU_USERLAND =
  'sh dash bash sleep echo cat touch rm mkdir rmdir ls test [ true false tail head env date hostname printf cp mv kill id whoami pwd grep egrep fgrep sed tee yes seq timeout uname chmod chown ln find xargs wc sort uniq cut tr basename dirname which expr realpath readlink stat du df sync gzip gunzip tar base64 md5sum sha256sum sha1sum od mktemp install dd diff cmp printenv nohup nice mawk awk su getent dpkg';

function baseProgramSet(base: ImageBase): string[] {
  switch (base) {
    case 'busybox':
      return [...BUSYBOX_APPLETS.split(' '), 'httpd', 'telnet'];
    case 'alpine':
      return [...BUSYBOX_APPLETS.split(' '), 'apk'];
    case 'debian':
    case 'ubuntu':
      return [...GNU_USERLAND.split(' '), 'apt-get', 'apt'];
    case 'oracle':
      return [...GNU_USERLAND.split(' ').filter((n) => n !== 'dash'), 'ps', 'microdnf'];
    case 'scratch':
      return [];
  }
}

/** The image's userland as the interpreter sees it. */
function imageContext(image: {
  repository: string;
  tag?: string;
  base: ImageBase;
  programs?: string[];
  entrypointServer?: string;
  ports?: number[];
  assumed?: boolean;
}): ImageCtx {
  const entry = IMAGE_CATALOG.find(
    (e) => e.repository === image.repository || (e.aliases ?? []).includes(image.repository),
  );
  const extra = image.programs ?? entry?.programs ?? [];
  const base = image.base;
  return {
    repository: image.repository,
    tag: image.tag,
    base,
    coreutils: base === 'busybox' || base === 'alpine' ? 'busybox' : 'gnu',
    sh:
      base === 'busybox' || base === 'alpine' ? 'ash' : base === 'scratch' ? null : base === 'oracle' ? 'bash' : 'dash',
    hasBash: base === 'debian' || base === 'ubuntu' || base === 'oracle',
    programs: new Set([...baseProgramSet(base), ...extra.filter((x) => !x.includes('/'))]),
    paths: new Set(extra.filter((x) => x.startsWith('/'))),
    entrypointServer: image.entrypointServer ?? entry?.entrypointServer,
    exposedPorts: image.ports ?? entry?.ports ?? [],
    ...(image.assumed ? { assumed: true } : {}),
  };
}

/** Kubernetes `$(VAR)` expansion of command/args (`$$` is a literal `$`; unknown names stay verbatim). */
export function expandKubernetesVars(text: string, env: Map<string, string> | Record<string, string>): string {
  const get = (k: string) =>
    env instanceof Map ? env.get(k) : Object.prototype.hasOwnProperty.call(env, k) ? env[k] : undefined;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '$' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[i + 1]!;
    if (n === '$') {
      out += '$';
      i++;
    } else if (n === '(') {
      const end = text.indexOf(')', i + 2);
      if (end < 0) {
        out += text.slice(i);
        break;
      }
      const name = text.slice(i + 2, end);
      const value = get(name);
      out += value !== undefined ? value : `$(${name})`;
      i = end;
    } else out += c;
  }
  return out;
}

function strings(v: unknown): string[] | undefined {
  if (!Array.isArray(v) || v.length === 0) return undefined;
  return v.map((x) => (typeof x === 'string' ? x : x === null || x === undefined ? '' : String(x)));
}

const BASE_DIRS = [
  '/bin/',
  '/dev/',
  '/etc/',
  '/home/',
  '/lib/',
  '/media/',
  '/mnt/',
  '/opt/',
  '/proc/',
  '/root/',
  '/run/',
  '/sbin/',
  '/srv/',
  '/sys/',
  '/tmp/',
  '/usr/',
  '/usr/bin/',
  '/usr/lib/',
  '/usr/local/',
  '/usr/local/bin/',
  '/usr/local/sbin/',
  '/usr/sbin/',
  '/usr/share/',
  '/var/',
  '/var/cache/',
  '/var/lib/',
  '/var/log/',
  '/var/run/',
  '/var/tmp/',
];

function addDirChain(files: Record<string, string>, path: string): void {
  const segs = path.split('/').filter(Boolean);
  for (let i = 1; i <= segs.length; i++) files[`/${segs.slice(0, i).join('/')}/`] = '';
}

function osRelease(base: ImageBase): string {
  switch (base) {
    case 'alpine':
      return 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.21.2';
    case 'debian':
      return 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"';
    case 'ubuntu':
      return 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nID=ubuntu\nVERSION_ID="24.04"';
    case 'oracle':
      return 'NAME="Oracle Linux Server"\nID="ol"\nVERSION_ID="9.5"';
    default:
      return '';
  }
}

function initialFilesystem(
  image: ImageLookupOk,
  spec: ContainerSpec,
  opts: Required<Pick<ProgramOptions, 'hostname' | 'podIP' | 'namespace' | 'serviceAccountToken'>> & ProgramOptions,
  workingDir: string,
): { files: Record<string, string>; opaque: string[] } {
  const files: Record<string, string> = {};
  if (image.base === 'scratch') for (const d of ['/dev/', '/etc/', '/proc/', '/sys/']) files[d] = '';
  else for (const d of BASE_DIRS) files[d] = '';
  files['/dev/null'] = '';
  files['/dev/shm/'] = ''; // the runtime mounts a 64 MiB tmpfs there in every container
  files['/dev/termination-log'] = '';
  files['/etc/hostname'] = `${opts.hostname}\n`;
  files['/etc/hosts'] = `127.0.0.1\tlocalhost\n${opts.podIP}\t${opts.hostname}\n`;
  files['/etc/resolv.conf'] =
    `search ${opts.namespace}.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n`;
  if (image.base !== 'scratch') {
    files['/etc/passwd'] = 'root:x:0:0:root:/root:/bin/sh\n';
    files['/etc/os-release'] = `${osRelease(image.base)}\n`;
  }
  for (const f of image.entry.files ?? []) {
    if (f.endsWith('/')) addDirChain(files, f);
    else {
      addDirChain(files, f.slice(0, f.lastIndexOf('/')));
      files[f] = '';
    }
  }
  if (image.entry.files?.includes('/usr/share/nginx/html/index.html'))
    files['/usr/share/nginx/html/index.html'] = '<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n';
  addDirChain(files, workingDir);
  if (opts.serviceAccountToken) {
    const sa = '/var/run/secrets/kubernetes.io/serviceaccount';
    addDirChain(files, sa);
    files[`${sa}/token`] = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IiJ9.simulated.token';
    files[`${sa}/ca.crt`] = '-----BEGIN CERTIFICATE-----\n';
    files[`${sa}/namespace`] = opts.namespace;
  }
  const opaque: string[] = ['/proc', '/sys'];
  const volumes = Array.isArray(opts.volumes) ? opts.volumes : undefined;
  for (const m of Array.isArray(spec.volumeMounts) ? spec.volumeMounts : []) {
    if (!m || typeof m.mountPath !== 'string' || !m.mountPath.startsWith('/')) continue;
    const mount = m.mountPath.replace(/\/+$/, '') || '/';
    const known = Object.entries(opts.mountedFiles ?? {}).filter(([k]) => k.startsWith(`${mount}/`) || k === mount);
    const volume = volumes?.find((v) => v?.name === m.name);
    const empty =
      volume !== undefined &&
      (volume.emptyDir !== undefined ||
        volume.persistentVolumeClaim !== undefined ||
        volume.hostPath !== undefined ||
        volume.ephemeral !== undefined);
    if (m.subPath && !empty && known.length === 0) {
      // A single file projected at mountPath (subPath of a ConfigMap/Secret): content unknown.
      addDirChain(files, mount.slice(0, mount.lastIndexOf('/')));
      opaque.push(mount);
      continue;
    }
    addDirChain(files, mount);
    for (const [k, v] of known) {
      addDirChain(files, k.slice(0, k.lastIndexOf('/')));
      files[k] = String(v);
    }
    if (!empty && known.length === 0) opaque.push(mount);
  }
  return { files, opaque };
}

/**
 * Programs are pure functions of their inputs and the kubelet asks again at every probe period, so recent results
 * are memoised (bounded). Treat returned Programs as read-only.
 */
const programCache = new Map<string, Program>();
const PROGRAM_CACHE_SIZE = 256;

/**
 * The container as far as the program can depend on it. A mount's name only picks its volume out of
 * `options.volumes`; without volumes it changes nothing, and leaving it out lets every replica share one entry
 * (each pod's service-account volume has a generated name).
 */
function keySpec(container: ContainerSpec, options: ProgramOptions): unknown {
  if (options?.volumes !== undefined || !Array.isArray(container?.volumeMounts)) return container;
  return {
    ...container,
    volumeMounts: container.volumeMounts.map((m) => (m && typeof m === 'object' ? { ...m, name: undefined } : m)),
  };
}

/** Interpret a container against its (resolved) image. Never throws. */
export function containerProgram(container: ContainerSpec, image: ImageLookupOk, options?: ProgramOptions): Program {
  // A stored (frozen) container with no options: its last program, without building the JSON key again (the
  // runtime asks for every container it starts, and replicas' containers are separate objects anyway).
  const frozen =
    options === undefined && typeof container === 'object' && container !== null && Object.isFrozen(container);
  if (frozen) {
    const known = programOf.get(container);
    if (known?.image === image) return known.program;
  }
  const program = cachedProgram(container, image, options ?? {});
  if (frozen) programOf.set(container, { image, program });
  return program;
}

/** The program of a frozen container by object, with the (cached, shared) image lookup it was worked out for. */
const programOf = new WeakMap<ContainerSpec, { image: ImageLookupOk; program: Program }>();

function cachedProgram(container: ContainerSpec, image: ImageLookupOk, options: ProgramOptions): Program {
  let key: string | undefined;
  try {
    key = JSON.stringify([keySpec(container, options), image?.normalized, image?.digest, image?.base, options]);
  } catch {
    key = undefined;
  }
  if (key !== undefined) {
    const hit = programCache.get(key);
    if (hit) return hit;
  }
  const program = interpretContainer(container, image, options);
  if (key !== undefined) {
    if (programCache.size >= PROGRAM_CACHE_SIZE) programCache.delete(programCache.keys().next().value!);
    programCache.set(key, program);
  }
  return program;
}

function interpretContainer(container: ContainerSpec, image: ImageLookupOk, options: ProgramOptions): Program {
  if (!image || image.ok !== true || !image.entry) {
    return {
      listens: [],
      timeline: [],
      runsForever: false,
      startError: { reason: 'CreateContainerError', message: 'image not resolved' },
      argv: [],
      initialFiles: {},
      opaquePaths: [],
      image: { repository: '', base: 'scratch' },
      env: {},
      workingDir: '/',
      hostname: options?.hostname ?? 'pod',
      podIP: options?.podIP ?? '',
      truncated: false,
    };
  }
  // withFields, not a spread: fields added to a spread copy of an unfrozen object take V8 11's slow path.
  const opts = withFields(options, {
    hostname: typeof options.hostname === 'string' && options.hostname ? options.hostname : 'pod',
    podIP: typeof options.podIP === 'string' && options.podIP ? options.podIP : '10.244.0.2',
    namespace: options.namespace ?? 'default',
    serviceAccountToken: options.serviceAccountToken !== false,
  });
  const horizonMs = Number.isFinite(options.horizonMs) && options.horizonMs! > 0 ? options.horizonMs! : 2 * 3600_000;
  const spec: ContainerSpec = container && typeof container === 'object' ? container : { image: '' };
  const assumed = image.entry.assumed === true;
  const img = imageContext({
    repository: image.entry.repository,
    tag: image.tag,
    base: image.base,
    programs: image.entry.programs,
    assumed,
    // An image we do not know: assume its server listens on the ports the manifest declares.
    ...(assumed ? { ports: containerPorts(spec) } : {}),
  });
  img.repository = image.repository;

  // Environment: image ENV, then the kubelet's, then the container's (later entries may use $(EARLIER)).
  const env = new Map<string, string>(Object.entries(image.config.env));
  env.set('HOSTNAME', opts.hostname);
  env.set('HOME', '/root');
  env.set('KUBERNETES_SERVICE_HOST', '10.96.0.1');
  env.set('KUBERNETES_SERVICE_PORT', '443');
  env.set('KUBERNETES_SERVICE_PORT_HTTPS', '443');
  env.set('KUBERNETES_PORT', 'tcp://10.96.0.1:443');
  env.set('KUBERNETES_PORT_443_TCP', 'tcp://10.96.0.1:443');
  env.set('KUBERNETES_PORT_443_TCP_PROTO', 'tcp');
  env.set('KUBERNETES_PORT_443_TCP_PORT', '443');
  env.set('KUBERNETES_PORT_443_TCP_ADDR', '10.96.0.1');
  for (const e of Array.isArray(spec.env) ? spec.env : []) {
    if (!e || typeof e.name !== 'string' || !e.name) continue;
    if (typeof e.value === 'string') env.set(e.name, expandKubernetesVars(e.value, env));
    else if (e.valueFrom !== undefined) env.set(e.name, '********');
    else env.set(e.name, '');
  }

  const command = strings(spec.command);
  const args = strings(spec.args);
  const rawArgv = command ? [...command, ...(args ?? [])] : [...image.config.entrypoint, ...(args ?? image.config.cmd)];
  const argv = rawArgv.map((a) => expandKubernetesVars(a, env));
  const workingDir =
    typeof spec.workingDir === 'string' && spec.workingDir.startsWith('/') ? spec.workingDir : image.config.workingDir;
  const { files, opaque } = initialFilesystem(image, spec, opts, workingDir);

  const program: Program = {
    listens: [],
    timeline: [],
    runsForever: false,
    argv,
    initialFiles: files,
    opaquePaths: opaque,
    image: { repository: image.repository, tag: image.tag, base: image.base, ...(assumed ? { assumed } : {}) },
    env: Object.fromEntries(env),
    workingDir,
    hostname: opts.hostname,
    podIP: opts.podIP,
    truncated: false,
  };

  if (argv.length === 0) {
    program.startError = {
      reason: 'CreateContainerError',
      message: 'failed to generate container spec: no command specified',
    };
    return program;
  }

  const out: Output = { timeline: [], listens: [], logCount: 0, truncated: false, steps: 0, record: true };
  const p = new Proc(out, img, {
    horizonMs,
    hostname: opts.hostname,
    podIP: opts.podIP,
    stdinOpen: spec.stdin === true,
    startedAtMs: Number(options.startedAtMs) || 0,
  });
  p.env = env;
  p.fs = new Map(Object.entries(files));
  p.opaque = opaque;
  p.cwd = workingDir;
  p.arg0 = argv[0]!;

  const resolved = resolveExecutable(argv[0]!, p);
  if (!resolved) {
    const name = argv[0]!;
    const why = name.includes('/')
      ? `exec: "${name}": stat ${name}: no such file or directory`
      : `exec: "${name}": executable file not found in $PATH`;
    program.startError = {
      reason: 'StartError',
      exitCode: 128,
      message: `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: ${why}: unknown`,
    };
    return program;
  }

  let exitCode: number | undefined;
  try {
    exitCode = runResolved(resolved, argv, p);
  } catch (e) {
    if (e instanceof Halt) {
      if (e.kind === 'exit') exitCode = e.code;
      else if (e.kind === 'horizon') out.truncated = out.truncated || p.t < horizonMs;
    } else if (e instanceof LoopSignal) exitCode = 0;
    else {
      // Defensive: an interpreter bug must not take the simulation down; the container just keeps running.
      exitCode = undefined;
    }
  }

  const exitAt = exitCode === undefined ? undefined : p.t;
  program.timeline = out.timeline
    .filter((e) => exitAt === undefined || e.atMs <= exitAt)
    .sort((a, b) => a.atMs - b.atMs);
  program.listens = out.listens.filter((l) => exitAt === undefined || l.fromMs < exitAt);
  if (exitCode !== undefined) {
    program.timeline.push({ atMs: exitAt!, op: 'exit', code: exitCode });
    program.exitCode = exitCode;
    program.exitAtMs = exitAt;
  } else program.runsForever = true;
  program.truncated = out.truncated;
  if (out.assumed) program.assumedBehaviour = true;
  return program;
}

function containerPorts(spec: ContainerSpec): number[] {
  const ports: number[] = [];
  for (const port of Array.isArray(spec.ports) ? spec.ports : []) {
    const n = Number(port?.containerPort);
    if (Number.isInteger(n) && n > 0 && n < 65536 && (port.protocol ?? 'TCP') === 'TCP' && !ports.includes(n))
      ports.push(n);
  }
  return ports;
}

// ---- state over time -----------------------------------------------------------------------------------------

function replay(program: Program, tMs: number): Map<string, string> {
  const fs = new Map(Object.entries(program.initialFiles ?? {}));
  for (const e of program.timeline ?? []) {
    if (e.atMs > tMs) break;
    if (!e.path) continue;
    if (e.op === 'touch') {
      if (!fs.has(e.path)) fs.set(e.path, '');
    } else if (e.op === 'write') fs.set(e.path, e.text ?? '');
    else if (e.op === 'mkdir') fs.set(e.path.endsWith('/') ? e.path : `${e.path}/`, '');
    else if (e.op === 'rm')
      for (const k of [...fs.keys()])
        if (k === e.path || k === `${e.path}/` || k.startsWith(`${e.path}/`)) fs.delete(k);
  }
  return fs;
}

/** The container's files at virtual time `tMs` (directories end with `/`). */
export function fileStateAt(program: Program, tMs: number): Set<string> {
  return new Set(replay(program, tMs).keys());
}

/**
 * The first moment (ms since container start) the container's memory charge goes above `limitBytes`, or undefined.
 * The cgroup's OOM killer acts then when the limit is the container's own (memory.max); the kubelet's eviction
 * manager compares the same curve with the node's allocatable memory.
 */
export function memoryExceededAt(program: Program, limitBytes: number): number | undefined {
  if (!(limitBytes > 0)) return undefined;
  const mem = (program.timeline ?? []).filter((e) => e.op === 'mem');
  const end = program.exitAtMs ?? Infinity;
  for (let i = 0; i < mem.length; i++) {
    const e = mem[i]!;
    if (e.atMs > end) break;
    const bytes = e.bytes ?? 0;
    if (bytes > limitBytes) return e.atMs;
    const until = Math.min(mem[i + 1]?.atMs ?? Infinity, end);
    if (e.growth && e.growth > 0) {
      const at = e.atMs + Math.ceil(((limitBytes - bytes) / e.growth) * 1000);
      if (at < until) return at;
    }
  }
  return undefined;
}

/** The container's memory charge at `tMs` (bytes), following the `mem` entries of its timeline. */
export function memoryAt(program: Program, tMs: number): number {
  let bytes = 0;
  for (const e of program.timeline ?? []) {
    if (e.atMs > tMs) break;
    if (e.op === 'mem') bytes = (e.bytes ?? 0) + (e.growth ? (e.growth * (tMs - e.atMs)) / 1000 : 0);
  }
  return Math.round(bytes);
}

/** Whether the container process is still running at `tMs`. */
export function isRunningAt(program: Program, tMs: number): boolean {
  if (program.startError) return false;
  return program.exitAtMs === undefined || tMs < program.exitAtMs;
}

/** Container logs up to `tMs` (what `kubectl logs` would print). */
export function logsUntil(program: Program, tMs: number): string[] {
  return (program.timeline ?? []).filter((e) => e.op === 'log' && e.atMs <= tMs).map((e) => e.text ?? '');
}

function liveListener(program: Program, tMs: number, port: number, fromPodIP: boolean): Listener | undefined {
  if (!isRunningAt(program, tMs)) return undefined;
  return (program.listens ?? []).find((l) => l.port === port && l.fromMs <= tMs && !(fromPodIP && l.localOnly));
}

function hostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

function procAt(program: Program, tMs: number, files?: Set<string>): Proc {
  const img = imageContext({
    repository: program.image.repository,
    tag: program.image.tag,
    base: program.image.base,
    assumed: program.image.assumed,
  });
  const out: Output = {
    timeline: [],
    listens: (program.listens ?? []).filter((l) => isRunningAt(program, tMs) && l.fromMs <= tMs),
    logCount: 0,
    truncated: false,
    steps: 0,
    record: false,
  };
  const p = new Proc(out, img, {
    horizonMs: tMs + 1000,
    hostname: program.hostname,
    podIP: program.podIP,
    stdinOpen: false,
    startedAtMs: 0,
  });
  const contents = replay(program, tMs);
  if (files) {
    p.fs = new Map();
    for (const f of files) p.fs.set(f, contents.get(f) ?? '');
  } else p.fs = contents;
  p.opaque = program.opaquePaths ?? [];
  p.env = new Map(Object.entries(program.env ?? {}));
  p.cwd = program.workingDir || '/';
  p.t = tMs;
  return p;
}

interface ProbeResult {
  ok: boolean;
  output: string;
  /** HTTP status, when the server answered. */
  status?: number;
}

/**
 * An httpGet probe at `tMs` against the pod IP. Success is 200 ≤ status < 400 (redirects count as success, as the
 * kubelet follows them). Output texts are the kubelet's (pkg/probe/http).
 */
export function probeHttp(
  program: Program,
  tMs: number,
  port: number,
  path: string,
  podIP: string,
  opts: { scheme?: 'HTTP' | 'HTTPS' } = {},
): ProbeResult {
  const scheme = (opts.scheme ?? 'HTTP').toLowerCase();
  const p0 = typeof path === 'string' && path !== '' ? path : '/';
  const fullPath = p0.startsWith('/') ? p0 : `/${p0}`;
  const url = `${scheme}://${hostPort(podIP, port)}${fullPath}`;
  const listener = liveListener(program, tMs, port, true);
  if (!listener)
    return { ok: false, output: `Get "${url}": dial tcp ${hostPort(podIP, port)}: connect: connection refused` };
  if (listener.nonHttp === 'timeout')
    return {
      ok: false,
      output: `Get "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`,
    };
  if (listener.nonHttp) return { ok: false, output: `Get "${url}": ${listener.nonHttp}` };
  if (scheme === 'https') return { ok: false, output: `Get "${url}": http: server gave HTTP response to HTTPS client` };
  const status = statusFor(listener, fullPath.split('?')[0]!, procAt(program, tMs));
  if (status >= 200 && status < 400) return { ok: true, output: '', status };
  return { ok: false, output: `HTTP probe failed with statuscode: ${status}`, status };
}

/** A tcpSocket probe at `tMs` (pkg/probe/tcp): success when something accepts the connection. */
export function probeTcp(program: Program, tMs: number, port: number, podIP: string): ProbeResult {
  if (liveListener(program, tMs, port, true)) return { ok: true, output: '' };
  return { ok: false, output: `dial tcp ${hostPort(podIP, port)}: connect: connection refused` };
}

interface ExecProbeContext {
  /** Which coreutils wording to use when no program is given (default busybox). */
  flavor?: Coreutils;
  /** The container's program, for its image userland, listeners, environment and file contents. */
  program?: Program;
  /** Virtual time of the probe (ms since container start). */
  tMs?: number;
  /** Probe timeoutSeconds (default 1). */
  timeoutSeconds?: number;
  /** A `kubectl exec` rather than a probe: what `ps` lists, and network clients say what is not modelled. */
  session?: ExecSession;
}

interface ExecResult {
  exitCode: number;
  /** Combined stdout+stderr, lines joined with "\n". */
  output: string;
  /** The command could not be started (probe result "errored"/Unknown, not Failure). */
  errored?: boolean;
  /** The command ran past timeoutSeconds (probe Failure, output `command "…" timed out`). */
  timedOut?: boolean;
}

/**
 * An exec probe: run `cmd` (no shell unless you ask for one) in the container's filesystem `files`.
 * Side effects of the probe command are not kept.
 */
export function runExecProbe(
  cmd: string[],
  files: Set<string>,
  ctx: ExecProbeContext | Coreutils | ImageLookupOk = {},
): ExecResult {
  const lookup = ctx && typeof ctx === 'object' && 'ok' in ctx && ctx.ok === true ? (ctx as ImageLookupOk) : undefined;
  const c: ExecProbeContext =
    typeof ctx === 'string' ? { flavor: ctx } : lookup ? {} : ((ctx as ExecProbeContext) ?? {});
  const argv = strings(cmd) ?? [];
  const tMs = Number.isFinite(c.tMs) ? c.tMs! : 0;
  const timeoutMs = Math.max(1, Number(c.timeoutSeconds) || 1) * 1000;
  let p: Proc;
  if (c.program) p = procAt(c.program, tMs, files instanceof Set ? files : undefined);
  else {
    const base: ImageBase = lookup ? lookup.base : c.flavor === 'gnu' ? 'debian' : 'busybox';
    const img = lookup
      ? imageContext({ repository: lookup.entry.repository, tag: lookup.tag, base, programs: lookup.entry.programs })
      : imageContext({ repository: 'exec', base, programs: [] });
    const out: Output = { timeline: [], listens: [], logCount: 0, truncated: false, steps: 0, record: false };
    p = new Proc(out, img, {
      horizonMs: tMs + timeoutMs,
      hostname: 'pod',
      podIP: '10.244.0.2',
      stdinOpen: false,
      startedAtMs: 0,
    });
    p.t = tMs;
    const fs = new Map<string, string>([
      ['/tmp/', ''],
      ['/dev/null', ''],
    ]);
    for (const f of files instanceof Set ? files : []) {
      if (typeof f !== 'string' || !f.startsWith('/')) continue;
      fs.set(f, '');
      const segs = f.split('/').filter(Boolean);
      for (let i = 1; i < segs.length; i++) fs.set(`/${segs.slice(0, i).join('/')}/`, '');
    }
    p.fs = fs;
  }
  (p.opts as { horizonMs: number }).horizonMs = tMs + timeoutMs;
  if (c.session) {
    p.session = c.session;
    for (const l of c.session.podListens ?? [])
      if (!p.out.listens.some((x) => x.port === l.port)) p.out.listens.push(l);
  }
  p.capture = [];
  p.fds = [{ kind: 'null' }, { kind: 'capture' }, { kind: 'capture' }];
  p.arg0 = argv[0] ?? '';
  const name = argv[0] ?? '';
  const resolved = resolveExecutable(name, p);
  if (!resolved) {
    const execId = sha256Hex(`exec:${argv.join('\u0000')}:${tMs}`);
    const why = name.includes('/')
      ? `exec: "${name}": stat ${name}: no such file or directory`
      : `exec: "${name}": executable file not found in $PATH`;
    return {
      exitCode: 126,
      errored: true,
      output: `rpc error: code = Unknown desc = failed to exec in container: failed to start exec "${execId}": OCI runtime exec failed: exec failed: unable to start container process: ${why}: unknown`,
    };
  }
  let exitCode: number;
  try {
    exitCode = runResolved(resolved, argv, p);
  } catch (e) {
    if (e instanceof Halt && e.kind === 'exit') exitCode = e.code;
    else if (e instanceof Halt || e instanceof LoopSignal) {
      if (e instanceof LoopSignal) exitCode = 0;
      else return { exitCode: 1, timedOut: true, output: `command "${argv.join(' ')}" timed out` };
    } else exitCode = 1;
  }
  if (p.t - tMs > timeoutMs) return { exitCode: 1, timedOut: true, output: `command "${argv.join(' ')}" timed out` };
  return { exitCode, output: (p.capture ?? []).join('\n') };
}
