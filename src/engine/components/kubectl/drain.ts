/**
 * `kubectl drain NODE` (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go RunDrain, and the drain helper in
 * staging/src/k8s.io/kubectl/pkg/drain: drain.go GetPodsForDeletion / evictPods / waitForDelete, filters.go): cordon
 * the node (GET it, PATCH spec.unschedulable unless it is cordoned already), list the Pods bound to it, filter them
 * (DaemonSet-managed, mirror, emptyDir, unmanaged — the DaemonSet filter GETs each Pod's DaemonSet), then evict every
 * remaining Pod at once through the eviction subresource: a 429 is printed and retried after 5 s, a 201 is followed by
 * a GET of the Pod every second until it is gone (`pod/NAME evicted`). `--timeout` is the global deadline the retry
 * loop checks each time round. The lines are kubectl's, stdout and stderr interleaved as a terminal shows them.
 * Not modelled: discovery (CheckEvictionSupport), `--disable-eviction`, `--pod-selector`, `--dry-run`.
 */
import type { ApiRequest, ApiResponse, StatusError } from '../../messages';
import type { KObject, Phase } from '../../types';
import { controllerOf } from '../controllers/objectKeys';
import { connectionRefusedText } from './kubectlErrors';
import { goDuration, type DrainFlags } from '../../kubectl/drainCommand';

export { drainCommand, goDuration } from '../../kubectl/drainCommand';

export type DrainOptions = DrainFlags;

export type DrainJob = { type: 'drain'; node: string; phase?: Phase } & DrainOptions;

/** filters.go's texts. */
export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export interface PodDeleteStatus {
  delete: boolean;
  reason: 'Okay' | 'Skip' | 'Warning' | 'Error';
  message: string;
}

export interface PodDelete {
  pod: KObject;
  status: PodDeleteStatus;
}

/** What the DaemonSet filter's GET of a Pod's DaemonSet answered: nothing (found) or the error. */
export type DaemonSetAnswer = undefined | { notFound: boolean; message: string };

const okay: PodDeleteStatus = { delete: true, reason: 'Okay', message: '' };
const warning = (del: boolean, message: string): PodDeleteStatus => ({ delete: del, reason: 'Warning', message });
const error = (message: string): PodDeleteStatus => ({ delete: false, reason: 'Error', message });

const finished = (pod: KObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
const podKey = (pod: KObject) => `${pod.metadata.namespace}/${pod.metadata.name}`;

/** The Pods whose DaemonSet the DaemonSet filter GETs: DaemonSet-controlled and not finished. */
export function daemonSetPods(pods: readonly KObject[]): KObject[] {
  return pods.filter((p) => controllerOf(p)?.kind === 'DaemonSet' && !finished(p));
}

/**
 * filterPods with makeFilters' order (daemonSet, mirrorPod, localStorage, unreplicated): each Pod keeps the status
 * of the last filter it reached, a filter that does not delete ending the chain.
 */
export function filterPods(
  pods: readonly KObject[],
  opts: DrainOptions,
  daemonSets: Record<string, DaemonSetAnswer>,
): PodDelete[] {
  const filters: Array<(pod: KObject) => PodDeleteStatus> = [
    (pod) => {
      const ref = controllerOf(pod);
      if (!ref || ref.kind !== 'DaemonSet' || finished(pod)) return okay;
      const answer = daemonSets[podKey(pod)];
      if (answer) return answer.notFound && opts.force ? warning(true, answer.message) : error(answer.message);
      return opts.ignoreDaemonSets ? warning(false, DAEMONSET_WARNING) : error(DAEMONSET_FATAL);
    },
    (pod) =>
      pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined
        ? { delete: false, reason: 'Skip', message: '' }
        : okay,
    (pod) => {
      if (!(pod.spec?.volumes ?? []).some((v: any) => v.emptyDir) || finished(pod)) return okay;
      return opts.deleteEmptyDirData ? warning(true, LOCAL_STORAGE_WARNING) : error(LOCAL_STORAGE_FATAL);
    },
    (pod) => {
      if (finished(pod) || controllerOf(pod)) return okay;
      return opts.force ? warning(true, UNMANAGED_WARNING) : error(UNMANAGED_FATAL);
    },
  ];
  return pods.map((pod) => {
    let status = okay;
    for (const f of filters) {
      status = f(pod);
      if (!status.delete) break;
    }
    return { pod, status };
  });
}

/** The Pods messages name, grouped by message in first-seen order (Go's map order is random; this is one of them). */
function grouped(list: readonly PodDelete[], reason: PodDeleteStatus['reason']): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const i of list) {
    if (i.status.reason !== reason) continue;
    const msg = reason === 'Error' && !i.status.message ? 'unexpected error' : i.status.message;
    out.set(msg, [...(out.get(msg) ?? []), podKey(i.pod)]);
  }
  return out;
}

/** PodDeleteList.Warnings: `message: ns/a, ns/b` joined with `; `. */
export function podDeleteWarnings(list: readonly PodDelete[]): string {
  return [...grouped(list, 'Warning')].map(([msg, pods]) => `${msg}: ${pods.join(', ')}`).join('; ');
}

/** PodDeleteList.errors: one error per message, prefixed `cannot delete` unless it says so already. */
export function podDeleteErrors(list: readonly PodDelete[]): string[] {
  return [...grouped(list, 'Error')].map(([msg, pods]) =>
    msg.toLowerCase().startsWith('cannot delete')
      ? `${msg}: ${pods.join(', ')}`
      : `cannot delete ${msg}: ${pods.join(', ')}`,
  );
}

/** utilerrors.NewAggregate(errs).Error(): one message as it is, several (deduplicated) in brackets. */
export function aggregateText(errs: readonly string[]): string {
  const unique = [...new Set(errs)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

/** The lines RunDrain writes when a node could not be drained, the command's own error last (CheckErr). */
export function unableToDrainLines(node: string, errs: readonly string[]): string[] {
  return [
    `error: unable to drain node "${node}" due to error: ${aggregateText(errs)}, continuing command...`,
    'There are pending nodes to be drained:',
    ` ${node}`,
    ...[...new Set(errs)],
  ];
}

interface PodEviction {
  namespace: string;
  name: string;
  uid: string;
  state: 'evicting' | 'waiting' | 'done';
}

/** A drain in progress: plain data, kept in the kubectl's checkpointed state. */
export interface DrainState {
  job: DrainJob;
  stage: 'node' | 'cordon' | 'list' | 'daemonsets' | 'evict' | 'relist' | 'relist-daemonsets';
  pods: KObject[];
  /** Pod keys whose DaemonSet is still to be read, in order, and what the reads answered. */
  dsQueue: string[];
  daemonSets: Record<string, DaemonSetAnswer>;
  evictions: PodEviction[];
  errors: string[];
  /** When evictPods started (its context's deadline counts from here). */
  started: number;
}

/** What a drain needs from the kubectl that runs it. */
export interface DrainHost {
  readonly now: number;
  send(r: Omit<ApiRequest, 'kind' | 'reqId' | 'user' | 'ctx'>, tag: Record<string, string>, why: string): void;
  print(line: string, ok?: boolean): void;
  timer(name: 'drain-retry' | 'drain-poll', delayMs: number, pod: string): void;
  finish(): void;
}

export function startDrain(job: DrainJob, host: DrainHost): DrainState {
  const d: DrainState = {
    job,
    stage: 'node',
    pods: [],
    dsQueue: [],
    daemonSets: {},
    evictions: [],
    errors: [],
    started: 0,
  };
  host.send({ verb: 'get', resourceKind: 'Node', name: job.node }, { drain: 'node' }, 'node');
  return d;
}

const errText = (e: StatusError) => e.message;
const fromServer = (e: StatusError) =>
  e.reason ? `Error from server (${e.reason}): ${e.message}` : `Error from server: ${e.message}`;

function listPods(d: DrainState, host: DrainHost, stage: 'list' | 'relist'): void {
  d.stage = stage;
  host.send(
    {
      verb: 'list',
      resourceKind: 'Pod',
      fieldSelector: `spec.nodeName=${d.job.node}`,
      query: `?fieldSelector=spec.nodeName%3D${d.job.node}`,
    },
    { drain: stage },
    'pods',
  );
}

function nextDaemonSet(d: DrainState, host: DrainHost): void {
  const key = d.dsQueue[0];
  if (key === undefined) return afterFilterReads(d, host);
  const pod = d.pods.find((p) => podKey(p) === key)!;
  host.send(
    { verb: 'get', resourceKind: 'DaemonSet', namespace: pod.metadata.namespace, name: controllerOf(pod)!.name },
    { drain: 'daemonset', pod: key },
    'daemonset',
  );
}

function readDaemonSets(d: DrainState, host: DrainHost): void {
  d.dsQueue = daemonSetPods(d.pods).map(podKey);
  d.daemonSets = {};
  nextDaemonSet(d, host);
}

function afterFilterReads(d: DrainState, host: DrainHost): void {
  const list = filterPods(d.pods, d.job, d.daemonSets);
  const errs = podDeleteErrors(list);
  const deletable = list.filter((i) => i.status.delete).map((i) => i.pod);
  if (d.stage === 'relist' || d.stage === 'relist-daemonsets') {
    // deleteOrEvictPodsSimple after evictPods failed: the Pods still to go, then the errors of the new list.
    const failed = aggregateText(d.errors);
    if (deletable.length) {
      host.print(`There are pending pods in node "${d.job.node}" when an error occurred: ${failed}`, false);
      for (const p of deletable) host.print(`pod/${p.metadata.name}`, false);
    }
    if (errs.length)
      host.print(`Following errors occurred while getting the list of pods to delete:\n${aggregateText(errs)}`, false);
    for (const line of unableToDrainLines(d.job.node, d.errors)) host.print(line, false);
    return host.finish();
  }
  if (errs.length) {
    for (const line of unableToDrainLines(d.job.node, errs)) host.print(line, false);
    return host.finish();
  }
  const warnings = podDeleteWarnings(list);
  if (warnings) host.print(`Warning: ${warnings}`);
  if (deletable.length === 0) {
    host.print(`node/${d.job.node} drained`);
    return host.finish();
  }
  d.stage = 'evict';
  d.started = host.now;
  d.evictions = deletable.map((p) => ({
    namespace: p.metadata.namespace ?? 'default',
    name: p.metadata.name,
    uid: p.metadata.uid ?? '',
    state: 'evicting',
  }));
  for (const e of d.evictions) evict(d, e, host);
}

function timedOut(d: DrainState, host: DrainHost): boolean {
  return !!d.job.timeoutSeconds && host.now - d.started >= d.job.timeoutSeconds * 1000;
}

/** One turn of evictPods' loop for a Pod: print, check the deadline, POST the Eviction. */
function evict(d: DrainState, e: PodEviction, host: DrainHost): void {
  host.print(`evicting pod ${e.namespace}/${e.name}`);
  if (timedOut(d, host))
    return done(
      d,
      e,
      host,
      `error when evicting pods/"${e.name}" -n "${e.namespace}": global timeout reached: ${goDuration(d.job.timeoutSeconds!)}`,
    );
  host.send(
    {
      verb: 'create',
      resourceKind: 'Pod',
      namespace: e.namespace,
      name: e.name,
      subresource: 'eviction',
      body: {
        apiVersion: 'policy/v1',
        kind: 'Eviction',
        metadata: { name: e.name, namespace: e.namespace },
        ...(d.job.gracePeriodSeconds !== undefined
          ? { deleteOptions: { gracePeriodSeconds: d.job.gracePeriodSeconds } }
          : {}),
      } as unknown as KObject,
      ...(d.job.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: d.job.gracePeriodSeconds } : {}),
    },
    { drain: 'evict', pod: `${e.namespace}/${e.name}` },
    'evict',
  );
}

function poll(e: PodEviction, host: DrainHost): void {
  host.send(
    { verb: 'get', resourceKind: 'Pod', namespace: e.namespace, name: e.name },
    { drain: 'poll', pod: `${e.namespace}/${e.name}` },
    'poll',
  );
}

function done(d: DrainState, e: PodEviction, host: DrainHost, err?: string): void {
  e.state = 'done';
  if (err) d.errors.push(err);
  if (d.evictions.some((x) => x.state !== 'done')) return;
  if (d.errors.length === 0) {
    host.print(`node/${d.job.node} drained`);
    return host.finish();
  }
  listPods(d, host, 'relist');
}

export function onDrainResponse(d: DrainState, resp: ApiResponse, host: DrainHost): void {
  const tag = String(resp.ctx?.drain);
  if (resp.unreachable) {
    host.print(connectionRefusedText(false), false);
    return host.finish();
  }
  switch (tag) {
    case 'node': {
      if (resp.error) {
        host.print(fromServer(resp.error), false);
        return host.finish();
      }
      if (resp.object?.spec?.unschedulable) {
        host.print(`node/${d.job.node} already cordoned`);
        return listPods(d, host, 'list');
      }
      d.stage = 'cordon';
      return host.send(
        {
          verb: 'patch',
          resourceKind: 'Node',
          name: d.job.node,
          patch: { spec: { unschedulable: true } },
          patchType: 'strategic',
        },
        { drain: 'cordon' },
        'cordon',
      );
    }
    case 'cordon':
      // RunCordonOrUncordon prints a failed patch and goes on: the drain still runs.
      if (resp.error) host.print(`error: unable to cordon node "${d.job.node}": ${errText(resp.error)}`, false);
      else host.print(`node/${d.job.node} cordoned`);
      return listPods(d, host, 'list');
    case 'list':
    case 'relist':
      if (resp.error) {
        for (const line of unableToDrainLines(d.job.node, [errText(resp.error)])) host.print(line, false);
        return host.finish();
      }
      d.pods = [...(resp.items ?? [])];
      d.stage = tag === 'list' ? 'daemonsets' : 'relist-daemonsets';
      return readDaemonSets(d, host);
    case 'daemonset': {
      const key = String(resp.ctx?.pod);
      d.dsQueue.shift();
      if (resp.error) d.daemonSets[key] = { notFound: resp.status === 404, message: errText(resp.error) };
      return nextDaemonSet(d, host);
    }
    case 'evict': {
      const e = d.evictions.find((x) => `${x.namespace}/${x.name}` === resp.ctx?.pod);
      if (!e || e.state !== 'evicting') return;
      if (!resp.error) {
        e.state = 'waiting';
        return poll(e, host);
      }
      if (resp.status === 404) return done(d, e, host);
      if (resp.status === 429) {
        host.print(
          `error when evicting pods/"${e.name}" -n "${e.namespace}" (will retry after 5s): ${errText(resp.error)}`,
          false,
        );
        return host.timer('drain-retry', 5_000, `${e.namespace}/${e.name}`);
      }
      return done(d, e, host, `error when evicting pods/"${e.name}" -n "${e.namespace}": ${errText(resp.error)}`);
    }
    case 'poll': {
      const e = d.evictions.find((x) => `${x.namespace}/${x.name}` === resp.ctx?.pod);
      if (!e || e.state !== 'waiting') return;
      // waitForDelete: gone, or a new Pod of the same name (another uid), means this one was evicted.
      if (resp.status === 404 || (resp.object && resp.object.metadata.uid !== e.uid)) {
        host.print(`pod/${e.name} evicted`);
        return done(d, e, host);
      }
      if (resp.error)
        return done(d, e, host, `error when waiting for pod "${e.name}" terminating: ${errText(resp.error)}`);
      return host.timer('drain-poll', 1_000, `${e.namespace}/${e.name}`);
    }
  }
}

export function onDrainTimer(d: DrainState, name: string, pod: string, host: DrainHost): void {
  const e = d.evictions.find((x) => `${x.namespace}/${x.name}` === pod);
  if (!e) return;
  if (name === 'drain-retry' && e.state === 'evicting') return evict(d, e, host);
  if (name === 'drain-poll' && e.state === 'waiting') {
    if (timedOut(d, host))
      return done(
        d,
        e,
        host,
        `error when waiting for pod "${e.name}" terminating: global timeout reached: ${goDuration(d.job.timeoutSeconds!)}`,
      );
    poll(e, host);
  }
}
