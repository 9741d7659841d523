/**
 * metav1.LabelSelector semantics (apimachinery pkg/apis/meta/v1/helpers.go LabelSelectorAsSelector and
 * pkg/labels): a nil selector selects nothing, an empty one selects everything.
 */
import type { FieldError } from '../types';
import { matchesSelector, type LabelSelector } from '../objects/labels';
import { GoStruct, forbidden, invalid, required } from './fieldError';
import { isQualifiedName, isValidLabelValue } from './validationRules';

type Obj = Record<string, any>;

interface SelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** True when `labels` satisfy `selector`; `undefined`/`null` selects nothing (labels.Nothing()). */
export function selectorMatches(selector: unknown, labels: Record<string, string> | undefined): boolean {
  if (selector === null || selector === undefined || typeof selector !== 'object') return false;
  return matchesSelector(selector as LabelSelector, labels);
}

/** labels.Selector.Empty(): the selector has no requirements at all (and is not nil). */
export function selectorIsEmpty(selector: unknown): boolean {
  if (selector === null || selector === undefined || typeof selector !== 'object') return false;
  const s = selector as Obj;
  return (
    Object.keys(s.matchLabels ?? {}).length === 0 &&
    (Array.isArray(s.matchExpressions) ? s.matchExpressions.length : 0) === 0
  );
}

/** Whether LabelSelectorAsSelector would fail (bad operator, key or value) — the "invalid label selector" case. */
export function selectorParseFails(selector: unknown): boolean {
  if (selector === null || selector === undefined || typeof selector !== 'object') return false;
  const s = selector as Obj;
  for (const [k, v] of Object.entries((s.matchLabels ?? {}) as Record<string, unknown>)) {
    if (isQualifiedName(k).length > 0 || typeof v !== 'string' || isValidLabelValue(v).length > 0) return true;
  }
  for (const expr of (Array.isArray(s.matchExpressions) ? s.matchExpressions : []) as SelectorRequirement[]) {
    if (isQualifiedName(String(expr.key ?? '')).length > 0) return true;
    const n = (expr.values ?? []).length;
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (n === 0) return true;
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (n > 0) return true;
        break;
      default:
        return true;
    }
    if ((expr.values ?? []).some((v) => isValidLabelValue(String(v)).length > 0)) return true;
  }
  return false;
}

/** unversionedvalidation.ValidateLabels: key and value problems are both reported on the map's own path. */
export function validateLabels(labels: unknown, field: string): FieldError[] {
  const errs: FieldError[] = [];
  if (labels === null || typeof labels !== 'object') return errs;
  for (const [k, v] of Object.entries(labels as Record<string, unknown>)) {
    for (const msg of isQualifiedName(k)) errs.push(invalid(field, k, msg));
    for (const msg of isValidLabelValue(String(v ?? ''))) errs.push(invalid(field, String(v ?? ''), msg));
  }
  return errs;
}

/** unversionedvalidation.ValidateLabelSelector (strict: invalid values in selectors are errors). */
export function validateLabelSelector(selector: unknown, field: string): FieldError[] {
  if (selector === null || selector === undefined || typeof selector !== 'object') return [];
  const s = selector as Obj;
  const errs = validateLabels(s.matchLabels, `${field}.matchLabels`);
  (Array.isArray(s.matchExpressions) ? (s.matchExpressions as SelectorRequirement[]) : []).forEach((expr, i) => {
    const path = `${field}.matchExpressions[${i}]`;
    const values = expr.values ?? [];
    switch (expr.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0)
          errs.push(required(`${path}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0)
          errs.push(forbidden(`${path}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
        break;
      default:
        errs.push(invalid(`${path}.operator`, expr.operator ?? '', 'not a valid selector operator'));
    }
    for (const msg of isQualifiedName(String(expr.key ?? '')))
      errs.push(invalid(`${path}.key`, String(expr.key ?? ''), msg));
    values.forEach((v, j) => {
      for (const msg of isValidLabelValue(String(v))) errs.push(invalid(`${path}.values[${j}]`, String(v), msg));
    });
  });
  return errs;
}

/** A LabelSelector rendered as Go's json.Marshal of metav1.LabelSelector prints it (field order, omitempty). */
export function selectorValue(selector: unknown): unknown {
  if (selector === null || selector === undefined || typeof selector !== 'object') return null;
  const s = selector as Obj;
  const out: Obj = {};
  if (s.matchLabels && Object.keys(s.matchLabels).length > 0) out.matchLabels = s.matchLabels;
  if (Array.isArray(s.matchExpressions) && s.matchExpressions.length > 0) {
    out.matchExpressions = s.matchExpressions.map((e: SelectorRequirement) => ({
      key: e.key,
      operator: e.operator,
      ...(e.values?.length ? { values: e.values } : {}),
    }));
  }
  // Struct field order: matchLabels, then matchExpressions (whose own keys happen to be alphabetical).
  return new GoStruct(out);
}
