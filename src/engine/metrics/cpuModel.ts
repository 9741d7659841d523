/**
 * What a running container costs in CPU and memory, as metrics-server would report it. Podyssey has no real
 * processes, so this is a model, decided only by the container's image, command and args (docs/CONTRACTS.md §6:
 * outcomes come from the manifest) and by the objects around it. Deterministic by construction; no clock, no rng.
 *
 * - **busy**: a loop that never waits (`while true; do :; done`, `yes > /dev/null`, `stress --cpu 1`,
 *   `sha256sum /dev/zero`, `dd if=/dev/zero of=/dev/null`) is one single-threaded process on a core: it uses its cpu
 *   limit when that is below one core (the CFS quota throttles it there), otherwise one core (1000m).
 * - **load**: a shell loop that calls `wget`/`curl` against `http://NAME` (the HPA walkthrough's load generator,
 *   `while sleep 0.01; do wget -q -O- http://php-apache; done`) costs the client a few millicores and sends
 *   `LOAD_DEMAND_MILLIS` of work to the Service NAME, spread evenly over its Ready Pods (kube-proxy's random choice,
 *   on average). The php-apache image computes on every request (hpa-example's index.php loops a million square
 *   roots), so its demand is a whole core per generator; any other server answers cheaply (`CHEAP_DEMAND_MILLIS`).
 *   A server Pod's usage is its share, capped by its cpu limit.
 * - **idle**: everything else — a server waiting for requests (nginx, http-echo, apache), `sleep`, the pause
 *   process — sits at about 1m (0m for a bare `sleep`).
 * Memory is a constant per kind of program (the working set of a small server, a shell, a loop): enough for
 * `kubectl top` to print plausible numbers; memory does not drive any autoscaling here.
 */
import type { KObject } from '../types';
import { parseBytes, parseCpuMillis } from '../objects/quantity';

const MI = 1024 * 1024;

/** What a loaded php-apache Pod computes per load generator (hpa-example's index.php is CPU-bound). */
export const LOAD_DEMAND_MILLIS = 700;
/** What any other server spends answering one generator's stream of requests. */
const CHEAP_DEMAND_MILLIS = 10;
/** One busy single-threaded process: at most one core. */
const ONE_CORE_MILLIS = 1000;

export type CpuProfile =
  { kind: 'busy' } | { kind: 'load'; host: string } | { kind: 'idle'; millis: number; bytes: number; heavy: boolean };

const BUSY_PATTERNS: RegExp[] = [
  // `while true; do :; done`, `while :; do true; done`, `until false; do :; done`
  /\b(while\s+(true|:)|until\s+false)\s*;?\s*do\s*(:|true)?\s*;?\s*done\b/,
  /(^|[\s;|&(])yes(\s|$)/,
  /(^|[\s;|&(/])stress(-ng)?(\s|$)/,
  /\b(sha256sum|sha1sum|md5sum|sha512sum|gzip|cat|bzip2)\s+\/dev\/(zero|urandom)\b/,
  /\bdd\s+if=\/dev\/(zero|urandom)\b/,
];

/** The program a container runs, classified from its image and argv (`command` + `args`, joined). */
export function cpuProfile(container: { image?: string; command?: string[]; args?: string[] }): CpuProfile {
  const argv = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
  const image = container.image ?? '';
  const load = /\b(wget|curl)\b[^;&|]*?\bhttps?:\/\/([A-Za-z0-9.-]+)/.exec(argv);
  if (load && /\b(while|until|for)\b/.test(argv)) return { kind: 'load', host: load[2] };
  if (BUSY_PATTERNS.some((re) => re.test(argv))) return { kind: 'busy' };
  if (/(^|\/)stress(-ng)?(:|$)/.test(image.split('@')[0]) && argv === '') return { kind: 'busy' };
  const heavy = /(^|\/)hpa-example(:|$)/.test(image.split('@')[0]);
  if (/^\s*(\/bin\/)?sleep\s/.test(argv) || /^(sh|\/bin\/sh|bash)\s+-c\s+sleep\s/.test(argv))
    return { kind: 'idle', millis: 0, bytes: 0.4 * MI, heavy };
  return { kind: 'idle', millis: 1, bytes: (heavy ? 10 : 4) * MI, heavy };
}

/** The containers of `pod` that are running now (their status says so), with their specs. */
function runningContainers(pod: KObject): any[] {
  const running = new Set(
    ((pod.status?.containerStatuses ?? []) as any[]).filter((s) => s.state?.running).map((s) => s.name),
  );
  return ((pod.spec?.containers ?? []) as any[]).filter((c) => running.has(c.name));
}

function cpuLimit(c: any): number | undefined {
  const l = c.resources?.limits?.cpu;
  return l === undefined ? undefined : parseCpuMillis(l);
}

function isReady(pod: KObject): boolean {
  return ((pod.status?.conditions ?? []) as any[]).some((c) => c.type === 'Ready' && c.status === 'True');
}

function matches(selector: Record<string, string> | undefined, labels: Record<string, string> | undefined): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

export interface ContainerUsage {
  name: string;
  cpuMillis: number;
  memoryBytes: number;
}

/**
 * The usage of every running container of every Pod in `pods`, by Pod key (`namespace/name`). `services` resolve a
 * load generator's host (`NAME`, `NAME.NAMESPACE`, `NAME.NAMESPACE.svc…`) to the Ready Pods its selector picks.
 */
export function containerUsage(pods: readonly KObject[], services: readonly KObject[]): Map<string, ContainerUsage[]> {
  // The demand each server Pod receives from the load generators that run now.
  const demand = new Map<string, number>();
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp !== undefined) continue;
    for (const c of runningContainers(pod)) {
      const p = cpuProfile(c);
      if (p.kind !== 'load') continue;
      const [name, nsPart] = p.host.split('.');
      const ns = nsPart && nsPart !== 'svc' ? nsPart : (pod.metadata.namespace ?? 'default');
      const svc = services.find((s) => s.metadata.name === name && s.metadata.namespace === ns);
      if (!svc) continue;
      const backends = pods.filter(
        (b) =>
          b.metadata.namespace === ns &&
          b.metadata.deletionTimestamp === undefined &&
          isReady(b) &&
          matches(svc.spec?.selector, b.metadata.labels),
      );
      for (const b of backends) {
        const heavy = runningContainers(b).some((bc) => (cpuProfile(bc) as { heavy?: boolean }).heavy);
        const per = (heavy ? LOAD_DEMAND_MILLIS : CHEAP_DEMAND_MILLIS) / backends.length;
        const key = `${ns}/${b.metadata.name}`;
        demand.set(key, (demand.get(key) ?? 0) + per);
      }
    }
  }
  const out = new Map<string, ContainerUsage[]>();
  for (const pod of pods) {
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    const containers = runningContainers(pod);
    if (containers.length === 0) continue;
    const podDemand = demand.get(key) ?? 0;
    out.set(
      key,
      containers.map((c, i) => {
        const p = cpuProfile(c);
        const limit = cpuLimit(c);
        const cap = (m: number) => Math.min(m, limit ?? Number.POSITIVE_INFINITY);
        let cpuMillis: number;
        let memoryBytes: number;
        if (p.kind === 'busy') {
          cpuMillis = cap(ONE_CORE_MILLIS);
          memoryBytes = 0.5 * MI;
        } else if (p.kind === 'load') {
          cpuMillis = cap(3);
          memoryBytes = 0.6 * MI;
        } else {
          // The first container serves the Pod's port in the common one-container Pod: it gets the demand.
          cpuMillis = cap(p.millis + (i === 0 ? podDemand : 0));
          memoryBytes = p.bytes + (i === 0 && podDemand > 0 ? 8 * MI : 0);
        }
        const memLimit = c.resources?.limits?.memory;
        if (memLimit !== undefined) memoryBytes = Math.min(memoryBytes, parseBytes(memLimit));
        return { name: c.name, cpuMillis: Math.floor(cpuMillis), memoryBytes: Math.floor(memoryBytes) };
      }),
    );
  }
  return out;
}
