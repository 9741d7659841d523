/**
 * `kubectl get pods` columns: printPod in pkg/printers/internalversion/printers.go (v1.34), including the
 * STATUS derivation (init containers, waiting/terminated reasons walked from the last container to the first,
 * Completed→Running/NotReady, Terminating/Unknown) and RESTARTS `N (Xs ago)`.
 */
import type { KObject } from '../types';
import { translateTimestampSince } from './humanDuration';
import { ageCell, col, type Cell, type PrintContext, type TableDef } from './tableDef';

/** podutil.IsRestartableInitContainer: a sidecar is an init container with restartPolicy Always. */
export function isRestartableInitContainer(c: any): boolean {
  return c?.restartPolicy === 'Always';
}

const isTerminalPhase = (phase: string): boolean => phase === 'Succeeded' || phase === 'Failed';

function conditionTrue(status: any, type: string): boolean {
  return (status?.conditions ?? []).some((c: any) => c.type === type && c.status === 'True');
}

/** Keep the later of two `finishedAt` instants (Go: lastRestartDate.Before(&terminatedDate)). */
function later(current: number | undefined, candidate: unknown): number | undefined {
  if (typeof candidate !== 'number') return current;
  return current === undefined || current < candidate ? candidate : current;
}

export interface PodSummary {
  ready: string;
  status: string;
  restarts: string;
}

/** READY, STATUS and RESTARTS exactly as printPod computes them. */
export function podSummary(pod: KObject, now: number): PodSummary {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  let restarts = 0;
  let restartableInitContainerRestarts = 0;
  let totalContainers = (spec.containers ?? []).length;
  let readyContainers = 0;
  let lastRestartDate: number | undefined;
  let lastRestartableInitContainerRestartDate: number | undefined;

  const podPhase: string = status.phase ?? '';
  let reason = podPhase;
  if (status.reason) reason = status.reason;

  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  const initContainers = new Map<string, any>();
  for (const ic of spec.initContainers ?? []) {
    initContainers.set(ic.name, ic);
    if (isRestartableInitContainer(ic)) totalContainers++;
  }

  let initializing = false;
  const initStatuses: any[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const container = initStatuses[i];
    const state = container.state ?? {};
    restarts += container.restartCount ?? 0;
    if (container.lastState?.terminated) {
      lastRestartDate = later(lastRestartDate, container.lastState.terminated.finishedAt);
    }
    const restartable = isRestartableInitContainer(initContainers.get(container.name));
    if (restartable) {
      restartableInitContainerRestarts += container.restartCount ?? 0;
      if (container.lastState?.terminated) {
        lastRestartableInitContainerRestartDate = later(
          lastRestartableInitContainerRestartDate,
          container.lastState.terminated.finishedAt,
        );
      }
    }
    if (state.terminated && (state.terminated.exitCode ?? 0) === 0) continue;
    if (restartable && container.started === true) {
      if (container.ready) readyContainers++;
      continue;
    }
    if (state.terminated) {
      // initialization failed
      if (!state.terminated.reason) {
        reason = state.terminated.signal
          ? `Init:Signal:${state.terminated.signal}`
          : `Init:ExitCode:${state.terminated.exitCode ?? 0}`;
      } else {
        reason = `Init:${state.terminated.reason}`;
      }
      initializing = true;
    } else if (state.waiting?.reason && state.waiting.reason !== 'PodInitializing') {
      reason = `Init:${state.waiting.reason}`;
      initializing = true;
    } else {
      reason = `Init:${i}/${(spec.initContainers ?? []).length}`;
      initializing = true;
    }
    break;
  }

  if (!initializing || conditionTrue(status, 'Initialized')) {
    restarts = restartableInitContainerRestarts;
    lastRestartDate = lastRestartableInitContainerRestartDate;
    let hasRunning = false;
    const statuses: any[] = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const container = statuses[i];
      const state = container.state ?? {};
      restarts += container.restartCount ?? 0;
      if (container.lastState?.terminated) {
        lastRestartDate = later(lastRestartDate, container.lastState.terminated.finishedAt);
      }
      if (state.waiting && state.waiting.reason) {
        reason = state.waiting.reason;
      } else if (state.terminated && state.terminated.reason) {
        reason = state.terminated.reason;
      } else if (state.terminated && !state.terminated.reason) {
        reason = state.terminated.signal
          ? `Signal:${state.terminated.signal}`
          : `ExitCode:${state.terminated.exitCode ?? 0}`;
      } else if (container.ready && state.running) {
        hasRunning = true;
        readyContainers++;
      }
    }
    // change pod status back to "Running" if there is at least one container still reporting as "Running" status
    if (reason === 'Completed' && hasRunning) {
      reason = conditionTrue(status, 'Ready') ? 'Running' : 'NotReady';
    }
  }

  const deleting = pod.metadata?.deletionTimestamp !== undefined && pod.metadata?.deletionTimestamp !== null;
  if (deleting && status.reason === 'NodeLost') {
    reason = 'Unknown';
  } else if (deleting && !isTerminalPhase(podPhase)) {
    reason = 'Terminating';
  }

  let restartsStr = String(restarts);
  if (restarts !== 0 && lastRestartDate !== undefined) {
    restartsStr = `${restarts} (${translateTimestampSince(lastRestartDate, now)} ago)`;
  }
  return { ready: `${readyContainers}/${totalContainers}`, status: reason, restarts: restartsStr };
}

function podRow(pod: KObject, ctx: PrintContext): Cell[] {
  const s = podSummary(pod, ctx.now);
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  // The printer reads status.podIPs[0]; fall back to podIP for objects that only carry the singular field.
  const podIP: string = status.podIPs?.[0]?.ip || status.podIP || '<none>';
  const nodeName: string = spec.nodeName || '<none>';
  const nominated: string = status.nominatedNodeName || '<none>';
  let readinessGates = '<none>';
  const gates: any[] = spec.readinessGates ?? [];
  if (gates.length > 0) {
    let trueConditions = 0;
    for (const g of gates) {
      const c = (status.conditions ?? []).find((x: any) => x.type === g.conditionType);
      if (c && c.status === 'True') trueConditions++;
    }
    readinessGates = `${trueConditions}/${gates.length}`;
  }
  return [
    pod.metadata.name,
    s.ready,
    s.status,
    s.restarts,
    ageCell(pod, ctx),
    podIP,
    nodeName,
    nominated,
    readinessGates,
  ];
}

export const podColumns: TableDef = {
  columns: [
    col('Name'),
    col('Ready'),
    col('Status'),
    col('Restarts'),
    col('Age'),
    col('IP', 1),
    col('Node', 1),
    col('Nominated Node', 1),
    col('Readiness Gates', 1),
  ],
  row: podRow,
};
