/**
 * generateAPIPodStatus (pkg/kubelet/kubelet_pods.go): phase, the kubelet-owned conditions in API order
 * (PodReadyToStartContainers, Initialized, Ready, ContainersReady, PodScheduled), IPs and container statuses.
 * Transition times are kept when a condition's status does not change.
 */
import type { KObject } from '../../types';
import type { ContainerRuntimeState, PodWorkerState } from './podWorkerState';

/** The conditions buildPodStatus writes itself (the kubelet-owned ones, and PodScheduled it carries over). */
const BUILT_HERE = new Set(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']);

export function buildPodStatus(w: PodWorkerState, pod: KObject, now: number, hostIP: string): any {
  const old = pod.status ?? {};
  // rejectPod (kubelet.go): only phase, reason and message (and the QoS class); conditions others set are kept.
  if (w.rejected)
    return {
      phase: 'Failed',
      reason: w.rejected.reason,
      message: `Pod was rejected: ${w.rejected.message}`,
      ...(old.conditions ? { conditions: old.conditions } : {}),
      qosClass: old.qosClass,
      startTime: old.startTime ?? w.admittedAt,
    };
  const oldConditions: any[] = old.conditions ?? [];
  // An index loop: find() on a frozen (stored) array takes a slow path in V8 11, and this runs five times per
  // status the kubelet builds.
  const oldCond = (t: string) => {
    for (let i = 0; i < oldConditions.length; i++) if (oldConditions[i].type === t) return oldConditions[i];
    return undefined;
  };
  const cond = (type: string, ok: boolean, reason?: string, message?: string) => {
    const status = ok ? 'True' : 'False';
    const prev = oldCond(type);
    const c: any = {
      type,
      status,
      lastProbeTime: null,
      lastTransitionTime: prev && prev.status === status ? prev.lastTransitionTime : now,
    };
    if (!ok && reason) {
      c.reason = reason;
      if (message) c.message = message;
    }
    return c;
  };
  const inits = w.containers.filter((c) => c.init);
  const mains = w.containers.filter((c) => !c.init);
  const initDone = inits.every((c) => c.state === 'terminated' && c.exitCode === 0);
  const unready = mains.filter((c) => !c.ready).map((c) => c.name);
  const incomplete = inits.filter((c) => !(c.state === 'terminated' && c.exitCode === 0)).map((c) => c.name);
  const conditions = [
    cond('PodReadyToStartContainers', w.sandboxReady),
    cond(
      'Initialized',
      initDone,
      'ContainersNotInitialized',
      `containers with incomplete status: [${incomplete.join(' ')}]`,
    ),
    cond(
      'Ready',
      unready.length === 0 && initDone,
      'ContainersNotReady',
      `containers with unready status: [${unready.join(' ')}]`,
    ),
    cond(
      'ContainersReady',
      unready.length === 0 && initDone,
      'ContainersNotReady',
      `containers with unready status: [${unready.join(' ')}]`,
    ),
    oldCond('PodScheduled') ?? { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: now },
  ];
  // mergePodStatus (status_manager.go): conditions the kubelet does not own stay as others wrote them, e.g. the
  // DisruptionTarget the eviction API or the taint-eviction controller added before deleting the Pod.
  if (!w.evicted)
    for (let i = oldConditions.length - 1; i >= 0; i--)
      if (!BUILT_HERE.has(oldConditions[i].type)) conditions.unshift(oldConditions[i]);
  if (w.evicted) {
    // eviction_manager.go evictPod: the DisruptionTarget condition, then phase Failed with reason Evicted.
    const prev = oldCond('DisruptionTarget');
    conditions.unshift({
      type: 'DisruptionTarget',
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: prev?.status === 'True' ? prev.lastTransitionTime : now,
      reason: 'TerminationByKubelet',
      message: w.evicted.message,
    });
  }
  const status: any = {
    phase: w.evicted ? 'Failed' : podPhase(w, pod),
    ...(w.evicted ? { reason: 'Evicted', message: w.evicted.message } : {}),
    conditions,
    hostIP,
    hostIPs: [{ ip: hostIP }],
    qosClass: old.qosClass,
    startTime: old.startTime ?? w.admittedAt,
  };
  if (w.ip) {
    status.podIP = w.ip;
    status.podIPs = [{ ip: w.ip }];
  }
  const hasInits = inits.length > 0;
  if (hasInits) status.initContainerStatuses = inits.map((c) => containerStatus(c, pod, hasInits));
  status.containerStatuses = mains.map((c) => containerStatus(c, pod, hasInits));
  if (status.phase === 'Succeeded' || status.phase === 'Failed') {
    for (const c of conditions)
      if (c.type === 'Ready' || c.type === 'ContainersReady')
        Object.assign(c, { status: 'False', reason: 'PodCompleted' });
  }
  return status;
}

/**
 * convertToAPIContainerStatuses (pkg/kubelet/kubelet_pods.go). The status of a container is its latest runtime
 * container's: an exited container stays `terminated` (kubectl shows `Error`, `Completed`) until its replacement
 * exists, so a restart never shows `ContainerCreating`. A container with no runtime container yet gets the default
 * waiting state — `ContainerCreating`, or `PodInitializing` for every container of a pod with init containers —
 * unless the kubelet's reason cache holds a start error (ErrImagePull, CrashLoopBackOff, …).
 */
function containerStatus(c: ContainerRuntimeState, pod: KObject, hasInits: boolean): any {
  const spec = (c.init ? pod.spec.initContainers : pod.spec.containers)[c.index];
  const s: any = {
    name: c.name,
    image: spec.image,
    imageID: c.imageId ?? '',
    ready: c.ready,
    restartCount: c.restartCount,
    started: c.started,
    state: {},
    lastState: {},
  };
  if (c.containerId) s.containerID = `containerd://${c.containerId}`;
  let last = c.lastTerminated;
  const waitingToRestart =
    c.state === 'waiting' && (c.reason === 'ContainerCreating' || c.reason === 'CrashLoopBackOff');
  const reported = waitingToRestart && c.lastTerminated ? c.reported : undefined;
  if (c.state === 'running') s.state = { running: { startedAt: c.startedAt } };
  else if (c.state === 'terminated')
    s.state = {
      terminated: {
        exitCode: c.exitCode,
        reason: c.reason,
        startedAt: c.startedAt,
        finishedAt: c.finishedAt,
        containerID: `containerd://${c.containerId}`,
        ...(c.message ? { message: c.message } : {}),
      },
    };
  else if (reported === 'exited') {
    // The exited container is still the latest one (restartCount is the exited attempt's).
    const t = c.lastTerminated!;
    if (c.reason === 'ContainerCreating') s.restartCount = c.restartCount - 1;
    s.state = { terminated: { ...terminatedOf(t), ...(t.message ? { message: t.message } : {}) } };
    last = c.olderTerminated;
  } else if (reported === 'crashLoop' && c.reason === 'ContainerCreating') {
    s.restartCount = c.restartCount - 1;
    s.state = {
      waiting: { reason: 'CrashLoopBackOff', ...(c.reportedMessage ? { message: c.reportedMessage } : {}) },
    };
  } else {
    const reason = c.reason === undefined || c.reason === 'ContainerCreating' ? defaultWaiting(hasInits) : c.reason;
    s.state = { waiting: { reason, ...(c.message ? { message: c.message } : {}) } };
  }
  if (last) s.lastState = { terminated: terminatedOf(last) };
  if (c.init) s.started = c.state === 'running';
  return s;
}

const defaultWaiting = (hasInits: boolean): string => (hasInits ? 'PodInitializing' : 'ContainerCreating');

function terminatedOf(t: NonNullable<ContainerRuntimeState['lastTerminated']>): any {
  return {
    exitCode: t.exitCode,
    reason: t.reason,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
    containerID: `containerd://${t.containerId}`,
  };
}

/** getPhase (pkg/kubelet/kubelet_pods.go) for the restart policies. */
export function podPhase(w: PodWorkerState, pod: KObject): string {
  const policy = pod.spec.restartPolicy ?? 'Always';
  const inits = w.containers.filter((c) => c.init);
  const mains = w.containers.filter((c) => !c.init);
  const initFailed = inits.some((c) => c.state === 'terminated' && c.exitCode !== 0) && policy === 'Never';
  if (initFailed) return 'Failed';
  const initDone = inits.every((c) => c.state === 'terminated' && c.exitCode === 0);
  if (!initDone) return 'Pending';
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const c of mains) {
    if (c.state === 'running') running++;
    else if (c.state === 'terminated') {
      stopped++;
      if (c.exitCode === 0) succeeded++;
    } else if (c.lastTerminated) stopped++;
    else waiting++;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped === mains.length && stopped > 0) {
    if (policy === 'Always') return 'Running';
    if (policy === 'OnFailure' && succeeded < stopped) return 'Running';
    return succeeded === stopped ? 'Succeeded' : 'Failed';
  }
  return 'Pending';
}
