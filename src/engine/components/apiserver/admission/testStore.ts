/** A stand-in for the apiserver's store in admission tests: objects by etcd key, listed by prefix in key order. */
import type { KObject } from '../../../types';
import { etcdKey, lookupResource } from '../../../objects/resources';

export function testStore(objects: KObject[]) {
  const byKey = new Map<string, KObject>();
  for (const o of objects)
    byKey.set(etcdKey(lookupResource(o.apiVersion, o.kind)!, o.metadata.namespace, o.metadata.name), o);
  return {
    get: (key: string) => byKey.get(key),
    list: (prefix: string) =>
      [...byKey.keys()]
        .sort()
        .filter((k) => k.startsWith(prefix))
        .map((k) => byKey.get(k)!),
  };
}
