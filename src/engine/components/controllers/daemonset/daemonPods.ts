/**
 * What the DaemonSet controller decides per node and how it builds a daemon Pod: pkg/controller/daemon/util
 * (daemonset_util.go: CreatePodTemplate, AddOrUpdateDaemonPodTolerations, ReplaceDaemonSetPodNodeNameNodeAffinity,
 * GetTargetNodeName, IsPodUpdated) and daemon_controller.go (NodeShouldRunDaemonPod, predicates).
 */
import {
  findMatchingUntoleratedTaint,
  matchesNodeSelectorTerms,
  selectorFromSet,
  selectorMatches,
  type Taint,
  type Toleration,
} from '../../../objects/labels';
import type { KObject } from '../../../types';
import { REVISION_HASH_LABEL } from '../history/controllerHistory';
import type { DaemonSet, Node, Pod, PodSpec } from '../../../objects/typed';

/** extensions.DaemonSetTemplateGenerationKey */
const TEMPLATE_GENERATION_LABEL = 'pod-template-generation';
/** apps.DeprecatedTemplateGeneration: the v1 form of the internal spec.templateGeneration. */
const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

/**
 * AddOrUpdateDaemonPodTolerations: daemon Pods survive node problems and cordons. In this order: not-ready and
 * unreachable NoExecute (no tolerationSeconds: forever), disk/memory/pid pressure and unschedulable NoSchedule, and
 * network-unavailable for host-network Pods.
 */
export function daemonPodTolerations(spec: any): Toleration[] {
  const out: Toleration[] = [...(spec?.tolerations ?? [])];
  const add = (key: string, effect: string) => {
    const t: Toleration = { key, operator: 'Exists', effect };
    // v1helper.AddOrUpdateTolerationInPodSpec: a toleration matching key, operator, value and effect is replaced.
    const i = out.findIndex(
      (x) =>
        (x.key ?? '') === key &&
        (x.operator ?? '') === 'Exists' &&
        (x.value ?? '') === '' &&
        (x.effect ?? '') === effect,
    );
    if (i >= 0) out[i] = t;
    else out.push(t);
  };
  add('node.kubernetes.io/not-ready', 'NoExecute');
  add('node.kubernetes.io/unreachable', 'NoExecute');
  add('node.kubernetes.io/disk-pressure', 'NoSchedule');
  add('node.kubernetes.io/memory-pressure', 'NoSchedule');
  add('node.kubernetes.io/pid-pressure', 'NoSchedule');
  add('node.kubernetes.io/unschedulable', 'NoSchedule');
  if (spec?.hostNetwork) add('node.kubernetes.io/network-unavailable', 'NoSchedule');
  return out;
}

/**
 * ReplaceDaemonSetPodNodeNameNodeAffinity: the Pod's required node affinity becomes the one term
 * `matchFields metadata.name In [node]` (any required terms of the template are replaced; preferred ones stay).
 */
function nodeNameAffinity(affinity: any, nodeName: string): any {
  const required = {
    nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }],
  };
  if (!affinity) return { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } };
  return {
    ...affinity,
    nodeAffinity: { ...(affinity.nodeAffinity ?? {}), requiredDuringSchedulingIgnoredDuringExecution: required },
  };
}

/** util.GetTemplateGeneration: the DaemonSet's template generation, from its annotation. */
export function templateGeneration(ds: DaemonSet): string | undefined {
  return ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
}

/**
 * CreatePodTemplate + GetPodFromTemplate + the node affinity: the Pod the controller creates for `nodeName`.
 * generateName `<ds>-`, the template's labels plus `pod-template-generation` and `controller-revision-hash`.
 */
export function daemonPod(ds: DaemonSet, nodeName: string, hash: string): KObject {
  const t = ds.spec.template ?? {};
  const labels: Record<string, string> = { ...(t.metadata?.labels ?? {}) };
  const generation = templateGeneration(ds);
  if (generation !== undefined) labels[TEMPLATE_GENERATION_LABEL] = generation;
  if (hash) labels[REVISION_HASH_LABEL] = hash;
  const meta: any = {
    generateName: `${ds.metadata.name}-`,
    namespace: ds.metadata.namespace,
    labels,
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: ds.metadata.name,
        uid: ds.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ],
  };
  if (t.metadata?.annotations) meta.annotations = { ...t.metadata.annotations };
  const spec = {
    ...t.spec,
    tolerations: daemonPodTolerations(t.spec),
    affinity: nodeNameAffinity(t.spec?.affinity, nodeName),
  };
  return { apiVersion: 'v1', kind: 'Pod', metadata: meta, spec };
}

/**
 * NodeShouldRunDaemonPod: `shouldRun` — a new daemon Pod belongs on the node (node name, nodeSelector and required
 * node affinity match, and every NoSchedule/NoExecute taint is tolerated, the daemon tolerations included);
 * `shouldContinueRunning` — an existing one may stay (only an untolerated NoExecute taint makes it go).
 */
export function nodeShouldRunDaemonPod(
  node: Node,
  ds: DaemonSet,
): { shouldRun: boolean; shouldContinueRunning: boolean } {
  const spec: Partial<PodSpec> = ds.spec?.template?.spec ?? {};
  const name = node.metadata.name;
  if (spec.nodeName && spec.nodeName !== name) return { shouldRun: false, shouldContinueRunning: false };
  if (!fitsNodeAffinity(spec, node)) return { shouldRun: false, shouldContinueRunning: false };
  const taints: Taint[] = node.spec?.taints ?? [];
  const tolerations = daemonPodTolerations(spec);
  const untolerated = findMatchingUntoleratedTaint(
    taints,
    tolerations,
    (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute',
  );
  if (!untolerated) return { shouldRun: true, shouldContinueRunning: true };
  const noExecute = findMatchingUntoleratedTaint(taints, tolerations, (t) => t.effect === 'NoExecute');
  return { shouldRun: false, shouldContinueRunning: noExecute === undefined };
}

/** nodeaffinity.GetRequiredNodeAffinity(pod).Match(node): nodeSelector AND the required terms. */
function fitsNodeAffinity(spec: any, node: Node): boolean {
  const labels = node.metadata.labels;
  const sel = spec.nodeSelector as Record<string, string> | undefined;
  if (sel && Object.keys(sel).length > 0 && !selectorMatches(selectorFromSet(sel), labels)) return false;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required == null) return true;
  return matchesNodeSelectorTerms(required.nodeSelectorTerms ?? [], { name: node.metadata.name, labels });
}

/** util.GetTargetNodeName: the Pod's node, or before it is bound the node its matchFields affinity names. */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  for (const t of terms ?? [])
    for (const f of t.matchFields ?? [])
      if (f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1) return f.values[0];
  return undefined;
}

/** util.IsPodUpdated: the Pod carries the current revision's hash or the current template generation. */
export function isPodUpdated(pod: Pod, hash: string, generation: string | undefined): boolean {
  const labels = pod.metadata.labels ?? {};
  const templateMatches = generation !== undefined && labels[TEMPLATE_GENERATION_LABEL] === generation;
  const hashMatches = hash.length > 0 && labels[REVISION_HASH_LABEL] === hash;
  return hashMatches || templateMatches;
}
