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

const ORDER: Array<{ kind: string; arg: string; wide?: boolean }> = [
  { kind: 'Namespace', arg: 'namespaces' },
  { kind: 'Deployment', arg: 'deployments' },
  { kind: 'ReplicaSet', arg: 'replicasets' },
  { kind: 'ReplicationController', arg: 'replicationcontrollers' },
  { kind: 'DaemonSet', arg: 'daemonsets' },
  { kind: 'Pod', arg: 'pods', wide: true },
  { kind: 'Service', arg: 'services' },
  { kind: 'EndpointSlice', arg: 'endpointslices' },
  { kind: 'ConfigMap', arg: 'configmaps' },
  { kind: 'Secret', arg: 'secrets' },
  { kind: 'PersistentVolumeClaim', arg: 'persistentvolumeclaims' },
  { kind: 'PersistentVolume', arg: 'persistentvolumes' },
];

export function kubectlTranscript(run: Run, filename: string, manifestKinds: string[]): string {
  const out: string[] = [`$ kubectl apply -f ${filename}`];
  for (const line of run.output) out.push(line.line);
  const world = worldAt(run, run.steps.length - 1);
  const objects = objectsOf(world);
  const now = run.end.time;
  const userNs = new Set(objects.filter((o) => o.metadata.namespace && !isSystem(o)).map((o) => o.metadata.namespace!));
  const ns = userNs.size === 1 ? [...userNs][0] : 'default';
  const kinds = new Set(manifestKinds);
  if (kinds.has('Deployment')) kinds.add('ReplicaSet');
  for (const owner of ['Deployment', 'ReplicaSet', 'ReplicationController', 'DaemonSet'])
    if (kinds.has(owner)) kinds.add('Pod');
  if (kinds.has('Service')) kinds.add('EndpointSlice');
  if (kinds.has('PersistentVolumeClaim')) kinds.add('PersistentVolume');
  for (const { kind, arg, wide } of ORDER) {
    if (!kinds.has(kind)) continue;
    const list = objects.filter(
      (o) => o.kind === kind && (kind === 'PersistentVolume' || kind === 'Namespace' || o.metadata.namespace === ns),
    );
    out.push(
      '',
      `$ kubectl get ${arg}${wide ? ' -o wide' : ''}${ns !== 'default' && kind !== 'PersistentVolume' && kind !== 'Namespace' ? ` -n ${ns}` : ''}`,
    );
    out.push(printTable(kind, list, { now, wide, objects, namespace: ns }));
  }
  out.push('', `$ kubectl get events${ns !== 'default' ? ` -n ${ns}` : ''}`);
  out.push(
    printEvents(
      world.events.filter((e) => e.namespace === ns && e.firstTimestamp >= 0),
      { now, namespace: ns },
    ),
  );
  return out.join('\n');
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
