/**
 * The kubelet's eviction manager (pkg/kubelet/eviction/eviction_manager.go), for memory: the default hard threshold
 * `memory.available<100Mi` (DefaultEvictionHard, pkg/kubelet/apis/config/v1beta1/defaults_linux.go), observed every
 * 10 s (`evictionMonitoringPeriod`, pkg/kubelet/kubelet.go). memory.available is the node's capacity minus the
 * working set of what runs on it; here, the memory the containers' programs hold (containers/interpreter.ts).
 *
 * When a started container's memory curve would take the node below the threshold (a container without a limit, or
 * with one above what the node has), a check is armed at the first 10 s tick after the crossing, unless the memory
 * goes past the node's own before then: that is the kernel's system-wide OOM killer (ContainerRuntime). Then, as
 * synchronize() does: the node event `EvictionThresholdMet` "Attempting to reclaim memory", the node condition
 * MemoryPressure=True (setters.go MemoryPressureCondition, with its NodeHasInsufficientMemory event), and the
 * eviction of the offending Pod with a grace period of 0 (a hard threshold): Warning `Evicted` with
 * helpers.go `evictionMessage`, phase Failed, reason Evicted, condition DisruptionTarget (TerminationByKubelet).
 * The condition goes back to False after `evictionPressureTransitionPeriod` (5 min).
 * Not modelled: soft thresholds, ranking among several offenders, node-level reclaim (image GC), other signals.
 */
import { resolvePresentImage } from '../../../images/resolveImage';
import { containerProgram, memoryAt, memoryExceededAt, type Program } from '../../../containers/interpreter';
import { deepClone } from '../../../kernel/deepClone';
import type { Simulation } from '../../../kernel/Simulation';
import { formatQuantity, memoryLimitBytes, parseBytes } from '../../../objects/quantity';
import type { KObject } from '../../../types';
import type { Kubelet } from '../Kubelet';
import { kubeletApiRequest } from '../kubeletApiRequest';
import { podEvent, podRef } from '../podEvent';
import { containerSpec, type ContainerRuntimeState, type PodWorkerState } from '../podWorkerState';
import { kubeletNodeEvent } from '../nodestatus/nodeEvent';

/** memory.available<100Mi. */
const EVICTION_HARD_MEMORY = 100 * 1024 * 1024;
const MONITORING_PERIOD_MS = 10_000;
const PRESSURE_TRANSITION_MS = 5 * 60_000;

/** A container whose memory counts against the node, with the program it runs. */
export interface MemoryUser {
  uid: string;
  container: string;
  containerId: string;
  startedAt: number;
}

function quantity(bytes: number): string {
  return formatQuantity(Math.max(0, Math.round(bytes)), 'BinarySI');
}

export class EvictionManager {
  constructor(private readonly k: Kubelet) {}

  private program(spec: any): Program | undefined {
    const image = resolvePresentImage(String(spec?.image ?? ''));
    return image.ok ? containerProgram(spec, image) : undefined;
  }

  private capacity(sim: Simulation): number {
    const node = sim.store.get(`/registry/minions/${this.k.node}`);
    const memory = node?.status?.capacity?.memory;
    return memory === undefined ? 0 : parseBytes(memory);
  }

  /** Memory the other allocating containers of this node hold at `now`. */
  private othersUsage(except: string, sim: Simulation): number {
    let total = 0;
    for (const u of this.k.s.memoryUsers ?? []) {
      if (u.containerId === except) continue;
      const w = this.k.s.pods.get(u.uid);
      const pod = this.k.s.podObjs.get(u.uid);
      const c = w?.containers.find((x) => x.name === u.container);
      if (!w || !pod || !c || c.containerId !== u.containerId || c.state !== 'running') continue;
      const program = this.program(containerSpec(pod, c));
      if (program) total += memoryAt(program, sim.now - u.startedAt);
    }
    return total;
  }

  /** A container started: if its memory would take the node below the threshold, check at the next tick after. */
  containerStarted(w: PodWorkerState, c: ContainerRuntimeState, spec: any, sim: Simulation): void {
    const program = this.program(spec);
    if (!program || !program.timeline.some((e) => e.op === 'mem') || !c.containerId || c.startedAt === undefined)
      return;
    const capacity = this.capacity(sim);
    if (!(capacity > 0)) return;
    const threshold = capacity - EVICTION_HARD_MEMORY - this.othersUsage(c.containerId, sim);
    const at = memoryExceededAt(program, threshold);
    if (at === undefined) return;
    const limit = memoryLimitBytes(spec);
    const oomAt = limit > 0 ? memoryExceededAt(program, limit) : undefined;
    if (oomAt !== undefined && oomAt <= at) return; // its own cgroup's OOM killer acts first
    this.k.s.memoryUsers = [
      ...(this.k.s.memoryUsers ?? []).filter((u) => u.uid !== w.uid || u.container !== c.name),
      { uid: w.uid, container: c.name, containerId: c.containerId, startedAt: c.startedAt },
    ];
    const crossing = c.startedAt + at;
    const tick = Math.ceil(crossing / MONITORING_PERIOD_MS) * MONITORING_PERIOD_MS;
    // Memory past the node's own is the kernel's system OOM killer's (the runtime's): too fast for this check.
    const systemOom = memoryExceededAt(program, capacity);
    if (systemOom !== undefined && c.startedAt + systemOom <= tick) return;
    sim.timer(this.k.address, Math.max(1, tick - sim.now), 'eviction', {
      uid: w.uid,
      container: c.name,
      containerId: c.containerId,
    });
  }

  /** The monitoring tick after a crossing: observe memory.available and, below the threshold, evict. */
  synchronize(data: Record<string, unknown>, sim: Simulation): void {
    const uid = String(data.uid);
    const w = this.k.s.pods.get(uid);
    const pod = this.k.s.podObjs.get(uid);
    const c = w?.containers.find((x) => x.name === data.container);
    if (!w || !pod || !c || w.evicted || w.deleting || c.containerId !== data.containerId || c.state !== 'running')
      return;
    const program = this.program(containerSpec(pod, c));
    if (!program) return;
    const usage = memoryAt(program, sim.now - (c.startedAt ?? sim.now));
    const available = this.capacity(sim) - usage - this.othersUsage(c.containerId!, sim);
    if (available >= EVICTION_HARD_MEMORY) return;
    const node = this.k.node;
    const nodeRef = { apiVersion: 'v1', kind: 'Node', name: node, uid: node };
    // helpers.go evictionMessage: nodeLowMessageFmt + thresholdMetMessageFmt + containerMessageFmt per container
    // using more than it requests, each with its trailing space.
    let message = `The node was low on resource: memory. Threshold quantity: ${quantity(EVICTION_HARD_MEMORY)}, available: ${quantity(available)}. `;
    for (const x of w.containers.filter((y) => !y.init && y.state === 'running')) {
      const spec = containerSpec(pod, x);
      const used =
        x === c
          ? usage
          : (() => {
              const p = this.program(spec);
              return p ? memoryAt(p, sim.now - (x.startedAt ?? sim.now)) : 0;
            })();
      const requested = spec?.resources?.requests?.memory;
      const request = requested === undefined ? 0 : parseBytes(requested);
      if (used > request)
        message += `Container ${x.name} was using ${quantity(used)}, request is ${requested === undefined ? '0' : String(requested)}, has larger consumption of memory. `;
    }
    w.evicted = { message };
    sim.decide(this.k.address, {
      phase: 'run',
      verb: 'evict',
      label: `evict ${w.name}`,
      summary: `Eviction manager: memory.available on ${node} is ${quantity(available)}, below the hard threshold 100Mi; the kubelet evicts ${w.namespace}/${w.name}, the Pod using the most memory above its request`,
      narration: { key: 'kubelet.evict', params: { pod: w.name, node, available: quantity(available) } },
      object: podRef(pod),
      events: [
        {
          type: 'Warning',
          reason: 'EvictionThresholdMet',
          message: 'Attempting to reclaim memory',
          source: 'kubelet',
          host: node,
          involvedObject: nodeRef,
        },
        podEvent(node, pod, undefined, 'Warning', 'Evicted', message),
      ],
    });
    this.setMemoryPressure(true, sim);
    sim.timer(this.k.address, PRESSURE_TRANSITION_MS, 'memory-pressure-over', { since: sim.now }, true);
    this.k.statusManager.markStatus(w, sim);
    this.k.podWorkers.sync(uid, sim);
  }

  /** evictionPressureTransitionPeriod after the last eviction: the kubelet reports MemoryPressure False again. */
  pressureOver(since: number, sim: Simulation): void {
    if ((this.k.s.memoryPressureSince ?? -1) !== since) return;
    this.setMemoryPressure(false, sim);
  }

  /** Node status with the MemoryPressure condition set (setters.go MemoryPressureCondition) and its event. */
  private setMemoryPressure(pressure: boolean, sim: Simulation): void {
    const current = this.k.s.memoryPressureSince !== undefined;
    this.k.s.memoryPressureSince = pressure ? sim.now : undefined;
    if (current === pressure) return;
    const stored = sim.store.get(`/registry/minions/${this.k.node}`);
    if (!stored) return;
    const next: KObject = deepClone(stored);
    next.status.conditions = (next.status.conditions ?? []).map((c: any) =>
      c.type !== 'MemoryPressure'
        ? c
        : {
            ...c,
            status: pressure ? 'True' : 'False',
            reason: pressure ? 'KubeletHasInsufficientMemory' : 'KubeletHasSufficientMemory',
            message: pressure ? 'kubelet has insufficient memory available' : 'kubelet has sufficient memory available',
            lastTransitionTime: sim.now,
            lastHeartbeatTime: sim.now,
          },
    );
    const event = pressure ? 'NodeHasInsufficientMemory' : 'NodeHasSufficientMemory';
    // Recorded against the node's name as its uid, as the kubelet's nodeRef does.
    sim.recordEvent(kubeletNodeEvent(this.k.node, event));
    kubeletApiRequest(
      this.k,
      sim,
      { verb: 'update', resourceKind: 'Node', name: this.k.node, subresource: 'status', body: next },
      { purpose: 'node-status' },
      'status',
      pressure
        ? `${this.k.node} reports MemoryPressure=True (kubelet has insufficient memory available)`
        : `${this.k.node} reports MemoryPressure=False again`,
    );
  }
}
