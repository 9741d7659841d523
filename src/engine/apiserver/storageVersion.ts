/**
 * Conversion between the storage version and the other served version, for the kinds served in two versions from
 * one storage: an object sent in the other version is converted (through the internal type) to the version the
 * stored objects have, so every reader — controllers, kubectl's printers — sees one shape, and a client that
 * addressed the other version gets its answer back in that version (so a second `kubectl apply` finds nothing to
 * change).
 * - autoscaling/v1 HorizontalPodAutoscaler → autoscaling/v2 (pkg/apis/autoscaling/v1/conversion.go:
 *   targetCPUUtilizationPercentage becomes a Resource metric on cpu with an Utilization target);
 * - events.k8s.io/v1 Event → core/v1 Event (pkg/apis/events/v1/conversion.go: regarding → involvedObject,
 *   note → message, the deprecated* fields back to their core names).
 */
import type { KObject } from '../types';

export function toStorageVersion(obj: KObject): KObject {
  if (obj.apiVersion === 'autoscaling/v1' && obj.kind === 'HorizontalPodAutoscaler') return hpaV1ToV2(obj);
  if (obj.apiVersion === 'events.k8s.io/v1' && obj.kind === 'Event') return eventsV1ToCore(obj);
  return obj;
}

function hpaV1ToV2(hpa: KObject): KObject {
  const { targetCPUUtilizationPercentage, ...spec } = (hpa.spec ?? {}) as Record<string, unknown>;
  const metrics =
    targetCPUUtilizationPercentage === undefined
      ? undefined
      : [
          {
            type: 'Resource',
            resource: {
              name: 'cpu',
              target: { type: 'Utilization', averageUtilization: targetCPUUtilizationPercentage },
            },
          },
        ];
  return { ...hpa, apiVersion: 'autoscaling/v2', spec: { ...spec, ...(metrics ? { metrics } : {}) } };
}

function eventsV1ToCore(ev: KObject): KObject {
  const {
    regarding,
    note,
    deprecatedCount,
    deprecatedSource,
    deprecatedFirstTimestamp,
    deprecatedLastTimestamp,
    ...rest
  } = ev as Record<string, any>;
  const out: Record<string, unknown> = { ...rest, apiVersion: 'v1', involvedObject: regarding ?? {} };
  if (note !== undefined) out.message = note;
  if (deprecatedCount !== undefined) out.count = deprecatedCount;
  if (deprecatedSource !== undefined) out.source = deprecatedSource;
  if (deprecatedFirstTimestamp !== undefined) out.firstTimestamp = deprecatedFirstTimestamp;
  if (deprecatedLastTimestamp !== undefined) out.lastTimestamp = deprecatedLastTimestamp;
  return out as KObject;
}

/** The stored object as a client of `apiVersion` reads it (the reverse of toStorageVersion). */
export function fromStorageVersion(obj: KObject, apiVersion: string): KObject {
  if (apiVersion === 'autoscaling/v1' && obj.kind === 'HorizontalPodAutoscaler' && obj.apiVersion === 'autoscaling/v2')
    return hpaV2ToV1(obj);
  if (apiVersion === 'events.k8s.io/v1' && obj.kind === 'Event' && obj.apiVersion === 'v1') return coreToEventsV1(obj);
  return obj;
}

/** Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler: the cpu Utilization target only. */
function hpaV2ToV1(hpa: KObject): KObject {
  const { metrics, ...spec } = (hpa.spec ?? {}) as Record<string, any>;
  delete spec.behavior; // v1 has no behavior (the real conversion keeps it in an annotation)
  const cpu = ((metrics ?? []) as any[]).find(
    (m) => m.type === 'Resource' && m.resource?.name === 'cpu' && m.resource?.target?.type === 'Utilization',
  );
  const target = cpu?.resource?.target?.averageUtilization;
  const status = hpa.status ?? {};
  const current = ((status.currentMetrics ?? []) as any[]).find(
    (m) => m.type === 'Resource' && m.resource?.name === 'cpu',
  )?.resource?.current?.averageUtilization;
  return {
    ...hpa,
    apiVersion: 'autoscaling/v1',
    spec: { ...spec, ...(target !== undefined ? { targetCPUUtilizationPercentage: target } : {}) },
    status: {
      ...(status.observedGeneration !== undefined ? { observedGeneration: status.observedGeneration } : {}),
      ...(status.lastScaleTime !== undefined ? { lastScaleTime: status.lastScaleTime } : {}),
      currentReplicas: status.currentReplicas ?? 0,
      desiredReplicas: status.desiredReplicas ?? 0,
      ...(current !== undefined ? { currentCPUUtilizationPercentage: current } : {}),
    },
  };
}

function coreToEventsV1(ev: KObject): KObject {
  const { involvedObject, message, count, source, firstTimestamp, lastTimestamp, ...rest } = ev as Record<string, any>;
  const out: Record<string, unknown> = { ...rest, apiVersion: 'events.k8s.io/v1', regarding: involvedObject };
  if (message !== undefined) out.note = message;
  if (count !== undefined) out.deprecatedCount = count;
  if (source !== undefined) out.deprecatedSource = source;
  if (firstTimestamp !== undefined) out.deprecatedFirstTimestamp = firstTimestamp;
  if (lastTimestamp !== undefined) out.deprecatedLastTimestamp = lastTimestamp;
  return out as KObject;
}
