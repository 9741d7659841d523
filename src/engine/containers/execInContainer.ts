/**
 * What `kubectl exec` runs: a new process in a running container (runc exec into its namespaces), with the
 * container's environment and filesystem at that moment. Unlike the runtime's own program, which never sees the
 * contents of ConfigMaps and Secrets, an exec is answered from the world, so env `valueFrom`/`envFrom` and the files
 * of ConfigMap/Secret volumes are resolved here from the objects (kubelet_pods.go makeEnvironmentVariables; the
 * atomic writer of pkg/volume/configmap and secret).
 */
import { resolvePresentImage } from '../images/resolveImage';
import type { KObject } from '../types';
import {
  containerProgram,
  fileStateAt,
  runExecProbe,
  type ContainerSpec,
  type Listener,
  type Program,
} from './interpreter';

/** How long an exec is followed before it counts as still running. */
const EXEC_WAIT_S = 60;

/** Reads an object of the Pod's namespace (a ConfigMap or a Secret) from the world. */
export type ObjectLookup = (kind: 'ConfigMap' | 'Secret', name: string) => KObject | undefined;

export interface ExecOutcome {
  /** stdout and stderr as the terminal shows them, in order. */
  lines: string[];
  exitCode: number;
  /**
   * runc could not start the process (no such executable): containerd's error text, which the kubelet returns on the
   * stream's error channel (container_execsync.go execInternal → "failed to exec in container: …").
   */
  startError?: string;
}

/** A Secret's `data` is base64; `stringData` is folded in by the apiserver, but read both to be safe. */
function keysOf(o: KObject | undefined): Record<string, string> {
  if (!o) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((o.data ?? {}) as Record<string, string>))
    out[k] = o.kind === 'Secret' ? decodeBase64(String(v)) : String(v);
  for (const [k, v] of Object.entries((o.stringData ?? {}) as Record<string, string>)) out[k] = String(v);
  return out;
}

function decodeBase64(s: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let bits = 0;
  let acc = 0;
  const bytes: number[] = [];
  for (const ch of s.replace(/[^A-Za-z0-9+/]/g, '')) {
    acc = (acc << 6) | alphabet.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  // UTF-8 through percent-decoding: the engine has no TextDecoder (no DOM or Node types).
  const pct = bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  try {
    return decodeURIComponent(pct);
  } catch {
    return String.fromCharCode(...bytes);
  }
}

/** The container's env with ConfigMap/Secret references resolved, as the kubelet resolved them at start. */
function resolvedEnv(spec: any, lookup: ObjectLookup): ContainerSpec['env'] {
  const env: Array<{ name: string; value?: string }> = [];
  for (const e of spec.envFrom ?? []) {
    const ref = e.configMapRef ?? e.secretRef;
    if (!ref) continue;
    const data = keysOf(lookup(e.configMapRef ? 'ConfigMap' : 'Secret', ref.name));
    for (const [k, v] of Object.entries(data)) env.push({ name: `${e.prefix ?? ''}${k}`, value: v });
  }
  for (const e of spec.env ?? []) {
    const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
    if (ref) {
      const data = keysOf(lookup(e.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name));
      if (ref.key in data) env.push({ name: e.name, value: data[ref.key] });
    } else if (e.valueFrom?.fieldRef) env.push({ name: e.name, value: '' });
    else env.push({ name: e.name, value: e.value ?? '' });
  }
  return env;
}

/** Files of the ConfigMap and Secret volumes the container mounts (each key a file, or `items` with their paths). */
function mountedFiles(pod: KObject, spec: any, lookup: ObjectLookup): Record<string, string> {
  const files: Record<string, string> = {};
  for (const m of spec.volumeMounts ?? []) {
    if (m.subPath) continue;
    const v = (pod.spec?.volumes ?? []).find((x: any) => x?.name === m.name);
    const source = v?.configMap ?? v?.secret;
    if (!source) continue;
    const data = keysOf(lookup(v.configMap ? 'ConfigMap' : 'Secret', source.name ?? source.secretName));
    const dir = String(m.mountPath).replace(/\/+$/, '');
    const items: Array<{ key: string; path: string }> =
      source.items ?? Object.keys(data).map((k) => ({ key: k, path: k }));
    for (const it of items) if (it.key in data) files[`${dir}/${it.path}`] = data[it.key];
  }
  return files;
}

/** The container's program as the exec sees it (hostname = the Pod's name, its IP, its resolved config). */
export function execProgram(pod: KObject, containerName: string, lookup: ObjectLookup): Program | undefined {
  const spec = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].find(
    (c: any) => c.name === containerName,
  );
  if (!spec) return undefined;
  const image = resolvePresentImage(String(spec.image ?? ''));
  if (!image.ok) return undefined;
  const files = mountedFiles(pod, spec, lookup);
  return containerProgram({ ...spec, env: resolvedEnv(spec, lookup) }, image, {
    hostname: pod.metadata.name,
    podIP: pod.status?.podIP ?? '',
    namespace: pod.metadata.namespace ?? 'default',
    volumes: pod.spec?.volumes ?? [],
    ...(Object.keys(files).length ? { mountedFiles: files } : {}),
  });
}

/**
 * Runs `argv` (no shell unless asked for) in the container `sinceStartMs` after it started. Side effects are not
 * kept: the container's own program is what the simulation follows. Network clients answer what the interpreter
 * models (the data-plane path of issue 18 is not drawn yet).
 */
export function execInContainer(
  program: Program,
  sinceStartMs: number,
  argv: string[],
  podListens: Listener[] = [],
): ExecOutcome {
  const t = Math.max(0, sinceStartMs);
  // The exec'd process joins the container's PID namespace beside its PID 1 (pause and the shim are outside it);
  // earlier execs are not tracked, so it gets a small PID of its own.
  const session = {
    processes: [
      { pid: 1, argv: program.argv },
      { pid: 7, argv },
    ],
    podListens,
  };
  const res = runExecProbe(argv, fileStateAt(program, t), { program, tMs: t, timeoutSeconds: EXEC_WAIT_S, session });
  if (res.timedOut)
    // A command that never ends (top, sleep, tail -f): kubectl would wait until interrupted.
    return {
      lines: [`(still running after ${EXEC_WAIT_S} s: Podyssey stops waiting here, as a Ctrl-C would)`],
      exitCode: 130,
    };
  if (res.errored) {
    const at = res.output.indexOf('desc = ');
    return { lines: [], exitCode: res.exitCode, startError: at >= 0 ? res.output.slice(at + 7) : res.output };
  }
  return { lines: res.output === '' ? [] : res.output.split('\n'), exitCode: res.exitCode };
}

/**
 * Another container's sockets as this container reaches them on localhost: a static-file server's documents become
 * fixed answers (its files are in its own filesystem, not in this one).
 */
export function siblingListens(program: Program, ageMs: number): Listener[] {
  return program.listens
    .filter((l) => l.fromMs <= ageMs)
    .map((l) => {
      if (!l.docRoot) return { ...l, fromMs: 0 };
      const root = l.docRoot.replace(/\/$/, '');
      const httpPaths: Record<string, number> = { ...(l.httpPaths ?? {}) };
      const bodies: Record<string, string> = {};
      for (const [file, text] of Object.entries(program.initialFiles)) {
        if (!file.startsWith(`${root}/`) || file.endsWith('/')) continue;
        const rel = file.slice(root.length);
        httpPaths[rel] = 200;
        bodies[rel] = text;
        if (rel.endsWith('/index.html')) {
          const dir = rel.slice(0, -'index.html'.length);
          httpPaths[dir] = 200;
          bodies[dir] = text;
        }
      }
      const answered: Listener = { ...l, fromMs: 0, httpPaths, bodies };
      delete answered.docRoot;
      return answered;
    });
}
