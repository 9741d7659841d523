/**
 * `kubectl describe node` (k8s.io/kubectl/pkg/describe/describe.go describeNode, describeNodeLease,
 * describeNodeResource, getPodsTotalRequestsAndLimits; pod sums from kubectl/pkg/util/resource
 * PodRequestsAndLimits). Percentages are int64(float) truncations of request/allocatable × 100.
 */
import type { KEvent, KObject } from '../types';
import { findNodeRoles } from './clusterColumns';
import { rfc1123z } from './describeContainers';
import { describeEvents } from './describeEvents';
import { printAnnotationsMultiline, printLabelsMultiline, printNodeTaintsMultiline } from './describeHelpers';
import { translateTimestampSince } from './humanDuration';
import { byteCompare } from './labels';
import { isRestartableInitContainer } from './podColumns';
import {
  addQuantity,
  canonicalQuantity,
  formatQuantity,
  parseQuantity,
  ZERO_QUANTITY,
  type Quantity,
} from './quantity';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';

type ResourceList = Map<string, Quantity>;

function toList(raw: Record<string, string> | undefined): ResourceList {
  const out: ResourceList = new Map();
  for (const [k, v] of Object.entries(raw ?? {})) {
    const q = parseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

/** addResourceList: Quantity.Add keeps the format of the first quantity seen. */
function addList(into: ResourceList, add: ResourceList): void {
  for (const [k, q] of add) into.set(k, into.has(k) ? addQuantity(into.get(k)!, q) : { ...q });
}

function maxList(into: ResourceList, other: ResourceList): void {
  for (const [k, q] of other) {
    const cur = into.get(k);
    if (!cur || q.milli > cur.milli) into.set(k, { ...q });
  }
}

/** PodRequestsAndLimits: containers summed, sidecars added, max with each init container, plus overhead. */
export function podRequestsAndLimits(pod: KObject): { reqs: ResourceList; limits: ResourceList } {
  const compute = (field: 'requests' | 'limits'): ResourceList => {
    const total: ResourceList = new Map();
    for (const c of pod.spec?.containers ?? []) addList(total, toList(c.resources?.[field]));
    const restartable: ResourceList = new Map();
    const initMax: ResourceList = new Map();
    for (const c of pod.spec?.initContainers ?? []) {
      let containerList = toList(c.resources?.[field]);
      if (isRestartableInitContainer(c)) {
        addList(total, containerList);
        addList(restartable, containerList);
        containerList = restartable;
      } else {
        const tmp: ResourceList = new Map();
        addList(tmp, containerList);
        addList(tmp, restartable);
        containerList = tmp;
      }
      maxList(initMax, containerList);
    }
    maxList(total, initMax);
    if (pod.spec?.overhead) addList(total, toList(pod.spec.overhead));
    return total;
  };
  return { reqs: compute('requests'), limits: compute('limits') };
}

const q = (list: ResourceList, name: string): Quantity => list.get(name) ?? ZERO_QUANTITY;
const pct = (part: Quantity, whole: Quantity | undefined, unitMilli: boolean): number => {
  if (!whole || whole.milli === 0) return 0;
  // cpu compares MilliValue(), memory/storage Value() (ceil to whole units); int64() truncates.
  const a = unitMilli ? part.milli : Math.ceil(part.milli / 1000);
  const b = unitMilli ? whole.milli : Math.ceil(whole.milli / 1000);
  return Math.trunc((a / b) * 100);
};

const STANDARD = new Set(['cpu', 'memory', 'ephemeral-storage']);

function describeNodeResource(pods: KObject[], node: KObject, w: PrefixWriter, now: number): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const capacity = toList(node.status?.capacity);
  const allocatableRaw = toList(node.status?.allocatable);
  const allocatable = allocatableRaw.size > 0 ? allocatableRaw : capacity;
  const allocCpu = allocatable.get('cpu');
  const allocMem = allocatable.get('memory');
  for (const pod of pods) {
    const { reqs, limits } = podRequestsAndLimits(pod);
    const cpuReq = q(reqs, 'cpu');
    const cpuLim = q(limits, 'cpu');
    const memReq = q(reqs, 'memory');
    const memLim = q(limits, 'memory');
    // Go divides by allocatable without a zero guard here (NaN → int64 is platform-defined); print 0.
    w.write(
      LEVEL_1,
      `${pod.metadata.namespace ?? ''}\t${pod.metadata.name}\t\t${formatQuantity(cpuReq)} (${pct(cpuReq, allocCpu, true)}%)\t${formatQuantity(cpuLim)} (${pct(cpuLim, allocCpu, true)}%)\t${formatQuantity(memReq)} (${pct(memReq, allocMem, false)}%)\t${formatQuantity(memLim)} (${pct(memLim, allocMem, false)}%)\t${translateTimestampSince(pod.metadata.creationTimestamp, now)}\n`,
    );
  }
  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const reqs: ResourceList = new Map();
  const limits: ResourceList = new Map();
  for (const pod of pods) {
    const r = podRequestsAndLimits(pod);
    addList(reqs, r.reqs);
    addList(limits, r.limits);
  }
  const row = (name: string, unitMilli: boolean): void => {
    const rq = q(reqs, name);
    const lm = q(limits, name);
    const whole = allocatable.get(name);
    w.write(
      LEVEL_1,
      `${name}\t${formatQuantity(rq)} (${pct(rq, whole, unitMilli)}%)\t${formatQuantity(lm)} (${pct(lm, whole, unitMilli)}%)\n`,
    );
  };
  row('cpu', true);
  row('memory', false);
  row('ephemeral-storage', false);
  const names = [...allocatable.keys()];
  const hugePages = names.filter((n) => n.startsWith('hugepages-')).sort(byteCompare);
  const ext = names.filter((n) => !n.startsWith('hugepages-') && !STANDARD.has(n) && n !== 'pods').sort(byteCompare);
  for (const h of hugePages) row(h, false);
  for (const e of ext) w.write(LEVEL_1, `${e}\t${formatQuantity(q(reqs, e))}\t${formatQuantity(q(limits, e))}\n`);
}

function describeNodeLease(lease: KObject, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Lease:\n');
  const spec = lease.spec ?? {};
  w.write(LEVEL_1, `HolderIdentity:\t${spec.holderIdentity ?? '<unset>'}\n`);
  w.write(LEVEL_1, `AcquireTime:\t${typeof spec.acquireTime === 'number' ? rfc1123z(spec.acquireTime) : '<unset>'}\n`);
  w.write(LEVEL_1, `RenewTime:\t${typeof spec.renewTime === 'number' ? rfc1123z(spec.renewTime) : '<unset>'}\n`);
}

/**
 * describeNode. `pods`: any pods (those bound to this node and not Succeeded/Failed are listed, in key order).
 * `lease`: the node's `kube-node-lease` Lease; without it kubectl prints the lookup error.
 */
export function describeNode(
  node: KObject,
  ctx: { now: number; events: KEvent[]; pods?: KObject[]; lease?: KObject },
): string {
  const w = new PrefixWriter();
  const spec = node.spec ?? {};
  const status = node.status ?? {};
  const info = status.nodeInfo ?? {};
  w.write(LEVEL_0, `Name:\t${node.metadata.name}\n`);
  const roles = findNodeRoles(node);
  w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', node.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(node.metadata.creationTimestamp)}\n`);
  printNodeTaintsMultiline(w, 'Taints', spec.taints);
  w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable ? 'true' : 'false'}\n`);
  if (ctx.lease) describeNodeLease(ctx.lease, w);
  else w.write(LEVEL_0, `Lease:\tFailed to get lease: leases.coordination.k8s.io "${node.metadata.name}" not found\n`);
  if ((status.conditions ?? []).length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of status.conditions) {
      w.write(
        LEVEL_1,
        `${c.type} \t${c.status} \t${rfc1123z(c.lastHeartbeatTime)} \t${rfc1123z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`,
      );
    }
  }
  w.write(LEVEL_0, 'Addresses:\n');
  for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`);
  const printResourceList = (list: Record<string, string>): void => {
    for (const name of Object.keys(list).sort(byteCompare)) {
      w.write(LEVEL_0, `  ${name}:\t${canonicalQuantity(list[name])}\n`);
    }
  };
  if (Object.keys(status.capacity ?? {}).length > 0) {
    w.write(LEVEL_0, 'Capacity:\n');
    printResourceList(status.capacity);
  }
  if (Object.keys(status.allocatable ?? {}).length > 0) {
    w.write(LEVEL_0, 'Allocatable:\n');
    printResourceList(status.allocatable);
  }
  w.write(LEVEL_0, 'System Info:\n');
  w.write(LEVEL_0, `  Machine ID:\t${info.machineID ?? ''}\n`);
  w.write(LEVEL_0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
  w.write(LEVEL_0, `  Boot ID:\t${info.bootID ?? ''}\n`);
  w.write(LEVEL_0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
  w.write(LEVEL_0, `  OS Image:\t${info.osImage ?? ''}\n`);
  w.write(LEVEL_0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
  w.write(LEVEL_0, `  Architecture:\t${info.architecture ?? ''}\n`);
  w.write(LEVEL_0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
  w.write(LEVEL_0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
  // v1.31+ kubelets no longer set kubeProxyVersion (KEP-4004), so this line is usually empty.
  w.write(LEVEL_0, `  Kube-Proxy Version:\t${info.kubeProxyVersion ?? ''}\n`);
  if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`);
  if ((spec.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`);
  if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`);
  const key = (p: KObject): string => `${p.metadata.namespace ?? ''}/${p.metadata.name}`;
  const pods = (ctx.pods ?? [])
    .filter((p) => p.spec?.nodeName === node.metadata.name)
    .filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed')
    .sort((a, b) => byteCompare(key(a), key(b)));
  describeNodeResource(pods, node, w, ctx.now);
  // kubectl merges events recorded against the node's uid and against its name.
  const events = ctx.events.filter(
    (e) => e.involvedObject?.kind === 'Node' && e.involvedObject.name === node.metadata.name,
  );
  describeEvents(events, w, ctx.now);
  return w.render();
}
