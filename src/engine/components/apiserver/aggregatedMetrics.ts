/**
 * metrics.k8s.io through the kube-aggregator (staging/src/k8s.io/kube-aggregator/pkg/apiserver/handler_proxy.go):
 * - no APIService `v1beta1.metrics.k8s.io` (kind's default, no metrics-server): the group is not served at all, so
 *   the apiserver's NotFound handler answers 404 "the server could not find the requested resource";
 * - the APIService is there but metrics-server has no Ready endpoint: 503 "the server is currently unable to
 *   handle the request" (the aggregator's proxy finds no backend);
 * - otherwise metrics-server's answer (src/engine/metrics/resourceMetrics.ts), filtered by namespace, name and
 *   label selector as its storage does (metrics-server pkg/api/pod.go).
 */
import type { ApiRequest, StatusError } from '../../messages';
import type { KObject } from '../../types';
import { NO_ROUTE } from '../../apiserver/statusErrors';
import { listFilter } from '../../apiserver/listFilter';
import { metricsApiState, nodeMetrics, podMetrics } from '../../metrics/resourceMetrics';

interface MetricsAnswer {
  error?: StatusError;
  object?: KObject;
  items?: KObject[];
}

export const SERVICE_UNAVAILABLE: StatusError = {
  code: 503,
  reason: 'ServiceUnavailable',
  message: 'the server is currently unable to handle the request',
};

export function answerMetrics(req: ApiRequest, objects: readonly KObject[], now: number): MetricsAnswer {
  const state = metricsApiState(objects);
  if (state === 'absent') return { error: NO_ROUTE };
  if (state === 'unavailable') return { error: SERVICE_UNAVAILABLE };
  if (req.verb !== 'get' && req.verb !== 'list')
    return {
      error: {
        code: 405,
        reason: 'MethodNotAllowed',
        message: 'the server does not allow this method on the requested resource',
      },
    };
  const pods = req.resourceKind === 'PodMetrics';
  let items = pods ? podMetrics(objects, now) : nodeMetrics(objects, now);
  if (pods && req.namespace) items = items.filter((m) => m.metadata.namespace === req.namespace);
  if (req.verb === 'get') {
    const found = items.find((m) => m.metadata.name === req.name);
    if (found) return { object: found };
    const resource = pods ? 'podmetrics' : 'nodemetrics';
    const name = pods ? `${req.namespace}/${req.name}` : req.name;
    return {
      error: {
        code: 404,
        reason: 'NotFound',
        message: `${resource}.metrics.k8s.io "${name}" not found`,
        details: { kind: resource, group: 'metrics.k8s.io', name },
      },
    };
  }
  if (req.labelSelector !== undefined) {
    const filter = listFilter(req.labelSelector, undefined);
    if (typeof filter === 'string') return { error: { code: 400, reason: 'BadRequest', message: filter } };
    items = items.filter(filter);
  }
  return { items };
}
