/**
 * The watch routes of kube-controller-manager, from the controller registry: for each kind, which parts asked for
 * it. The apiserver sends a watch event to kube-controller-manager when some part watches its kind (and namespace),
 * drawn to those parts, as one informer shared by the controllers (client-go's SharedInformerFactory).
 */
import type { KObject } from '../../types';
import type { Controller } from './Controller';

interface Route {
  part: string;
  namespace?: string;
}

export interface KcmWatchRoutes {
  /** The drawn parts for a watch event on `obj`, comma-joined, or undefined when no part watches it. */
  partsFor(obj: KObject): string | undefined;
}

export function kcmWatchRoutes(controllers: readonly Controller[]): KcmWatchRoutes {
  const byKind = new Map<string, Route[]>();
  for (const c of controllers) {
    if (c.watches === '*') continue;
    for (const w of c.watches) {
      const spec = typeof w === 'string' ? { kind: w } : w;
      const routes = byKind.get(spec.kind) ?? [];
      const part = spec.part ?? c.name;
      if (!routes.some((r) => r.part === part && r.namespace === spec.namespace))
        routes.push({ part, namespace: spec.namespace });
      byKind.set(spec.kind, routes);
    }
  }
  // Kinds no part restricts by namespace get their parts joined once: this runs for every write.
  const fixed = new Map<string, string>();
  for (const [kind, routes] of byKind)
    if (routes.every((r) => r.namespace === undefined)) fixed.set(kind, uniqueParts(routes));
  return {
    partsFor(obj) {
      const f = fixed.get(obj.kind);
      if (f !== undefined) return f;
      const routes = byKind.get(obj.kind);
      if (!routes) return undefined;
      const ns = obj.metadata.namespace;
      const matching = routes.filter((r) => r.namespace === undefined || r.namespace === ns);
      return matching.length ? uniqueParts(matching) : undefined;
    },
  };
}

function uniqueParts(routes: Route[]): string {
  return [...new Set(routes.map((r) => r.part))].join(',');
}
