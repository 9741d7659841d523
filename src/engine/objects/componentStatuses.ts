/**
 * What GET componentstatuses answers (pkg/registry/core/componentstatus/rest.go): nothing stored, a probe of each
 * control-plane component's health endpoint on every read — the controller manager, the scheduler and the etcd
 * server the apiserver talks to (a kind cluster's one control-plane node: etcd-0) — each `Healthy` with the health
 * endpoint's body, `ok`. The real List collects the probes from goroutines in no fixed order; here they come in
 * name order. The type is deprecated (its warning is COMPONENT_STATUS_DEPRECATED).
 */
import type { KObject } from '../types';

export const COMPONENT_STATUS_DEPRECATED = 'v1 ComponentStatus is deprecated in v1.19+';

/** The secure health ports the apiserver probes (cmd/kube-controller-manager and cmd/kube-scheduler defaults). */
const PROBED: Record<string, { component: string; port: number }> = {
  'controller-manager': { component: 'kube-controller-manager', port: 10257 },
  scheduler: { component: 'kube-scheduler', port: 10259 },
};

/**
 * `down`: the components a fault has stopped (cluster/componentsDown.ts). A stopped one fails its probe:
 * probe/http DoHTTPProbe turns the refused connection into a Failure whose output is the error, which
 * componentstatus.DoServerCheck returns as the message — Healthy False, `kubectl get cs` Unhealthy.
 */
export function componentStatuses(down: readonly string[] = []): KObject[] {
  return ['controller-manager', 'etcd-0', 'scheduler'].map((name) => {
    const probe = PROBED[name];
    const refused = probe && down.includes(probe.component);
    const url = probe ? `https://127.0.0.1:${probe.port}/healthz` : '';
    return {
      apiVersion: 'v1',
      kind: 'ComponentStatus',
      metadata: { name },
      conditions: [
        refused
          ? {
              type: 'Healthy',
              status: 'False',
              message: `Get "${url}": dial tcp 127.0.0.1:${probe.port}: connect: connection refused`,
            }
          : { type: 'Healthy', status: 'True', message: 'ok' },
      ],
    };
  });
}
