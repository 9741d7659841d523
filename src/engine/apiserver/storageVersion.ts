/**
 * Conversion to the storage version, for the kinds served in two versions from one storage: an object sent in the
 * other version is converted (through the internal type) to the version the stored objects have, so every reader —
 * controllers, kubectl's printers — sees one shape.
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
