/**
 * kubectl's answer to a command it does not have: cobra's `unknown command "x" for "kubectl"` with its
 * "Did you mean this?" suggestions (spf13/cobra command.go findSuggestions / SuggestionsFor: a Levenshtein
 * distance of at most 2, ignoring case, or a name that starts with what was typed), in kubectl's command order
 * (kubectl/pkg/cmd/cmd.go adds its groups in this order and turns cobra's command sorting off).
 */
const KUBECTL_COMMANDS = [
  'create',
  'expose',
  'run',
  'set',
  'explain',
  'get',
  'edit',
  'delete',
  'rollout',
  'scale',
  'autoscale',
  'certificate',
  'cluster-info',
  'top',
  'cordon',
  'uncordon',
  'drain',
  'taint',
  'describe',
  'logs',
  'attach',
  'exec',
  'port-forward',
  'proxy',
  'cp',
  'auth',
  'debug',
  'events',
  'diff',
  'apply',
  'patch',
  'replace',
  'wait',
  'kustomize',
  'label',
  'annotate',
  'completion',
  'alpha',
  'config',
  'plugin',
  'version',
  'api-versions',
  'api-resources',
  'options',
  'help',
];

function levenshtein(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

export function unknownCommand(verb: string): string {
  const typed = verb.toLowerCase();
  const suggestions = KUBECTL_COMMANDS.filter((c) => levenshtein(typed, c) <= 2 || c.startsWith(typed));
  const hint = suggestions.length ? `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}` : '';
  return `error: unknown command "${verb}" for "kubectl"${hint}`.replace(/\n$/, '');
}
