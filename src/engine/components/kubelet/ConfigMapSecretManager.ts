/**
 * The ConfigMaps and Secrets a container's environment comes from (`env[].valueFrom`, `envFrom`):
 * generateContainerConfig (kuberuntime_container.go) → makeEnvironmentVariables (kubelet_pods.go), which reads
 * them through the kubelet's configmap and secret managers (pkg/kubelet/configmap, pkg/kubelet/secret). A missing
 * object or key that is not optional is a CreateContainerConfigError with the real message. Objects are fetched
 * once per sync attempt (`KubeletState.configSeen`) and forgotten after a config error, so a retry sees new ones.
 */
import type { Simulation } from '../../kernel/Simulation';
import type { ApiResponse } from '../../messages';
import type { KObject } from '../../types';
import type { Kubelet } from './Kubelet';
import { kubeletApiRequest } from './kubeletApiRequest';
import type { PodWorkerState } from './podWorkerState';

export class ConfigMapSecretManager {
  constructor(private readonly k: Kubelet) {}

  /** The config error of this container, `'pending'` while objects are being fetched, undefined when complete. */
  missingConfig(w: PodWorkerState, pod: KObject, spec: any, sim: Simulation): string | undefined | 'pending' {
    const configSeen = this.k.s.configSeen;
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
      if (!configSeen.has(k)) {
        pending = true;
        kubeletApiRequest(
          this.k,
          sim,
          { verb: 'get', resourceKind: r.kind, namespace: pod.metadata.namespace, name: r.name },
          { uid: w.uid, purpose: 'env', container: k },
          'run',
          `Fetch ${r.kind} ${r.name} for the environment of ${spec.name}`,
        );
        configSeen.set(k, true);
        configSeen.set(`pending:${k}`, true);
        continue;
      }
      if (configSeen.has(`pending:${k}`)) pending = true;
    }
    if (pending) return 'pending';
    for (const r of refs) {
      const exists = configSeen.get(`${r.kind}/${pod.metadata.namespace}/${r.name}`);
      const obj = configSeen.get(`obj:${r.kind}/${pod.metadata.namespace}/${r.name}`);
      if (!exists && !r.optional) return `${r.kind === 'Secret' ? 'secret' : 'configmap'} "${r.name}" not found`;
      if (exists && r.key && !obj && !r.optional)
        return `couldn't find key ${r.key} in ${r.kind} ${pod.metadata.namespace}/${r.name}`;
    }
    return undefined;
  }

  /** The GET for "kind/ns/name" returned. */
  onFetched(key: string, resp: ApiResponse): void {
    const configSeen = this.k.s.configSeen;
    configSeen.delete(`pending:${key}`);
    configSeen.set(key, !resp.error && !resp.unreachable);
    if (resp.object) configSeen.set(`obj:${key}`, true);
  }

  /** After a config error: fetch again on the next attempt. */
  forget(): void {
    this.k.s.configSeen.clear();
  }
}
