/** How controllers name the objects in their caches and find an object's controller (ownerReference). */
import type { KObject } from '../../types';

export function cacheKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

export function controllerOf(o: KObject): { kind: string; name: string; uid: string } | undefined {
  // An index loop: find() on a frozen (stored) array takes a slow path in V8 11, and this runs per watch event.
  const refs = o.metadata.ownerReferences;
  if (refs) for (let i = 0; i < refs.length; i++) if (refs[i].controller) return refs[i];
  return undefined;
}
