/**
 * `kubectl describe` for Pod, Deployment, ReplicaSet and Service, following k8s.io/kubectl/pkg/describe
 * describe.go (describePod, describeDeployment, describeReplicaSet, describeService) line for line; the
 * Node describer lives in describeNode.ts. Output goes through Go's tabwriter (padding 2) exactly as
 * tabbedString does, so alignment blocks match real kubectl. Returned text has no final newline.
 *
 * Events: pass all events or only the object's; each describer keeps the ones about its object.
 */
import type { KEvent, KObject } from '../types';
import { describeContainers, podFieldResolver, rfc1123z } from './describeContainers';
import { describeEvents } from './describeEvents';
import {
  eventsFor,
  printAnnotationsMultiline,
  printController,
  printLabelsMultiline,
  printPodTolerationsMultiline,
} from './describeHelpers';
import { describePodTemplate, describeTopologySpreadConstraints } from './describePodTemplate';
import { describeVolumes } from './describeVolumes';
import { nodeAddress } from './clusterColumns';
import { translateTimestampSince } from './humanDuration';
import { byteCompare, formatLabels, formatLabelSelector, selectorString } from './labels';
import { joinHostPort } from './networkColumns';
import { podQOS } from './podQOS';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefixWriter';

export { describeNode } from './describeNode';

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** Pod IPs as the API carries them; synthesised from status.podIP when only the singular field is set. */
function podIPs(pod: KObject): string[] {
  const ips: any[] = pod.status?.podIPs ?? [];
  if (ips.length > 0) return ips.map((p) => p.ip);
  return pod.status?.podIP ? [pod.status.podIP] : [];
}

export function describePod(pod: KObject, ctx: { now: number; events: KEvent[]; node?: KObject }): string {
  const w = new PrefixWriter();
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  w.write(LEVEL_0, `Name:\t${pod.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${pod.metadata.namespace ?? ''}\n`);
  if (typeof spec.priority === 'number') w.write(LEVEL_0, `Priority:\t${spec.priority}\n`);
  if (spec.priorityClassName) w.write(LEVEL_0, `Priority Class Name:\t${spec.priorityClassName}\n`);
  if (spec.runtimeClassName) w.write(LEVEL_0, `Runtime Class Name:\t${spec.runtimeClassName}\n`);
  if (spec.serviceAccountName) w.write(LEVEL_0, `Service Account:\t${spec.serviceAccountName}\n`);
  if (!spec.nodeName) {
    w.write(LEVEL_0, 'Node:\t<none>\n');
  } else {
    // pod.status.hostIP is the node's InternalIP; fall back to the node object if the status lacks it.
    const hostIP = status.hostIP || (ctx.node ? (nodeAddress(ctx.node, 'InternalIP') ?? '') : '');
    w.write(LEVEL_0, `Node:\t${spec.nodeName}/${hostIP}\n`);
  }
  if (isSet(status.startTime)) w.write(LEVEL_0, `Start Time:\t${rfc1123z(status.startTime)}\n`);
  printLabelsMultiline(w, 'Labels', pod.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pod.metadata.annotations);
  if (isSet(pod.metadata.deletionTimestamp) && status.phase !== 'Failed' && status.phase !== 'Succeeded') {
    w.write(
      LEVEL_0,
      `Status:\tTerminating (lasts ${translateTimestampSince(pod.metadata.deletionTimestamp, ctx.now)})\n`,
    );
    w.write(LEVEL_0, `Termination Grace Period:\t${pod.metadata.deletionGracePeriodSeconds ?? 0}s\n`);
  } else {
    w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
  }
  if (status.reason) w.write(LEVEL_0, `Reason:\t${status.reason}\n`);
  if (status.message) w.write(LEVEL_0, `Message:\t${status.message}\n`);
  const seccomp = spec.securityContext?.seccompProfile;
  if (seccomp) {
    w.write(LEVEL_0, `SeccompProfile:\t${seccomp.type}\n`);
    if (seccomp.type === 'Localhost') w.write(LEVEL_0, `LocalhostProfile:\t${seccomp.localhostProfile ?? ''}\n`);
  }
  w.write(LEVEL_0, `IP:\t${status.podIP ?? ''}\n`);
  const ips = podIPs(pod);
  if (ips.length === 0) {
    w.write(LEVEL_0, 'IPs:\t<none>\n');
  } else {
    w.write(LEVEL_0, 'IPs:\n');
    for (const ip of ips) w.write(LEVEL_1, `IP:\t${ip}\n`);
  }
  const controlledBy = printController(pod);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (status.nominatedNodeName) w.write(LEVEL_0, `NominatedNodeName:\t${status.nominatedNodeName}\n`);
  const resolver = podFieldResolver(pod);
  if ((spec.initContainers ?? []).length > 0) {
    describeContainers('Init Containers', spec.initContainers, status.initContainerStatuses ?? [], resolver, w, '');
  }
  describeContainers('Containers', spec.containers, status.containerStatuses ?? [], resolver, w, '');
  if ((spec.readinessGates ?? []).length > 0) {
    w.write(LEVEL_0, 'Readiness Gates:\n  Type\tStatus\n');
    for (const g of spec.readinessGates) {
      const c = (status.conditions ?? []).find((x: any) => x.type === g.conditionType);
      w.write(LEVEL_1, `${g.conditionType} \t${c ? c.status : '<none>'} \n`);
    }
  }
  if ((status.conditions ?? []).length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\n');
    for (const c of status.conditions) w.write(LEVEL_1, `${c.type} \t${c.status} \n`);
  }
  describeVolumes(spec.volumes, w, '');
  w.write(LEVEL_0, `QoS Class:\t${podQOS(pod)}\n`);
  printLabelsMultiline(w, 'Node-Selectors', spec.nodeSelector);
  printPodTolerationsMultiline(w, 'Tolerations', spec.tolerations);
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '');
  describeEvents(eventsFor(pod, ctx.events, false), w, ctx.now);
  return w.render();
}

/** EqualIgnoreHash: compare pod templates without the pod-template-hash label. */
function templateKey(template: any): string {
  const copy = JSON.parse(JSON.stringify(template ?? {}));
  if (copy.metadata?.labels) delete copy.metadata.labels['pod-template-hash'];
  return canonicalJSON(copy);
}

function canonicalJSON(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJSON).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJSON(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * deploymentutil.GetAllReplicaSets: the ReplicaSets controlled by the Deployment; the new one has the
 * Deployment's pod template (ignoring pod-template-hash) — oldest first if several match; the rest are old.
 */
export function splitReplicaSets(deploy: KObject, replicaSets: KObject[]): { newRS?: KObject; oldRSs: KObject[] } {
  const uid = deploy.metadata.uid;
  const owned = replicaSets
    .filter((rs) =>
      (rs.metadata.ownerReferences ?? []).some(
        (r) => r.controller && r.kind === 'Deployment' && (uid ? r.uid === uid : r.name === deploy.metadata.name),
      ),
    )
    .sort((a, b) => byteCompare(a.metadata.name, b.metadata.name));
  const want = templateKey(deploy.spec?.template);
  const matches = owned
    .filter((rs) => templateKey(rs.spec?.template) === want)
    .sort((a, b) => (a.metadata.creationTimestamp ?? 0) - (b.metadata.creationTimestamp ?? 0));
  const newRS = matches[0];
  return { newRS, oldRSs: owned.filter((rs) => rs !== newRS) };
}

function printReplicaSetsByLabels(list: KObject[]): string {
  const s = list
    .map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 1} replicas created)`)
    .join(', ');
  return s === '' ? '<none>' : s;
}

/** intstr.String of maxUnavailable / maxSurge. */
const intstr = (v: unknown, d: string): string => (v === undefined || v === null ? d : String(v));

export function describeDeployment(
  deploy: KObject,
  ctx: { now: number; events: KEvent[]; replicaSets: KObject[] },
): string {
  const w = new PrefixWriter();
  const spec = deploy.spec ?? {};
  const st = deploy.status ?? {};
  w.write(LEVEL_0, `Name:\t${deploy.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${deploy.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(deploy.metadata.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', deploy.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', deploy.metadata.annotations);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  const replicas = typeof spec.replicas === 'number' ? spec.replicas : 1;
  w.write(
    LEVEL_0,
    `Replicas:\t${replicas} desired | ${st.updatedReplicas ?? 0} updated | ${st.replicas ?? 0} total | ${st.availableReplicas ?? 0} available | ${st.unavailableReplicas ?? 0} unavailable\n`,
  );
  const strategy = spec.strategy ?? {};
  w.write(LEVEL_0, `StrategyType:\t${strategy.type ?? ''}\n`);
  w.write(LEVEL_0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
  if (strategy.rollingUpdate) {
    const ru = strategy.rollingUpdate;
    w.write(
      LEVEL_0,
      `RollingUpdateStrategy:\t${intstr(ru.maxUnavailable, '25%')} max unavailable, ${intstr(ru.maxSurge, '25%')} max surge\n`,
    );
  }
  describePodTemplate(spec.template, w);
  if ((st.conditions ?? []).length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of st.conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  const { newRS, oldRSs } = splitReplicaSets(deploy, ctx.replicaSets);
  if (oldRSs.length > 0 || newRS) {
    w.write(LEVEL_0, `OldReplicaSets:\t${printReplicaSetsByLabels(oldRSs)}\n`);
    w.write(LEVEL_0, `NewReplicaSet:\t${printReplicaSetsByLabels(newRS ? [newRS] : [])}\n`);
  }
  describeEvents(eventsFor(deploy, ctx.events), w, ctx.now);
  return w.render();
}

/** getPodStatusForController: phases of the pods whose controller reference is this object's uid. */
export function podStatusCounts(owner: KObject, pods: KObject[]): [number, number, number, number] {
  let running = 0;
  let waiting = 0;
  let succeeded = 0;
  let failed = 0;
  for (const p of pods) {
    const ref = (p.metadata.ownerReferences ?? []).find((r) => r.controller);
    if (!ref) continue;
    if (owner.metadata.uid ? ref.uid !== owner.metadata.uid : ref.name !== owner.metadata.name) continue;
    if ((p.metadata.namespace ?? '') !== (owner.metadata.namespace ?? '')) continue;
    switch (p.status?.phase) {
      case 'Running':
        running++;
        break;
      case 'Pending':
        waiting++;
        break;
      case 'Succeeded':
        succeeded++;
        break;
      case 'Failed':
        failed++;
        break;
    }
  }
  return [running, waiting, succeeded, failed];
}

export function describeReplicaSet(rs: KObject, ctx: { now: number; events: KEvent[]; pods?: KObject[] }): string {
  const w = new PrefixWriter();
  const spec = rs.spec ?? {};
  w.write(LEVEL_0, `Name:\t${rs.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${rs.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatLabelSelector(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', rs.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', rs.metadata.annotations);
  const controlledBy = printController(rs);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  w.write(
    LEVEL_0,
    `Replicas:\t${rs.status?.replicas ?? 0} current / ${typeof spec.replicas === 'number' ? spec.replicas : 1} desired\n`,
  );
  w.write(LEVEL_0, 'Pods Status:\t');
  const [running, waiting, succeeded, failed] = podStatusCounts(rs, ctx.pods ?? []);
  w.write(LEVEL_0, `${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed\n`);
  describePodTemplate(spec.template, w);
  if ((rs.status?.conditions ?? []).length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
    w.write(LEVEL_1, '----\t------\t------\n');
    for (const c of rs.status.conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
  }
  describeEvents(eventsFor(rs, ctx.events), w, ctx.now);
  return w.render();
}

/**
 * formatEndpointSlices(slices, {portName}) for the Service describer: ready endpoints as `ip:port` (or bare IPs
 * for port-less slices), at most 3, then ` + N more...`; `<none>` with no slices; "" when none is ready.
 */
export function formatEndpointSlices(slices: KObject[], portName: string | undefined): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const s of slices) {
    const ports: any[] = s.ports ?? [];
    const endpoints: any[] = s.endpoints ?? [];
    const ready = (ep: any): boolean =>
      ep.conditions?.ready === undefined || ep.conditions?.ready === null || ep.conditions.ready;
    if (ports.length === 0) {
      for (const ep of endpoints) {
        if (list.length === max) more = true;
        if (!ready(ep)) continue;
        if (!more) list.push(ep.addresses?.[0]);
        count++;
      }
    } else {
      for (const port of ports) {
        if (portName !== undefined && (port.name ?? '') !== portName) continue;
        for (const ep of endpoints) {
          if (list.length === max) more = true;
          if (!ready(ep)) continue;
          if (!more) list.push(joinHostPort(ep.addresses?.[0], port.port));
          count++;
        }
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - max} more...` : ret;
}

export function describeService(
  svc: KObject,
  ctx: { now: number; events: KEvent[]; endpointSlices?: KObject[] },
): string {
  const w = new PrefixWriter();
  const spec = svc.spec ?? {};
  // The describer lists slices by the kubernetes.io/service-name label in the Service's namespace.
  const slices = (ctx.endpointSlices ?? []).filter(
    (s) =>
      s.metadata.labels?.['kubernetes.io/service-name'] === svc.metadata.name &&
      (s.metadata.namespace ?? '') === (svc.metadata.namespace ?? ''),
  );
  w.write(LEVEL_0, `Name:\t${svc.metadata.name}\n`);
  w.write(LEVEL_0, `Namespace:\t${svc.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', svc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', svc.metadata.annotations);
  w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
  w.write(LEVEL_0, `Type:\t${spec.type ?? ''}\n`);
  if (spec.ipFamilyPolicy) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(LEVEL_0, `IP Families:\t${(spec.ipFamilies ?? []).length > 0 ? spec.ipFamilies.join(',') : '<none>'}\n`);
  w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(LEVEL_0, `IPs:\t${(spec.clusterIPs ?? []).length > 0 ? spec.clusterIPs.join(',') : '<none>'}\n`);
  if ((spec.externalIPs ?? []).length > 0) w.write(LEVEL_0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
  if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
  if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
  const ingress: any[] = svc.status?.loadBalancer?.ingress ?? [];
  if (ingress.length > 0) {
    const list = ingress
      .map((i) => (i.ip ? (i.ipMode ? `${i.ip} (${i.ipMode})` : i.ip) : (i.hostname ?? '')))
      .join(', ');
    w.write(LEVEL_0, `LoadBalancer Ingress:\t${list}\n`);
  }
  for (const sp of spec.ports ?? []) {
    const name = sp.name ? sp.name : '<unset>';
    const proto = sp.protocol ?? 'TCP';
    w.write(LEVEL_0, `Port:\t${name}\t${sp.port}/${proto}\n`);
    const target = sp.targetPort ?? sp.port;
    w.write(LEVEL_0, `TargetPort:\t${target}/${proto}\n`);
    if (sp.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${sp.nodePort}/${proto}\n`);
    w.write(LEVEL_0, `Endpoints:\t${formatEndpointSlices(slices, sp.name ?? '')}\n`);
  }
  w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? ''}\n`);
  if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  if ((spec.loadBalancerSourceRanges ?? []).length > 0) {
    w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${spec.loadBalancerSourceRanges.join(',')}\n`);
  }
  if (spec.trafficDistribution) w.write(LEVEL_0, `Traffic Distribution:\t${spec.trafficDistribution}\n`);
  describeEvents(eventsFor(svc, ctx.events), w, ctx.now);
  return w.render();
}
