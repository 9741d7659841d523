/**
 * The kubelet on one node. It watches pods bound to its node and drives each through SyncPod
 * (pkg/kubelet/kubelet.go, kuberuntime_manager.go): status → volumes → RunPodSandbox (CNI inside the runtime) →
 * init containers in order → for each container ImageStatus/PullImage → CreateContainer → StartContainer; then
 * probes, restarts with CrashLoopBackOff, and graceful termination. It renews its node Lease every 10 s.
 * The pod worker is level-based: every wake-up re-reads its state and takes the next missing step.
 */
import type { Component } from '../../kernel/Component';
import { deepClone } from '../../kernel/deepClone';
import { withFields } from '../../kernel/withFields';
import type { Envelope, EventSpec } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type {
  ApiRequest,
  ApiResponse,
  ContainerEvent,
  CriCall,
  CriResponse,
  Message,
  UserInfo,
  WatchEvent,
} from '../../messages';
import type { Endpoint, KObject, Phase } from '../../types';
import { APISERVER, httpVerb, requestLabel } from '../apiserver/Apiserver';
import { CRASHLOOP_BACKOFF, IMAGE_BACKOFF, goDuration, inBackoffSince, nextBackoff } from './Backoff';
import { buildPodStatus } from './podStatus';
import type { ContainerRuntimeState, PodWorkerState } from './podWorkerState';
import { evaluateProbe, type ProbeKind } from './probes';
import { TIMINGS } from './timings';
import { killPodSandboxMessage, syncErrorRequeueMs } from './syncErrors';
import { canonicalEqual } from '../../objects/canonicalEqual';

interface CriPending {
  uid: string;
  container?: string;
  call: CriCall;
  enqueuedAt?: number;
}

interface ApiPending {
  uid?: string;
  purpose: 'status' | 'volume' | 'env' | 'delete' | 'lease' | 'node-status' | 'relist';
  volume?: string;
  container?: string;
}

export interface KubeletState {
  pods: Map<string, PodWorkerState>;
  podObjs: Map<string, KObject>;
  cri: Map<number, CriPending>;
  api: Map<number, ApiPending>;
  pullQueue: Array<{ uid: string; container: string; enqueuedAt: number }>;
  pulling: boolean;
  /** Config objects fetched for the current sync attempt: "kind/ns/name" → exists. */
  configSeen: Map<string, boolean>;
}

export class Kubelet implements Component<KubeletState> {
  readonly address: Endpoint;
  /** The node's containerd, one object for every CRI call (steps keep their endpoints). */
  private readonly containerd: Endpoint;
  s: KubeletState = {
    pods: new Map(),
    podObjs: new Map(),
    cri: new Map(),
    api: new Map(),
    pullQueue: [],
    pulling: false,
    configSeen: new Map(),
  };
  private readonly user: UserInfo;

  constructor(
    readonly node: string,
    readonly nodeIP: string,
  ) {
    this.address = { component: 'kubelet', node };
    this.containerd = Object.freeze({ component: 'container-runtime', node, part: 'containerd' });
    this.user = { name: `system:node:${node}`, groups: ['system:nodes', 'system:authenticated'] };
  }

  /** Arms the lease heartbeat (called at bootstrap and on restart). */
  start(sim: Simulation, firstRenewInMs: number): void {
    sim.timer(this.address, firstRenewInMs, 'lease', undefined, true);
  }

  hasPendingWork(sim: Simulation): boolean {
    if (this.s.cri.size > 0 || this.s.pulling) return true;
    for (const [reqId, p] of this.s.api) if (p.purpose !== 'lease' && reqId >= 0) return true;
    for (const w of this.s.pods.values()) {
      if (w.wakeAt !== undefined && w.wakeAt >= sim.now) return true;
      if (w.statusScheduled || w.statusInflight) return true;
      if (w.stage === 'terminating') return true;
      if (w.containers.some((c) => c.state === 'running' && this.hasFutureWork(w, c, sim))) return true;
    }
    return false;
  }

  handle(env: Envelope, sim: Simulation): void {
    const msg = env.msg as Message;
    switch (msg.kind) {
      case 'watch':
        return this.onWatch(msg, sim);
      case 'cri-result':
        return this.onCri(msg, sim);
      case 'container-event':
        return this.onContainerEvent(msg, sim);
      case 'api-response':
        return this.onApi(msg, sim);
      case 'timer':
        if (msg.name === 'lease') return this.renewLease(sim);
        if (msg.name === 'sync') return this.wake(String(msg.data!.uid), sim, Number(msg.data!.at));
        if (msg.name === 'status') return this.flushStatus(String(msg.data!.uid), sim);
        if (msg.name === 'probe')
          return this.probe(
            String(msg.data!.uid),
            String(msg.data!.container),
            msg.data!.kind as ProbeKind,
            Number(msg.data!.gen),
            sim,
          );
    }
  }

  // ---- pods from the apiserver --------------------------------------------------------------------------------

  private onWatch(ev: WatchEvent, sim: Simulation): void {
    const pod = ev.object;
    if (pod.kind !== 'Pod') return;
    const uid = pod.metadata.uid!;
    if (ev.type === 'DELETED') {
      this.s.podObjs.delete(uid);
      const w = this.s.pods.get(uid);
      if (w && w.stage !== 'terminated') {
        w.deleting = true;
        this.sync(uid, sim);
      }
      this.s.pods.delete(uid);
      return;
    }
    this.s.podObjs.set(uid, pod);
    let w = this.s.pods.get(uid);
    if (!w) {
      w = newWorker(pod, sim.now);
      this.s.pods.set(uid, w);
      this.markStatus(w, sim);
    }
    if (pod.metadata.deletionTimestamp !== undefined && !w.deleting) w.deleting = true;
    this.sync(uid, sim);
  }

  private pod(uid: string): KObject | undefined {
    return this.s.podObjs.get(uid);
  }

  // ---- the pod worker -----------------------------------------------------------------------------------------

  /** Schedules a sync at `delay` (deduplicated to the earliest pending wake-up). */
  private wakeIn(w: PodWorkerState, delay: number, sim: Simulation): void {
    const at = sim.now + delay;
    if (w.wakeAt !== undefined && w.wakeAt <= at && w.wakeAt >= sim.now) return;
    w.wakeAt = at;
    sim.timer(this.address, delay, 'sync', { uid: w.uid, at });
  }

  private wake(uid: string, sim: Simulation, at: number): void {
    const w = this.s.pods.get(uid);
    if (!w || w.wakeAt !== at) return;
    w.wakeAt = undefined;
    this.sync(uid, sim);
  }

  private sync(uid: string, sim: Simulation): void {
    const w = this.s.pods.get(uid);
    const pod = this.pod(uid);
    if (!w) return;
    if (w.deleting || !pod) return this.terminate(w, sim);
    if (!w.volumesReady) return this.setUpVolumes(w, pod, sim);
    if (!w.sandboxReady) {
      if (!w.sandboxBusy) this.runSandbox(w, pod, sim);
      return;
    }
    const inits = w.containers.filter((c) => c.init);
    // Init containers run one at a time, each to completion, before any regular container starts.
    for (const c of inits) {
      if (c.state === 'terminated' && c.exitCode === 0) continue;
      if (!c.busy && c.state !== 'running') this.advanceContainer(w, c, pod, sim);
      return;
    }
    for (const c of w.containers.filter((x) => !x.init)) {
      if (c.busy) return;
      if (c.state === 'running') continue;
      if (this.advanceContainer(w, c, pod, sim)) return;
    }
  }

  /** Takes the next step for one container; returns true when it started something (a CRI call or a wait). */
  private advanceContainer(w: PodWorkerState, c: ContainerRuntimeState, pod: KObject, sim: Simulation): boolean {
    const spec = containerSpec(pod, c);
    const policy = pod.spec.restartPolicy ?? 'Always';
    if (c.state === 'terminated' || (c.state === 'waiting' && c.reason === 'CrashLoopBackOff')) {
      const exit = c.state === 'terminated' ? (c.exitCode ?? 0) : (c.lastTerminated?.exitCode ?? 0);
      const restart =
        policy === 'Always' || (policy === 'OnFailure' && exit !== 0) || (c.init && policy !== 'Never' && exit !== 0);
      if (!restart) return false;
      const finishedAt = c.state === 'terminated' ? c.finishedAt! : c.lastTerminated!.finishedAt;
      if (inBackoffSince(c.crashBackoff, finishedAt, sim.now, CRASHLOOP_BACKOFF)) {
        const wait = c.crashBackoff!.period;
        const podDesc = `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
        if (c.state === 'terminated') {
          c.lastTerminated = {
            exitCode: c.exitCode!,
            reason: c.reason!,
            startedAt: c.startedAt!,
            finishedAt: c.finishedAt!,
            containerId: c.containerId!,
          };
        }
        c.state = 'waiting';
        c.reason = 'CrashLoopBackOff';
        c.message = `back-off ${goDuration(wait)} restarting failed container=${c.name} pod=${podDesc}`;
        c.ready = false;
        c.started = false;
        this.decide(w, pod, c, sim, {
          verb: 'backoff',
          label: `CrashLoopBackOff ${goDuration(wait)}`,
          summary: `Container ${c.name} exited again within its back-off window: wait ${goDuration(wait)} before restarting it (CrashLoopBackOff)`,
          key: 'kubelet.crashLoop',
          params: { container: c.name, wait: goDuration(wait) },
          events: [
            this.ev(pod, c, 'Warning', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${podDesc}`),
          ],
        });
        this.markStatus(w, sim);
        this.wakeIn(w, finishedAt + wait - sim.now + sim.latency(this.address).between(0, 1000), sim);
        return true;
      }
      c.crashBackoff = nextBackoff(c.crashBackoff, finishedAt, CRASHLOOP_BACKOFF);
      if (c.state === 'terminated')
        c.lastTerminated = {
          exitCode: c.exitCode!,
          reason: c.reason!,
          startedAt: c.startedAt!,
          finishedAt: c.finishedAt!,
          containerId: c.containerId!,
        };
      c.restartCount++;
      c.state = 'waiting';
      c.reason = 'ContainerCreating';
      c.message = undefined;
      c.imageReady = false;
    }
    if (!c.imageReady) {
      if (c.imageBackoff && inBackoffSince(c.imageBackoff, c.imageBackoff.lastUpdate, sim.now, IMAGE_BACKOFF)) {
        const wait = c.imageBackoff.lastUpdate + c.imageBackoff.period - sim.now;
        if (c.reason !== 'ImagePullBackOff') {
          c.reason = 'ImagePullBackOff';
          c.message = `Back-off pulling image "${spec.image}": ErrImagePull: ${c.message ?? ''}`.trim();
          this.decide(w, pod, c, sim, {
            verb: 'backoff',
            label: 'ImagePullBackOff',
            summary: `Image pull for ${c.name} failed recently: back off for ${goDuration(c.imageBackoff.period)} before pulling again`,
            key: 'kubelet.imageBackoff',
            params: { container: c.name, image: spec.image, wait: goDuration(c.imageBackoff.period) },
            events: [
              this.ev(pod, c, 'Normal', 'BackOff', `Back-off pulling image "${spec.image}"`),
              this.ev(pod, c, 'Warning', 'Failed', 'Error: ImagePullBackOff'),
            ],
          });
          this.markStatus(w, sim);
        }
        this.wakeIn(w, wait + sim.latency(this.address).between(0, 1000), sim);
        return true;
      }
      this.cri(w, c, 'ImageStatus', { image: spec.image }, sim, {
        summary: `Is image ${spec.image} on ${this.node}? (imagePullPolicy ${spec.imagePullPolicy ?? 'IfNotPresent'})`,
        key: 'kubelet.imageStatus',
      });
      return true;
    }
    // generateContainerConfig: env from Secrets/ConfigMaps must exist.
    const missing = this.missingConfig(w, pod, spec, sim);
    if (missing === 'pending') return true;
    if (missing) {
      c.state = 'waiting';
      c.reason = 'CreateContainerConfigError';
      c.message = missing;
      this.decide(w, pod, c, sim, {
        verb: 'CreateContainer',
        label: 'CreateContainerConfigError',
        summary: `Cannot build the config of container ${c.name}: ${missing}`,
        key: 'kubelet.configError',
        params: { container: c.name, message: missing },
        events: [this.ev(pod, c, 'Warning', 'Failed', `Error: ${missing}`)],
        source: { path: `spec.containers[${c.index}].env` },
      });
      this.markStatus(w, sim);
      this.s.configSeen.clear();
      this.wakeIn(w, 10_000 + sim.latency(this.address).between(0, 5000), sim);
      return true;
    }
    this.cri(w, c, 'CreateContainer', { name: c.name, attempt: c.restartCount, image: spec.image }, sim, {
      summary: `Create container ${c.name} (attempt ${c.restartCount}) in sandbox ${w.sandboxId!.slice(0, 13)}`,
      key: 'kubelet.createContainer',
    });
    return true;
  }

  private missingConfig(w: PodWorkerState, pod: KObject, spec: any, sim: Simulation): string | undefined | 'pending' {
    const refs: Array<{ kind: 'Secret' | 'ConfigMap'; name: string; optional: boolean; key?: string }> = [];
    for (const e of spec.env ?? []) {
      if (e.valueFrom?.secretKeyRef)
        refs.push({
          kind: 'Secret',
          name: e.valueFrom.secretKeyRef.name,
          optional: !!e.valueFrom.secretKeyRef.optional,
          key: e.valueFrom.secretKeyRef.key,
        });
      if (e.valueFrom?.configMapKeyRef)
        refs.push({
          kind: 'ConfigMap',
          name: e.valueFrom.configMapKeyRef.name,
          optional: !!e.valueFrom.configMapKeyRef.optional,
          key: e.valueFrom.configMapKeyRef.key,
        });
    }
    for (const e of spec.envFrom ?? []) {
      if (e.secretRef) refs.push({ kind: 'Secret', name: e.secretRef.name, optional: !!e.secretRef.optional });
      if (e.configMapRef)
        refs.push({ kind: 'ConfigMap', name: e.configMapRef.name, optional: !!e.configMapRef.optional });
    }
    let pending = false;
    for (const r of refs) {
      const k = `${r.kind}/${pod.metadata.namespace}/${r.name}`;
      if (!this.s.configSeen.has(k)) {
        pending = true;
        this.apiRequest(
          sim,
          { verb: 'get', resourceKind: r.kind, namespace: pod.metadata.namespace, name: r.name },
          { uid: w.uid, purpose: 'env', container: k },
          'run',
          `Fetch ${r.kind} ${r.name} for the environment of ${spec.name}`,
        );
        this.s.configSeen.set(k, true);
        this.s.configSeen.set(`pending:${k}`, true);
        continue;
      }
      if (this.s.configSeen.has(`pending:${k}`)) pending = true;
    }
    if (pending) return 'pending';
    for (const r of refs) {
      const exists = this.s.configSeen.get(`${r.kind}/${pod.metadata.namespace}/${r.name}`);
      const obj = this.s.configSeen.get(`obj:${r.kind}/${pod.metadata.namespace}/${r.name}`);
      if (!exists && !r.optional) return `${r.kind === 'Secret' ? 'secret' : 'configmap'} "${r.name}" not found`;
      if (exists && r.key && !obj && !r.optional)
        return `couldn't find key ${r.key} in ${r.kind} ${pod.metadata.namespace}/${r.name}`;
    }
    return undefined;
  }

  // ---- volumes ------------------------------------------------------------------------------------------------

  private setUpVolumes(w: PodWorkerState, pod: KObject, sim: Simulation): void {
    if ((w.pendingVolumeGets ?? 0) > 0) return;
    const needed: Array<{ volume: string; kind: 'ConfigMap' | 'Secret'; name: string }> = [];
    for (const v of pod.spec.volumes ?? []) {
      if (v.configMap && !v.configMap.optional)
        needed.push({ volume: v.name, kind: 'ConfigMap', name: v.configMap.name });
      if (v.secret && !v.secret.optional) needed.push({ volume: v.name, kind: 'Secret', name: v.secret.secretName });
    }
    if (needed.length === 0) {
      w.volumesReady = true;
      return this.sync(w.uid, sim);
    }
    w.volumeErrors = [];
    w.pendingVolumeGets = needed.length;
    for (const n of needed)
      this.apiRequest(
        sim,
        { verb: 'get', resourceKind: n.kind, namespace: pod.metadata.namespace, name: n.name },
        { uid: w.uid, purpose: 'volume', volume: n.volume },
        'run',
        `Volume manager: fetch ${n.kind} ${n.name} for volume "${n.volume}"`,
      );
  }

  private volumeFetched(w: PodWorkerState, volume: string, resp: ApiResponse, sim: Simulation): void {
    const pod = this.pod(w.uid);
    w.pendingVolumeGets = (w.pendingVolumeGets ?? 1) - 1;
    if (resp.error && pod) {
      const v = (pod.spec.volumes ?? []).find((x: any) => x.name === volume);
      const what = v?.configMap
        ? `configmap "${v.configMap.name}" not found`
        : `secret "${v?.secret?.secretName}" not found`;
      w.volumeErrors!.push({ volume, message: `MountVolume.SetUp failed for volume "${volume}" : ${what}` });
    }
    if (w.pendingVolumeGets > 0 || !pod) return;
    if (w.volumeErrors!.length === 0) {
      w.volumesReady = true;
      return this.sync(w.uid, sim);
    }
    w.volumeBackoff = nextBackoff(w.volumeBackoff, sim.now, {
      initial: TIMINGS.volumeBackoff.initial,
      max: TIMINGS.volumeBackoff.max,
    });
    const first = w.volumeErrors![0];
    sim.decide(this.address, {
      phase: 'run',
      verb: 'MountVolume',
      label: 'FailedMount',
      summary: `${first.message}; the volume manager retries in ${goDuration(w.volumeBackoff.period)}`,
      narration: { key: 'kubelet.failedMount', params: { volume: first.volume, message: first.message } },
      object: podRef(pod),
      events: w.volumeErrors!.map((e) => ({
        type: 'Warning' as const,
        reason: 'FailedMount',
        message: e.message,
        source: 'kubelet',
        host: this.node,
        involvedObject: podRef(pod),
      })),
    });
    this.wakeIn(w, w.volumeBackoff.period, sim);
  }

  // ---- sandbox and containers via CRI -------------------------------------------------------------------------

  private runSandbox(w: PodWorkerState, pod: KObject, sim: Simulation): void {
    w.sandboxBusy = true;
    const reqId = sim.nextId('cri');
    this.s.cri.set(reqId, { uid: w.uid, call: 'RunPodSandbox' });
    sim.send(
      this.address,
      this.containerd,
      {
        kind: 'cri',
        reqId,
        call: 'RunPodSandbox',
        podUid: w.uid,
        args: { name: pod.metadata.name, namespace: pod.metadata.namespace, uid: w.uid },
      },
      {
        phase: 'run',
        verb: 'RunPodSandbox',
        label: 'RunPodSandbox',
        summary: `CRI RunPodSandbox for ${pod.metadata.name}: pause container, network namespace, pod IP`,
        narration: { key: 'kubelet.runSandbox', params: { pod: pod.metadata.name } },
        object: podRef(pod),
      },
      1,
    );
  }

  private cri(
    w: PodWorkerState,
    c: ContainerRuntimeState,
    call: CriCall,
    args: Record<string, unknown>,
    sim: Simulation,
    view: { summary: string; key: string; events?: EventSpec[] },
  ): void {
    const pod = this.pod(w.uid)!;
    c.busy = true;
    const reqId = sim.nextId('cri');
    this.s.cri.set(reqId, { uid: w.uid, container: c.name, call });
    sim.send(
      this.address,
      this.containerd,
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

  private onCri(r: CriResponse, sim: Simulation): void {
    const p = this.s.cri.get(r.reqId);
    if (!p) return;
    this.s.cri.delete(r.reqId);
    const w = this.s.pods.get(p.uid);
    const pod = this.pod(p.uid);
    if (r.call === 'PullImage') {
      this.s.pulling = false;
      this.nextPull(sim);
    }
    if (!w || !pod) return;
    if (r.call === 'RunPodSandbox') {
      w.sandboxBusy = false;
      if (!r.ok) {
        sim.recordEvent(
          this.ev(pod, undefined, 'Warning', 'FailedCreatePodSandBox', `Failed to create pod sandbox: ${r.error}`),
        );
        this.wakeIn(w, syncErrorRequeueMs(sim, this.address), sim);
        return;
      }
      w.sandboxId = String(r.result!.sandboxId);
      w.ip = String(r.result!.ip);
      w.sandboxReady = true;
      this.markStatus(w, sim);
      return this.sync(w.uid, sim);
    }
    if (r.call === 'StopPodSandbox') {
      w.sandboxBusy = false;
      if (!r.ok) {
        // The sandbox is still there (e.g. CNI DEL could not run): the pod stays Terminating and the worker retries.
        sim.recordEvent(
          this.ev(pod, undefined, 'Warning', 'FailedKillPod', killPodSandboxMessage(w.uid, r.error ?? '')),
        );
        this.wakeIn(w, syncErrorRequeueMs(sim, this.address), sim);
        return;
      }
      w.sandboxReady = false;
      w.stage = 'terminated';
      this.markStatus(w, sim);
      return this.finalDelete(w, sim);
    }
    const c = w.containers.find((x) => x.name === p.container);
    if (!c) return;
    c.busy = false;
    const spec = containerSpec(pod, c);
    switch (r.call) {
      case 'ImageStatus': {
        const present = !!r.result?.present;
        const policy = spec.imagePullPolicy ?? 'IfNotPresent';
        if (present && policy !== 'Always') {
          c.imageReady = true;
          c.imageId = String(r.result!.imageId);
          sim.recordEvent(
            this.ev(pod, c, 'Normal', 'Pulled', `Container image "${spec.image}" already present on machine`),
          );
          return this.sync(w.uid, sim);
        }
        if (!present && policy === 'Never') {
          c.state = 'waiting';
          c.reason = 'ErrImageNeverPull';
          c.message = `Container image "${spec.image}" is not present with pull policy of Never`;
          sim.recordEvent(this.ev(pod, c, 'Warning', 'ErrImageNeverPull', c.message));
          this.markStatus(w, sim);
          return;
        }
        c.busy = true;
        this.s.pullQueue.push({ uid: w.uid, container: c.name, enqueuedAt: sim.now });
        return this.nextPull(sim);
      }
      case 'PullImage': {
        const queued = Number(r.result?.waitedMs ?? 0);
        if (!r.ok) {
          const invalid = r.result?.reason === 'InvalidImageName';
          c.imageBackoff = nextBackoff(c.imageBackoff, sim.now, IMAGE_BACKOFF);
          c.state = 'waiting';
          c.reason = invalid ? 'InvalidImageName' : 'ErrImagePull';
          c.message = r.error;
          if (invalid) sim.recordEvent(this.ev(pod, c, 'Warning', 'InspectFailed', r.error ?? ''));
          else {
            sim.recordEvent(this.ev(pod, c, 'Warning', 'Failed', `Failed to pull image "${spec.image}": ${r.error}`));
            sim.recordEvent(this.ev(pod, c, 'Warning', 'Failed', 'Error: ErrImagePull'));
          }
          this.markStatus(w, sim);
          if (!invalid) this.wakeIn(w, sim.latency(this.address).between(...TIMINGS.errorResyncMs), sim);
          return;
        }
        c.imageReady = true;
        c.imageId = String(r.result!.imageId);
        const pullMs = Number(r.result!.pullMs);
        sim.recordEvent(
          this.ev(
            pod,
            c,
            'Normal',
            'Pulled',
            `Successfully pulled image "${spec.image}" in ${goMs(pullMs)} (${goMs(pullMs + queued)} including waiting). Image size: ${r.result!.size} bytes.`,
          ),
        );
        return this.sync(w.uid, sim);
      }
      case 'CreateContainer': {
        if (!r.ok) {
          c.state = 'waiting';
          c.reason = 'CreateContainerError';
          c.message = r.error;
          sim.recordEvent(this.ev(pod, c, 'Warning', 'Failed', `Error: ${r.error}`));
          this.markStatus(w, sim);
          this.wakeIn(w, 10_000, sim);
          return;
        }
        c.containerId = String(r.result!.containerId);
        sim.recordEvent(this.ev(pod, c, 'Normal', 'Created', `Created container: ${c.name}`));
        this.cri(w, c, 'StartContainer', { containerId: c.containerId }, sim, {
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
          sim.recordEvent(this.ev(pod, c, 'Warning', 'Failed', `Error: ${r.error}`));
          this.markStatus(w, sim);
          this.wakeIn(w, sim.latency(this.address).between(...TIMINGS.errorResyncMs), sim);
          return;
        }
        c.state = 'running';
        c.reason = undefined;
        c.message = undefined;
        c.startedAt = Number(r.result!.startedAt);
        const hasStartup = !!spec.startupProbe;
        c.started = !hasStartup;
        c.ready = !spec.readinessProbe && c.started && !c.init;
        c.probes = { readinessOk: 0, readinessFail: 0, livenessFail: 0, startupOk: false, startupFail: 0 };
        sim.recordEvent(this.ev(pod, c, 'Normal', 'Started', `Started container ${c.name}`));
        this.armProbes(w, c, spec, sim);
        this.markStatus(w, sim);
        return this.sync(w.uid, sim);
      }
      case 'StopContainer': {
        c.state = 'terminated';
        c.exitCode = Number(r.result!.exitCode);
        c.reason = c.exitCode === 0 ? 'Completed' : 'Error';
        c.finishedAt = sim.now;
        c.ready = false;
        c.started = false;
        this.markStatus(w, sim);
        return this.sync(w.uid, sim);
      }
    }
  }

  private nextPull(sim: Simulation): void {
    if (this.s.pulling) return;
    const next = this.s.pullQueue.shift();
    if (!next) return;
    const w = this.s.pods.get(next.uid);
    const pod = this.pod(next.uid);
    const c = w?.containers.find((x) => x.name === next.container);
    if (!w || !pod || !c) return this.nextPull(sim);
    const spec = containerSpec(pod, c);
    this.s.pulling = true;
    const reqId = sim.nextId('cri');
    this.s.cri.set(reqId, { uid: w.uid, container: c.name, call: 'PullImage', enqueuedAt: next.enqueuedAt });
    c.busy = true;
    sim.send(
      this.address,
      this.containerd,
      {
        kind: 'cri',
        reqId,
        call: 'PullImage',
        podUid: w.uid,
        args: { image: spec.image, container: c.name, waitedMs: sim.now - next.enqueuedAt },
      },
      {
        phase: 'run',
        verb: 'PullImage',
        label: `PullImage ${spec.image}`,
        summary: `Pull ${spec.image} for container ${c.name} (one pull at a time per node)`,
        narration: { key: 'kubelet.pullImage', params: { image: spec.image, container: c.name } },
        object: podRef(pod),
        source: { doc: -1, path: `spec.${c.init ? 'initContainers' : 'containers'}[${c.index}].image` },
        events: [this.ev(pod, c, 'Normal', 'Pulling', `Pulling image "${spec.image}"`)],
      },
      1,
    );
  }

  /** PLEG: the runtime saw a container exit. */
  private onContainerEvent(e: ContainerEvent, sim: Simulation): void {
    const w = this.s.pods.get(e.podUid);
    if (!w || e.type !== 'ContainerDied') return;
    const c = w.containers.find((x) => x.containerId === e.containerId);
    if (!c || c.state !== 'running') return;
    c.state = 'terminated';
    c.exitCode = e.exitCode ?? 0;
    c.reason =
      c.exitCode === 0 ? 'Completed' : c.exitCode === 137 && c.killReason === 'OOMKilled' ? 'OOMKilled' : 'Error';
    c.finishedAt = e.finishedAt ?? sim.now;
    c.ready = false;
    c.started = false;
    this.markStatus(w, sim);
    this.sync(w.uid, sim);
  }

  // ---- probes -------------------------------------------------------------------------------------------------

  private armProbes(w: PodWorkerState, c: ContainerRuntimeState, spec: any, sim: Simulation): void {
    const gen = c.restartCount;
    for (const kind of ['startup', 'readiness', 'liveness'] as ProbeKind[]) {
      const probe = spec[`${kind}Probe`];
      if (!probe) continue;
      sim.timer(
        this.address,
        (probe.initialDelaySeconds ?? 0) * 1000 + sim.latency(this.address).between(5, 50),
        'probe',
        { uid: w.uid, container: c.name, kind, gen },
        true,
      );
    }
  }

  private probe(uid: string, name: string, kind: ProbeKind, gen: number, sim: Simulation): void {
    const w = this.s.pods.get(uid);
    const pod = this.pod(uid);
    const c = w?.containers.find((x) => x.name === name);
    if (!w || !pod || !c || c.state !== 'running' || c.restartCount !== gen || w.deleting) return;
    const spec = containerSpec(pod, c);
    const probe = spec[`${kind}Probe`];
    const period = (probe.periodSeconds ?? 10) * 1000;
    const rearm = () => sim.timer(this.address, period, 'probe', { uid, container: name, kind, gen }, true);
    if (kind !== 'startup' && !c.started) return rearm();
    if (kind === 'startup' && c.started) return;
    const res = evaluateProbe(probe, spec, w.ip ?? '', sim.now - (c.startedAt ?? sim.now));
    const label = kind[0].toUpperCase() + kind.slice(1);
    const ok = res.ok;
    const p = c.probes;
    if (kind === 'readiness') {
      if (ok) {
        p.readinessFail = 0;
        p.readinessOk++;
        if (!c.ready && p.readinessOk >= (probe.successThreshold ?? 1)) {
          c.ready = true;
          this.probeStep(
            w,
            pod,
            c,
            sim,
            `${label} probe succeeded: container ${c.name} is ready`,
            'kubelet.readyTrue',
            [],
          );
          this.markStatus(w, sim);
        }
      } else {
        p.readinessOk = 0;
        p.readinessFail++;
        const becameUnready = c.ready && p.readinessFail >= (probe.failureThreshold ?? 3);
        if (becameUnready) c.ready = false;
        this.probeStep(
          w,
          pod,
          c,
          sim,
          `${label} probe failed: ${res.output}`,
          'kubelet.probeFailed',
          [this.ev(pod, c, 'Warning', 'Unhealthy', `${label} probe failed: ${res.output}`)],
          true,
        );
        if (becameUnready) this.markStatus(w, sim);
      }
      return rearm();
    }
    if (kind === 'startup') {
      if (ok) {
        c.started = true;
        c.ready = !spec.readinessProbe;
        this.probeStep(
          w,
          pod,
          c,
          sim,
          `Startup probe succeeded: container ${c.name} has started`,
          'kubelet.started',
          [],
        );
        this.markStatus(w, sim);
        return;
      }
      p.startupFail++;
      this.probeStep(
        w,
        pod,
        c,
        sim,
        `Startup probe failed: ${res.output}`,
        'kubelet.probeFailed',
        [this.ev(pod, c, 'Warning', 'Unhealthy', `Startup probe failed: ${res.output}`)],
        true,
      );
      if (p.startupFail >= (probe.failureThreshold ?? 3))
        return this.kill(w, pod, c, `Container ${c.name} failed startup probe, will be restarted`, sim);
      return rearm();
    }
    // liveness
    if (ok) {
      p.livenessFail = 0;
      return rearm();
    }
    p.livenessFail++;
    this.probeStep(
      w,
      pod,
      c,
      sim,
      `Liveness probe failed: ${res.output}`,
      'kubelet.probeFailed',
      [this.ev(pod, c, 'Warning', 'Unhealthy', `Liveness probe failed: ${res.output}`)],
      true,
    );
    if (p.livenessFail >= (probe.failureThreshold ?? 3))
      return this.kill(w, pod, c, `Container ${c.name} failed liveness probe, will be restarted`, sim);
    rearm();
  }

  private probeStep(
    w: PodWorkerState,
    pod: KObject,
    c: ContainerRuntimeState,
    sim: Simulation,
    summary: string,
    key: string,
    events: EventSpec[],
    failed = false,
  ): void {
    this.decide(w, pod, c, sim, {
      verb: 'probe',
      label: failed ? 'probe failed' : 'probe ok',
      summary,
      key,
      params: { container: c.name },
      events,
    });
  }

  private kill(w: PodWorkerState, pod: KObject, c: ContainerRuntimeState, message: string, sim: Simulation): void {
    c.killReason = 'probe';
    this.cri(
      w,
      c,
      'StopContainer',
      { containerId: c.containerId, grace: pod.spec.terminationGracePeriodSeconds ?? 30 },
      sim,
      {
        summary: message,
        key: 'kubelet.kill',
        events: [this.ev(pod, c, 'Normal', 'Killing', message)],
      },
    );
  }

  private hasFutureWork(w: PodWorkerState, c: ContainerRuntimeState, sim: Simulation): boolean {
    const pod = this.pod(w.uid);
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

  // ---- termination --------------------------------------------------------------------------------------------

  private terminate(w: PodWorkerState, sim: Simulation): void {
    if (w.stage === 'terminated') return this.finalDelete(w, sim);
    w.stage = 'terminating';
    const pod = this.pod(w.uid);
    const running = w.containers.filter((c) => c.state === 'running' || c.busy);
    if (running.some((c) => c.busy)) return;
    const toStop = running.filter((c) => c.state === 'running');
    if (toStop.length && pod) {
      for (const c of toStop)
        this.cri(
          w,
          c,
          'StopContainer',
          {
            containerId: c.containerId,
            grace: pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30,
          },
          sim,
          {
            summary: `Pod is being deleted: stop container ${c.name} (SIGTERM, then SIGKILL after the grace period)`,
            key: 'kubelet.stopContainer',
            events: [this.ev(pod, c, 'Normal', 'Killing', `Stopping container ${c.name}`)],
          },
        );
      return;
    }
    if (w.sandboxReady && !w.sandboxBusy) {
      w.sandboxBusy = true;
      const reqId = sim.nextId('cri');
      this.s.cri.set(reqId, { uid: w.uid, call: 'StopPodSandbox' });
      sim.send(
        this.address,
        this.containerd,
        { kind: 'cri', reqId, call: 'StopPodSandbox', podUid: w.uid, args: { sandboxId: w.sandboxId } },
        {
          phase: 'run',
          verb: 'StopPodSandbox',
          label: 'StopPodSandbox',
          summary: `All containers of ${w.name} stopped: stop the sandbox (CNI DEL releases ${w.ip})`,
          narration: { key: 'kubelet.stopSandbox', params: { pod: w.name, ip: w.ip ?? '' } },
          object: { apiVersion: 'v1', kind: 'Pod', namespace: w.namespace, name: w.name, uid: w.uid },
        },
        1,
      );
      return;
    }
    if (!w.sandboxReady && !w.sandboxBusy) {
      w.stage = 'terminated';
      this.finalDelete(w, sim);
    }
  }

  /** The status manager deletes a terminated pod with grace 0 once its containers are gone. */
  private finalDelete(w: PodWorkerState, sim: Simulation): void {
    const pod = this.pod(w.uid);
    if (!pod || w.finalDeleteSent || pod.metadata.deletionTimestamp === undefined) return;
    w.finalDeleteSent = true;
    this.apiRequest(
      sim,
      { verb: 'delete', resourceKind: 'Pod', namespace: w.namespace, name: w.name, gracePeriodSeconds: 0 },
      { uid: w.uid, purpose: 'delete' },
      'run',
      `Containers of ${w.name} are gone: delete the pod object for good (grace period 0)`,
    );
  }

  // ---- status manager -----------------------------------------------------------------------------------------

  private markStatus(w: PodWorkerState, sim: Simulation): void {
    w.statusDirty = true;
    if (w.statusScheduled || w.statusInflight) return;
    w.statusScheduled = true;
    sim.timer(this.address, sim.latency(this.address).between(...TIMINGS.statusDebounceMs), 'status', { uid: w.uid });
  }

  private flushStatus(uid: string, sim: Simulation): void {
    const w = this.s.pods.get(uid);
    const pod = this.pod(uid);
    if (!w || !pod) return;
    w.statusScheduled = false;
    if (!w.statusDirty) return;
    w.statusDirty = false;
    const status = buildPodStatus(w, pod, sim.now, this.nodeIP);
    if (canonicalEqual(status, pod.status ?? {})) return;
    w.statusInflight = true;
    const main = w.containers.find((c) => !c.init);
    const summary = describeStatus(status, main);
    this.apiRequest(
      sim,
      {
        verb: 'patch',
        resourceKind: 'Pod',
        namespace: w.namespace,
        name: w.name,
        subresource: 'status',
        patch: { status },
      },
      { uid, purpose: 'status' },
      'status',
      `Status manager: ${summary}`,
    );
  }

  // ---- API client ---------------------------------------------------------------------------------------------

  private apiRequest(
    sim: Simulation,
    r: Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>,
    pending: ApiPending,
    phase: Phase,
    summary: string,
    background = false,
  ): void {
    const reqId = sim.nextId('req');
    this.s.api.set(reqId, pending);
    const req: ApiRequest = { kind: 'api-request', reqId, user: this.user, ...r, ctx: { phase } };
    const label = requestLabel(req);
    sim.send(
      this.address,
      APISERVER,
      req,
      {
        phase,
        verb: httpVerb(req),
        label,
        summary,
        narration: { key: `kubelet.api.${pending.purpose}`, params: { summary, pod: r.name ?? '', node: this.node } },
        object: r.name
          ? {
              apiVersion: r.resourceKind === 'Lease' ? 'coordination.k8s.io/v1' : 'v1',
              kind: r.resourceKind,
              namespace: r.namespace,
              name: r.name,
            }
          : undefined,
        background,
      },
      sim.latency(this.address).between(1, 3),
    );
  }

  private onApi(resp: ApiResponse, sim: Simulation): void {
    const p = this.s.api.get(resp.reqId);
    if (!p) return;
    this.s.api.delete(resp.reqId);
    const w = p.uid ? this.s.pods.get(p.uid) : undefined;
    switch (p.purpose) {
      case 'status':
        if (!w) return;
        w.statusInflight = false;
        if (resp.object) this.s.podObjs.set(w.uid, resp.object);
        if (w.statusDirty) this.markStatus(w, sim);
        if (w.stage === 'terminated') this.finalDelete(w, sim);
        return;
      case 'volume':
        if (w) this.volumeFetched(w, p.volume!, resp, sim);
        return;
      case 'env': {
        const k = p.container!;
        this.s.configSeen.delete(`pending:${k}`);
        this.s.configSeen.set(k, !resp.error && !resp.unreachable);
        if (resp.object) this.s.configSeen.set(`obj:${k}`, true);
        if (w) this.sync(w.uid, sim);
        return;
      }
      case 'delete':
        return;
      case 'lease':
      case 'node-status':
        return;
    }
  }

  private renewLease(sim: Simulation): void {
    sim.timer(this.address, TIMINGS.leaseRenewMs, 'lease', undefined, true);
    const lease = sim.store.get(`/registry/leases/kube-node-lease/${this.node}`);
    const body = lease
      ? deepClone(lease)
      : {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: this.node, namespace: 'kube-node-lease' },
          spec: {},
        };
    body.spec = { ...body.spec, holderIdentity: this.node, leaseDurationSeconds: 40, renewTime: sim.now };
    delete body.metadata.resourceVersion;
    this.apiRequest(
      sim,
      { verb: 'update', resourceKind: 'Lease', namespace: 'kube-node-lease', name: this.node, body: body as KObject },
      { purpose: 'lease' },
      'status',
      `Renew node Lease ${this.node} (every 10 s; the node controller reads it as the heartbeat)`,
      true,
    );
  }

  /** After a restart: report the node Ready again and re-read the pods bound here. */
  restart(sim: Simulation): void {
    this.s.cri.clear();
    this.s.api.clear();
    this.s.pulling = false;
    this.s.pullQueue = [];
    this.start(sim, 1);
    const node = sim.store.get(`/registry/minions/${this.node}`);
    if (node) {
      const next = deepClone(node);
      next.status.conditions = (next.status.conditions ?? []).map((c: any) =>
        c.type === 'Ready'
          ? {
              ...c,
              status: 'True',
              reason: 'KubeletReady',
              message: 'kubelet is posting ready status',
              lastTransitionTime: sim.now,
              lastHeartbeatTime: sim.now,
            }
          : {
              ...c,
              status: 'False',
              reason:
                c.type === 'MemoryPressure'
                  ? 'KubeletHasSufficientMemory'
                  : c.type === 'DiskPressure'
                    ? 'KubeletHasNoDiskPressure'
                    : 'KubeletHasSufficientPID',
              lastTransitionTime: sim.now,
              lastHeartbeatTime: sim.now,
            },
      );
      this.apiRequest(
        sim,
        { verb: 'update', resourceKind: 'Node', name: this.node, subresource: 'status', body: next },
        { purpose: 'node-status' },
        'status',
        `kubelet on ${this.node} started: post node status Ready`,
      );
    }
    for (const p of sim.store.list('/registry/pods/')) {
      if (p.spec?.nodeName !== this.node) continue;
      this.onWatch({ kind: 'watch', type: 'MODIFIED', object: p }, sim);
    }
  }

  // ---- small helpers ------------------------------------------------------------------------------------------

  private decide(
    w: PodWorkerState,
    pod: KObject,
    c: ContainerRuntimeState | undefined,
    sim: Simulation,
    v: {
      verb: string;
      label: string;
      summary: string;
      key: string;
      params?: Record<string, string | number>;
      events?: EventSpec[];
      source?: { path: string };
    },
  ): void {
    sim.decide(this.address, {
      phase: 'run',
      verb: v.verb,
      label: v.label,
      summary: v.summary,
      narration: { key: v.key, params: { pod: w.name, ...(v.params ?? {}) } },
      object: podRef(pod),
      events: v.events,
      source: c
        ? { doc: -1, path: v.source?.path ?? `spec.${c.init ? 'initContainers' : 'containers'}[${c.index}]` }
        : undefined,
    });
  }

  private ev(
    pod: KObject,
    c: ContainerRuntimeState | undefined,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
  ): EventSpec {
    // Not a spread of podRef(pod): adding fieldPath to a spread copy of an unfrozen object is V8's slow path.
    const ref: ReturnType<typeof podRef> & { fieldPath?: string } = podRef(pod);
    if (c) ref.fieldPath = `spec.${c.init ? 'initContainers' : 'containers'}{${c.name}}`;
    return { type, reason, message, source: 'kubelet', host: this.node, involvedObject: ref };
  }
}

function newWorker(pod: KObject, now: number): PodWorkerState {
  const mk = (c: any, i: number, init: boolean): ContainerRuntimeState => ({
    name: c.name,
    init,
    index: i,
    state: 'waiting',
    reason: 'ContainerCreating',
    restartCount: 0,
    ready: false,
    started: false,
    probes: { readinessOk: 0, readinessFail: 0, livenessFail: 0, startupOk: false, startupFail: 0 },
  });
  return {
    uid: pod.metadata.uid!,
    namespace: pod.metadata.namespace!,
    name: pod.metadata.name,
    admittedAt: now,
    stage: 'volumes',
    volumesReady: false,
    sandboxReady: false,
    containers: [
      ...(pod.spec.initContainers ?? []).map((c: any, i: number) => mk(c, i, true)),
      ...(pod.spec.containers ?? []).map((c: any, i: number) => mk(c, i, false)),
    ],
    deleting: false,
    statusDirty: false,
    statusScheduled: false,
    statusInflight: false,
  };
}

function containerSpec(pod: KObject, c: ContainerRuntimeState): any {
  return (c.init ? pod.spec.initContainers : pod.spec.containers)[c.index];
}

function podRef(pod: KObject) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    uid: pod.metadata.uid,
  };
}

/** Go Duration printing truncated to ms, as in the Pulled event: `3.413s`, `523ms`. */
export function goMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = Math.round(ms) / 1000;
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}m${Math.round((s - m * 60) * 1000) / 1000}s`;
}

function describeStatus(status: any, main: ContainerRuntimeState | undefined): string {
  const ready = (status.conditions ?? []).find((c: any) => c.type === 'Ready')?.status;
  const cs = status.containerStatuses?.[0];
  const detail = cs?.state?.waiting
    ? cs.state.waiting.reason
    : cs?.state?.terminated
      ? `terminated (${cs.state.terminated.reason})`
      : cs?.state?.running
        ? 'running'
        : '';
  return `phase ${status.phase}, Ready=${ready}${main ? `, ${main.name} ${detail}` : ''}${status.podIP ? `, IP ${status.podIP}` : ''}`;
}

/** A pod that was already running before the run started (kube-system workloads). */
export function adoptRunningPod(k: Kubelet, pod: KObject, ip: string): void {
  const w = newWorker(pod, pod.metadata.creationTimestamp ?? 0);
  w.volumesReady = true;
  w.sandboxReady = true;
  w.sandboxId = pod.metadata.uid!.replace(/-/g, '').padEnd(64, '0');
  w.ip = ip;
  w.stage = 'containers';
  for (const c of w.containers) {
    c.state = 'running';
    c.reason = undefined;
    c.ready = true;
    c.started = true;
    c.imageReady = true;
    c.startedAt = (pod.metadata.creationTimestamp ?? 0) + 7000;
    c.containerId = `${pod.metadata.uid!.replace(/-/g, '')}${c.index}`.padEnd(64, '0');
  }
  k.s.pods.set(pod.metadata.uid!, w);
  k.s.podObjs.set(pod.metadata.uid!, pod);
}
