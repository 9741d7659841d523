/**
 * The prober (pkg/kubelet/prober): when a container starts, one worker per probe it declares, first run after
 * initialDelaySeconds (plus a little jitter), then every periodSeconds. All three probe types go through the one
 * worker below (worker.go doProbe); what differs between them is data in PROBE_TYPES. A result changes the
 * kubelet's view only after successThreshold / failureThreshold equal results in a row, but every failed probe is
 * drawn and recorded as an Unhealthy event (prober.go recordContainerEvent). Workers of a container that restarted
 * stop: the timer carries the restart count it was armed for.
 */
import type { Simulation } from '../../../kernel/Simulation';
import type { KObject } from '../../../types';
import { decidePodStep } from '../decidePodStep';
import type { Kubelet } from '../Kubelet';
import { podEvent } from '../podEvent';
import { containerSpec, newProbeCounters, type ContainerRuntimeState, type PodWorkerState } from '../podWorkerState';
import { TIMINGS } from '../timings';
import { PROBE_TYPES, type ProbeType } from './probeTypes';
import { evaluateProbe, type ProbeKind } from './probes';

export class ProbeManager {
  constructor(private readonly k: Kubelet) {}

  /**
   * The container just started: fresh counters, and the first run of each of its probes. A probe worker is started
   * with the pod (prober_manager.go AddPod) and ticks every periodSeconds from then on (worker.go run), skipping
   * runs within initialDelaySeconds of the container's start; so the first probe is the first tick after that
   * delay. A readiness probe without a result is also run at once whenever the pod's status is generated
   * (UpdatePodStatus's manual trigger), i.e. after the PLEG relist that sees the container running — with no
   * initial delay, that run comes first.
   */
  addContainer(w: PodWorkerState, c: ContainerRuntimeState, spec: any, sim: Simulation): void {
    c.probes = newProbeCounters();
    const gen = c.restartCount;
    const start = c.startedAt ?? sim.now;
    for (const t of PROBE_TYPES) {
      const probe = spec[t.field];
      if (!probe) continue;
      const delay = (probe.initialDelaySeconds ?? 0) * 1000;
      const at =
        t.kind === 'readiness' && delay === 0
          ? Math.max(start, sim.now) + sim.latency(this.k.address).between(...TIMINGS.plegRelistMs)
          : this.tickAfter(w, probe, Math.max(start + delay, sim.now) - 1);
      sim.timer(this.k.address, at - sim.now, 'probe', { uid: w.uid, container: c.name, kind: t.kind, gen }, true);
    }
  }

  /** The probe worker's first tick after `t`: its ticker runs every periodSeconds from the pod's first sync. */
  private tickAfter(w: PodWorkerState, probe: any, t: number): number {
    const period = (probe.periodSeconds ?? 10) * 1000;
    return w.admittedAt + (Math.floor((t - w.admittedAt) / period) + 1) * period;
  }

  /** A probe worker's period elapsed. */
  doProbe(uid: string, name: string, kind: ProbeKind, gen: number, sim: Simulation): void {
    const w = this.k.s.pods.get(uid);
    const pod = this.k.s.podObjs.get(uid);
    const c = w?.containers.find((x) => x.name === name);
    if (!w || !pod || !c || c.state !== 'running' || c.restartCount !== gen || w.deleting) return;
    const t = PROBE_TYPES.find((x) => x.kind === kind)!;
    const spec = containerSpec(pod, c);
    const probe = spec[t.field];
    // The next tick of the worker's ticker (a manual run does not move it).
    const rearm = () =>
      sim.timer(
        this.k.address,
        this.tickAfter(w, probe, sim.now) - sim.now,
        'probe',
        { uid, container: name, kind, gen },
        true,
      );
    if ((t.runsWhile === 'started') !== c.started) return t.whenNotRunning === 'wait' ? rearm() : undefined;
    const res = evaluateProbe(probe, spec, w.ip ?? '', sim.now - (c.startedAt ?? sim.now));
    const p = c.probes;
    if (res.ok) {
      p[t.failures] = 0;
      const run = t.successes ? ++p[t.successes] : 1;
      if (run >= (probe.successThreshold ?? 1) && !this.succeeded(t, w, pod, c, spec, sim)) return;
      return rearm();
    }
    if (t.successes) p[t.successes] = 0;
    p[t.failures]++;
    const message = `${t.label} probe failed: ${res.output}`;
    this.probeStep(w, pod, c, sim, message, 'kubelet.probeFailed', true, [
      podEvent(this.k.node, pod, c, 'Warning', 'Unhealthy', message),
    ]);
    if (p[t.failures] >= (probe.failureThreshold ?? 3) && !this.failed(t, w, pod, c, sim)) return;
    rearm();
  }

  /** successThreshold reached; false when the worker stops. */
  private succeeded(
    t: ProbeType,
    w: PodWorkerState,
    pod: KObject,
    c: ContainerRuntimeState,
    spec: any,
    sim: Simulation,
  ): boolean {
    if (t.onSuccess === 'ready' && !c.ready) {
      c.ready = true;
      this.probeStep(w, pod, c, sim, `${t.label} probe succeeded: container ${c.name} is ready`, 'kubelet.readyTrue');
      this.k.statusManager.markStatus(w, sim);
    }
    if (t.onSuccess === 'started') {
      c.started = true;
      c.ready = !spec.readinessProbe;
      this.probeStep(w, pod, c, sim, `${t.label} probe succeeded: container ${c.name} has started`, 'kubelet.started');
      this.k.statusManager.markStatus(w, sim);
      return false;
    }
    return true;
  }

  /** failureThreshold reached; false when the worker stops. */
  private failed(t: ProbeType, w: PodWorkerState, pod: KObject, c: ContainerRuntimeState, sim: Simulation): boolean {
    if (t.onFailure === 'restart') {
      this.k.runtime.killContainer(w, pod, c, `Container ${c.name} failed ${t.kind} probe, will be restarted`, sim);
      return false;
    }
    if (c.ready) {
      c.ready = false;
      this.k.statusManager.markStatus(w, sim);
    }
    return true;
  }

  private probeStep(
    w: PodWorkerState,
    pod: KObject,
    c: ContainerRuntimeState,
    sim: Simulation,
    summary: string,
    key: string,
    failed = false,
    events: ReturnType<typeof podEvent>[] = [],
  ): void {
    decidePodStep(this.k.address, w, pod, c, sim, {
      verb: 'probe',
      label: failed ? 'probe failed' : 'probe ok',
      summary,
      key,
      params: { container: c.name },
      events,
    });
  }

  /** True while a probe can still change the container's state (the run is not over yet). */
  hasFutureWork(w: PodWorkerState, c: ContainerRuntimeState, sim: Simulation): boolean {
    const pod = this.k.s.podObjs.get(w.uid);
    if (!pod) return false;
    const spec = containerSpec(pod, c);
    if (spec.readinessProbe && !c.ready) return true;
    if (spec.startupProbe && !c.started) return true;
    if (spec.livenessProbe) {
      // A liveness probe that will start failing later keeps the run alive.
      const probe = spec.livenessProbe;
      const horizon = sim.now - (c.startedAt ?? sim.now) + 15 * 60_000;
      for (let t = sim.now - (c.startedAt ?? sim.now); t < horizon; t += (probe.periodSeconds ?? 10) * 1000)
        if (!evaluateProbe(probe, spec, w.ip ?? '', t).ok) return true;
    }
    return false;
  }
}
