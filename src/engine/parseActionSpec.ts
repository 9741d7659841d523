/**
 * `--action` specs: `WHEN:COMMAND`, WHEN being a virtual time (`45s`, `2m`, `1500ms`) or a step (`#120`).
 * Commands: `delete-pod NAME`, `delete KIND NAME [-n NS]` (or `KIND/NAME`), `scale deployment/NAME N`, `set-image deployment/NAME CONTAINER=IMAGE`,
 * `rollout-undo deployment/NAME`, `cordon NODE`, `uncordon NODE`, `taint NODE KEY[=VALUE]:EFFECT`, `untaint NODE KEY[:EFFECT]`,
 * `drain NODE [--ignore-daemonsets] [--force] [--delete-emptydir-data] [--grace-period=N] [--timeout=30s]`,
 * `stop|start COMPONENT[@NODE]` (etcd members as `etcd-N`), `registry down|up`,
 * `exec POD[/CONTAINER] [-c CONTAINER] [-n NS] -- COMMAND…` (the command's words as a POSIX shell splits them).
 * The text only becomes a candidate action here; validateTimedAction decides, as it does for a link's actions.
 */
import type { TimedAction } from './api';
import { resolveResourceArg } from './objects/resources';
import { validateTimedAction } from './validateTimedAction';
import { tokenize } from './kubectl/tokenize';
import { parseExecArgs } from './kubectl/kubectlExec';

export function parseActionSpec(spec: string): TimedAction | { error: string } {
  const colon = spec.indexOf(':');
  if (colon < 0) return { error: 'expected WHEN:COMMAND, e.g. 30s:delete-pod web-7d9c8b6f5d-x2x7k' };
  const when = spec.slice(0, colon).trim();
  const cmd = spec.slice(colon + 1).trim();
  let at: { atStep?: unknown; atMs?: unknown };
  if (when.startsWith('#')) {
    if (!/^#\d+$/.test(when)) return { error: `bad step "${when}"` };
    at = { atStep: Number(when.slice(1)) };
  } else {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(when);
    if (!m) return { error: `bad time "${when}" (use 30s, 2m, 1500ms or #STEP)` };
    at = { atMs: Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2]]!) };
  }
  const action = /^exec\s/.test(cmd)
    ? execCandidate(tokenize(cmd).slice(1))
    : candidate(cmd.split(/\s+/).filter(Boolean));
  if (typeof action.error === 'string') return { error: action.error };
  return validateTimedAction({ ...at, action });
}

/** `exec POD[/CONTAINER] -- CMD…`: kubectl's own argument rules (kubectl/kubectlExec.ts), plus POD/CONTAINER. */
function execCandidate(words: string[]): Record<string, unknown> {
  const dash = words.indexOf('--');
  const head = dash >= 0 ? words.slice(0, dash) : words;
  const target = head.findIndex(
    (w, i) => !w.startsWith('-') && !['-c', '--container', '-n', '--namespace'].includes(head[i - 1] ?? ''),
  );
  let container: string | undefined;
  if (target >= 0 && head[target]!.includes('/') && !head[target]!.startsWith('pod/')) {
    const [pod, c] = head[target]!.split('/', 2) as [string, string];
    head[target] = pod;
    container = c;
  }
  const req = parseExecArgs([...head, ...(dash >= 0 ? words.slice(dash) : [])]);
  if (typeof req === 'string')
    return { error: `exec: ${req.replace(/^error: /, '').split('\n')[0]} (usage: exec POD[/CONTAINER] -- COMMAND…)` };
  return {
    type: 'exec',
    pod: req.pod,
    ...(req.namespace !== 'default' ? { namespace: req.namespace } : {}),
    ...((req.container ?? container) !== undefined ? { container: req.container ?? container } : {}),
    command: req.command,
  };
}

/** The action the words describe, unchecked: only the syntax of each command is this parser's business. */
function candidate(w: string[]): Record<string, unknown> {
  const [verb, a1, a2] = w;
  const ref = (s: string | undefined, kind = 'deployment') =>
    s?.startsWith(`${kind}/`) ? s.slice(kind.length + 1) : undefined;
  switch (verb) {
    case 'delete-pod':
      return a1 ? { type: 'delete-pod', name: a1 } : { error: 'delete-pod needs a pod name' };
    case 'delete': {
      // `delete namespace shop`, `delete deployment/web`, `delete pod web-1 -n shop`.
      const slash = a1?.indexOf('/') ?? -1;
      const [kind, name] = slash > 0 ? [a1!.slice(0, slash), a1!.slice(slash + 1)] : [a1, a2];
      const n = w.indexOf('-n');
      const namespace = n > 0 ? w[n + 1] : undefined;
      const info = kind ? resolveResourceArg(kind) : undefined;
      if (!info || !name || name === '-n') return { error: 'usage: delete KIND NAME [-n NAMESPACE] (or KIND/NAME)' };
      return { type: 'delete', kind: info.kind, name, ...(namespace ? { namespace } : {}) };
    }
    case 'scale': {
      const name = ref(a1);
      if (!name || a2 === undefined) return { error: 'usage: scale deployment/NAME REPLICAS' };
      // A number stays a number (so -5 and 1.5 are refused as numbers); anything else is passed on as written.
      return {
        type: 'scale',
        kind: 'Deployment',
        name,
        replicas: /^-?\d+(\.\d+)?$/.test(a2) ? Number(a2) : a2,
      };
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
    case 'drain': {
      if (!a1 || a1.startsWith('-'))
        return {
          error:
            'usage: drain NODE [--ignore-daemonsets] [--force] [--delete-emptydir-data] [--grace-period=N] [--timeout=30s]',
        };
      const out: Record<string, unknown> = { type: 'drain', node: a1 };
      for (const flag of w.slice(2)) {
        const [name, value] = flag.split('=', 2) as [string, string | undefined];
        if (name === '--ignore-daemonsets') out.ignoreDaemonSets = true;
        else if (name === '--force') out.force = true;
        else if (name === '--delete-emptydir-data') out.deleteEmptyDirData = true;
        else if (name === '--grace-period' && value !== undefined)
          out.gracePeriodSeconds = /^-?\d+$/.test(value) ? Number(value) : value;
        else if (name === '--timeout' && value !== undefined) {
          const m = /^(\d+)(s|m|h)$/.exec(value);
          out.timeoutSeconds = m ? Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] as 's' | 'm' | 'h'] : value;
        } else return { error: `drain: unknown flag "${flag}"` };
      }
      return out;
    }
    case 'taint': {
      const m = /^([^=:]+)(?:=([^:]*))?:([^:]+)$/.exec(a2 ?? '');
      return a1 && m
        ? { type: 'taint', node: a1, key: m[1], ...(m[2] ? { value: m[2] } : {}), effect: m[3] }
        : { error: 'usage: taint NODE KEY[=VALUE]:EFFECT' };
    }
    case 'untaint': {
      // kubectl taint NODE KEY[:EFFECT]- ; the trailing dash is optional here.
      const m = /^([^=:]+)(?::([^:-]+))?-?$/.exec(a2 ?? '');
      return a1 && m
        ? { type: 'untaint', node: a1, key: m[1], ...(m[2] ? { effect: m[2] } : {}) }
        : { error: 'usage: untaint NODE KEY[:EFFECT]' };
    }
    case 'stop':
    case 'start': {
      if (!a1) return { error: `${verb} needs a component` };
      const member = /^etcd-(\d+)$/.exec(a1);
      if (member) return { type: verb, component: 'etcd', member: Number(member[1]) };
      const [component, node] = a1.split('@');
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
