/**
 * All the kubelet's mutable state, plain data so `Simulation.snapshot()` can copy it. The kubelet's parts (pod
 * workers, image manager, prober, status manager, volume manager) are stateless and read it through the component.
 */
import type { CriCall } from '../../messages';
import type { KObject } from '../../types';
import type { MemoryUser } from './eviction/EvictionManager';
import type { PodWorkerState } from './podWorkerState';

/** A CRI call in flight, by request id. */
interface CriPending {
  uid: string;
  container?: string;
  call: CriCall;
  enqueuedAt?: number;
}

/** An API request in flight, by request id: which part of the kubelet the response goes back to. */
export interface ApiPending {
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
  /** Last time the runtime answered its Status check (updateRuntimeUp). */
  runtimeSeenAt?: number;
  /** The runtime errors the posted Ready condition reflects ('' when Ready). */
  notReadyKinds?: string;
  /** The message of the Ready condition last posted. */
  readyMessage?: string;
  /** spec.unschedulable at the last node status sync (recordNodeSchedulableEvent). */
  lastUnschedulable?: boolean;
  /** Containers whose memory counts against the node's memory.available (eviction manager). */
  memoryUsers?: MemoryUser[];
  /** When the node last reported MemoryPressure=True (undefined: False). */
  memoryPressureSince?: number;
}
