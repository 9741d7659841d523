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
  ready: boolean;
  started: boolean;
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
}
