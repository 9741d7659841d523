/**
 * The one validator for interventions placed on the timeline, whoever wrote them: the CLI's `--action` specs
 * (parseActionSpec turns the text into a candidate and asks this), a share link's or an embed's `actions`
 * (plain JSON from anywhere). Returns a fresh action holding only the fields the engine reads, or why not.
 * A link's `replicas: -5`, `1.5` or `"abc"` reached the engine, `"abc"` running to the step cap.
 */
import type { TimedAction, UserAction } from './api';
import { INPUT_BUDGET } from './manifest/inputBudget';
import { lookupKind } from './objects/resources';
import { COMPONENT_IDS } from './types';

const INT32_MAX = 2 ** 31 - 1;
/** An exec's command: bounded like any other input from a link (a script goes in one `sh -c` word). */
const MAX_EXEC_WORDS = 100;
const MAX_EXEC_WORD = 4096;
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;

type Result<T> = T | { error: string };

export function validateTimedAction(value: unknown): Result<TimedAction> {
  if (!isRecord(value)) return { error: 'an action must be an object with atStep or atMs and an action' };
  const { atStep, atMs } = value;
  if (atStep !== undefined && atMs !== undefined) return { error: 'give atStep or atMs, not both' };
  let at: { atStep: number } | { atMs: number };
  if (atStep !== undefined) {
    if (!isWhole(atStep, Number.MAX_SAFE_INTEGER)) return { error: `bad step ${show(atStep)}: a whole number from 0` };
    at = { atStep };
  } else if (atMs !== undefined) {
    if (!isWhole(atMs, Number.MAX_SAFE_INTEGER))
      return { error: `bad time ${show(atMs)}: a whole number of milliseconds from 0` };
    at = { atMs };
  } else return { error: 'an action needs atStep or atMs' };
  const action = validateUserAction(value.action);
  return 'error' in action ? action : { ...at, action };
}

function validateUserAction(a: unknown): Result<UserAction> {
  if (!isRecord(a)) return { error: 'missing action' };
  const ns = a.namespace === undefined ? {} : isName(a.namespace) ? { namespace: a.namespace } : undefined;
  if (!ns) return { error: `bad namespace ${show(a.namespace)}` };
  const need = (field: string): string | { error: string } =>
    isName(a[field]) ? (a[field] as string) : { error: `${String(a.type)} needs ${field} (got ${show(a[field])})` };
  switch (a.type) {
    case 'delete-pod': {
      const name = need('name');
      return typeof name === 'string' ? { type: 'delete-pod', ...ns, name } : name;
    }
    case 'delete': {
      const name = need('name');
      if (typeof name !== 'string') return name;
      const info = typeof a.kind === 'string' ? lookupKind(a.kind) : undefined;
      if (!info) return { error: `cannot delete ${show(a.kind)}: not a served kind` };
      return { type: 'delete', kind: info.kind, ...ns, name };
    }
    case 'scale': {
      const name = need('name');
      if (typeof name !== 'string') return name;
      const kind = a.kind ?? 'Deployment';
      if (kind !== 'Deployment' && kind !== 'ReplicaSet') return { error: `cannot scale ${show(kind)}` };
      if (!isWhole(a.replicas, INT32_MAX))
        return { error: `replicas must be a whole number from 0 to ${INT32_MAX} (got ${show(a.replicas)})` };
      return { type: 'scale', kind, ...ns, name, replicas: a.replicas };
    }
    case 'set-image': {
      const deployment = need('deployment');
      const container = need('container');
      const image = need('image');
      for (const v of [deployment, container, image]) if (typeof v !== 'string') return v;
      return {
        type: 'set-image',
        ...ns,
        deployment: deployment as string,
        container: container as string,
        image: image as string,
      };
    }
    case 'rollout-undo': {
      const deployment = need('deployment');
      return typeof deployment === 'string' ? { type: 'rollout-undo', ...ns, deployment } : deployment;
    }
    case 'cordon':
    case 'uncordon': {
      const node = need('node');
      return typeof node === 'string' ? { type: a.type, node } : node;
    }
    case 'drain': {
      const node = need('node');
      if (typeof node !== 'string') return node;
      const flags: Record<string, boolean> = {};
      for (const f of ['ignoreDaemonSets', 'force', 'deleteEmptyDirData'] as const) {
        if (a[f] === undefined) continue;
        if (typeof a[f] !== 'boolean') return { error: `drain's ${f} must be true or false (got ${show(a[f])})` };
        if (a[f]) flags[f] = true;
      }
      // A deadline past the default horizon is no deadline a run reaches; a day is plenty.
      if (a.timeoutSeconds !== undefined && !isWhole(a.timeoutSeconds, 86_400))
        return {
          error: `drain's timeout must be a whole number of seconds up to 86400 (got ${show(a.timeoutSeconds)})`,
        };
      if (a.gracePeriodSeconds !== undefined && !isWhole(a.gracePeriodSeconds, INT32_MAX))
        return { error: `drain's grace period must be a whole number of seconds (got ${show(a.gracePeriodSeconds)})` };
      return {
        type: 'drain',
        node,
        ...flags,
        ...(a.timeoutSeconds ? { timeoutSeconds: a.timeoutSeconds as number } : {}),
        ...(a.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: a.gracePeriodSeconds as number } : {}),
      };
    }
    case 'taint': {
      const node = need('node');
      const key = need('key');
      if (typeof node !== 'string') return node;
      if (typeof key !== 'string') return key;
      if (a.value !== undefined && typeof a.value !== 'string') return { error: `bad taint value ${show(a.value)}` };
      if (!(EFFECTS as readonly unknown[]).includes(a.effect))
        return { error: `taint effect must be ${EFFECTS.join(', ')} (got ${show(a.effect)})` };
      return {
        type: 'taint',
        node,
        key,
        ...(a.value ? { value: a.value as string } : {}),
        effect: a.effect as (typeof EFFECTS)[number],
      };
    }
    case 'untaint': {
      const node = need('node');
      const key = need('key');
      if (typeof node !== 'string') return node;
      if (typeof key !== 'string') return key;
      if (a.effect !== undefined && !(EFFECTS as readonly unknown[]).includes(a.effect))
        return { error: `taint effect must be ${EFFECTS.join(', ')} (got ${show(a.effect)})` };
      return {
        type: 'untaint',
        node,
        key,
        ...(a.effect !== undefined ? { effect: a.effect as (typeof EFFECTS)[number] } : {}),
      };
    }
    case 'stop':
    case 'start': {
      if (typeof a.component !== 'string' || !(COMPONENT_IDS as readonly string[]).includes(a.component))
        return { error: `unknown component ${show(a.component)}` };
      if (a.member !== undefined) {
        if (a.component !== 'etcd' || !isWhole(a.member, 9)) return { error: `bad etcd member ${show(a.member)}` };
        return { type: a.type, component: 'etcd', member: a.member };
      }
      if (a.node !== undefined && !isName(a.node)) return { error: `bad node ${show(a.node)}` };
      return { type: a.type, component: a.component, ...(a.node !== undefined ? { node: a.node as string } : {}) };
    }
    case 'registry':
      return typeof a.reachable === 'boolean'
        ? { type: 'registry', reachable: a.reachable }
        : { error: `registry needs reachable: true or false (got ${show(a.reachable)})` };
    case 'exec': {
      const pod = need('pod');
      if (typeof pod !== 'string') return pod;
      if (a.container !== undefined && !isName(a.container)) return { error: `bad container ${show(a.container)}` };
      const cmd = a.command;
      if (!Array.isArray(cmd) || cmd.length === 0 || cmd.length > MAX_EXEC_WORDS)
        return { error: `exec needs a command: 1 to ${MAX_EXEC_WORDS} words (got ${show(cmd)})` };
      if (!cmd.every((w) => typeof w === 'string' && w.length <= MAX_EXEC_WORD))
        return { error: `exec's command words must be text of at most ${MAX_EXEC_WORD} characters` };
      return {
        type: 'exec',
        ...ns,
        pod,
        ...(a.container !== undefined ? { container: a.container as string } : {}),
        command: [...(cmd as string[])],
      };
    }
    case 'apply':
      if (typeof a.yaml !== 'string') return { error: 'apply needs the manifest text' };
      if (a.yaml.length > INPUT_BUDGET.bytes) return { error: 'the applied manifest is over the input budget' };
      return { type: 'apply', yaml: a.yaml };
    default:
      return { error: `unknown command ${show(a.type)}` };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isWhole(v: unknown, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;
}

function isName(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 253;
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
