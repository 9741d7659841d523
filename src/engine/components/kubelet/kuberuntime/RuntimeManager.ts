/**
 * The kubelet's side of the CRI (pkg/kubelet/kuberuntime): kuberuntime_sandbox.go creates and stops the pod
 * sandbox, kuberuntime_container.go creates, starts and kills containers (generateContainerConfig first, so a
 * missing ConfigMap or Secret is a CreateContainerConfigError before anything reaches containerd). Every call goes to
 * the node's containerd and is remembered by request id (`KubeletState.cri`); the result comes back through the
 * Kubelet's dispatch to the handlers here. Event texts are kuberuntime's (`Created container: nginx`).
 */
import type { EventSpec, StepSpec } from '../../../kernel/Envelope';
import type { Simulation } from '../../../kernel/Simulation';
import { withFields } from '../../../kernel/withFields';
import type { CriCall, CriResponse } from '../../../messages';
import type { KObject } from '../../../types';
import { decidePodStep } from '../decidePodStep';
import type { Kubelet } from '../Kubelet';
import { podEvent, podRef } from '../podEvent';
import {
  containerSpec,
  type ContainerContext,
  type ContainerRuntimeState,
  type PodWorkerState,
} from '../podWorkerState';
import { killPodSandboxMessage, syncErrorRequeueMs } from '../syncErrors';
import { TIMINGS } from '../timings';

export class RuntimeManager {
  constructor(private readonly k: Kubelet) {}

  /** Sends a CRI call about one container; the container is busy until the result. */
  call(
    w: PodWorkerState,
    c: ContainerRuntimeState,
    call: CriCall,
    args: Record<string, unknown>,
    sim: Simulation,
    view: { summary: string; key: string; events?: EventSpec[] },
  ): void {
    const pod = this.k.s.podObjs.get(w.uid)!;
    c.busy = true;
    const reqId = sim.nextId('cri');
    this.k.s.cri.set(reqId, { uid: w.uid, container: c.name, call });
    sim.send(
      this.k.address,
      this.k.containerd,
      {
        kind: 'cri',
        reqId,
        call,
        podUid: w.uid,
        // withFields, not a spread: fields added to a spread copy of an unfrozen object take V8's slow path
        // (about 6 µs a call, measured, for every CRI call).
        args: withFields(args, {
          container: c.name,
          init: c.init,
          index: c.index,
          sandboxId: w.sandboxId,
          containerId: c.containerId,
          spec: containerSpec(pod, c),
          pod: {
            name: pod.metadata.name,
            namespace: pod.metadata.namespace,
            ip: w.ip,
            grace: pod.spec.terminationGracePeriodSeconds ?? 30,
            volumes: pod.spec.volumes,
          },
        }),
      },
      {
        phase: 'run',
        verb: call,
        label: `${call} ${c.name}`,
        summary: view.summary,
        narration: {
          key: view.key,
          params: { container: c.name, pod: pod.metadata.name, image: containerSpec(pod, c).image },
        },
        object: podRef(pod),
        source: {
          doc: -1,
          path: `spec.${c.init ? 'initContainers' : 'containers'}[${c.index}]${call === 'PullImage' || call === 'ImageStatus' ? '.image' : ''}`,
        },
        events: view.events,
      },
      1,
    );
  }

  runPodSandbox(w: PodWorkerState, pod: KObject, sim: Simulation): void {
    this.sandboxCall(
      w,
      'RunPodSandbox',
      { name: pod.metadata.name, namespace: pod.metadata.namespace, uid: w.uid },
      {
        phase: 'run',
        verb: 'RunPodSandbox',
        label: 'RunPodSandbox',
        summary: `CRI RunPodSandbox for ${pod.metadata.name}: pause container, network namespace, pod IP`,
        narration: { key: 'kubelet.runSandbox', params: { pod: pod.metadata.name } },
        object: podRef(pod),
      },
      sim,
    );
  }

  stopPodSandbox(w: PodWorkerState, sim: Simulation): void {
    this.sandboxCall(
      w,
      'StopPodSandbox',
      { sandboxId: w.sandboxId },
      {
        phase: 'run',
        verb: 'StopPodSandbox',
        label: 'StopPodSandbox',
        summary: `All containers of ${w.name} stopped: stop the sandbox (CNI DEL releases ${w.ip})`,
        narration: { key: 'kubelet.stopSandbox', params: { pod: w.name, ip: w.ip ?? '' } },
        object: { apiVersion: 'v1', kind: 'Pod', namespace: w.namespace, name: w.name, uid: w.uid },
      },
      sim,
    );
  }

  /** A CRI call about the pod's sandbox; the sandbox is busy until the result. */
  private sandboxCall(
    w: PodWorkerState,
    call: 'RunPodSandbox' | 'StopPodSandbox',
    args: Record<string, unknown>,
    step: StepSpec,
    sim: Simulation,
  ): void {
    w.sandboxBusy = true;
    const reqId = sim.nextId('cri');
    this.k.s.cri.set(reqId, { uid: w.uid, call });
    sim.send(this.k.address, this.k.containerd, { kind: 'cri', reqId, call, podUid: w.uid, args }, step, 1);
  }

  onSandboxResult(w: PodWorkerState, pod: KObject, r: CriResponse, sim: Simulation): void {
    w.sandboxBusy = false;
    if (r.call === 'RunPodSandbox') {
      if (!r.ok) {
        sim.recordEvent(
          podEvent(
            this.k.node,
            pod,
            undefined,
            'Warning',
            'FailedCreatePodSandBox',
            `Failed to create pod sandbox: ${r.error}`,
          ),
        );
        this.k.podWorkers.wakeIn(w, syncErrorRequeueMs(sim, this.k.address), sim);
        return;
      }
      w.sandboxId = String(r.result!.sandboxId);
      w.ip = String(r.result!.ip);
      w.sandboxReady = true;
      this.k.statusManager.markStatus(w, sim);
      return this.k.podWorkers.sync(w.uid, sim);
    }
    if (!r.ok) {
      // The sandbox is still there (e.g. CNI DEL could not run): the pod stays Terminating and the worker retries.
      sim.recordEvent(
        podEvent(this.k.node, pod, undefined, 'Warning', 'FailedKillPod', killPodSandboxMessage(w.uid, r.error ?? '')),
      );
      this.k.podWorkers.wakeIn(w, syncErrorRequeueMs(sim, this.k.address), sim);
      return;
    }
    w.sandboxReady = false;
    w.stage = 'terminated';
    this.k.statusManager.markStatus(w, sim);
    return this.k.statusManager.finalDelete(w, sim);
  }

  /** generateContainerConfig, then CreateContainer; a config error waits 10–15 s before the next attempt. */
  createContainer(w: PodWorkerState, c: ContainerRuntimeState, pod: KObject, spec: any, sim: Simulation): void {
    const missing = this.k.configs.missingConfig(w, pod, spec, sim);
    if (missing === 'pending') return;
    if (missing) {
      c.state = 'waiting';
      c.reason = 'CreateContainerConfigError';
      c.message = missing;
      decidePodStep(this.k.address, w, pod, c, sim, {
        verb: 'CreateContainer',
        label: 'CreateContainerConfigError',
        summary: `Cannot build the config of container ${c.name}: ${missing}`,
        key: 'kubelet.configError',
        params: { container: c.name, message: missing },
        events: [podEvent(this.k.node, pod, c, 'Warning', 'Failed', `Error: ${missing}`)],
        source: { path: `spec.containers[${c.index}].env` },
      });
      this.k.statusManager.markStatus(w, sim);
      this.k.configs.forget();
      this.k.podWorkers.wakeIn(w, 10_000 + sim.latency(this.k.address).between(0, 5000), sim);
      return;
    }
    this.call(w, c, 'CreateContainer', { name: c.name, attempt: c.restartCount, image: spec.image }, sim, {
      summary: `Create container ${c.name} (attempt ${c.restartCount}) in sandbox ${w.sandboxId!.slice(0, 13)}`,
      key: 'kubelet.createContainer',
    });
  }

  /** killContainer for a failed liveness or startup probe: the container restarts under its restart policy. */
  killContainer(w: PodWorkerState, pod: KObject, c: ContainerRuntimeState, message: string, sim: Simulation): void {
    c.killReason = 'probe';
    this.call(
      w,
      c,
      'StopContainer',
      { containerId: c.containerId, grace: pod.spec.terminationGracePeriodSeconds ?? 30 },
      sim,
      {
        summary: message,
        key: 'kubelet.kill',
        events: [podEvent(this.k.node, pod, c, 'Normal', 'Killing', message)],
      },
    );
  }

  /** The result of CreateContainer, StartContainer or StopContainer. */
  onContainerResult(x: ContainerContext, r: CriResponse, sim: Simulation): void {
    const { w, c, pod, spec } = x;
    const node = this.k.node;
    switch (r.call) {
      case 'CreateContainer': {
        if (!r.ok) {
          c.state = 'waiting';
          c.reason = 'CreateContainerError';
          c.message = r.error;
          sim.recordEvent(podEvent(node, pod, c, 'Warning', 'Failed', `Error: ${r.error}`));
          this.k.statusManager.markStatus(w, sim);
          this.k.podWorkers.wakeIn(w, 10_000, sim);
          return;
        }
        c.containerId = String(r.result!.containerId);
        sim.recordEvent(podEvent(node, pod, c, 'Normal', 'Created', `Created container: ${c.name}`));
        this.call(w, c, 'StartContainer', { containerId: c.containerId }, sim, {
          summary: `Start container ${c.name} (${c.containerId.slice(0, 13)})`,
          key: 'kubelet.startContainer',
        });
        return;
      }
      case 'StartContainer': {
        if (!r.ok) {
          c.state = 'terminated';
          c.reason = 'StartError';
          c.exitCode = 128;
          c.startedAt = 0;
          c.finishedAt = sim.now;
          c.message = r.error;
          sim.recordEvent(podEvent(node, pod, c, 'Warning', 'Failed', `Error: ${r.error}`));
          this.k.statusManager.markStatus(w, sim);
          this.k.podWorkers.wakeIn(w, sim.latency(this.k.address).between(...TIMINGS.errorResyncMs), sim);
          return;
        }
        c.state = 'running';
        c.reason = undefined;
        c.message = undefined;
        c.startedAt = Number(r.result!.startedAt);
        const hasStartup = !!spec.startupProbe;
        c.started = !hasStartup;
        c.ready = !spec.readinessProbe && c.started && !c.init;
        sim.recordEvent(podEvent(node, pod, c, 'Normal', 'Started', `Started container ${c.name}`));
        this.k.prober.addContainer(w, c, spec, sim);
        this.k.evictionManager.containerStarted(w, c, spec, sim);
        this.k.statusManager.markStatus(w, sim);
        return this.k.podWorkers.sync(w.uid, sim);
      }
      case 'StopContainer': {
        c.state = 'terminated';
        c.exitCode = Number(r.result!.exitCode);
        c.reason = c.exitCode === 0 ? 'Completed' : 'Error';
        c.finishedAt = sim.now;
        c.ready = false;
        c.started = false;
        this.k.statusManager.markStatus(w, sim);
        return this.k.podWorkers.sync(w.uid, sim);
      }
    }
  }
}
