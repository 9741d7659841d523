/**
 * Multi-line field printers shared by the describers (k8s.io/kubectl/pkg/describe/describe.go):
 * printLabelsMultilineWithIndent, printAnnotationsMultiline, printNodeTaintsMultiline,
 * printPodTolerationsMultiline, printController and the events-table filter.
 */
import type { KEvent, KObject } from '../types';
import { byteCompare } from './labels';
import { LEVEL_0, type PrefixWriter } from './prefixWriter';

/** kubectl never shows this annotation in describe (skipAnnotations). */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const MAX_ANNOTATION_LEN = 140;

/** Title line, then one `k=v` per line; continuation lines start with an empty first cell so they align. */
export function printLabelsMultiline(
  w: PrefixWriter,
  title: string,
  labels: Record<string, string> | undefined | null,
  initialIndent = '',
  innerIndent = '\t',
): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const keys = Object.keys(labels ?? {}).sort(byteCompare);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((key, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, initialIndent);
      w.write(LEVEL_0, innerIndent);
    }
    w.write(LEVEL_0, `${key}=${labels![key]}\n`);
  });
}

function shorten(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

/** `key: value` per line; long or multi-line values go on indented lines below the key. */
export function printAnnotationsMultiline(
  w: PrefixWriter,
  title: string,
  annotations: Record<string, string> | undefined | null,
): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => k !== LAST_APPLIED)
    .sort(byteCompare);
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = annotations![key].replace(/\n$/, '');
    if (value.length + key.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const s of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Taint.ToString: `key=value:effect`, or `key:effect` without a value. */
export function taintString(t: { key: string; value?: string; effect?: string }): string {
  return t.value ? `${t.key}=${t.value}:${t.effect ?? ''}` : `${t.key}:${t.effect ?? ''}`;
}

/** Taints sorted by "effect,key". */
export function printNodeTaintsMultiline(w: PrefixWriter, title: string, taints: any[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = [...(taints ?? [])];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  const key = (t: any): string => `${t.effect ?? ''},${t.key}`;
  list.sort((a, b) => byteCompare(key(a), key(b)));
  list.forEach((t, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, '');
      w.write(LEVEL_0, '\t');
    }
    w.write(LEVEL_0, `${taintString(t)}\n`);
  });
}

/** `key[=value][:effect][ op=Exists][ for Ns]`, sorted by key. */
export function tolerationString(t: any): string {
  let s = t.key ?? '';
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
  if (typeof t.tolerationSeconds === 'number') s += ` for ${t.tolerationSeconds}s`;
  return s;
}

export function printPodTolerationsMultiline(w: PrefixWriter, title: string, tolerations: any[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const list = [...(tolerations ?? [])];
  if (list.length === 0) {
    w.writeLine('<none>');
    return;
  }
  list.sort((a, b) => byteCompare(a.key ?? '', b.key ?? ''));
  list.forEach((t, i) => {
    if (i !== 0) {
      w.write(LEVEL_0, '');
      w.write(LEVEL_0, '\t');
    }
    w.write(LEVEL_0, `${tolerationString(t)}\n`);
  });
}

/** printController: `Kind/name` of the controller ownerReference, or "". */
export function printController(obj: KObject): string {
  const ref = (obj.metadata?.ownerReferences ?? []).find((r) => r.controller);
  return ref ? `${ref.kind}/${ref.name}` : '';
}

/**
 * The events `kubectl describe` fetches for an object (searchEvents: field selector on involvedObject name,
 * namespace, kind and uid). Callers may pass every event; this keeps the ones about `obj`.
 * For pods kubectl clears the kind from the reference, so only name/namespace/uid are matched.
 */
export function eventsFor(obj: KObject, events: KEvent[], matchKind = true): KEvent[] {
  const name = obj.metadata?.name;
  const ns = obj.metadata?.namespace ?? '';
  const uid = obj.metadata?.uid;
  return events.filter((e) => {
    const io = e.involvedObject;
    if (!io || io.name !== name) return false;
    if ((io.namespace ?? '') !== ns) return false;
    if (matchKind && io.kind !== obj.kind) return false;
    if (uid && io.uid && io.uid !== uid) return false;
    return true;
  });
}

export function stringOrNone(s: string | undefined | null): string {
  return s ? s : '<none>';
}

export function printBool(v: boolean | undefined | null): string {
  return v ? 'True' : 'False';
}
