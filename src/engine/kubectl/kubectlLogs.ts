/**
 * `kubectl logs`, answered from the world at a moment: which container instance the kubelet would read
 * (validateContainerLogStatus, pkg/kubelet/kubelet_pods.go), the lines its program had written by then (the runtime
 * keeps them per container, `node/<node>/logs/<id>`), and the apiserver's and kubelet's refusals with their texts
 * (pkg/registry/core/pod/strategy.go LogLocation; `Error from server (BadRequest): …` as kubectl prints a 400).
 * Flags: `-c/--container`, `-p/--previous`, `--tail N`, `--timestamps`, `-n/--namespace`, `-f/--follow` (prints what
 * there is: a moment cannot follow), and `TYPE/NAME` for a workload (its first Pod, as `kubectl logs deploy/web`).
 */
import type { WorldState } from '../api';
import { setMatches } from '../objects/labels';
import type { ResourceInfo } from '../objects/resources';
import type { ContainerLog, KObject } from '../types';
import { resolveResource } from './resourceInfo';
import { formatRFC3339Nano } from './timeFormat';

export interface LogsAnswer {
  output: string;
  ok: boolean;
}

interface LogsFlags {
  namespace: string;
  container?: string;
  previous: boolean;
  tail?: number;
  timestamps: boolean;
  target?: string;
}

/** The kinds whose logs kubectl reads through one of their Pods (polymorphichelpers.logsForObject). */
const SELECTING_KINDS = new Set([
  'Deployment',
  'ReplicaSet',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'ReplicationController',
  'Service',
]);

function parse(tokens: string[]): LogsFlags | string {
  const f: LogsFlags = { namespace: 'default', previous: false, timestamps: false };
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const [name, inline] = tok.startsWith('--') && tok.includes('=') ? tok.split(/=(.*)/s, 2) : [tok, undefined];
    const value = (): string | undefined => inline ?? tokens[++i];
    switch (name) {
      case '-c':
      case '--container':
        f.container = value();
        if (!f.container) return `error: flag needs an argument: 'c' in -c`;
        break;
      case '-n':
      case '--namespace':
        f.namespace = value() ?? '';
        if (!f.namespace) return `error: flag needs an argument: 'n' in -n`;
        break;
      case '-p':
      case '--previous':
        f.previous = inline === undefined || inline === 'true';
        break;
      case '--timestamps':
        f.timestamps = inline === undefined || inline === 'true';
        break;
      case '-f':
      case '--follow':
        break;
      case '--tail': {
        const v = value();
        const n = Number(v);
        if (v === undefined || !Number.isInteger(n))
          return `error: invalid argument "${v ?? ''}" for "--tail" flag: strconv.ParseInt: parsing "${v ?? ''}": invalid syntax`;
        if (n >= 0) f.tail = n;
        break;
      }
      default:
        if (name.startsWith('--')) return `error: unknown flag: ${name}`;
        if (name.startsWith('-') && name.length > 1) return `error: unknown shorthand flag: '${name[1]}' in ${name}`;
        if (f.target !== undefined)
          return 'error: expected POD or TYPE/NAME is a required argument for the logs command';
        f.target = tok;
    }
  }
  return f;
}

/** The first Pod a workload's selector picks, as kubectl's logs for TYPE/NAME does (the oldest, here). */
function podOf(world: WorldState, info: ResourceInfo, name: string, ns: string): KObject | string {
  const owner = [...world.etcd.values()].find(
    (o) => o.kind === info.kind && o.metadata.name === name && (o.metadata.namespace ?? 'default') === ns,
  );
  const qualified = info.group ? `${info.resource}.${info.group}` : info.resource;
  if (!owner) return `Error from server (NotFound): ${qualified} "${name}" not found`;
  // A Service and an RC select with a plain map; the others with a LabelSelector's matchLabels.
  const selector: Record<string, string> | undefined =
    info.kind === 'Service' || info.kind === 'ReplicationController'
      ? owner.spec?.selector
      : owner.spec?.selector?.matchLabels;
  const pods = [...world.etcd.values()]
    .filter((o) => o.kind === 'Pod' && (o.metadata.namespace ?? 'default') === ns)
    .filter((o) => selector && setMatches(selector, o.metadata.labels ?? {}))
    .sort((a, b) => (a.metadata.creationTimestamp ?? 0) - (b.metadata.creationTimestamp ?? 0));
  if (!pods.length) return `error: timed out waiting for the condition`;
  return pods[0];
}

interface ContainerStatusView {
  name: string;
  containerID?: string;
  state?: { running?: unknown; terminated?: { containerID?: string }; waiting?: { reason?: string } };
  lastState?: { terminated?: { containerID?: string } };
}

/** validateContainerLogStatus: the container instance whose log is read, or the kubelet's refusal. */
function containerToRead(pod: KObject, container: string, previous: boolean): string | { error: string } {
  const podName = pod.metadata.name;
  const statuses: ContainerStatusView[] = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  const st = statuses.find((s) => s.name === container);
  const bad = (why: string) => ({ error: `Error from server (BadRequest): ${why}` });
  if (!st) return bad(`container "${container}" in pod "${podName}" is waiting to start: ContainerCreating`);
  const id = (cid?: string) => cid?.replace(/^[a-z]+:\/\//, '');
  const last = st.lastState?.terminated;
  if (previous) {
    if (!last?.containerID) return bad(`previous terminated container "${container}" in pod "${podName}" not found`);
    return id(last.containerID)!;
  }
  if (st.state?.running) return id(st.containerID)!;
  if (st.state?.terminated) {
    const cid = st.state.terminated.containerID || st.containerID;
    if (cid) return id(cid)!;
    if (last?.containerID) return id(last.containerID)!;
    return bad(`container "${container}" in pod "${podName}" is terminated`);
  }
  if (last) {
    if (!last.containerID) return bad(`container "${container}" in pod "${podName}" is terminated`);
    return id(last.containerID)!;
  }
  const reason = st.state?.waiting?.reason;
  if (reason === 'ErrImagePull')
    return bad(`container "${container}" in pod "${podName}" is waiting to start: image can't be pulled`);
  if (reason === 'ImagePullBackOff')
    return bad(`container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`);
  if (reason) return bad(`container "${container}" in pod "${podName}" is waiting to start: ${reason}`);
  return bad(`container "${container}" in pod "${podName}" is waiting to start - no logs yet`);
}

export function answerLogs(tokens: string[], world: WorldState): LogsAnswer {
  const f = parse(tokens);
  if (typeof f === 'string') return { output: f, ok: false };
  if (!f.target)
    return { output: 'error: expected POD or TYPE/NAME is a required argument for the logs command', ok: false };
  const notes: string[] = [];
  let pod: KObject | undefined;
  const slash = f.target.indexOf('/');
  if (slash > 0) {
    const type = f.target.slice(0, slash).toLowerCase();
    const name = f.target.slice(slash + 1);
    const info = resolveResource(type);
    if (!info) return { output: `error: the server doesn't have a resource type "${type}"`, ok: false };
    if (info.kind === 'Pod') pod = world.etcd.get(`/registry/pods/${f.namespace}/${name}`);
    else {
      if (!SELECTING_KINDS.has(info.kind))
        return {
          output: `error: cannot get the logs from *${info.version}.${info.kind}: selector for *${info.version}.${info.kind} not implemented`,
          ok: false,
        };
      const found = podOf(world, info, name, f.namespace);
      if (typeof found === 'string') return { output: found, ok: false };
      pod = found;
    }
    if (!pod) return { output: `Error from server (NotFound): pods "${name}" not found`, ok: false };
  } else {
    pod = world.etcd.get(`/registry/pods/${f.namespace}/${f.target}`);
    if (!pod) return { output: `Error from server (NotFound): pods "${f.target}" not found`, ok: false };
  }
  const names: string[] = (pod.spec?.containers ?? []).map((c: { name: string }) => c.name);
  const all = [...(pod.spec?.initContainers ?? []).map((c: { name: string }) => c.name), ...names];
  let container = f.container;
  if (container === undefined) {
    container = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'] ?? names[0];
    // kubectl says so on stderr when it had to choose (podcmd.FindOrDefaultContainerByName).
    if (names.length > 1) notes.push(`Defaulted container "${container}" out of: ${names.join(', ')}`);
  } else if (!all.includes(container)) {
    return {
      output: `Error from server (BadRequest): container ${container} is not valid for pod ${pod.metadata.name}`,
      ok: false,
    };
  }
  // LogLocation (pkg/registry/core/pod/strategy.go): a Pod with no node yet has no log location, and the apiserver
  // streams nothing.
  if (!pod.spec?.nodeName) return { output: notes.join('\n'), ok: true };
  const which = containerToRead(pod, container!, f.previous);
  if (typeof which !== 'string') return { output: [...notes, which.error].join('\n'), ok: false };
  const node = pod.spec.nodeName as string;
  const log = world.runtime.get(`node/${node}/logs/${which}`) as ContainerLog | undefined;
  const record = world.runtime.get(`node/${node}/containers/${which}`) as { finishedAt?: number } | undefined;
  const until = Math.min(world.time, record?.finishedAt ?? Infinity);
  let lines = (log?.lines ?? []).filter((l) => l.at <= until);
  if (f.tail !== undefined) lines = f.tail === 0 ? [] : lines.slice(-f.tail);
  const text = lines.map((l) => (f.timestamps ? `${formatRFC3339Nano(l.at)} ${l.text}` : l.text));
  return { output: [...notes, ...text].join('\n'), ok: true };
}
