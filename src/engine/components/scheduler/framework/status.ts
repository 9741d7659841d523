/**
 * framework.Status (k8s.io/kube-scheduler/framework interface.go): a code plus reasons. The code decides whether
 * preemption can help: DefaultPreemption only tries nodes whose status is plain `Unschedulable`
 * (nodesWherePreemptionMightHelp); `UnschedulableAndUnresolvable` nodes become "Preemption is not helpful".
 */
export type Code = 'Success' | 'Error' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Wait' | 'Skip' | 'Pending';

export interface Status {
  code: Code;
  /** Status.Reasons(): one or more human-readable reasons (joined by ", " in Status.Message()). */
  reasons: string[];
  /** The plugin that produced it (Status.Plugin()). */
  plugin?: string;
}

export function newStatus(code: Code, ...reasons: string[]): Status {
  return { code, reasons };
}

/** Status.IsRejected(): Unschedulable, UnschedulableAndUnresolvable or Pending. */
export function isRejected(s: Status | undefined): boolean {
  return !!s && (s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable' || s.code === 'Pending');
}

/** Status.Message() */
export function statusMessage(s: Status | undefined): string {
  return s ? s.reasons.join(', ') : '';
}
