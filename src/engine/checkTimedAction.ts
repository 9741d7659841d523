/**
 * Checks an intervention that comes from outside the engine (a share link's `actions`) as the CLI checks
 * `--action`. A file of its own rather than part of actions.ts: the link decoder runs at start-up, and actions.ts
 * brings the manifest parser into the page's first bundle.
 */
import type { TimedAction, UserAction } from './api';
import { COMPONENT_IDS } from './types';

/**
 * An intervention from outside (a share link's `actions`), checked as the CLI checks `--action` (issue 24:
 * `replicas: -5`, `1.5` or `"abc"` from a link ran, the last to the step cap). Returns the action, or why not.
 */
export function checkTimedAction(value: unknown): TimedAction | { error: string } {
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: 'not an object' };
  if (!Number.isInteger(v.atStep) || (v.atStep as number) < 0) return { error: 'atStep must be a step number' };
  const a = v.action as Record<string, unknown> | null;
  if (!a || typeof a !== 'object') return { error: 'no action' };
  const str = (k: string) => typeof a[k] === 'string' && (a[k] as string).length > 0 && (a[k] as string).length <= 253;
  const optStr = (k: string) => a[k] === undefined || str(k);
  const ok = (() => {
    if (!optStr('namespace')) return false;
    switch (a.type) {
      case 'delete-pod':
        return str('name');
      case 'scale':
        return (
          (a.kind === 'Deployment' || a.kind === 'ReplicaSet') &&
          str('name') &&
          Number.isInteger(a.replicas) &&
          (a.replicas as number) >= 0
        );
      case 'set-image':
        return str('deployment') && str('container') && str('image');
      case 'rollout-undo':
        return str('deployment');
      case 'cordon':
      case 'uncordon':
        return str('node');
      case 'taint':
        return (
          str('node') &&
          str('key') &&
          optStr('value') &&
          ['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(a.effect as string)
        );
      case 'stop':
      case 'start':
        return a.component === 'etcd'
          ? a.member === undefined || (Number.isInteger(a.member) && (a.member as number) >= 0)
          : (COMPONENT_IDS as readonly unknown[]).includes(a.component) && optStr('node');
      case 'registry':
        return typeof a.reachable === 'boolean';
      case 'apply':
        return typeof a.yaml === 'string';
      default:
        return false;
    }
  })();
  if (!ok && a.type === 'scale') return { error: 'scale needs replicas, a whole number ≥ 0, and a name' };
  if (!ok) return { error: `not a valid ${typeof a.type === 'string' ? a.type.slice(0, 40) : 'action'}` };
  return { atStep: v.atStep as number, action: a as unknown as UserAction };
}
