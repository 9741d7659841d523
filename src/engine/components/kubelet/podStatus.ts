/**
 * generateAPIPodStatus (pkg/kubelet/kubelet_pods.go): phase, the kubelet-owned conditions in API order
 * (PodReadyToStartContainers, Initialized, Ready, ContainersReady, PodScheduled), IPs and container statuses.
 * Transition times are kept when a condition's status does not change.
 */
import type { KObject } from '../../types';
import type { ContainerRuntimeState, PodWorkerState } from './podWorkerState';

export function buildPodStatus(w: PodWorkerState, pod: KObject, now: number, hostIP: string): any {
  const old = pod.status ?? {};
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
  if (inits.length) status.initContainerStatuses = inits.map((c) => containerStatus(c, pod, initDone));
  status.containerStatuses = mains.map((c) => containerStatus(c, pod, initDone));
  if (status.phase === 'Succeeded' || status.phase === 'Failed') {
    for (const c of conditions)
      if (c.type === 'Ready' || c.type === 'ContainersReady')
        Object.assign(c, { status: 'False', reason: 'PodCompleted' });
  }
  return status;
}

function containerStatus(c: ContainerRuntimeState, pod: KObject, initDone: boolean): any {
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
  else {
    // Regular containers wait behind unfinished init containers with PodInitializing.
    const reason =
      !c.init && !initDone && (c.reason === undefined || c.reason === 'ContainerCreating')
        ? 'PodInitializing'
        : (c.reason ?? 'ContainerCreating');
    s.state = { waiting: { reason, ...(c.message ? { message: c.message } : {}) } };
  }
  if (c.lastTerminated)
    s.lastState = {
      terminated: {
        exitCode: c.lastTerminated.exitCode,
        reason: c.lastTerminated.reason,
        startedAt: c.lastTerminated.startedAt,
        finishedAt: c.lastTerminated.finishedAt,
        containerID: `containerd://${c.lastTerminated.containerId}`,
      },
    };
  if (c.init) s.started = c.state === 'running';
  return s;
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
