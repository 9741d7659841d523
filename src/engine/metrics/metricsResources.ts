/**
 * The resources of metrics.k8s.io/v1beta1 (metrics-server's pkg/api): read-only, never stored, served by
 * metrics-server through the kube-aggregator once its APIService `v1beta1.metrics.k8s.io` is registered. They are
 * kept out of the resource table (objects/resources.ts) because a cluster without metrics-server — kind's default —
 * does not serve them: discovery and `kubectl api-resources` do not list them there.
 */
import type { ResourceInfo } from '../objects/resources';

const metrics = (kind: string, resource: string, namespaced: boolean): ResourceInfo => ({
  kind,
  group: 'metrics.k8s.io',
  version: 'v1beta1',
  resource,
  namespaced,
  etcdPrefix: resource,
  simulated: true,
  singular: '',
  rest: 'metrics',
});

export const METRICS_RESOURCES: readonly ResourceInfo[] = [
  metrics('PodMetrics', 'pods', true),
  metrics('NodeMetrics', 'nodes', false),
];

export function metricsResource(kind: string): ResourceInfo | undefined {
  return METRICS_RESOURCES.find((r) => r.kind === kind);
}
