/**
 * The kubectl panel's default view: what `kubectl get deploy,rs,pods -o wide` prints as of this step. A module of its
 * own so that the store can name it without pulling kubectl's printers (kubectlCommand.ts) into the start-up chunk.
 */
import type { Step } from '../engine/types';

export const DEFAULT_KUBECTL_COMMAND = 'kubectl get deploy,rs,pods -o wide';

/** Whether `command` is one this module chose (so a new run may replace it), not one the learner typed. */
export function isDefaultKubectlCommand(command: string): boolean {
  return command === DEFAULT_KUBECTL_COMMAND || /^kubectl get deploy,rs,pods -o wide (-A|-n \S+)$/.test(command);
}

/** The namespaces kubectl sent the manifest's namespaced objects to (its apply requests), each once, in order. */
export function manifestNamespaces(run: { steps: readonly Step[] }): string[] {
  const out = new Set<string>();
  for (const s of run.steps) {
    if (s.from.component !== 'kubectl' || s.to.component !== 'kube-apiserver') continue;
    if (s.object?.namespace) out.add(s.object.namespace);
  }
  return [...out];
}

/**
 * Where the panels look for a manifest's objects: its one namespace, `-A` when it used several, else `default`.
 * A manifest in `shop` looked at without `-n shop` would answer "No resources found in default namespace.".
 */
export function namespaceScope(namespaces: Iterable<string>): string {
  const ns = [...new Set(namespaces)];
  return ns.length > 1 ? '-A' : (ns[0] ?? 'default');
}

/** The kubectl panel's default view for a manifest's namespaces (namespaceScope). */
export function defaultKubectlCommandFor(namespaces: Iterable<string>): string {
  const scope = namespaceScope(namespaces);
  if (scope === 'default') return DEFAULT_KUBECTL_COMMAND;
  return scope === '-A' ? `${DEFAULT_KUBECTL_COMMAND} -A` : `${DEFAULT_KUBECTL_COMMAND} -n ${scope}`;
}
