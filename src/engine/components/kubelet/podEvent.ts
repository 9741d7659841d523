/**
 * The Events the kubelet records about a pod or one of its containers (pkg/kubelet/events), with the
 * `involvedObject.fieldPath` of the container as the kubelet's container reference gives it (`spec.containers{name}`).
 */
import type { EventSpec } from '../../kernel/Envelope';
import type { KObject } from '../../types';
import type { ContainerRuntimeState } from './podWorkerState';

export function podEvent(
  node: string,
  pod: KObject,
  c: ContainerRuntimeState | undefined,
  type: 'Normal' | 'Warning',
  reason: string,
  message: string,
): EventSpec {
  // Not a spread of podRef(pod): adding fieldPath to a spread copy of an unfrozen object is V8's slow path.
  const ref: ReturnType<typeof podRef> & { fieldPath?: string } = podRef(pod);
  if (c) ref.fieldPath = `spec.${c.init ? 'initContainers' : 'containers'}{${c.name}}`;
  return { type, reason, message, source: 'kubelet', host: node, involvedObject: ref };
}

/** The object reference of a pod, for steps and events. */
export function podRef(pod: KObject) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    uid: pod.metadata.uid,
  };
}
