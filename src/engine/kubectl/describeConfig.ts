/**
 * `kubectl describe configmap`, `describe secret` and `describe serviceaccount`, after
 * staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.34): ConfigMapDescriber.Describe, describeSecret and
 * ServiceAccountDescriber/describeServiceAccount. A Secret's values are never shown — only their decoded length —
 * except the token of a service-account-token Secret. v1.34 still prints the `Mountable secrets` and `Tokens`
 * headers (kubernetes/kubernetes#117160 dropped them after v1.34).
 */
import type { KEvent, KObject } from '../types';
import { describeEvents } from './describeEvents';
import { eventsFor, printAnnotationsMultiline, printLabelsMultiline } from './describeHelpers';
import { byteCompare } from './labels';
import { LEVEL_0, PrefixWriter } from './prefixWriter';

interface DescribeContext {
  now: number;
  events: KEvent[];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 → bytes; the apiserver stores Secret data base64-encoded, as the JSON wire form. */
export function base64Bytes(s: string): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of s) {
    const v = B64.indexOf(ch);
    if (v < 0) continue;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return out;
}

const sortedKeys = (m: Record<string, unknown> | undefined): string[] => Object.keys(m ?? {}).sort(byteCompare);

export function describeConfigMap(cm: KObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${cm.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${cm.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', cm.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', cm.metadata.annotations);
  w.write(LEVEL_0, '\nData\n====\n');
  for (const k of sortedKeys(cm.data)) {
    w.write(LEVEL_0, `${k}:\n----\n`);
    w.write(LEVEL_0, `${cm.data[k]}\n`);
    w.write(LEVEL_0, '\n');
  }
  w.write(LEVEL_0, '\nBinaryData\n====\n');
  for (const k of sortedKeys(cm.binaryData))
    w.write(LEVEL_0, `${k}: ${base64Bytes(String(cm.binaryData[k])).length} bytes\n`);
  w.write(LEVEL_0, '\n');
  describeEvents(eventsFor(cm, ctx.events), w, ctx.now);
  return w.render();
}

/** describeSecret: no events (the Secret describer does not search them). */
export function describeSecret(secret: KObject): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${secret.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${secret.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', secret.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', secret.metadata.annotations);
  w.write(LEVEL_0, `\nType:\t${secret.type ?? ''}\n`);
  w.write(LEVEL_0, '\nData\n====\n');
  const data: Record<string, string> = secret.data ?? {};
  for (const k of sortedKeys(data)) {
    const bytes = base64Bytes(String(data[k]));
    if (k === 'token' && secret.type === 'kubernetes.io/service-account-token')
      w.write(LEVEL_0, `${k}:\t${String.fromCharCode(...bytes)}\n`);
    else w.write(LEVEL_0, `${k}:\t${bytes.length} bytes\n`);
  }
  return w.render();
}

/**
 * ServiceAccountDescriber: Tokens are the namespace's service-account-token Secrets annotated with this account's
 * name and uid; a referenced Secret that does not exist is marked `(not found)`. The three headers are printed in
 * sorted order, continuation lines under a blank header of the same width.
 */
export function describeServiceAccount(sa: KObject, ctx: DescribeContext & { secrets: KObject[] }): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${sa.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${sa.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', sa.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', sa.metadata.annotations);
  const nsSecrets = ctx.secrets.filter((s) => (s.metadata.namespace ?? '') === (sa.metadata.namespace ?? ''));
  const existing = new Set(nsSecrets.map((s) => s.metadata.name));
  const tokens = nsSecrets.filter(
    (s) =>
      s.type === 'kubernetes.io/service-account-token' &&
      s.metadata.annotations?.['kubernetes.io/service-account.name'] === sa.metadata.name &&
      s.metadata.annotations?.['kubernetes.io/service-account.uid'] === sa.metadata.uid,
  );
  const names = (refs: Array<{ name?: string }> | undefined): string[] => (refs ?? []).map((r) => r.name ?? '');
  const missing = new Set([...names(sa.secrets), ...names(sa.imagePullSecrets)].filter((n) => !existing.has(n)));
  const emptyHeader = '                   ';
  const groups: Array<[string, string[]]> = [
    ['Image pull secrets:', names(sa.imagePullSecrets)],
    ['Mountable secrets: ', names(sa.secrets)],
    ['Tokens:            ', tokens.map((s) => s.metadata.name)],
  ];
  for (const [header, list] of groups) {
    if (list.length === 0) {
      w.write(LEVEL_0, `${header}\t<none>\n`);
      continue;
    }
    let prefix = header;
    for (const name of list) {
      w.write(LEVEL_0, `${prefix}\t${name}${missing.has(name) ? ' (not found)' : ''}\n`);
      prefix = emptyHeader;
    }
  }
  describeEvents(eventsFor(sa, ctx.events), w, ctx.now);
  return w.render();
}
