/**
 * Pure rollout arithmetic from pkg/controller/deployment/util/deployment_util.go.
 */
import type { Deployment, ReplicaSet } from '../../../objects/typed';

/** An IntOrString resolved against a total: percentages round up for surge, down for unavailable. */
function resolveIntOrPercent(v: unknown, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  const s = String(v ?? '0');
  if (s.endsWith('%')) {
    const pct = parseInt(s.slice(0, -1), 10) || 0;
    const raw = (pct * total) / 100;
    return roundUp ? Math.ceil(raw) : Math.floor(raw);
  }
  return parseInt(s, 10) || 0;
}

/** ResolveFenceposts: (maxSurge, maxUnavailable); both zero forces unavailable to 1. */
export function resolveFenceposts(d: Deployment): { maxSurge: number; maxUnavailable: number } {
  const replicas = d.spec.replicas ?? 1;
  if (d.spec.strategy?.type === 'Recreate') return { maxSurge: 0, maxUnavailable: replicas };
  const ru = d.spec.strategy?.rollingUpdate ?? {};
  const maxSurge = resolveIntOrPercent(ru.maxSurge ?? '25%', replicas, true);
  let maxUnavailable = resolveIntOrPercent(ru.maxUnavailable ?? '25%', replicas, false);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { maxSurge, maxUnavailable };
}

/** NewRSNewReplicas for RollingUpdate: how far the new ReplicaSet may grow right now. */
export function newRSNewReplicas(d: Deployment, allRS: ReplicaSet[], newRS: ReplicaSet | undefined): number {
  const replicas = d.spec.replicas ?? 1;
  const cur = newRS?.spec.replicas ?? 0;
  if (d.spec.strategy?.type === 'Recreate') return replicas;
  const { maxSurge } = resolveFenceposts(d);
  const currentPodCount = allRS.reduce((n, rs) => n + (rs.spec.replicas ?? 0), 0);
  const maxTotalPods = replicas + maxSurge;
  if (currentPodCount >= maxTotalPods) return cur;
  const scaleUpCount = Math.min(maxTotalPods - currentPodCount, replicas - cur);
  return cur + Math.max(0, scaleUpCount);
}

export interface DeploymentCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastUpdateTime: number;
  lastTransitionTime: number;
}

/** SetDeploymentCondition: no-op when status and reason are unchanged; otherwise moves the condition to the end. */
export function setCondition(conds: DeploymentCondition[], c: DeploymentCondition): DeploymentCondition[] {
  const cur = conds.find((x) => x.type === c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return conds;
  const next = { ...c };
  if (cur && cur.status === c.status) next.lastTransitionTime = cur.lastTransitionTime;
  return [...conds.filter((x) => x.type !== c.type), next];
}
