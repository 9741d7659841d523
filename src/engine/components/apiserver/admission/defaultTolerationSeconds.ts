/**
 * The DefaultTolerationSeconds admission plugin (plugin/pkg/admission/defaulttolerationseconds/admission.go): a Pod
 * that does not already tolerate the `node.kubernetes.io/not-ready` or `node.kubernetes.io/unreachable` NoExecute
 * taint gets a toleration for it with tolerationSeconds 300 (--default-not-ready-toleration-seconds and
 * --default-unreachable-toleration-seconds), so taint eviction removes it 5 minutes after its node fails. A
 * toleration with an empty key (every taint) or an empty effect (every effect) already counts.
 */
import type { KObject } from '../../../types';

const DEFAULT_TOLERATION_SECONDS = 300;
const TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'] as const;

/** Adds the missing tolerations to the Pod's spec (which admission owns); returns what it added, for the trace. */
export function admitDefaultTolerationSeconds(pod: KObject): string[] {
  const tolerations = (pod.spec.tolerations ?? []) as Array<{ key?: string; effect?: string }>;
  const tolerates = (key: string) =>
    tolerations.some((t) => (t.key === key || !t.key) && (t.effect === 'NoExecute' || !t.effect));
  const changes: string[] = [];
  const added: unknown[] = [];
  for (const key of TAINTS) {
    if (tolerates(key)) continue;
    added.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
    changes.push(`toleration ${key}:NoExecute for ${DEFAULT_TOLERATION_SECONDS}s`);
  }
  pod.spec.tolerations = [...tolerations, ...added];
  return changes;
}
