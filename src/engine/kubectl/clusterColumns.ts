/**
 * Cluster-level tables (pkg/printers/internalversion/printers.go): printNode (STATUS from the Ready condition
 * plus SchedulingDisabled, ROLES from node-role labels), printNamespace, printLease, printRoleBinding /
 * printClusterRoleBinding, and the apiserver's default table (NAME, CREATED AT) used for kinds without a
 * printer such as Role and ClusterRole (k8s.io/apiserver/pkg/registry/rest/table.go).
 */
import { KUBERNETES_VERSION } from '../api';
import type { KObject } from '../types';
import { formatRFC3339 } from './timeFormat';
import { ageCell, col, type TableDef } from './tableDef';

/**
 * What a kind-style node reports in status.nodeInfo; used only when the simulated Node object lacks a field.
 * (kind v0.30 node image: Debian 12, containerd 2.1.x; the kernel is the host's and is illustrative.)
 */
export const NODE_INFO_DEFAULTS = {
  kubeletVersion: KUBERNETES_VERSION,
  osImage: 'Debian GNU/Linux 12 (bookworm)',
  kernelVersion: '6.8.0-60-generic',
  containerRuntimeVersion: 'containerd://2.1.3',
  operatingSystem: 'linux',
  architecture: 'amd64',
};

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

/** findNodeRoles: `node-role.kubernetes.io/<role>` keys and `kubernetes.io/role=<role>` values, sorted, unique. */
export function findNodeRoles(node: KObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort();
}

/** STATUS: `Ready`, `NotReady` (Ready False *or* Unknown), `Unknown` (no Ready condition), `,SchedulingDisabled`. */
export function nodeStatus(node: KObject): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

export function nodeAddress(node: KObject, type: 'InternalIP' | 'ExternalIP' | 'Hostname'): string | undefined {
  return (node.status?.addresses ?? []).find((a: any) => a.type === type)?.address;
}

export const nodeColumns: TableDef = {
  columns: [
    col('Name'),
    col('Status'),
    col('Roles'),
    col('Age'),
    col('Version'),
    col('Internal-IP', 1),
    col('External-IP', 1),
    col('OS-Image', 1),
    col('Kernel-Version', 1),
    col('Container-Runtime', 1),
  ],
  row(node, ctx) {
    const info = node.status?.nodeInfo ?? {};
    const roles = findNodeRoles(node).join(',') || '<none>';
    return [
      node.metadata.name,
      nodeStatus(node),
      roles,
      ageCell(node, ctx),
      info.kubeletVersion || NODE_INFO_DEFAULTS.kubeletVersion,
      nodeAddress(node, 'InternalIP') ?? '<none>',
      nodeAddress(node, 'ExternalIP') ?? '<none>',
      info.osImage || NODE_INFO_DEFAULTS.osImage,
      info.kernelVersion || NODE_INFO_DEFAULTS.kernelVersion,
      info.containerRuntimeVersion || NODE_INFO_DEFAULTS.containerRuntimeVersion,
    ];
  },
};

export const namespaceColumns: TableDef = {
  columns: [col('Name'), col('Status'), col('Age')],
  row(ns, ctx) {
    return [ns.metadata.name, ns.status?.phase ?? 'Active', ageCell(ns, ctx)];
  },
};

export const leaseColumns: TableDef = {
  columns: [col('Name'), col('Holder'), col('Age')],
  row(l, ctx) {
    return [l.metadata.name, l.spec?.holderIdentity ?? '', ageCell(l, ctx)];
  },
};

/** rbac.SubjectsStrings: users, groups, and `namespace/name` service accounts. */
function subjectsStrings(subjects: any[] | undefined): [string, string, string] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of subjects ?? []) {
    if (s.kind === 'User') users.push(s.name);
    else if (s.kind === 'Group') groups.push(s.name);
    else if (s.kind === 'ServiceAccount') sas.push(`${s.namespace ?? ''}/${s.name}`);
  }
  return [users.join(', '), groups.join(', '), sas.join(', ')];
}

export const roleBindingColumns: TableDef = {
  columns: [col('Name'), col('Role'), col('Age'), col('Users', 1), col('Groups', 1), col('ServiceAccounts', 1)],
  row(rb, ctx) {
    const ref = rb.roleRef ?? {};
    return [rb.metadata.name, `${ref.kind ?? ''}/${ref.name ?? ''}`, ageCell(rb, ctx), ...subjectsStrings(rb.subjects)];
  },
};

/** The apiserver's default table convertor, used for built-in kinds that have no printer (Role, ClusterRole). */
export const createdAtColumns: TableDef = {
  columns: [col('Name'), col('Created At')],
  row(o) {
    const ts = o.metadata?.creationTimestamp;
    return [o.metadata.name, typeof ts === 'number' ? formatRFC3339(ts) : '0001-01-01T00:00:00Z'];
  },
};

/** Custom resources without additionalPrinterColumns print NAME and AGE. */
export const genericColumns: TableDef = {
  columns: [col('Name'), col('Age')],
  row(o, ctx) {
    return [o.metadata.name, ageCell(o, ctx)];
  },
};
