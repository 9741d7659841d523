/**
 * `kubectl top pod|node` (k8s.io/kubectl pkg/cmd/top/top_pod.go, top_node.go and pkg/metricsutil/metrics_printer.go,
 * v1.34) against the resource metrics API of the world: metrics-server's answer when it is installed
 * (src/engine/metrics/resourceMetrics.ts), `error: Metrics API not available` when the group is not served (kind's
 * default). Columns `NAME CPU(cores) MEMORY(bytes)` (pods; `NAMESPACE` first with -A, `POD NAME …` with
 * --containers) and `NAME CPU(cores) CPU(%) MEMORY(bytes) MEMORY(%)` (nodes, against allocatable); CPU printed as
 * `<milli>m`, memory as `<MiB>Mi`; rows sorted by namespace and name (the sorters' default).
 */
import type { WorldState } from '../api';
import type { KObject } from '../types';
import { objectsOf } from '../trace/worldAt';
import { metricsApiState, nodeMetrics, podMetrics, usageOf } from '../metrics/resourceMetrics';
import { parseBytes, parseCpuMillis } from '../objects/quantity';
import { listFilter } from '../apiserver/listFilter';
import { TABLE_TABWRITER, tabwrite } from './tabwriter';

const cpu = (m: number) => `${m}m`;
const mem = (b: number) => `${Math.floor(b / (1024 * 1024))}Mi`;

interface TopFlags {
  namespace: string;
  allNamespaces: boolean;
  containers: boolean;
  noHeaders: boolean;
  selector?: string;
  names: string[];
}

function parse(tokens: string[]): TopFlags | string {
  const f: TopFlags = { namespace: 'default', allNamespaces: false, containers: false, noHeaders: false, names: [] };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '-A' || t === '--all-namespaces') f.allNamespaces = true;
    else if (t === '--containers') f.containers = true;
    else if (t === '--no-headers') f.noHeaders = true;
    else if (t === '-n' || t === '--namespace') f.namespace = tokens[++i] ?? '';
    else if (t.startsWith('--namespace=')) f.namespace = t.slice('--namespace='.length);
    else if (t.startsWith('-n') && t.length > 2) f.namespace = t.slice(2);
    else if (t === '-l' || t === '--selector') f.selector = tokens[++i];
    else if (t.startsWith('--selector=')) f.selector = t.slice('--selector='.length);
    else if (t.startsWith('-')) return `error: unknown flag: ${t.split('=')[0]}`;
    else f.names.push(t);
  }
  return f;
}

export function answerTop(tokens: string[], world: WorldState): { output: string; ok: boolean } {
  const sub = tokens.shift();
  const fail = (output: string) => ({ output, ok: false });
  const isPods = sub === 'pod' || sub === 'pods' || sub === 'po';
  const isNodes = sub === 'node' || sub === 'nodes' || sub === 'no';
  if (!isPods && !isNodes)
    return fail(
      sub === undefined
        ? 'Display resource (CPU/memory) usage.\n\nAvailable Commands:\n  node          Display resource (CPU/memory) usage of nodes\n  pod           Display resource (CPU/memory) usage of pods'
        : `error: unknown command "${sub}" for "kubectl top"`,
    );
  const flags = parse(tokens);
  if (typeof flags === 'string') return fail(flags);
  const objects = objectsOf(world);
  const state = metricsApiState(objects);
  if (state === 'absent') return fail('error: Metrics API not available');
  if (state === 'unavailable')
    return fail(
      `Error from server (ServiceUnavailable): the server is currently unable to handle the request (get ${isPods ? 'pods' : 'nodes'}.metrics.k8s.io)`,
    );
  const filter = flags.selector !== undefined ? listFilter(flags.selector, undefined) : undefined;
  if (typeof filter === 'string') return fail(`error: ${filter}`);
  return isPods ? topPods(objects, world.time, flags, filter) : topNodes(objects, world.time, flags, filter);
}

function topPods(
  objects: KObject[],
  now: number,
  f: TopFlags,
  filter: ((o: KObject) => boolean) | undefined,
): { output: string; ok: boolean } {
  let items = podMetrics(objects, now).filter((m) => f.allNamespaces || m.metadata.namespace === f.namespace);
  if (filter) items = items.filter(filter);
  if (f.names.length) {
    const name = f.names[0];
    const found = items.find((m) => m.metadata.name === name);
    if (!found)
      return {
        output: `Error from server (NotFound): podmetrics.metrics.k8s.io "${f.namespace}/${name}" not found`,
        ok: false,
      };
    items = [found];
  }
  if (items.length === 0) {
    // verifyEmptyMetrics: Pods that exist but have no metrics yet are newly created.
    const pods = objects.filter(
      (o) => o.kind === 'Pod' && (f.allNamespaces || o.metadata.namespace === f.namespace) && (!filter || filter(o)),
    );
    if (pods.length) return { output: 'error: metrics not available yet', ok: false };
    return {
      output: f.allNamespaces ? 'No resources found' : `No resources found in ${f.namespace} namespace.`,
      ok: true,
    };
  }
  items.sort((a, b) =>
    f.allNamespaces && a.metadata.namespace !== b.metadata.namespace
      ? a.metadata.namespace! < b.metadata.namespace!
        ? -1
        : 1
      : a.metadata.name < b.metadata.name
        ? -1
        : 1,
  );
  const rows: string[][] = [];
  const ns = f.allNamespaces ? ['NAMESPACE'] : [];
  if (!f.noHeaders) rows.push([...ns, ...(f.containers ? ['POD'] : []), 'NAME', 'CPU(cores)', 'MEMORY(bytes)']);
  for (const m of items) {
    const nsCell = f.allNamespaces ? [m.metadata.namespace!] : [];
    const containers = (m.containers ?? []) as any[];
    if (f.containers) {
      for (const c of containers) {
        const u = usageOf(c.usage);
        rows.push([...nsCell, m.metadata.name, c.name, cpu(u.cpu), mem(u.memory)]);
      }
    } else {
      const sum = containers.reduce(
        (acc, c) => {
          const u = usageOf(c.usage);
          return { cpu: acc.cpu + u.cpu, memory: acc.memory + u.memory };
        },
        { cpu: 0, memory: 0 },
      );
      rows.push([...nsCell, m.metadata.name, cpu(sum.cpu), mem(sum.memory)]);
    }
  }
  return {
    output: tabwrite(rows.map((r) => `${r.join('\t')}\n`).join(''), TABLE_TABWRITER).replace(/\n$/, ''),
    ok: true,
  };
}

function topNodes(
  objects: KObject[],
  now: number,
  f: TopFlags,
  filter: ((o: KObject) => boolean) | undefined,
): { output: string; ok: boolean } {
  const nodes = new Map(objects.filter((o) => o.kind === 'Node').map((n) => [n.metadata.name, n]));
  let items = nodeMetrics(objects, now);
  if (filter) items = items.filter(filter);
  if (f.names.length) {
    const found = items.find((m) => m.metadata.name === f.names[0]);
    if (!found)
      return {
        output: `Error from server (NotFound): nodemetrics.metrics.k8s.io "${f.names[0]}" not found`,
        ok: false,
      };
    items = [found];
  }
  if (items.length === 0) return { output: 'error: metrics not available yet', ok: false };
  items.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1));
  const rows: string[][] = [];
  if (!f.noHeaders) rows.push(['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)']);
  for (const m of items) {
    const u = usageOf(m.usage);
    const alloc = nodes.get(m.metadata.name)?.status?.allocatable ?? {};
    const cpuAlloc = alloc.cpu !== undefined ? parseCpuMillis(alloc.cpu) : 0;
    const memAlloc = alloc.memory !== undefined ? parseBytes(alloc.memory) : 0;
    const pct = (used: number, avail: number) => (avail > 0 ? `${Math.trunc((used / avail) * 100)}%` : '<unknown>');
    rows.push([m.metadata.name, cpu(u.cpu), pct(u.cpu, cpuAlloc), mem(u.memory), pct(u.memory, memAlloc)]);
  }
  return {
    output: tabwrite(rows.map((r) => `${r.join('\t')}\n`).join(''), TABLE_TABWRITER).replace(/\n$/, ''),
    ok: true,
  };
}
