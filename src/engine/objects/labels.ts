/**
 * Label selectors, node selector terms and taint tolerations, with the exact semantics of the Go helpers the
 * apiserver, controllers and scheduler share:
 *  - metav1.LabelSelectorAsSelector (staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/helpers.go): a nil selector
 *    selects nothing, an empty one (`{}`) selects everything.
 *  - labels.Requirement.Matches (staging/src/k8s.io/apimachinery/pkg/labels/selector.go), including Gt/Lt.
 *  - nodeaffinity.NodeSelector (staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity): terms are
 *    ORed, expressions inside a term ANDed, an empty term matches nothing, a term that fails to parse is skipped.
 *  - Toleration.ToleratesTaint (staging/src/k8s.io/api/core/v1/toleration.go).
 */

export type LabelMap = Record<string, string>;

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** metav1.LabelSelector */
export interface LabelSelector {
  matchLabels?: LabelMap | null;
  matchExpressions?: LabelSelectorRequirement[] | null;
}

type SelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

export interface Requirement {
  key: string;
  operator: SelectorOperator;
  values: string[];
}

/**
 * A parsed selector. `null` is labels.Nothing() (matches no object); an empty requirement list is
 * labels.Everything(). The distinction matters: e.g. PodTopologySpread counts 0 pods for an empty selector.
 */
export type Selector = Requirement[] | null;

const OPERATORS: ReadonlySet<string> = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']);
const INT64 = /^[+-]?\d+$/;

/**
 * labels.NewRequirement validation: In/NotIn need values, Exists/DoesNotExist none, Gt/Lt exactly one integer.
 * Returns undefined for an invalid requirement.
 */
function newRequirement(key: string, operator: string, values: readonly string[] = []): Requirement | undefined {
  if (!OPERATORS.has(operator)) return undefined;
  const op = operator as SelectorOperator;
  if ((op === 'In' || op === 'NotIn') && values.length === 0) return undefined;
  if ((op === 'Exists' || op === 'DoesNotExist') && values.length !== 0) return undefined;
  if ((op === 'Gt' || op === 'Lt') && (values.length !== 1 || !INT64.test(values[0]))) return undefined;
  return { key, operator: op, values: [...values] };
}

/** labels.Requirement.Matches */
export function requirementMatches(r: Requirement, labels: LabelMap | null | undefined): boolean {
  // Label values are strings; inherited Object.prototype members never are, so this is a safe "has own key".
  const value = labels == null ? undefined : labels[r.key];
  const has = typeof value === 'string';
  switch (r.operator) {
    case 'In':
      return has && (r.values.length === 1 ? r.values[0] === value : r.values.includes(value));
    case 'NotIn':
      return !has || !r.values.includes(value);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has) return false;
      const v = value;
      // strconv.ParseInt(v, 10, 64): a non-integer label value never matches.
      if (!INT64.test(v)) return false;
      const lv = Number(v);
      const rv = Number(r.values[0]);
      return r.operator === 'Gt' ? lv > rv : lv < rv;
    }
  }
}

/**
 * metav1.LabelSelectorAsSelector. An invalid requirement makes the Go function return an error; callers then
 * treat the selector as matching nothing, which is what we return.
 */
export function labelSelectorAsSelector(ls: LabelSelector | null | undefined): Selector {
  if (ls == null) return null;
  const matchLabels = ls.matchLabels ?? {};
  const exprs = ls.matchExpressions ?? [];
  const reqs: Requirement[] = [];
  for (const k of Object.keys(matchLabels)) reqs.push({ key: k, operator: 'In', values: [matchLabels[k]] });
  for (const e of exprs) {
    // Label selectors only allow the four set-based operators (Gt/Lt are node-selector only).
    if (e.operator !== 'In' && e.operator !== 'NotIn' && e.operator !== 'Exists' && e.operator !== 'DoesNotExist') {
      return null;
    }
    const r = newRequirement(e.key, e.operator, e.values ?? []);
    if (!r) return null;
    reqs.push(r);
  }
  return reqs;
}

/** labels.SelectorFromSet / Set.AsSelector: an empty or missing set selects everything. */
export function selectorFromSet(set: LabelMap | null | undefined): Selector {
  const reqs: Requirement[] = [];
  if (set) for (const k of Object.keys(set)) reqs.push({ key: k, operator: 'In', values: [set[k]] });
  return reqs;
}

export function selectorMatches(sel: Selector, labels: LabelMap | null | undefined): boolean {
  if (sel === null) return false;
  for (const r of sel) if (!requirementMatches(r, labels)) return false;
  return true;
}

/**
 * `labels.SelectorFromValidatedSet(set).Matches(labels)` without building the selector: a Service's or a
 * ReplicationController's map selector, checked for every Pod on every change.
 */
export function setMatches(set: LabelMap, labels: LabelMap | null | undefined): boolean {
  for (const k in set) {
    if (!Object.prototype.hasOwnProperty.call(set, k)) continue;
    const v = labels == null ? undefined : labels[k];
    if (typeof v !== 'string' || v !== set[k]) return false;
  }
  return true;
}

/** labels.Selector.Empty(): true only for Everything (no requirements); Nothing is not "empty". */
export function selectorIsEmpty(sel: Selector): boolean {
  return sel !== null && sel.length === 0;
}

/** Does a metav1.LabelSelector select these labels? (nil selects nothing, `{}` everything.) */
export function matchesSelector(labelSelector: LabelSelector | null | undefined, labels: LabelMap | null | undefined) {
  return selectorMatches(labelSelectorAsSelector(labelSelector), labels);
}

// ---------------------------------------------------------------------------------------------------------------
// Node selectors (core/v1 NodeSelector / NodeSelectorTerm)

export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[] | null;
  matchFields?: NodeSelectorRequirement[] | null;
}

/** The parts of a Node a node selector looks at. */
interface NodeFieldsAndLabels {
  name: string;
  labels?: LabelMap | null;
}

/**
 * One term: every expression must match the labels and every field requirement the node's fields (only
 * `metadata.name` exists, with In/NotIn and exactly one value). Empty or unparsable terms match nothing.
 */
export function matchesNodeSelectorTerm(term: NodeSelectorTerm | null | undefined, node: NodeFieldsAndLabels): boolean {
  if (!term) return false;
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  for (const e of exprs) {
    const r = newRequirement(e.key, e.operator, e.values ?? []);
    if (!r || !requirementMatches(r, node.labels)) return false;
  }
  for (const f of fields) {
    // nodeSelectorRequirementsAsFieldSelector: only In/NotIn with a single value are valid.
    if ((f.operator !== 'In' && f.operator !== 'NotIn') || (f.values ?? []).length !== 1) return false;
    const value = f.key === 'metadata.name' ? node.name : undefined;
    if (value === undefined) return false;
    const eq = value === f.values![0];
    if (f.operator === 'In' ? !eq : eq) return false;
  }
  return true;
}

/** Terms are ORed (v1.NodeSelector.NodeSelectorTerms). No terms → no match. */
export function matchesNodeSelectorTerms(
  terms: readonly NodeSelectorTerm[] | null | undefined,
  node: NodeFieldsAndLabels,
): boolean {
  if (!terms) return false;
  for (const t of terms) if (matchesNodeSelectorTerm(t, node)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Taints and tolerations

export interface Taint {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: unknown;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** k8s.io/api core/v1 toleration.go ToleratesTaint. */
export function tolerates(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? '') {
    case '':
    case 'Equal':
      return (toleration.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** v1helper.TolerationsTolerateTaint */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | null | undefined, taint: Taint): boolean {
  if (!tolerations) return false;
  for (const t of tolerations) if (tolerates(t, taint)) return true;
  return false;
}

/**
 * v1helper.FindMatchingUntoleratedTaint: the first taint (in node order) that passes `filter` and is not tolerated.
 */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | null | undefined,
  tolerations: readonly Toleration[] | null | undefined,
  filter: (t: Taint) => boolean,
): Taint | undefined {
  if (!taints) return undefined;
  for (const t of taints) {
    if (!filter(t)) continue;
    if (!tolerationsTolerateTaint(tolerations, t)) return t;
  }
  return undefined;
}
