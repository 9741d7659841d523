/**
 * Invariants a run must keep whatever interventions hit it, checked after every step by folding the run's history
 * (the same writes `worldAt` folds, incrementally so every step is affordable):
 * - no node's bound, non-terminal Pods request more than its allocatable CPU, memory or Pod count;
 * - no Pod is bound to a node whose NoSchedule/NoExecute taint (or cordon) it does not tolerate, when that taint
 *   had been stored for a while before the binding (a scheduler deciding from its cache may race a write made a
 *   few milliseconds earlier, as in a real cluster; the taint manager then evicts);
 * - at the end, with the control plane up, no Pod still runs (without a deletionTimestamp) on a node whose
 *   NoExecute taint it does not tolerate — including a Pod the scheduler bound just after the taint, from a cache
 *   that had not seen it yet (the taint-eviction controller handles Pod updates too).
 * Returns the violations as text (empty when the run is fine), so `npm run fuzz` can use it without vitest.
 */
import type { HistoryEntry, KObject, Run, TimedAction } from '../../src/engine/api';
import { tolerationsTolerateTaint, type Taint } from '../../src/engine/objects/labels';
import { parseBytes, parseCpuMillis } from '../../src/engine/objects/quantity';

/** How long a taint or cordon must have been stored before a binding that ignores it counts as a violation. */
const RACE_GRACE_MS = 2_000;

const UNSCHEDULABLE: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

/** The Pod's summed container requests (millicores, bytes). */
export function requestsOf(pod: KObject): { cpu: number; mem: number } {
  let cpu = 0;
  let mem = 0;
  for (const c of pod.spec.containers ?? []) {
    cpu += parseCpuMillis(c.resources?.requests?.cpu ?? 0);
    mem += parseBytes(c.resources?.requests?.memory ?? 0);
  }
  return { cpu, mem };
}

const terminal = (p: KObject) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
const taintId = (node: string, t: Taint) => `${node}|${t.key}|${t.effect}`;

/** Whether kube-apiserver, kube-controller-manager and an etcd quorum are up once every action has been applied. */
export function controlPlaneUpAtEnd(actions: readonly TimedAction[]): boolean {
  const down = new Set<string>();
  // In the order the engine applies them (its sortActions): by step when pinned, else by time.
  const sorted = [...actions].sort(
    (a, b) => (a.atStep ?? Infinity) - (b.atStep ?? Infinity) || (a.atMs ?? Infinity) - (b.atMs ?? Infinity),
  );
  for (const { action: a } of sorted) {
    if (a.type !== 'stop' && a.type !== 'start') continue;
    const key = a.member !== undefined ? `etcd-${a.member}` : a.node ? `${a.component}@${a.node}` : a.component;
    if (a.type === 'stop') down.add(key);
    else down.delete(key);
  }
  const etcdDown = [...down].filter((k) => k.startsWith('etcd-')).length;
  return !down.has('kube-apiserver') && !down.has('kube-controller-manager') && etcdDown <= 1;
}

export function interventionViolations(run: Run, actions: readonly TimedAction[]): string[] {
  const out: string[] = [];
  const pods = new Map<string, KObject>();
  const nodes = new Map<string, KObject>();
  /** taintId → virtual time since which the taint has been stored without interruption. */
  const taintSince = new Map<string, number>();
  const cordonSince = new Map<string, number>();
  /** Pod uid → virtual time it was first seen bound. */
  const bound = new Map<string, number>();
  const timeOf = (seq: number) => (seq < 0 ? -Infinity : (run.steps[seq]?.time ?? 0));

  const noteNode = (name: string, node: KObject | undefined, t: number) => {
    const current = new Set<string>((node?.spec?.taints ?? []).map((x: Taint) => taintId(name, x)));
    for (const id of [...taintSince.keys()]) if (id.startsWith(`${name}|`) && !current.has(id)) taintSince.delete(id);
    for (const id of current) if (!taintSince.has(id)) taintSince.set(id, t);
    if (node?.spec?.unschedulable) {
      if (!cordonSince.has(name)) cordonSince.set(name, t);
    } else cordonSince.delete(name);
  };

  const checkBinding = (pod: KObject, seq: number, t: number) => {
    const nodeName = pod.spec.nodeName as string;
    const node = nodes.get(nodeName);
    const who = `pod ${pod.metadata.name} bound to ${nodeName} at #${seq} (t=${t} ms)`;
    for (const taint of (node?.spec?.taints ?? []) as Taint[]) {
      if (taint.effect === 'PreferNoSchedule') continue;
      const since = taintSince.get(taintId(nodeName, taint)) ?? t;
      if (t - since >= RACE_GRACE_MS && !tolerationsTolerateTaint(pod.spec.tolerations ?? [], taint))
        out.push(`${who}: it does not tolerate ${taint.key}:${taint.effect}, stored since t=${since} ms`);
    }
    const cordoned = cordonSince.get(nodeName);
    if (
      cordoned !== undefined &&
      t - cordoned >= RACE_GRACE_MS &&
      !tolerationsTolerateTaint(pod.spec.tolerations ?? [], UNSCHEDULABLE)
    )
      out.push(`${who}: the node has been cordoned since t=${cordoned} ms`);
  };

  const checkCapacity = (seq: number) => {
    for (const [name, node] of nodes) {
      const on = [...pods.values()].filter((p) => p.spec.nodeName === name && !terminal(p));
      let cpu = 0;
      let mem = 0;
      for (const p of on) {
        const r = requestsOf(p);
        cpu += r.cpu;
        mem += r.mem;
      }
      const a = node.status?.allocatable ?? {};
      if (cpu > parseCpuMillis(a.cpu ?? 0)) out.push(`#${seq}: ${name} has ${cpu}m CPU requested of ${a.cpu}`);
      if (mem > parseBytes(a.memory ?? 0)) out.push(`#${seq}: ${name} has ${mem} bytes requested of ${a.memory}`);
      if (on.length > Number(a.pods ?? Infinity)) out.push(`#${seq}: ${name} has ${on.length} pods of ${a.pods}`);
    }
  };

  const history: readonly HistoryEntry[] = run.history;
  for (let i = 0; i < history.length && out.length === 0;) {
    const seq = history[i].seq;
    const t = timeOf(seq);
    let podsChanged = false;
    const newlyBound: KObject[] = [];
    for (; i < history.length && history[i].seq === seq; i++) {
      const { key, value } = history[i];
      if (key.startsWith('/registry/minions/')) {
        const name = key.slice('/registry/minions/'.length);
        if (value === null) nodes.delete(name);
        else nodes.set(name, value as KObject);
        noteNode(name, (value ?? undefined) as KObject | undefined, t);
        podsChanged = true;
      } else if (key.startsWith('/registry/pods/')) {
        podsChanged = true;
        if (value === null) {
          pods.delete(key);
          continue;
        }
        const pod = value as KObject;
        pods.set(key, pod);
        if (pod.spec?.nodeName && !bound.has(pod.metadata.uid!)) {
          bound.set(pod.metadata.uid!, t);
          if (seq >= 0) newlyBound.push(pod);
        }
      }
    }
    for (const pod of newlyBound) checkBinding(pod, seq, t);
    if (podsChanged) checkCapacity(seq);
  }
  if (out.length) return out;

  const end = run.end.time;
  if (run.end.reason === 'step-cap' || !controlPlaneUpAtEnd(actions)) return out;
  for (const pod of pods.values()) {
    if (!pod.spec.nodeName || terminal(pod) || pod.metadata.deletionTimestamp !== undefined) continue;
    for (const taint of (nodes.get(pod.spec.nodeName)?.spec?.taints ?? []) as Taint[]) {
      if (taint.effect !== 'NoExecute') continue;
      const since = taintSince.get(taintId(pod.spec.nodeName, taint)) ?? end;
      if (end - since >= RACE_GRACE_MS && !tolerationsTolerateTaint(pod.spec.tolerations ?? [], taint))
        out.push(
          `pod ${pod.metadata.name} still runs on ${pod.spec.nodeName} at the end (t=${end} ms), not tolerating ${taint.key}:${taint.effect} stored since t=${since} ms`,
        );
    }
  }
  return out;
}
