import type { KObject } from '../../types';
import type { BackoffEntry } from './Backoff';

/** What the kubelet knows about one container of a pod (runtime + probe state). */
export interface ContainerRuntimeState {
  name: string;
  init: boolean;
  /** Index in spec.containers / spec.initContainers. */
  index: number;
  state: 'waiting' | 'running' | 'terminated';
  reason?: string;
  message?: string;
  containerId?: string;
  imageId?: string;
  startedAt?: number;
  finishedAt?: number;
  exitCode?: number;
  restartCount: number;
  lastTerminated?: {
    exitCode: number;
    reason: string;
    startedAt: number;
    finishedAt: number;
    containerId: string;
    message?: string;
  };
  /** The termination before `lastTerminated`: the status's lastState while the exited container is still current. */
  olderTerminated?: ContainerRuntimeState['lastTerminated'];
  ready: boolean;
  started: boolean;
  /**
   * What the status still reports while the container waits to restart (convertToAPIContainerStatuses reads the
   * latest runtime container and the reason cache, which SyncPod updates only after it ran): `exited` — the exited
   * container; `crashLoop` — the CrashLoopBackOff wait of the previous sync, kept until the new container runs.
   */
  reported?: 'exited' | 'crashLoop';
  /** The CrashLoopBackOff message `reported: 'crashLoop'` shows. */
  reportedMessage?: string;
  crashBackoff?: BackoffEntry;
  imageBackoff?: BackoffEntry;
  /** A CRI call for this container is in flight. */
  busy?: boolean;
  /** Image present (after ImageStatus/PullImage). */
  imageReady?: boolean;
  /** Killed by the kubelet (liveness) — exit reason is still the runtime's. */
  killReason?: string;
  probes: { readinessOk: number; readinessFail: number; livenessFail: number; startupOk: boolean; startupFail: number };
}

export interface PodWorkerState {
  uid: string;
  namespace: string;
  name: string;
  /** Step-level time the pod reached this kubelet. */
  admittedAt: number;
  stage: 'volumes' | 'sandbox' | 'containers' | 'terminating' | 'terminated';
  volumesReady: boolean;
  volumeBackoff?: BackoffEntry;
  sandboxId?: string;
  sandboxReady: boolean;
  sandboxBusy?: boolean;
  ip?: string;
  containers: ContainerRuntimeState[];
  deleting: boolean;
  /** Next sync already scheduled at this time (dedup of wake-ups). */
  wakeAt?: number;
  statusDirty: boolean;
  statusScheduled: boolean;
  statusInflight: boolean;
  finalDeleteSent?: boolean;
  /** Volume names that could not be set up, with the error. */
  volumeErrors?: Array<{ volume: string; message: string }>;
  pendingVolumeGets?: number;
  /** Refused by the kubelet's admission (lifecycle/admitPod.ts): the pod never runs. */
  rejected?: { reason: string; message: string };
  /** Evicted by the eviction manager (node-pressure eviction): the message of its status and Evicted event. */
  evicted?: { message: string };
}

/** A new worker for a pod that reached this kubelet: every container waiting, nothing set up yet. */
export function newPodWorker(pod: KObject, now: number): PodWorkerState {
  const mk = (c: any, i: number, init: boolean): ContainerRuntimeState => ({
    name: c.name,
    init,
    index: i,
    state: 'waiting',
    reason: 'ContainerCreating',
    restartCount: 0,
    ready: false,
    started: false,
    probes: newProbeCounters(),
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

/** The spec of a container from the pod object. */
export function containerSpec(pod: KObject, c: ContainerRuntimeState): any {
  return (c.init ? pod.spec.initContainers : pod.spec.containers)[c.index];
}

/** The prober's counters of a container, fresh at each start. */
export function newProbeCounters(): ContainerRuntimeState['probes'] {
  return { readinessOk: 0, readinessFail: 0, livenessFail: 0, startupOk: false, startupFail: 0 };
}

/** One container of a pod worker with its pod object and spec: what the CRI result handlers work on. */
export interface ContainerContext {
  w: PodWorkerState;
  c: ContainerRuntimeState;
  pod: KObject;
  spec: any;
}
