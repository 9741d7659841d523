/**
 * Kind → table for the cluster-level kinds (clusterColumns.ts), the control plane's and its extensions'
 * (controlPlaneColumns.ts), and the CSI, networking-address and template kinds (kept apart so printers.ts stays a
 * dispatcher). Built-in kinds with no printer in pkg/printers/internalversion/printers.go get the apiserver's
 * default table (NAME, CREATED AT: createdAtColumns); custom resources get NAME, AGE.
 */
import {
  createdAtColumns,
  genericColumns,
  leaseColumns,
  namespaceColumns,
  nodeColumns,
  roleBindingColumns,
} from './clusterColumns';
import {
  apiServiceColumns,
  certificateSigningRequestColumns,
  componentStatusColumns,
  flowSchemaColumns,
  nameAgeColumns,
  priorityLevelConfigurationColumns,
  resourceClaimColumns,
  resourceSliceColumns,
  runtimeClassColumns,
  validatingAdmissionPolicyBindingColumns,
  validatingAdmissionPolicyColumns,
  webhookConfigurationColumns,
} from './controlPlaneColumns';
import { ingressClassColumns, ipAddressColumns, serviceCIDRColumns } from './networkColumns';
import {
  csiDriverColumns,
  csiNodeColumns,
  csiStorageCapacityColumns,
  volumeAttachmentColumns,
  volumeAttributesClassColumns,
} from './storageColumns';
import type { TableDef } from './tableDef';
import { podTemplateColumns } from './workloadColumns';

export const clusterColumns: Record<string, TableDef> = {
  Node: nodeColumns,
  Namespace: namespaceColumns,
  Lease: leaseColumns,
  RoleBinding: roleBindingColumns,
  ClusterRoleBinding: roleBindingColumns,
  Role: createdAtColumns,
  ClusterRole: createdAtColumns,
  CustomResourceDefinition: createdAtColumns,
  ComponentStatus: componentStatusColumns,
  PodTemplate: podTemplateColumns,
  CertificateSigningRequest: certificateSigningRequestColumns,
  RuntimeClass: runtimeClassColumns,
  MutatingWebhookConfiguration: webhookConfigurationColumns,
  ValidatingWebhookConfiguration: webhookConfigurationColumns,
  ValidatingAdmissionPolicy: validatingAdmissionPolicyColumns,
  ValidatingAdmissionPolicyBinding: validatingAdmissionPolicyBindingColumns,
  FlowSchema: flowSchemaColumns,
  PriorityLevelConfiguration: priorityLevelConfigurationColumns,
  DeviceClass: nameAgeColumns,
  ResourceClaim: resourceClaimColumns,
  ResourceClaimTemplate: nameAgeColumns,
  ResourceSlice: resourceSliceColumns,
  APIService: apiServiceColumns,
  IngressClass: ingressClassColumns,
  IPAddress: ipAddressColumns,
  ServiceCIDR: serviceCIDRColumns,
  CSIDriver: csiDriverColumns,
  CSINode: csiNodeColumns,
  CSIStorageCapacity: csiStorageCapacityColumns,
  VolumeAttachment: volumeAttachmentColumns,
  VolumeAttributesClass: volumeAttributesClassColumns,
  __generic: genericColumns,
};
