/** Kind → table for the cluster-level kinds in clusterColumns.ts (kept apart so printers.ts stays a dispatcher). */
import {
  createdAtColumns,
  genericColumns,
  leaseColumns,
  namespaceColumns,
  nodeColumns,
  roleBindingColumns,
} from './clusterColumns';
import type { TableDef } from './tableDef';

export const clusterColumns: Record<string, TableDef> = {
  Node: nodeColumns,
  Namespace: namespaceColumns,
  Lease: leaseColumns,
  RoleBinding: roleBindingColumns,
  ClusterRoleBinding: roleBindingColumns,
  Role: createdAtColumns,
  ClusterRole: createdAtColumns,
  __generic: genericColumns,
};
