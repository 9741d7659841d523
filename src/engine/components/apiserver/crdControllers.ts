/**
 * The apiextensions-apiserver's controllers that run inside kube-apiserver and decide when a CRD's resource is
 * served: the naming controller (pkg/controller/status/naming_controller.go) accepts the names unless another CRD
 * of the group holds them, and the establishing controller (pkg/controller/establish/establishing_controller.go)
 * marks the CRD Established, after which the custom resource handler serves it and discovery lists it. Pure: each
 * returns the CRD's next status; Apiserver.ts draws the decision and writes it to etcd.
 */
import type { KObject } from '../../types';

interface Condition {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
  lastTransitionTime: number;
}

/** SetCRDCondition: replaces the condition of the same type (keeping its transition time if the status holds). */
function setCondition(conditions: Condition[], next: Condition): Condition[] {
  const i = conditions.findIndex((c) => c.type === next.type);
  if (i < 0) return [...conditions, next];
  const old = conditions[i]!;
  const kept = old.status === next.status ? { ...next, lastTransitionTime: old.lastTransitionTime } : next;
  return conditions.map((c, j) => (j === i ? kept : c));
}

export interface NamingResult {
  crd: KObject;
  accepted: boolean;
  /** The NamesAccepted condition's reason and message. */
  reason: string;
  message: string;
}

/**
 * calculateNamesAndConditions: the plural and the kind must not be accepted already by another CRD of the same
 * group (`"widgets" is already in use`); NamesAccepted=True (NoConflicts) copies spec.names to
 * status.acceptedNames and sets Established=False (Installing) until the establishing controller confirms it.
 */
export function acceptNames(crd: KObject, others: readonly KObject[], now: number): NamingResult {
  const names = crd.spec?.names ?? {};
  const group = crd.spec?.group;
  const rivals = others.filter((o) => o.metadata.name !== crd.metadata.name && o.spec?.group === group);
  const plural = rivals.some((o) => o.status?.acceptedNames?.plural === names.plural);
  const kind = rivals.some((o) => o.status?.acceptedNames?.kind === names.kind);
  const [accepted, reason, message] = plural
    ? [false, 'PluralConflict', `"${names.plural}" is already in use`]
    : kind
      ? [false, 'KindConflict', `"${names.kind}" is already in use`]
      : [true, 'NoConflicts', 'no conflicts found'];
  let conditions: Condition[] = crd.status?.conditions ?? [];
  conditions = setCondition(conditions, {
    type: 'NamesAccepted',
    status: accepted ? 'True' : 'False',
    reason,
    message,
    lastTransitionTime: now,
  });
  const established = conditions.find((c) => c.type === 'Established');
  if (established?.status !== 'True')
    conditions = setCondition(
      conditions,
      accepted
        ? {
            type: 'Established',
            status: 'False',
            reason: 'Installing',
            message: 'the initial names have been accepted',
            lastTransitionTime: now,
          }
        : {
            type: 'Established',
            status: 'False',
            reason: 'NotAccepted',
            message: 'not all names are accepted',
            lastTransitionTime: now,
          },
    );
  const status = {
    ...(crd.status ?? {}),
    acceptedNames: accepted ? { ...names } : (crd.status?.acceptedNames ?? { kind: '', plural: '' }),
    conditions,
  };
  return { crd: { ...crd, status }, accepted, reason, message };
}

/** The establishing controller's sync: Established=True, "the initial names have been accepted". */
export function establish(crd: KObject, now: number): KObject {
  const conditions = setCondition(crd.status?.conditions ?? [], {
    type: 'Established',
    status: 'True',
    reason: 'InitialNamesAccepted',
    message: 'the initial names have been accepted',
    lastTransitionTime: now,
  });
  return { ...crd, status: { ...(crd.status ?? {}), conditions } };
}

/** The finalizer the CRD registry adds on the first DELETE (apiextensions CustomResourceCleanupFinalizer). */
export const CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/**
 * The CRD registry's Delete (pkg/registry/customresourcedefinition/etcd.go): the first DELETE only marks the CRD
 * (deletionTimestamp, the cleanup finalizer, Terminating=True InstanceDeletionPending); the finalizer controller
 * then deletes the custom resources and removes the finalizer.
 */
export function markForDeletion(crd: KObject, now: number): KObject {
  const finalizers: string[] = crd.metadata.finalizers ?? [];
  return {
    ...crd,
    metadata: {
      ...crd.metadata,
      deletionTimestamp: now,
      deletionGracePeriodSeconds: 0,
      finalizers: finalizers.includes(CLEANUP_FINALIZER) ? finalizers : [...finalizers, CLEANUP_FINALIZER],
    },
    status: {
      ...(crd.status ?? {}),
      conditions: setCondition(crd.status?.conditions ?? [], {
        type: 'Terminating',
        status: 'True',
        reason: 'InstanceDeletionPending',
        message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
        lastTransitionTime: now,
      }),
    },
  };
}

/**
 * The finalizer controller's last write (pkg/controller/finalizer/crd_finalizer.go): Terminating=False
 * InstanceDeletionCompleted "removed all instances", and the finalizer removed — which deletes the CRD.
 */
export function cleanedUp(crd: KObject, now: number): KObject {
  return {
    ...crd,
    metadata: {
      ...crd.metadata,
      finalizers: (crd.metadata.finalizers ?? []).filter((f: string) => f !== CLEANUP_FINALIZER),
    },
    status: {
      ...(crd.status ?? {}),
      conditions: setCondition(crd.status?.conditions ?? [], {
        type: 'Terminating',
        status: 'False',
        reason: 'InstanceDeletionCompleted',
        message: 'removed all instances',
        lastTransitionTime: now,
      }),
    },
  };
}
