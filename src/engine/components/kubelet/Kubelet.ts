/**
 * The kubelet on one node (pkg/kubelet/kubelet.go). It watches pods bound to its node and drives each through
 * SyncPod: status → volumes → RunPodSandbox (CNI inside the runtime) → init containers in order → for each
 * container ImageStatus/PullImage → CreateContainer → StartContainer; then probes, restarts with CrashLoopBackOff,
 * and graceful termination. It renews its node Lease every 10 s.
 *
 * This class is the sync loop (syncLoopIteration): it routes each message to the part of the kubelet that owns it,
 * each in its own module named after the real one — PodWorkers (pod_workers.go), ImageManager and
 * SerialImagePuller (images/), ProbeManager (prober/), StatusManager (status/), VolumeManager (volumemanager/),
 * RuntimeManager (kuberuntime/), EvictionManager (eviction/), renewNodeLease (nodelease/), postNodeReady
 * (nodestatus/). The parts keep no state
 * of their own: everything mutable is in `s`, so a checkpoint copies it.
 */
import type { Component } from '../../kernel/Component';
import type { Envelope } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { ApiResponse, ContainerEvent, CriResponse, Message, UserInfo, WatchEvent } from '../../messages';
import type { Endpoint, KObject } from '../../types';
import { decidePodStep } from './decidePodStep';
import { admitPod } from './lifecycle/admitPod';
import { podEvent } from './podEvent';
import { ConfigMapSecretManager } from './ConfigMapSecretManager';
import { EvictionManager } from './eviction/EvictionManager';
import { ImageManager } from './images/ImageManager';
import { SerialImagePuller } from './images/SerialImagePuller';
import type { KubeletState } from './kubeletState';
import { RuntimeManager } from './kuberuntime/RuntimeManager';
import { renewNodeLease } from './nodelease/renewNodeLease';
import { postNodeReady } from './nodestatus/postNodeReady';
import { schedulableEventPending, syncNodeStatus } from './nodestatus/syncNodeStatus';
import { PodWorkers } from './PodWorkers';
import { containerSpec, newPodWorker, type PodWorkerState } from './podWorkerState';
import { ProbeManager } from './prober/ProbeManager';
import type { ProbeKind } from './prober/probes';
import { StatusManager } from './status/StatusManager';
import { VolumeManager } from './volumemanager/VolumeManager';

export class Kubelet implements Component<KubeletState> {
  readonly address: Endpoint;
  /** The node's containerd, one object for every CRI call (steps keep their endpoints). */
  readonly containerd: Endpoint;
  s: KubeletState = {
    pods: new Map(),
    podObjs: new Map(),
    cri: new Map(),
    api: new Map(),
    pullQueue: [],
    pulling: false,
    configSeen: new Map(),
  };
  readonly user: UserInfo;

  readonly podWorkers = new PodWorkers(this);
  readonly runtime = new RuntimeManager(this);
  readonly imageManager = new ImageManager(this);
  readonly imagePuller = new SerialImagePuller(this);
  readonly prober = new ProbeManager(this);
  readonly statusManager = new StatusManager(this);
  readonly volumeManager = new VolumeManager(this);
  readonly configs = new ConfigMapSecretManager(this);
  readonly evictionManager = new EvictionManager(this);

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
    // The runtime's state is still to reach the node status: down until the PLEG too is reported, or up again.
    if (sim.isUp(this.containerd) ? !!this.s.notReadyKinds : (this.s.notReadyKinds ?? '').split('|').length < 2)
      return true;
    if (schedulableEventPending(this, sim)) return true;
    if (this.s.cri.size > 0 || this.s.pulling) return true;
    for (const [reqId, p] of this.s.api) if (p.purpose !== 'lease' && reqId >= 0) return true;
    for (const w of this.s.pods.values()) {
      if (w.wakeAt !== undefined && w.wakeAt >= sim.now) return true;
      if (w.statusScheduled || w.statusInflight) return true;
      if (w.stage === 'terminating') return true;
      if (w.containers.some((c) => c.state === 'running' && this.prober.hasFutureWork(w, c, sim))) return true;
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
        if (msg.name === 'lease') {
          syncNodeStatus(this, sim);
          return renewNodeLease(this, sim);
        }
        if (msg.name === 'sync') return this.podWorkers.wake(String(msg.data!.uid), sim, Number(msg.data!.at));
        if (msg.name === 'status') return this.statusManager.flushStatus(String(msg.data!.uid), sim);
        if (msg.name === 'eviction') return this.evictionManager.synchronize(msg.data!, sim);
        if (msg.name === 'memory-pressure-over') return this.evictionManager.pressureOver(Number(msg.data!.since), sim);
        if (msg.name === 'probe')
          return this.prober.doProbe(
            String(msg.data!.uid),
            String(msg.data!.container),
            msg.data!.kind as ProbeKind,
            Number(msg.data!.gen),
            sim,
          );
    }
  }

  /** Pods from the apiserver (the kubelet's apiserver pod source, pkg/kubelet/config). */
  private onWatch(ev: WatchEvent, sim: Simulation): void {
    const pod = ev.object;
    if (pod.kind !== 'Pod') return;
    const uid = pod.metadata.uid!;
    if (ev.type === 'DELETED') {
      this.s.podObjs.delete(uid);
      const w = this.s.pods.get(uid);
      if (w && w.stage !== 'terminated') {
        w.deleting = true;
        this.podWorkers.sync(uid, sim);
      }
      this.s.pods.delete(uid);
      return;
    }
    this.s.podObjs.set(uid, pod);
    let w = this.s.pods.get(uid);
    if (!w) {
      w = newPodWorker(pod, sim.now);
      this.s.pods.set(uid, w);
      if (pod.metadata.deletionTimestamp === undefined) this.admit(w, pod, sim);
      this.statusManager.markStatus(w, sim);
    }
    if (pod.metadata.deletionTimestamp !== undefined && !w.deleting) w.deleting = true;
    this.podWorkers.sync(uid, sim);
  }

  /**
   * HandlePodAdditions: a pod that does not fit the node is rejected (kubelet.go rejectPod): a Warning event with
   * the reason, and the status Failed with "Pod was rejected: …"; it never runs.
   */
  private admit(w: PodWorkerState, pod: KObject, sim: Simulation): void {
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return;
    const rejection = admitPod(this, pod, sim.store.get(`/registry/minions/${this.node}`));
    if (!rejection) return;
    w.rejected = rejection;
    decidePodStep(this.address, w, pod, undefined, sim, {
      verb: 'admit',
      label: `rejected: ${rejection.reason}`,
      summary: `Kubelet admission: ${pod.metadata.name} does not fit ${this.node} (${rejection.message}); the pod is rejected and fails`,
      key: 'kubelet.rejected',
      params: { reason: rejection.reason, message: rejection.message },
      events: [podEvent(this.node, pod, undefined, 'Warning', rejection.reason, rejection.message)],
    });
  }

  /** A CRI result, to the part that made the call. */
  private onCri(r: CriResponse, sim: Simulation): void {
    const p = this.s.cri.get(r.reqId);
    if (!p) return;
    this.s.cri.delete(r.reqId);
    const w = this.s.pods.get(p.uid);
    const pod = this.s.podObjs.get(p.uid);
    if (r.call === 'PullImage') this.imagePuller.pullDone(sim);
    if (!w || !pod) return;
    if (r.call === 'RunPodSandbox' || r.call === 'StopPodSandbox') return this.runtime.onSandboxResult(w, pod, r, sim);
    const c = w.containers.find((x) => x.name === p.container);
    if (!c) return;
    c.busy = false;
    const x = { w, c, pod, spec: containerSpec(pod, c) };
    if (r.call === 'ImageStatus') return this.imageManager.onImageStatus(x, r, sim);
    if (r.call === 'PullImage') return this.imageManager.onPulled(x, r, sim);
    this.runtime.onContainerResult(x, r, sim);
  }

  /** PLEG (pkg/kubelet/pleg/generic.go): the runtime saw a container exit. */
  private onContainerEvent(e: ContainerEvent, sim: Simulation): void {
    const w = this.s.pods.get(e.podUid);
    if (!w || e.type !== 'ContainerDied') return;
    const c = w.containers.find((x) => x.containerId === e.containerId);
    if (!c || c.state !== 'running') return;
    c.state = 'terminated';
    c.exitCode = e.exitCode ?? 0;
    c.reason =
      c.exitCode === 0
        ? 'Completed'
        : e.reason === 'OOMKilled' || (c.exitCode === 137 && c.killReason === 'OOMKilled')
          ? 'OOMKilled'
          : 'Error';
    c.finishedAt = e.finishedAt ?? sim.now;
    c.ready = false;
    c.started = false;
    this.statusManager.markStatus(w, sim);
    this.podWorkers.sync(w.uid, sim);
  }

  /** An API response, to the part that sent the request. */
  private onApi(resp: ApiResponse, sim: Simulation): void {
    const p = this.s.api.get(resp.reqId);
    if (!p) return;
    this.s.api.delete(resp.reqId);
    const w = p.uid ? this.s.pods.get(p.uid) : undefined;
    switch (p.purpose) {
      case 'status':
        if (w) this.statusManager.onPatched(w, resp, sim);
        return;
      case 'volume':
        if (w) this.volumeManager.onVolumeFetched(w, p.volume!, resp, sim);
        return;
      case 'env':
        this.configs.onFetched(p.container!, resp);
        if (w) this.podWorkers.sync(w.uid, sim);
        return;
      case 'delete':
      case 'lease':
      case 'node-status':
        return;
    }
  }

  /** After a restart: report the node Ready again and re-read the pods bound here. */
  restart(sim: Simulation): void {
    this.s.cri.clear();
    this.s.api.clear();
    this.s.pulling = false;
    this.s.pullQueue = [];
    this.s.runtimeSeenAt = sim.now;
    this.s.notReadyKinds = '';
    this.s.readyMessage = undefined;
    // A new kubelet process: lastNodeUnschedulable starts false, so a cordoned node records NodeNotSchedulable.
    this.s.lastUnschedulable = false;
    this.start(sim, 1);
    postNodeReady(this, sim);
    for (const p of sim.store.list('/registry/pods/')) {
      if (p.spec?.nodeName !== this.node) continue;
      this.onWatch({ kind: 'watch', type: 'MODIFIED', object: p }, sim);
    }
  }
}
