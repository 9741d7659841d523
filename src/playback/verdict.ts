/**
 * The run's outcome in one sentence, built from its diagnosis: "Stuck: pod/web-… — No node fits: 0/4 nodes…" or
 * "Done: 3/3 Pods Ready, Service web has 3 ready endpoints". The views translate it (verdict.* and diag.* keys); this
 * only picks the facts, so the end step never reads like success when the journey stopped.
 */
import type { ReasonKey } from '../engine/diagnose/reasons';
import type { ChainFinding } from './diagnosis';

export type Verdict =
  | { kind: 'stuck'; object: string; reasonKey: ReasonKey; params: Record<string, string | number> }
  | { kind: 'done'; ready: number; want: number; services: Array<{ name: string; count: number }> };

export function verdictOf(diagnosis: { stuck?: ChainFinding; chain: ChainFinding[] }): Verdict | undefined {
  const { stuck, chain } = diagnosis;
  if (stuck) return { kind: 'stuck', object: stuck.object, reasonKey: stuck.reasonKey, params: stuck.params };
  // Nothing to say about a run the chain does not cover (a Job, a ConfigMap alone): its end step says enough.
  if (!chain.length) return undefined;
  let want = 0;
  const ready = new Set<string>();
  const services: Array<{ name: string; count: number }> = [];
  for (const f of chain) {
    if (f.reasonKey === 'podsCreated') want += Number(f.params.want) || 0;
    else if (f.reasonKey === 'ready') ready.add(f.object);
    else if (f.reasonKey === 'endpoints')
      services.push({ name: f.object.replace(/^service\//, ''), count: Number(f.params.count) || 0 });
  }
  want = Math.max(want, ready.size);
  // A chain without Pods (a Service alone) has no "n/n Ready" to state.
  return want ? { kind: 'done', ready: ready.size, want, services } : undefined;
}
