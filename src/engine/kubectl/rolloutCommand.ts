/**
 * The panel's `kubectl rollout status|history|undo …`, read from the world after the current step.
 *
 * - status: the status viewer's message for the object as it is now (k8s.io/kubectl/pkg/polymorphichelpers/
 *   rollout_status.go). A real kubectl keeps watching until the rollout is done; the panel answers with the line
 *   the watch prints first, so a rollout still in progress ends at its "Waiting for …" line.
 * - history: kubectl/pkg/cmd/rollout/rollout_history.go prints the object's name through a NamePrinter with the
 *   history as its "operation" (`deployment.apps/web ` + "\n" + table), the table from polymorphichelpers/
 *   history.go (tabbedString: REVISION, CHANGE-CAUSE from the `kubernetes.io/change-cause` annotation).
 * - undo, restart, pause, resume: writes. The panel reads only; the timeline's "rollout undo" intervention does it.
 */
import type { WorldState } from '../api';
import { objectsOf } from '../trace/worldAt';
import type { KObject } from '../types';
import { deploymentRolloutStatus } from './rolloutStatus';
import { describePodTemplate } from './describePodTemplate';
import { PrefixWriter } from './prefixWriter';
import { kindPrefix, resolveResource, type ResourceInfo } from './resourceInfo';
import { DESCRIBE_TABWRITER, tabwrite } from './tabwriter';

const CHANGE_CAUSE = 'kubernetes.io/change-cause';
const REVISION = 'deployment.kubernetes.io/revision';

interface Answer {
  output: string;
  ok: boolean;
}

/** `tokens` follow `rollout`; `namespace` is the command's `-n` (default `default`). */
export function answerRollout(tokens: string[], namespace: string, world: WorldState, revision?: number): Answer {
  const sub = tokens[0];
  const args = tokens.slice(1);
  if (sub === undefined)
    return {
      output: 'error: Manage the rollout of one or many resources. Use "kubectl rollout --help" for the subcommands.',
      ok: false,
    };
  if (['undo', 'restart', 'pause', 'resume'].includes(sub))
    return {
      output: `error: this panel only reads the cluster; use the timeline's "rollout ${sub}" intervention (or edit the manifest and press Apply) to change it`,
      ok: false,
    };
  if (sub !== 'status' && sub !== 'history')
    return {
      output: `error: unknown command "${tokens.join(' ')}"\nSee 'kubectl rollout -h' for help and examples`,
      ok: false,
    };
  const target = resolveTarget(args, namespace, world);
  if (typeof target === 'string') return { output: target, ok: false };
  const { info, obj } = target;
  if (revision !== undefined && revision < 0)
    return { output: `error: revision must be a positive integer: ${revision}`, ok: false };
  return sub === 'status' ? status(info, obj) : history(info, obj, world, revision);
}

function resolveTarget(
  args: string[],
  namespace: string,
  world: WorldState,
): { info: ResourceInfo; obj: KObject } | string {
  let type: string | undefined;
  let name: string | undefined;
  if (args.length === 1 && args[0].includes('/')) [type, name] = args[0].split('/');
  else if (args.length === 2) [type, name] = args;
  if (!type || !name) return 'error: required resource not specified';
  const info = resolveResource(type);
  if (!info) return `error: the server doesn't have a resource type "${type}"`;
  const obj = objectsOf(world).find(
    (o) => o.kind === info.kind && o.metadata.name === name && (!info.namespaced || o.metadata.namespace === namespace),
  );
  if (!obj)
    return `Error from server (NotFound): ${info.group ? `${info.resource}.${info.group}` : info.resource} "${name}" not found`;
  return { info, obj };
}

function status(info: ResourceInfo, obj: KObject): Answer {
  const s = statusOf(obj);
  if (s === undefined) {
    const groupKind = info.group ? `${info.kind}.${info.group}` : info.kind;
    return { output: `error: no status viewer has been implemented for ${groupKind}`, ok: false };
  }
  return { output: s.message, ok: !s.error };
}

function statusOf(o: KObject): { message: string; error?: boolean } | undefined {
  const name = o.metadata.name;
  const st = o.status ?? {};
  const generation = o.metadata.generation ?? 0;
  if (o.kind === 'Deployment') return deploymentRolloutStatus(o);
  if (o.kind === 'DaemonSet') {
    if ((o.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate')
      return { message: 'error: rollout status is only available for RollingUpdate strategy type', error: true };
    if (generation > (st.observedGeneration ?? 0))
      return { message: 'Waiting for daemon set spec update to be observed...' };
    const desired = st.desiredNumberScheduled ?? 0;
    if ((st.updatedNumberScheduled ?? 0) < desired)
      return {
        message: `Waiting for daemon set "${name}" rollout to finish: ${st.updatedNumberScheduled ?? 0} out of ${desired} new pods have been updated...`,
      };
    if ((st.numberAvailable ?? 0) < desired)
      return {
        message: `Waiting for daemon set "${name}" rollout to finish: ${st.numberAvailable ?? 0} of ${desired} updated pods are available...`,
      };
    return { message: `daemon set "${name}" successfully rolled out` };
  }
  if (o.kind === 'StatefulSet') {
    const strategy = o.spec?.updateStrategy ?? { type: 'RollingUpdate' };
    if ((strategy.type ?? 'RollingUpdate') !== 'RollingUpdate')
      return { message: 'error: rollout status is only available for RollingUpdate strategy type', error: true };
    if (!st.observedGeneration || generation > st.observedGeneration)
      return { message: 'Waiting for statefulset spec update to be observed...' };
    const replicas = typeof o.spec?.replicas === 'number' ? o.spec.replicas : undefined;
    if (replicas !== undefined && (st.readyReplicas ?? 0) < replicas)
      return { message: `Waiting for ${replicas - (st.readyReplicas ?? 0)} pods to be ready...` };
    if (strategy.rollingUpdate) {
      const partition = strategy.rollingUpdate.partition;
      if (replicas !== undefined && typeof partition === 'number' && (st.updatedReplicas ?? 0) < replicas - partition)
        return {
          message: `Waiting for partitioned roll out to finish: ${st.updatedReplicas ?? 0} out of ${replicas - partition} new pods have been updated...`,
        };
      return { message: `partitioned roll out complete: ${st.updatedReplicas ?? 0} new pods have been updated...` };
    }
    if (st.updateRevision !== st.currentRevision)
      return {
        message: `waiting for statefulset rolling update to complete ${st.updatedReplicas ?? 0} pods at revision ${st.updateRevision}...`,
      };
    return {
      message: `statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision}...`,
    };
  }
  return undefined;
}

/** history.go: the change-cause of the ReplicaSet is shown among the template's annotations. */
function withChangeCause(template: any, cause: string | undefined): any {
  if (!template || !cause) return template;
  return {
    ...template,
    metadata: { ...template.metadata, annotations: { ...template.metadata?.annotations, [CHANGE_CAUSE]: cause } },
  };
}

const ownedBy = (o: KObject, owner: KObject) =>
  (o.metadata.ownerReferences ?? []).some((r: any) => r.controller && r.uid === owner.metadata.uid);

function history(info: ResourceInfo, obj: KObject, world: WorldState, revision = 0): Answer {
  const revisions = new Map<number, string>();
  const templates = new Map<number, any>();
  const objects = objectsOf(world).filter((o) => o.metadata.namespace === obj.metadata.namespace);
  if (obj.kind === 'Deployment') {
    // getDeploymentReplicaSets: the ReplicaSets the Deployment controls; deploymentutil.Revision reads the annotation.
    for (const rs of objects.filter((o) => o.kind === 'ReplicaSet' && ownedBy(o, obj))) {
      const v = Number(rs.metadata.annotations?.[REVISION] ?? 0);
      if (!Number.isInteger(v)) continue;
      revisions.set(v, rs.metadata.annotations?.[CHANGE_CAUSE] ?? '');
      templates.set(v, withChangeCause(rs.spec?.template, rs.metadata.annotations?.[CHANGE_CAUSE]));
    }
  } else if (obj.kind === 'DaemonSet' || obj.kind === 'StatefulSet') {
    for (const cr of objects.filter((o) => o.kind === 'ControllerRevision' && ownedBy(o, obj)))
      revisions.set(Number(cr.revision ?? 0), cr.metadata.annotations?.[CHANGE_CAUSE] ?? '');
  } else {
    const groupKind = info.group ? `${info.kind}.${info.group}` : info.kind;
    return { output: `error: no history viewer has been implemented for "${groupKind}"`, ok: false };
  }
  const name = `${kindPrefix(obj.kind, info.group)}/${obj.metadata.name}`;
  if (revision > 0 && obj.kind === 'Deployment') {
    // printTemplate: DescribePodTemplate through a bare PrefixWriter (no tab alignment), after the NamePrinter's
    // `with revision #N` operation.
    if (revisions.size > 0 && !templates.has(revision))
      return { output: 'error: unable to find the specified revision', ok: false };
    if (revisions.size > 0) {
      const w = new PrefixWriter();
      describePodTemplate(templates.get(revision), w);
      return { output: `${name} with revision #${revision}\n${w.raw()}`, ok: true };
    }
  }
  let text: string;
  if (revisions.size === 0) text = 'No rollout history found.';
  else {
    const rows = [...revisions.keys()]
      .sort((a, b) => a - b)
      .map((r) => `${r}\t${revisions.get(r) || '<none>'}\n`)
      .join('');
    text = tabwrite(`REVISION\tCHANGE-CAUSE\n${rows}`, DESCRIBE_TABWRITER);
  }
  // NamePrinter with an operation: `<kind.group>/<name> <operation>`, the operation being "\n" + the history.
  return { output: `${name} \n${text}`, ok: true };
}
