/**
 * A decision of the kubelet about one pod (a back-off, a probe result, a config error), drawn as a step of the
 * kubelet itself and pointing at the container's part of the manifest.
 */
import type { EventSpec } from '../../kernel/Envelope';
import type { Simulation } from '../../kernel/Simulation';
import type { Endpoint, KObject } from '../../types';
import { podRef } from './podEvent';
import type { ContainerRuntimeState, PodWorkerState } from './podWorkerState';

interface PodDecision {
  verb: string;
  label: string;
  summary: string;
  key: string;
  params?: Record<string, string | number>;
  events?: EventSpec[];
  source?: { path: string };
}

export function decidePodStep(
  kubelet: Endpoint,
  w: PodWorkerState,
  pod: KObject,
  c: ContainerRuntimeState | undefined,
  sim: Simulation,
  v: PodDecision,
): void {
  sim.decide(kubelet, {
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
