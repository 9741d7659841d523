/**
 * Label and selector renderings used by printers and describers:
 * labels.FormatLabels (k8s.io/apimachinery/pkg/labels/labels.go), LabelSelectorAsSelector(...).String() and
 * metav1.FormatLabelSelector (k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go).
 */

/** `app=web,tier=fe` sorted by key; `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort(byteCompare);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

export function byteCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

/**
 * `labels.Selector.String()` of LabelSelectorAsSelector: requirements sorted by key, joined by ",";
 * `k=v`, `k in (a,b)`, `k notin (a)`, `k`, `!k`. An empty or missing selector prints as "".
 */
export function selectorString(sel: LabelSelector | undefined | null): string {
  if (!sel) return '';
  const reqs: Array<{ key: string; text: string }> = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const e of sel.matchExpressions ?? []) {
    const values = [...new Set(e.values ?? [])].sort(byteCompare).join(',');
    switch (e.operator) {
      case 'In':
        reqs.push({ key: e.key, text: `${e.key} in (${values})` });
        break;
      case 'NotIn':
        reqs.push({ key: e.key, text: `${e.key} notin (${values})` });
        break;
      case 'Exists':
        reqs.push({ key: e.key, text: e.key });
        break;
      case 'DoesNotExist':
        reqs.push({ key: e.key, text: `!${e.key}` });
        break;
    }
  }
  // internalSelector sorts requirements by key (stable for equal keys).
  reqs.sort((a, b) => byteCompare(a.key, b.key));
  return reqs.map((r) => r.text).join(',');
}

/** metav1.FormatLabelSelector: like selectorString but `<none>` when empty. */
export function formatLabelSelector(sel: LabelSelector | undefined | null): string {
  const s = selectorString(sel);
  return s === '' ? '<none>' : s;
}
