/**
 * What a user sees in a terminal for a run (`--format kubectl`): the `kubectl apply` lines, then, once the run has
 * settled, `kubectl get` for the kinds the manifest touched (pods with `-o wide`) and `kubectl get events` in time
 * order. Ages are measured at the end of the run.
 */
import type { Run } from '../api';
import type { KObject } from '../types';
import { objectsOf, worldAt } from '../trace/worldAt';
import { printEvents } from './eventsTable';
import { printTable } from './printers';
import { apiserverDown } from '../cluster/componentsDown';
import { connectionRefused } from './applyLine';
import { crdsAmong } from '../objects/customResources';
import type { ResourceInfo } from '../objects/resources';
import { customInfoForKind } from './customResourceColumns';

const ORDER: Array<{ kind: string; arg: string; wide?: boolean }> = [
  { kind: 'Namespace', arg: 'namespaces' },
  { kind: 'Deployment', arg: 'deployments' },
  { kind: 'ReplicaSet', arg: 'replicasets' },
  { kind: 'CronJob', arg: 'cronjobs' },
  { kind: 'Job', arg: 'jobs' },
  { kind: 'StatefulSet', arg: 'statefulsets' },
  { kind: 'ControllerRevision', arg: 'controllerrevisions' },
  { kind: 'ReplicationController', arg: 'replicationcontrollers' },
  { kind: 'DaemonSet', arg: 'daemonsets' },
  { kind: 'Pod', arg: 'pods', wide: true },
  { kind: 'Service', arg: 'services' },
  { kind: 'EndpointSlice', arg: 'endpointslices' },
  { kind: 'ConfigMap', arg: 'configmaps' },
  { kind: 'Secret', arg: 'secrets' },
  { kind: 'PersistentVolumeClaim', arg: 'persistentvolumeclaims' },
  { kind: 'PersistentVolume', arg: 'persistentvolumes' },
  { kind: 'PriorityClass', arg: 'priorityclasses' },
  { kind: 'LimitRange', arg: 'limitranges' },
  { kind: 'ResourceQuota', arg: 'resourcequotas' },
  { kind: 'PodDisruptionBudget', arg: 'poddisruptionbudgets' },
];

/** Kinds `kubectl get` lists without a namespace. */
const CLUSTER_SCOPED = new Set(['PersistentVolume', 'Namespace', 'PriorityClass']);

export function kubectlTranscript(run: Run, filename: string, manifestKinds: string[]): string {
  const parts: string[] = [];
  writeKubectlTranscript(run, filename, manifestKinds, (s) => parts.push(s));
  return parts.join('\n');
}

/**
 * kubectlTranscript written out a section at a time (`write` gets the sections, to be joined with newlines), so a
 * run with a thousand pods is never one string.
 */
export function writeKubectlTranscript(
  run: Run,
  filename: string,
  manifestKinds: string[],
  write: (section: string) => void,
  extraApplyLines: string[] = [],
): void {
  const out: string[] = [`$ kubectl apply -f ${filename}`, ...extraApplyLines];
  for (const line of run.output) out.push(line.line);
  const world = worldAt(run, run.steps.length - 1);
  const objects = objectsOf(world);
  const now = run.end.time;
  // A run that ends with kube-apiserver stopped: every `get` is refused like the commands during the run.
  const refused = apiserverDown(world) ? connectionRefused() : undefined;
  const userNs = new Set(objects.filter((o) => o.metadata.namespace && !isSystem(o)).map((o) => o.metadata.namespace!));
  const ns = userNs.size === 1 ? [...userNs][0] : 'default';
  const kinds = new Set(manifestKinds);
  if (kinds.has('Deployment')) kinds.add('ReplicaSet');
  if (kinds.has('CronJob')) kinds.add('Job');
  if (kinds.has('StatefulSet')) for (const k of ['ControllerRevision', 'Pod']) kinds.add(k);
  if (kinds.has('StatefulSet') && objects.some((o) => o.kind === 'PersistentVolumeClaim'))
    kinds.add('PersistentVolumeClaim');
  for (const owner of ['Deployment', 'ReplicaSet', 'ReplicationController', 'DaemonSet', 'Job'])
    if (kinds.has(owner)) kinds.add('Pod');
  if (kinds.has('Service')) kinds.add('EndpointSlice');
  if (kinds.has('PersistentVolumeClaim')) kinds.add('PersistentVolume');
  for (const { kind, arg, wide } of ORDER) {
    if (!kinds.has(kind)) continue;
    const list = objects.filter((o) => o.kind === kind && (CLUSTER_SCOPED.has(kind) || o.metadata.namespace === ns));
    out.push(
      '',
      `$ kubectl get ${arg}${wide ? ' -o wide' : ''}${ns !== 'default' && !CLUSTER_SCOPED.has(kind) ? ` -n ${ns}` : ''}`,
    );
    out.push(refused ?? printTable(kind, list, { now, wide, objects, namespace: ns }));
    write(out.join('\n'));
    out.length = 0;
  }
  // CRDs, then the custom resources of the manifest's kinds that are served at the end, in their CRDs' columns.
  const crds = crdsAmong(objects);
  const custom: Array<{ kind: string; info?: ResourceInfo }> = kinds.has('CustomResourceDefinition')
    ? [{ kind: 'CustomResourceDefinition' }]
    : [];
  for (const kind of kinds) {
    const info = customInfoForKind(kind, crds);
    if (info) custom.push({ kind, info });
  }
  for (const { kind, info } of custom) {
    const namespaced = info?.namespaced ?? false;
    const list = objects.filter((o) => o.kind === kind && (!namespaced || o.metadata.namespace === ns));
    out.push(
      '',
      `$ kubectl get ${info ? info.resource : 'customresourcedefinitions'}${namespaced && ns !== 'default' ? ` -n ${ns}` : ''}`,
    );
    out.push(refused ?? printTable(kind, list, { now, objects, namespace: ns }));
    write(out.join('\n'));
    out.length = 0;
  }
  out.push('', `$ kubectl get events${ns !== 'default' ? ` -n ${ns}` : ''}`);
  out.push(
    refused ??
      printEvents(
        world.events.filter((e) => e.namespace === ns && e.firstTimestamp >= 0),
        { now, namespace: ns },
      ),
  );
  write(out.join('\n'));
}

/**
 * Bootstrap furniture (created before the run), or what lives in a system namespace — unless a workload the run
 * created owns it (the kubernetes.io fluentd DaemonSet lives in kube-system, and so do its Pods and revisions).
 */
function isSystem(o: KObject): boolean {
  if ((o.metadata.creationTimestamp ?? 0) < 0) return true;
  if (!['kube-system', 'kube-public', 'kube-node-lease', 'local-path-storage'].includes(o.metadata.namespace ?? ''))
    return false;
  return !WORKLOADS.has(o.kind);
}

const WORKLOADS = new Set(['Deployment', 'ReplicaSet', 'ReplicationController', 'DaemonSet', 'StatefulSet', 'Job']);
