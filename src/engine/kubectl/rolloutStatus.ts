/**
 * `kubectl rollout status deployment/<name>` (k8s.io/kubectl/pkg/cmd/rollout/rollout_status.go and
 * polymorphichelpers/rollout_status.go DeploymentStatusViewer.Status).
 *
 * kubectl runs watchtools.UntilWithSync on the single Deployment and prints the viewer's message for *every*
 * ADDED/MODIFIED event until the rollout is done — it does not de-duplicate, so a status write that leaves the
 * message unchanged prints the same line again. Each distinct version of the object is one watch event, so
 * snapshots are collapsed by resourceVersion (or content, when there is none) before the messages are printed.
 * Pass `{ onlyChanges: true }` to print a line only when the message changes.
 */
import type { KObject } from '../types';

export interface RolloutStatus {
  message: string;
  done: boolean;
  /** The viewer returned an error (progress deadline exceeded); kubectl prints `error: …` and exits 1. */
  error?: boolean;
}

export function deploymentRolloutStatus(d: KObject): RolloutStatus {
  const name = d.metadata.name;
  const st = d.status ?? {};
  const generation = d.metadata.generation ?? 0;
  if (generation <= (st.observedGeneration ?? 0)) {
    const progressing = (st.conditions ?? []).find((c: any) => c.type === 'Progressing');
    if (progressing && progressing.reason === 'ProgressDeadlineExceeded') {
      return { message: `error: deployment "${name}" exceeded its progress deadline`, done: true, error: true };
    }
    const replicas = typeof d.spec?.replicas === 'number' ? d.spec.replicas : undefined;
    const updated = st.updatedReplicas ?? 0;
    if (replicas !== undefined && updated < replicas) {
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...`,
        done: false,
      };
    }
    if ((st.replicas ?? 0) > updated) {
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${(st.replicas ?? 0) - updated} old replicas are pending termination...`,
        done: false,
      };
    }
    if ((st.availableReplicas ?? 0) < updated) {
      return {
        message: `Waiting for deployment "${name}" rollout to finish: ${st.availableReplicas ?? 0} of ${updated} updated replicas are available...`,
        done: false,
      };
    }
    return { message: `deployment "${name}" successfully rolled out`, done: true };
  }
  return { message: 'Waiting for deployment spec update to be observed...', done: false };
}

function versionKey(d: KObject): string {
  return d.metadata.resourceVersion !== undefined ? `rv:${d.metadata.resourceVersion}` : JSON.stringify(d);
}

/** The lines `kubectl rollout status` prints while the Deployment goes through `snapshots` (oldest first). */
export function rolloutStatusLines(snapshots: KObject[], opts: { onlyChanges?: boolean } = {}): string[] {
  const lines: string[] = [];
  let lastKey: string | undefined;
  for (const d of snapshots) {
    const key = versionKey(d);
    if (key === lastKey) continue;
    lastKey = key;
    const s = deploymentRolloutStatus(d);
    if (!(opts.onlyChanges && lines.length > 0 && lines[lines.length - 1] === s.message)) lines.push(s.message);
    if (s.done) break;
  }
  return lines;
}
