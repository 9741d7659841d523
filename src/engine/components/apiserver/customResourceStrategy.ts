/**
 * The custom resource strategy (apiextensions-apiserver pkg/registry/customresource/strategy.go): generation 1 on
 * create and bumped when anything but metadata and status changes; with the status subresource enabled, a create
 * cannot set status and an update of the main resource keeps the stored one (only …/status writes it).
 */
import { canonicalEqual } from '../../objects/canonicalEqual';
import type { KObject } from '../../types';

export function prepareCustomForCreate(obj: KObject, statusEnabled: boolean): KObject {
  const out = { ...obj, metadata: { ...obj.metadata, generation: 1 } } as KObject;
  if (statusEnabled) delete (out as Record<string, unknown>).status;
  return out;
}

export function prepareCustomForUpdate(next: KObject, old: KObject, statusEnabled: boolean): KObject {
  const out = { ...next } as Record<string, unknown>;
  if (statusEnabled) {
    if (old.status !== undefined) out.status = old.status;
    else delete out.status;
  }
  const rest = (o: Record<string, unknown>, withStatus: boolean) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'metadata' && (withStatus || k !== 'status')));
  const changed = !canonicalEqual(rest(out, !statusEnabled), rest(old as Record<string, unknown>, !statusEnabled));
  const generation = Number(old.metadata.generation ?? 1);
  return {
    ...(out as KObject),
    metadata: { ...next.metadata, generation: changed ? generation + 1 : generation },
  } as KObject;
}
