/**
 * Tables of the kinds the control plane and its extensions read (pkg/printers/internalversion/printers.go):
 * printComponentStatus, printCertificateSigningRequest, printRuntimeClass, printMutatingWebhook,
 * printValidatingWebhook, printValidatingAdmissionPolicy(Binding), printFlowSchema, printPriorityLevelConfiguration,
 * the resource.k8s.io tables (printDeviceClass, printResourceClaim, printResourceClaimTemplate, printResourceSlice),
 * and kube-aggregator's APIService table (staging/src/k8s.io/kube-aggregator/pkg/registry/apiservice/etcd).
 */
import type { KObject } from '../types';
import { humanDuration } from './humanDuration';
import { formatLabelSelector } from './labels';
import { ageCell, col, type TableDef } from './tableDef';

export const componentStatusColumns: TableDef = {
  columns: [col('Name'), col('Status'), col('Message'), col('Error')],
  row(cs) {
    const healthy = ((cs.conditions ?? []) as any[]).find((c) => c.type === 'Healthy');
    const status = !healthy ? 'Unknown' : healthy.status === 'True' ? 'Healthy' : 'Unhealthy';
    return [cs.metadata.name, status, healthy?.message ?? '', healthy?.error ?? ''];
  },
};

/** extractCSRStatus: Denied / Approved / Pending, then `,Failed` and `,Issued`. */
function csrStatus(csr: KObject): string {
  const types = new Set(((csr.status?.conditions ?? []) as any[]).map((c) => c.type));
  let status = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) status += ',Failed';
  if (csr.status?.certificate) status += ',Issued';
  return status;
}

export const certificateSigningRequestColumns: TableDef = {
  columns: [col('Name'), col('Age'), col('SignerName'), col('Requestor'), col('RequestedDuration'), col('Condition')],
  row(csr, ctx) {
    const spec = csr.spec ?? {};
    const duration =
      typeof spec.expirationSeconds === 'number' ? humanDuration(spec.expirationSeconds * 1000) : '<none>';
    return [
      csr.metadata.name,
      ageCell(csr, ctx),
      spec.signerName || '<none>',
      spec.username ?? '',
      duration,
      csrStatus(csr),
    ];
  },
};

export const runtimeClassColumns: TableDef = {
  columns: [col('Name'), col('Handler'), col('Age')],
  row(rc, ctx) {
    return [rc.metadata.name, rc.handler ?? '', ageCell(rc, ctx)];
  },
};

export const webhookConfigurationColumns: TableDef = {
  columns: [col('Name'), col('Webhooks'), col('Age')],
  row(w, ctx) {
    return [w.metadata.name, (w.webhooks ?? []).length, ageCell(w, ctx)];
  },
};

export const validatingAdmissionPolicyColumns: TableDef = {
  columns: [col('Name'), col('Validations'), col('ParamKind'), col('Age')],
  row(p, ctx) {
    const kind = p.spec?.paramKind;
    const paramKind = kind ? `${kind.apiVersion ?? ''}/${kind.kind ?? ''}` : '<unset>';
    return [p.metadata.name, (p.spec?.validations ?? []).length, paramKind, ageCell(p, ctx)];
  },
};

export const validatingAdmissionPolicyBindingColumns: TableDef = {
  columns: [col('Name'), col('PolicyName'), col('ParamRef'), col('Age')],
  row(b, ctx) {
    const ref = b.spec?.paramRef;
    let param = '<unset>';
    // Without a namespace the param may be cluster-scoped: printed `*/name`.
    if (ref?.name) param = ref.namespace ? `${ref.namespace}/${ref.name}` : `*/${ref.name}`;
    else if (ref?.selector) param = formatLabelSelector(ref.selector);
    return [b.metadata.name, b.spec?.policyName ?? '', param, ageCell(b, ctx)];
  },
};

export const flowSchemaColumns: TableDef = {
  columns: [
    col('Name'),
    col('PriorityLevel'),
    col('MatchingPrecedence'),
    col('DistinguisherMethod'),
    col('Age'),
    col('MissingPL'),
  ],
  row(fs, ctx) {
    const spec = fs.spec ?? {};
    const dangling = ((fs.status?.conditions ?? []) as any[]).find((c) => c.type === 'Dangling');
    return [
      fs.metadata.name,
      spec.priorityLevelConfiguration?.name ?? '',
      spec.matchingPrecedence ?? 0,
      spec.distinguisherMethod?.type ?? '<none>',
      ageCell(fs, ctx),
      dangling ? String(dangling.status) : '?',
    ];
  },
};

export const priorityLevelConfigurationColumns: TableDef = {
  columns: [
    col('Name'),
    col('Type'),
    col('NominalConcurrencyShares'),
    col('Queues'),
    col('HandSize'),
    col('QueueLengthLimit'),
    col('Age'),
  ],
  row(pl, ctx) {
    const limited = pl.spec?.limited;
    const queuing = limited?.limitResponse?.queuing;
    const or = (v: unknown) => (v === undefined ? '<none>' : (v as number));
    return [
      pl.metadata.name,
      pl.spec?.type ?? '',
      limited ? (limited.nominalConcurrencyShares ?? 0) : '<none>',
      or(queuing?.queues),
      or(queuing?.handSize),
      or(queuing?.queueLengthLimit),
      ageCell(pl, ctx),
    ];
  },
};

export const nameAgeColumns: TableDef = {
  columns: [col('Name'), col('Age')],
  row(o, ctx) {
    return [o.metadata.name, ageCell(o, ctx)];
  },
};

/** resourceClaimState: deleted, pending / allocated, reserved. */
function resourceClaimState(claim: KObject): string {
  const states: string[] = [];
  const deleted = claim.metadata?.deletionTimestamp !== undefined && claim.metadata?.deletionTimestamp !== null;
  if (deleted) states.push('deleted');
  if (!claim.status?.allocation) {
    if (!deleted) states.push('pending');
  } else {
    states.push('allocated');
    if ((claim.status.reservedFor ?? []).length > 0) states.push('reserved');
  }
  return states.join(',');
}

export const resourceClaimColumns: TableDef = {
  columns: [col('Name'), col('State'), col('Age')],
  row(c, ctx) {
    return [c.metadata.name, resourceClaimState(c), ageCell(c, ctx)];
  },
};

export const resourceSliceColumns: TableDef = {
  columns: [col('Name'), col('Node'), col('Driver'), col('Pool'), col('Age')],
  row(s, ctx) {
    return [s.metadata.name, s.spec?.nodeName ?? '', s.spec?.driver ?? '', s.spec?.pool?.name ?? '', ageCell(s, ctx)];
  },
};

/** kube-aggregator's APIService table: the backing Service (`Local` when none) and the Available condition. */
export const apiServiceColumns: TableDef = {
  columns: [col('Name'), col('Service'), col('Available'), col('Age')],
  row(a, ctx) {
    const svc = a.spec?.service;
    const available = ((a.status?.conditions ?? []) as any[]).find((c) => c.type === 'Available');
    let status = 'Unknown';
    if (available)
      status =
        available.status !== 'True' && available.reason
          ? `${available.status} (${available.reason})`
          : available.status;
    return [a.metadata.name, svc ? `${svc.namespace ?? ''}/${svc.name ?? ''}` : 'Local', status, ageCell(a, ctx)];
  },
};
