/** The kubeconfig `npm run serve` writes: one cluster, user and context, all named `podyssey`. */
export function kubeconfigText(url: string): string {
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: podyssey',
    '  cluster:',
    `    server: ${url}`,
    'users:',
    '- name: podyssey',
    // The simulated apiserver authenticates every request as kubernetes-admin (the kind cluster's admin): plain
    // HTTP carries no client certificate, so the user entry has nothing to say.
    '  user: {}',
    'contexts:',
    '- name: podyssey',
    '  context:',
    '    cluster: podyssey',
    '    user: podyssey',
    '    namespace: default',
    'current-context: podyssey',
    '',
  ].join('\n');
}
