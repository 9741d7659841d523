/**
 * `--action` specs: `WHEN:COMMAND`, WHEN being a virtual time (`45s`, `2m`, `1500ms`) or a step (`#120`).
 * Commands: `delete-pod NAME`, `scale deployment/NAME N`, `set-image deployment/NAME CONTAINER=IMAGE`,
 * `rollout-undo deployment/NAME`, `cordon NODE`, `uncordon NODE`, `taint NODE KEY[=VALUE]:EFFECT`, `untaint NODE KEY[:EFFECT]`,
 * `stop|start COMPONENT[@NODE]` (etcd members as `etcd-N`), `registry down|up`.
 */
import type { TimedAction, UserAction } from '../src/engine/api';
import { COMPONENT_IDS } from '../src/engine/types';

export function parseActionSpec(spec: string): TimedAction | { error: string } {
  const colon = spec.indexOf(':');
  if (colon < 0) return { error: 'expected WHEN:COMMAND, e.g. 30s:delete-pod web-7d9c8b6f5d-x2x7k' };
  const when = spec.slice(0, colon).trim();
  const cmd = spec.slice(colon + 1).trim();
  let at: { atStep?: number; atMs?: number };
  if (when.startsWith('#')) {
    const n = Number(when.slice(1));
    if (!Number.isInteger(n) || n < 0) return { error: `bad step "${when}"` };
    at = { atStep: n };
  } else {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(when);
    if (!m) return { error: `bad time "${when}" (use 30s, 2m, 1500ms or #STEP)` };
    at = { atMs: Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2]]!) };
  }
  const action = parseCommand(cmd.split(/\s+/).filter(Boolean));
  if ('error' in action) return action;
  return { ...at, action };
}

function parseCommand(w: string[]): UserAction | { error: string } {
  const [verb, a1, a2] = w;
  const ref = (s: string | undefined, kind = 'deployment') =>
    s?.startsWith(`${kind}/`) ? s.slice(kind.length + 1) : undefined;
  switch (verb) {
    case 'delete-pod':
      return a1 ? { type: 'delete-pod', name: a1 } : { error: 'delete-pod needs a pod name' };
    case 'scale': {
      const name = ref(a1);
      const n = Number(a2);
      return name && Number.isInteger(n) && n >= 0
        ? { type: 'scale', kind: 'Deployment', name, replicas: n }
        : { error: 'usage: scale deployment/NAME REPLICAS' };
    }
    case 'set-image': {
      const name = ref(a1);
      const eq = a2?.indexOf('=') ?? -1;
      return name && a2 && eq > 0
        ? { type: 'set-image', deployment: name, container: a2.slice(0, eq), image: a2.slice(eq + 1) }
        : { error: 'usage: set-image deployment/NAME CONTAINER=IMAGE' };
    }
    case 'rollout-undo': {
      const name = ref(a1);
      return name ? { type: 'rollout-undo', deployment: name } : { error: 'usage: rollout-undo deployment/NAME' };
    }
    case 'cordon':
    case 'uncordon':
      return a1 ? { type: verb, node: a1 } : { error: `${verb} needs a node name` };
    case 'taint': {
      const m = /^([^=:]+)(?:=([^:]*))?:(NoSchedule|PreferNoSchedule|NoExecute)$/.exec(a2 ?? '');
      return a1 && m
        ? { type: 'taint', node: a1, key: m[1], ...(m[2] ? { value: m[2] } : {}), effect: m[3] as 'NoSchedule' }
        : { error: 'usage: taint NODE KEY[=VALUE]:EFFECT' };
    }
    case 'untaint': {
      const m = /^([^=:]+)(?::(NoSchedule|PreferNoSchedule|NoExecute))?-?$/.exec(a2 ?? '');
      return a1 && m
        ? { type: 'untaint', node: a1, key: m[1], ...(m[2] ? { effect: m[2] as 'NoSchedule' } : {}) }
        : { error: 'usage: untaint NODE KEY[:EFFECT]' };
    }
    case 'stop':
    case 'start': {
      if (!a1) return { error: `${verb} needs a component` };
      const member = /^etcd-(\d)$/.exec(a1);
      if (member) return { type: verb, component: 'etcd', member: Number(member[1]) };
      const [component, node] = a1.split('@');
      if (!(COMPONENT_IDS as readonly string[]).includes(component))
        return { error: `unknown component "${component}"` };
      return { type: verb, component, ...(node ? { node } : {}) };
    }
    case 'registry':
      return a1 === 'down' || a1 === 'up'
        ? { type: 'registry', reachable: a1 === 'up' }
        : { error: 'usage: registry down|up' };
    default:
      return { error: `unknown command "${verb ?? ''}"` };
  }
}
