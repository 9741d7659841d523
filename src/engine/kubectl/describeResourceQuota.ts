/**
 * `kubectl describe quota` (k8s.io/kubectl/pkg/describe describe.go describeQuota): name, namespace, the scopes with
 * their help texts, then `Resource Used Hard` for every resource in status.hard, sorted by name.
 */
import type { KObject } from '../types';
import { resourceQuotaQuantity } from './policyColumns';
import { LEVEL_0, PrefixWriter } from './prefixWriter';

const SCOPE_HELP: Record<string, string> = {
  Terminating:
    'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating:
    'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort:
    'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort:
    'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

export function describeResourceQuota(rq: KObject): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${rq.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${rq.metadata.namespace ?? ''}\n`);
  const scopes: string[] = [...(rq.spec?.scopes ?? [])].sort();
  if (scopes.length) {
    w.write(LEVEL_0, `Scopes:\t${scopes.join(', ')}\n`);
    for (const s of scopes) if (SCOPE_HELP[s]) w.write(LEVEL_0, ` * ${SCOPE_HELP[s]}\n`);
  }
  w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
  w.write(LEVEL_0, '--------\t----\t----\n');
  const hard: Record<string, unknown> = rq.status?.hard ?? {};
  for (const name of Object.keys(hard).sort())
    w.write(
      LEVEL_0,
      `${name}\t${resourceQuotaQuantity(rq.status?.used?.[name])}\t${resourceQuotaQuantity(hard[name])}\n`,
    );
  return w.render();
}
