/**
 * Who is watching what. Each component's informers watch the kinds it needs, with the field selectors the real
 * components use (kube-controller-manager: the kinds its registered controllers watch, `kcmWatchRoutes`) (the kubelet: `spec.nodeName=<node>`). Status-only changes of a pod are not sent back to its own
 * kubelet: its informer would receive them but nothing in the kubelet acts on them.
 */
import type { WatchType } from '../../messages';
import type { Endpoint, KObject, Phase } from '../../types';
import { partOf } from '../../kernel/partOf';
import type { KcmWatchRoutes } from '../controllers/kcmWatchRoutes';
import { statusOnly, type WatchFilter } from '../scheduler/schedulerWatches';
import { boundedMemo } from '../../util/boundedMemo';

/** The watch registrations the apiserver routes by: kube-controller-manager's (from its controller registry) and
 * kube-scheduler's (its informers' filter). The node agents' are their field selectors, below. */
export interface WatchRegistrations {
  kcm: KcmWatchRoutes;
  scheduler: WatchFilter;
}

interface WatchDelivery {
  to: Endpoint;
  type: WatchType;
  phase: Phase;
}

const KCM_WATCHER: Endpoint = { component: 'kube-controller-manager' };
const SCHEDULER_WATCHER: Endpoint = Object.freeze({ component: 'kube-scheduler' });
/** `{ component, node }`, one frozen object per pair: shared like the endpoints of kernel/partOf.ts. */
const nodeWatchers = {
  kubelet: boundedMemo(10_000, (node: string): Endpoint => Object.freeze({ component: 'kubelet', node })),
  'kube-proxy': boundedMemo(10_000, (node: string): Endpoint => Object.freeze({ component: 'kube-proxy', node })),
};

function nodeWatcher(component: 'kubelet' | 'kube-proxy', node: string): Endpoint {
  return nodeWatchers[component](node);
}

/** partOf(KCM_WATCHER, parts) by the parts' text: a map lookup by a constant string instead of partOf's two. */
const kcmWatcher = boundedMemo(1_000, (parts: string): Endpoint => partOf(KCM_WATCHER, parts));

export function watchDeliveries(
  type: WatchType,
  obj: KObject,
  old: KObject | undefined,
  nodes: readonly string[],
  routes: WatchRegistrations,
): WatchDelivery[] {
  const out: WatchDelivery[] = [];
  const kind = obj.kind;
  const parts = routes.kcm.partsFor(obj);
  if (parts !== undefined) {
    out.push({
      to: kcmWatcher(parts),
      type,
      phase: kind === 'Service' || kind === 'EndpointSlice' ? 'network' : 'reconcile',
    });
  }
  if (routes.scheduler(type, obj, old)) out.push({ to: SCHEDULER_WATCHER, type, phase: 'schedule' });
  if (kind === 'Pod') {
    const now = type === 'DELETED' ? undefined : obj.spec?.nodeName;
    const before = old?.spec?.nodeName ?? (type === 'DELETED' ? obj.spec?.nodeName : undefined);
    if (now && now !== before) out.push({ to: nodeWatcher('kubelet', now), type: 'ADDED', phase: 'run' });
    else if (now && now === before && !statusOnly(obj, old))
      out.push({ to: nodeWatcher('kubelet', now), type, phase: 'run' });
    else if (type === 'DELETED' && before) out.push({ to: nodeWatcher('kubelet', before), type, phase: 'run' });
  }
  if (kind === 'Service' || kind === 'EndpointSlice') {
    for (const n of nodes) out.push({ to: nodeWatcher('kube-proxy', n), type, phase: 'network' });
  }
  return out;
}
