/**
 * Narration for a step: the engine gives a key and parameters (what the component received, decided and handed
 * on); the words come from the i18n catalog. A key without a template, or a template that needs a parameter the
 * step does not carry, falls back to the step's English summary, so every step always says something true.
 */
import type { Endpoint, Step } from '../engine/types';
import { hasKey, type Translate } from '../i18n/translate';
import { isInternal } from './instances';

const PLACEHOLDER = /\{[A-Za-z0-9_]+\}/;

export function narrationKey(step: Pick<Step, 'narration'>): string {
  return `narration.${step.narration.key}`;
}

export function narrate(step: Step, t: Translate): string {
  const key = narrationKey(step);
  if (!hasKey(key)) return step.summary;
  const params: Record<string, string | number> = { summary: step.summary };
  for (const [k, v] of Object.entries(step.narration.params ?? {})) params[k] = v;
  const text = t(key, params);
  return PLACEHOLDER.test(text) ? step.summary : text;
}

/** `kubelet (node-1)`, `kube-apiserver · authz`, `kube-controller-manager · replicaset`. */
export function endpointLabel(e: Endpoint, t: Translate): string {
  const name = t(`comp.${e.component}`);
  const node = e.node ? ` (${e.node})` : '';
  const part = e.part ? ` · ${e.part.split(',').join(', ')}` : '';
  return `${name}${node}${part}`;
}

/** One line above the narration: who talks to whom, or who decides. */
export function stepHeadline(step: Step, t: Translate): string {
  if (step.detail?.type === 'end') return t('end.headline');
  if (isInternal(step.from, step.to)) return t('narr.internal', { component: endpointLabel(step.from, t) });
  return t('narr.message', { from: endpointLabel(step.from, t), to: endpointLabel(step.to, t) });
}
