/**
 * `kubectl get` human-readable output: one table per kind (header = column names upper-cased), laid out by the
 * cli-runtime tabwriter (padding 3), with kubectl's multi-kind behaviour.
 *
 * Behaviour reproduced from k8s.io/kubectl/pkg/cmd/get/get.go and cli-runtime printers/tableprinter.go:
 * - rows come in apiserver list order, i.e. etcd key order `<namespace>/<name>`;
 * - priority-1 columns only with `-o wide`; `-A` prepends NAMESPACE for namespaced kinds;
 * - with several kinds, NAME cells carry `<kind>.<group>/` (printer WithKind), each kind gets its own table
 *   (own column widths) separated by a blank line, kinds with no objects print nothing;
 * - nothing at all → `No resources found in <ns> namespace.` (`No resources found` for -A / cluster-scoped).
 * All functions return text without the final newline.
 */
import type { KObject } from '../types';
import { clusterColumns } from './clusterColumnsIndex';
import { configMapColumns, secretColumns, serviceAccountColumns } from './configColumns';
import { cellText, eventColumns, sortEvents, toKEvent } from './eventsTable';
import { byteCompare, formatLabels } from './labels';
import {
  endpointSliceColumns,
  endpointsColumns,
  ingressColumns,
  networkPolicyColumns,
  serviceColumns,
} from './networkColumns';
import { podColumns } from './podColumns';
import { limitRangeColumns, priorityClassColumns, resourceQuotaColumns } from './policyColumns';
import { kindPrefix, resolveResource, resourceForKind, type ResourceInfo } from './resourceInfo';
import { crdOf, customInfoForKind, customResourceTable } from './customResourceColumns';
import { persistentVolumeClaimColumns, persistentVolumeColumns, storageClassColumns } from './storageColumns';
import type { PrintContext, TableDef } from './tableDef';
import { formatTable } from './tabwriter';
import {
  controllerRevisionColumns,
  cronJobColumns,
  daemonSetColumns,
  deploymentColumns,
  hpaColumns,
  jobColumns,
  pdbColumns,
  replicaSetColumns,
  replicationControllerColumns,
  statefulSetColumns,
} from './workloadColumns';

export type { PrintContext } from './tableDef';

const TABLES: Record<string, TableDef> = {
  Pod: podColumns,
  Deployment: deploymentColumns,
  ReplicaSet: replicaSetColumns,
  ReplicationController: replicationControllerColumns,
  ControllerRevision: controllerRevisionColumns,
  StatefulSet: statefulSetColumns,
  DaemonSet: daemonSetColumns,
  Job: jobColumns,
  CronJob: cronJobColumns,
  HorizontalPodAutoscaler: hpaColumns,
  PodDisruptionBudget: pdbColumns,
  Service: serviceColumns,
  EndpointSlice: endpointSliceColumns,
  Endpoints: endpointsColumns,
  Ingress: ingressColumns,
  NetworkPolicy: networkPolicyColumns,
  ConfigMap: configMapColumns,
  Secret: secretColumns,
  ServiceAccount: serviceAccountColumns,
  PersistentVolume: persistentVolumeColumns,
  PersistentVolumeClaim: persistentVolumeClaimColumns,
  StorageClass: storageClassColumns,
  Event: eventColumns,
  PriorityClass: priorityClassColumns,
  LimitRange: limitRangeColumns,
  ResourceQuota: resourceQuotaColumns,
  ...clusterColumns,
};

/** The column definition kubectl would use for a kind (NAME/AGE for unknown kinds, i.e. custom resources). */
export function tableDefFor(kind: string, objects?: readonly KObject[]): TableDef {
  const info = resolveResource(kind);
  if (!info) {
    // A custom resource: the columns its CRD declares (customResourceColumns.ts).
    const custom = customInfoForKind(kind, objects);
    const crd = custom && crdOf(custom, objects);
    if (custom && crd) return customResourceTable(crd, custom.version);
  }
  return TABLES[info?.kind ?? kind] ?? TABLES.__generic;
}

function infoFor(kind: string, objects?: readonly KObject[]): ResourceInfo {
  return resolveResource(kind) ?? customInfoForKind(kind, objects) ?? resourceForKind(kind);
}

/** apiserver list order: by etcd key, i.e. `<namespace>/<name>` compared bytewise. */
export function sortByKey(objects: KObject[]): KObject[] {
  const key = (o: KObject): string => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
  return [...objects].sort((a, b) => byteCompare(key(a), key(b)));
}

function sortEventObjects(objects: KObject[]): KObject[] {
  const pairs = objects.map((o) => ({ o, e: toKEvent(o) }));
  const order = sortEvents(pairs.map((p) => p.e));
  return order.map((e) => pairs.find((p) => p.e === e)!.o);
}

export function noResourcesFound(namespaced: boolean, ctx: PrintContext): string {
  return namespaced && !ctx.allNamespaces
    ? `No resources found in ${ctx.namespace ?? 'default'} namespace.`
    : 'No resources found';
}

/** Header and row cells of one kind's table (empty rows when there are no objects). */
export function tableRows(kind: string, objects: KObject[], ctx: PrintContext): { header: string[]; rows: string[][] } {
  const info = infoFor(kind, ctx.objects);
  const def = tableDefFor(kind, ctx.objects);
  const visible = def.columns.map((c, i) => ({ c, i })).filter((x) => !x.c.priority || ctx.wide);
  const withNamespace = !!ctx.allNamespaces && info.namespaced;
  const header = [
    ...(withNamespace ? ['NAMESPACE'] : []),
    ...visible.map((x) => x.c.name.toUpperCase()),
    ...(ctx.labelColumns ?? []).map((l) => (l.split('/').pop() ?? '').toUpperCase()),
    ...(ctx.showLabels ? ['LABELS'] : []),
  ];
  const prefix = kindPrefix(info.kind, info.group);
  // Events come in time order (docs/CONTRACTS.md §4 "kubectl get events in time order"); everything else in key order.
  const ordered = ctx.keepOrder ? objects : info.kind === 'Event' ? sortEventObjects(objects) : sortByKey(objects);
  const rows = ordered.map((obj) => {
    const cells = def.row(obj, ctx);
    const out = visible.map((x) => cellText(cells[x.i]));
    // printRows writes `kind/cell` for the first cell, unescaped, whatever column it is.
    if (ctx.withKind && out.length > 0) out[0] = `${prefix}/${cells[visible[0].i]}`;
    for (const l of ctx.labelColumns ?? []) out.push(obj.metadata?.labels?.[l] ?? '');
    if (ctx.showLabels) out.push(formatLabels(obj.metadata?.labels));
    return withNamespace ? [obj.metadata?.namespace ?? '', ...out] : out;
  });
  return { header, rows };
}

/**
 * `kubectl get <kind>` for one kind. `ctx.objects` may hold the whole world (unused by most kinds).
 * Empty → the "No resources found" line kubectl prints (to stderr) instead of a table.
 */
export function printTable(kind: string, objects: KObject[], ctx: PrintContext): string {
  const { header, rows } = tableRows(kind, objects, ctx);
  if (rows.length === 0) return noResourcesFound(infoFor(kind, ctx.objects).namespaced, ctx);
  return formatTable(ctx.noHeaders ? rows : [header, ...rows]);
}

/**
 * `kubectl get a,b,c`: one table per requested kind, in the order given. `objectsByKind` is keyed by the names
 * passed in `kinds` or by canonical Kind. More than one kind turns on the `kind.group/name` prefix.
 */
export function printGet(kinds: string[], objectsByKind: Record<string, KObject[]>, ctx: PrintContext): string {
  const infos = kinds.map((k) => ({ asked: k, info: infoFor(k, ctx.objects) }));
  const distinct = new Set(infos.map((x) => x.info.kind));
  const withKind = ctx.withKind ?? distinct.size > 1;
  const tables: string[] = [];
  for (const { asked, info } of infos) {
    const objects = objectsByKind[asked] ?? objectsByKind[info.kind] ?? [];
    const { header, rows } = tableRows(info.kind, objects, { ...ctx, withKind });
    if (rows.length > 0) tables.push(formatTable(ctx.noHeaders ? rows : [header, ...rows]));
  }
  if (tables.length === 0) {
    const allNamespaced = infos.every((x) => x.info.namespaced);
    return noResourcesFound(allNamespaced, ctx);
  }
  return tables.join('\n\n');
}
