/**
 * fast-check generators for fuzzing the engine end to end: raw text, YAML-shaped noise, mutated scenario manifests,
 * and random intervention sequences. Shared by the small budget in `npm test` and `npm run fuzz`.
 */
import fc from 'fast-check';
import type { TimedAction, UserAction } from '../../src/engine/api';
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

export const userAction: fc.Arbitrary<UserAction> = fc.oneof(
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
