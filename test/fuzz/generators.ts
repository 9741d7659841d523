/**
 * fast-check generators for fuzzing the engine end to end: raw text, YAML-shaped noise, mutated scenario manifests,
 * and random intervention sequences. Shared by the small budget in `npm test` and `npm run fuzz`.
 */
import fc from 'fast-check';
import type { TimedAction, UserAction } from '../../src/engine/api';
import { k8sSchema } from '../../src/engine/components/apiserver/schema';
import { SCENARIOS } from '../../src/scenarios';

const yamlChars = fc.constantFrom(...'abcxyz:- \n\t{}[]&*!|>#"\'%@`,0123456789.'.split(''));

export const rawText = fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: yamlChars, maxLength: 400 }));

const scalar = fc.oneof(
  fc.constant(''),
  fc.constant('null'),
  fc.constant('~'),
  fc.constant('-1'),
  fc.constant('1e9'),
  fc.constant('"x"'),
  fc.constant('[]'),
  fc.constant('{}'),
  fc.constant('true'),
  fc.constant('__proto__'),
  fc.constant('<img src=x onerror=alert(1)>'),
  fc.string({ maxLength: 12 }),
);

/** A scenario manifest with a few line-level mutations (drop, duplicate, re-indent, replace a value). */
export const mutatedManifest = fc
  .tuple(
    fc.constantFrom(...SCENARIOS.map((s) => s.input.yaml)),
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 }), scalar), { maxLength: 4 }),
  )
  .map(([yaml, muts]) => {
    const lines = yaml.split('\n');
    for (const [pos, kind, value] of muts) {
      const i = pos % lines.length;
      if (kind === 0) lines.splice(i, 1);
      else if (kind === 1) lines.splice(i, 0, lines[i]);
      else if (kind === 2) lines[i] = ` ${lines[i]}`;
      else lines[i] = lines[i].includes(':') ? `${lines[i].slice(0, lines[i].indexOf(':') + 1)} ${value}` : value;
    }
    return lines.join('\n');
  });

const nodeName = fc.constantFrom('node-1', 'node-2', 'node-3', 'control-plane', 'nope');
const component = fc.constantFrom(
  'kubelet',
  'kube-proxy',
  'kube-scheduler',
  'kube-controller-manager',
  'kube-apiserver',
);

const userAction: fc.Arbitrary<UserAction> = fc.oneof(
  fc.constant<UserAction>({ type: 'delete-pod', name: '$pod:web' }),
  fc
    .integer({ min: 0, max: 8 })
    .map((replicas): UserAction => ({ type: 'scale', kind: 'Deployment', name: 'web', replicas })),
  fc
    .constantFrom('nginx:1.28-alpine', 'nginx:nope', 'busybox:1.36')
    .map((image): UserAction => ({ type: 'set-image', deployment: 'web', container: 'nginx', image })),
  fc.constant<UserAction>({ type: 'rollout-undo', deployment: 'web' }),
  nodeName.map((node): UserAction => ({ type: 'cordon', node })),
  nodeName.map((node): UserAction => ({ type: 'uncordon', node })),
  nodeName.map((node): UserAction => ({ type: 'drain', node, ignoreDaemonSets: true, timeoutSeconds: 20 })),
  nodeName.map((node): UserAction => ({ type: 'taint', node, key: 'k', value: 'v', effect: 'NoExecute' })),
  fc.tuple(fc.constantFrom('stop', 'start'), component, nodeName).map(([type, c, node]): UserAction => ({
    type: type as 'stop',
    component: c,
    ...(c === 'kubelet' || c === 'kube-proxy' ? { node } : {}),
  })),
  fc
    .tuple(fc.constantFrom('stop', 'start'), fc.integer({ min: 0, max: 2 }))
    .map(([type, member]): UserAction => ({ type: type as 'stop', component: 'etcd', member })),
  fc.boolean().map((reachable): UserAction => ({ type: 'registry', reachable })),
);

export const actionSequence: fc.Arbitrary<TimedAction[]> = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 120_000 }), userAction).map(([atMs, action]) => ({ atMs, action })),
  { maxLength: 6 },
);

// ---------------------------------------------------------------------------------------------------------------
// Schema-driven objects of every kind we serve, with explicit nulls and values of the wrong JSON type at any level

interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
}

const schema = k8sSchema() as {
  properties: { kind: { anyOf: [{ enum: string[] }, unknown] } };
  definitions: Record<string, SchemaNode>;
};

/** Every kind the simulated apiserver serves, with the apiVersion it serves it at. */
export const SERVED_KINDS: Array<{ kind: string; apiVersion: string }> = schema.properties.kind.anyOf[0].enum.map(
  (kind) => ({
    kind,
    apiVersion: String(
      (schema.definitions[kind]?.properties?.apiVersion as { const?: string } | undefined)?.const ?? 'v1',
    ),
  }),
);

/** What a hostile edit puts in place of a value: null, or a value of another JSON type. */
const HOSTILE: unknown[] = [null, null, {}, [], [null], [{}], 42, -1, 1.5, 'x', '', true, { a: null }, [[]]];

/** A small deterministic PRNG (mulberry32): fast-check picks the seed, so a failure replays. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One object of `kind` built from the bundled schema (a random subset of fields, values of the right type), then
 * every value — at every depth, the document root's fields included — replaced with a hostile one with
 * probability `rate`.
 */
export function hostileObject(kind: string, apiVersion: string, seed: number, rate: number): Record<string, unknown> {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const hostile = (): unknown => structuredClone(pick(HOSTILE));
  const resolve = (n: SchemaNode): SchemaNode => {
    let node = n;
    for (let i = 0; node.$ref && i < 8; i++)
      node = schema.definitions[node.$ref.slice(node.$ref.lastIndexOf('/') + 1)] ?? {};
    return node;
  };
  const value = (n: SchemaNode, depth: number): unknown => {
    if (rnd() < rate) return hostile();
    const ref = n.$ref?.slice(n.$ref.lastIndexOf('/') + 1);
    if (ref === 'Quantity') return pick(['100m', '64Mi', 1, '1Gi']);
    if (ref === 'Time' || ref === 'MicroTime') return '2025-01-01T00:00:00Z';
    const node = resolve(n);
    if (node.format === 'int-or-string') return pick([80, 'http', '25%']);
    const type = Array.isArray(node.type) ? node.type[0] : node.type;
    if (node.properties) {
      if (depth > 7) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(node.properties)) {
        if (rnd() < 0.25) out[key] = value(prop, depth + 1);
      }
      return out;
    }
    switch (type) {
      case 'array':
        return depth > 7 ? [] : Array.from({ length: Math.floor(rnd() * 3) }, () => value(node.items ?? {}, depth + 1));
      case 'object': {
        if (typeof node.additionalProperties !== 'object' || depth > 7) return {};
        const out: Record<string, unknown> = {};
        for (let i = Math.floor(rnd() * 3); i > 0; i--)
          out[pick(['app', 'k', 'tier'])] = value(node.additionalProperties, depth + 1);
        return out;
      }
      case 'string':
        return pick(['web', 'nginx:1.27', 'Always', 'TCP', '', 'default', 'a=b']);
      case 'integer':
      case 'number':
        return pick([0, 1, 3, 80, 30]);
      case 'boolean':
        return rnd() < 0.5;
      default:
        return {};
    }
  };
  const body = value({ $ref: `#/definitions/${kind}` }, 0);
  const obj: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { spec: body };
  // Mostly well-formed identity, so the object reaches the apiserver's decoder rather than kubectl's checks.
  obj.apiVersion = rnd() < rate ? hostile() : apiVersion;
  obj.kind = rnd() < rate ? hostile() : kind;
  if (rnd() >= rate) {
    const meta = obj.metadata && typeof obj.metadata === 'object' && !Array.isArray(obj.metadata) ? obj.metadata : {};
    obj.metadata = { ...(meta as object), name: rnd() < rate ? hostile() : 'fuzz' };
  }
  return obj;
}

/** A manifest of one or two hostile objects of served kinds, as JSON (valid YAML). */
export const hostileManifest = fc
  .array(fc.tuple(fc.constantFrom(...SERVED_KINDS), fc.integer(), fc.constantFrom(0.02, 0.05, 0.1, 0.3)), {
    minLength: 1,
    maxLength: 2,
  })
  .map((objs) =>
    objs.map(([k, seed, rate]) => JSON.stringify(hostileObject(k.kind, k.apiVersion, seed, rate))).join('\n---\n'),
  );
