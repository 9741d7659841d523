/**
 * What GET componentstatuses answers (pkg/registry/core/componentstatus/rest.go): nothing stored, a probe of each
 * control-plane component's health endpoint on every read — the controller manager, the scheduler and the etcd
 * server the apiserver talks to (a kind cluster's one control-plane node: etcd-0) — each `Healthy` with the health
 * endpoint's body, `ok`. The real List collects the probes from goroutines in no fixed order; here they come in
 * name order. The type is deprecated (its warning is COMPONENT_STATUS_DEPRECATED).
 */
import type { KObject } from '../types';

export const COMPONENT_STATUS_DEPRECATED = 'v1 ComponentStatus is deprecated in v1.19+';

export function componentStatuses(): KObject[] {
  return ['controller-manager', 'etcd-0', 'scheduler'].map((name) => ({
    apiVersion: 'v1',
    kind: 'ComponentStatus',
    metadata: { name },
    conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }],
  }));
}
